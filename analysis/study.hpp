// One analysis of results CSVs, as `futolab analyze` and `futolab report` both run it: the
// rows kept by the filters, the virtual best solver added, and every table and plot asked
// for, built before anything is printed or written (so a data error stops with one line).
#pragma once

#include <optional>

#include "analysis/agreement.hpp"
#include "analysis/filter.hpp"
#include "analysis/fits.hpp"
#include "analysis/gnuplot.hpp"
#include "analysis/palette.hpp"
#include "analysis/plot_types.hpp"
#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <functional>
#include <string>
#include <vector>

namespace futolab {

struct StudyRequest {
    std::vector<std::string> inputs;
    std::vector<std::string> by{"spec", "n"};
    std::vector<std::string> metrics{"wall_ms", "nodes"};
    std::string baseline;                 // "" = no paired comparison
    std::vector<FitModel> fits;           // empty = no fits
    std::vector<RowFilter> filters;
    std::vector<PlotType> plot_types;
    std::string solver;                   // the spec of the phase plot
    BackendLooks looks;                   // each backend's colour and point type in the plots (palette.hpp)
    bool virtual_best = true;             // add the VBS where there are ≥ 2 specs
    bool instances = false;               // build the per-instance table
    bool pool = false;                    // several inputs of other commits/configs, or repeating runs: pool them (pooling.hpp)
    bool label_sources = false;           // the agreement check names each run's input too (report --compare)
    ResultsTable::FileCheck check_rows;   // each input's rows held to its sidecar (the app's: experiments/held_rows.hpp)
    // What else each input's sidecar says wrong, as warnings beside sidecar_notes (the app's:
    // experiments/held_rows.hpp, sidecar_warnings: a redo history its sweep cannot have).
    std::function<std::vector<std::string>(const std::string& csv_path)> sidecar_warnings;
};

struct Study {
    ResultsTable table;             // filtered, with the virtual best's rows if any
    std::string baseline, solver;   // resolved specs
    std::vector<TextTable> tables;  // summary, then paired, fits, instances as asked
    // With repeats, the noise figure (noise_table.hpp): shown after the tables in Markdown,
    // by --table noise and in --tables DIR; not counted as one of the tables asked for.
    std::optional<TextTable> noise;
    // With critical-set records, how many hold a set (set_table.hpp): shown like noise.
    std::optional<TextTable> sets;
    // Instances where runs that decided them disagree (agreement.hpp), over the rows kept (no
    // virtual best): shown after the other tables when it has rows; --table disagreements
    // prints it even when it has none.
    Agreement agreement;
    TextTable disagreements;
    std::vector<PlotSpec> plots;
    // What a sidecar says that its CSV's rows contradict (provenance.hpp, sidecar_notes):
    // printed as warnings, and shown in the report's provenance section.
    std::vector<std::string> sidecar_notes;
    // The --where filters (COLUMN OP VALUE each), the runs the inputs hold and those they kept.
    std::vector<std::string> where;
    std::size_t runs_read = 0, runs_kept = 0;
};

// Throws InputError for bad input or usage (see docs/analysis.md).
Study run_study(StudyRequest request);

// "rows kept by --where spec=gac --where n<=9: 75 of 150 runs", or "" without --where. Every
// output with a heading says it (the report page's header line, analyze's Markdown), so a
// subset never passes for the whole file (red-team round 25, C F3: a page of 75 runs of 150
// named no filter anywhere). Data text: escape it for the output's markup.
std::string where_note(const Study& study);

// A table of `tables`, or the sets, noise or disagreements table; nullptr if not computed.
const TextTable* find_table(const Study& study, const std::string& name);

}  // namespace futolab
