// The inputs of `futolab compare` and `futolab report --compare`, loaded and compared: the
// first is BASE, every other one is a NEW compared with it (compare.hpp). Each input is read
// on its own (no pooling: its rows, its sidecar's provenance, its run groups), and for the
// report each (NEW, spec) also gets a scatter figure of the per-instance medians, NEW (y)
// against BASE (x), as analyze's scatter plots draw them (plots.hpp).
#pragma once

#include "analysis/filter.hpp"

#include "analysis/compare_report.hpp"
#include "analysis/drift.hpp"
#include "analysis/gnuplot.hpp"
#include "analysis/palette.hpp"
#include "core/vocabulary.hpp"

#include <string>
#include <vector>

namespace futolab {

struct ComparedRun {
    std::vector<ComparedInputs> comparisons;  // one per NEW, in input order
    std::vector<std::string> warnings;        // from reading the inputs (a truncated line, a label's options)
    std::vector<PlotSpec> plots;              // with plot_looks: per NEW and (spec, mode) with paired times
};

// The time a comparison pairs (a column of the results CSV).
enum class TimeMetric { wall_ms, cpu_ms };
inline constexpr HelpedVocabulary<TimeMetric, 2> kTimeMetrics{{
    {TimeMetric::wall_ms, "wall_ms", "wall-clock time"},
    {TimeMetric::cpu_ms, "cpu_ms", "CPU time"},
}};

// `labels` name the sides (one per group of `replicates` inputs, in order). With `base_build`
// (compare --base NAME): one input, an A/B sweep; its build NAME is BASE and every other build
// a NEW, labelled "LABEL@BUILD". Without it the inputs come in groups of `replicates` sweeps of
// one experiment and build (compare --replicates R): the first group is BASE, each other one a
// NEW; an input holding several builds is refused (its builds would be pooled). `filters`
// (report --compare --where) keep only the rows they pass on every side, as the report's
// tables do. `plot_looks`: null for no figures, else the backends' looks they are drawn in
// (palette.hpp). `check` is asked of each input's table as it is read (the app's: every row held
// to its sidecar, experiments/held_rows.hpp). Throws InputError for bad input.
ComparedRun compare_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& labels,
                           const std::string& time_metric, const BackendLooks* plot_looks, const std::string& base_build = "",
                           std::size_t replicates = 1, const std::vector<RowFilter>& filters = {},
                           const ResultsTable::FileCheck& check = {});

}  // namespace futolab
