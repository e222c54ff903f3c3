// `futolab report`: one self-contained HTML page of a study (SPEC §5b). Everything is inline
// — CSS, a few lines of JavaScript, every plot as SVG — and nothing is fetched, so the page
// opens offline and can go into a paper's artefact as it is.
//
// Sections: the instances where solvers that decided them disagree (agreement.hpp), when there
// are any; with --compare what changed between the inputs (compare_report.hpp); runs and limits (censoring counts per spec), the summary (sortable, with the
// speed-up against the baseline per spec and metric), the paired comparison, every plot, the
// per-instance medians (sortable, filterable), and the provenance from each CSV's sidecar
// (<csv>.meta.yaml: config, commit, compiler, machine, times, command).
//
// Its first line names the inputs and the runs shown; with --where, also the filters and how
// many runs of how many they kept (study.hpp, where_note): a filtered page never passes for the
// whole file.
//
// Every id in the page is used once: the sections' headings end in -section, and each figure's
// SVG ids (and references to them) start with fig<i>- (analysis/svg_inline.hpp).
//
// Every string that comes from data (ids, specs, sidecar text, config) is HTML-escaped, so an
// instance id `<img src=x onerror=alert(1)>` is shown as text. Every number cell carries its
// exact value in `data-v` (the same digits as `analyze --format csv`); the cell text is the
// Markdown rounding, with "≥" for a median that is a lower bound.
#pragma once

#include "analysis/compare_report.hpp"
#include "analysis/study.hpp"

#include "core/visible_text.hpp"

#include <string>
#include <vector>

namespace futolab {

// & < > " ' as entities: safe in element content and in quoted attribute values. Invisible
// characters (bidi controls, line breaks, other controls, bad UTF-8) shown as <U+XXXX> first
// (core/visible_text.hpp). `kept` keeps LF and tab, for a block shown in <pre> (a config);
// elsewhere they are shown, as HTML would print them as one space ("a\nb" and "a b" alike).
std::string html_escape(const std::string& text, LineBreaks breaks = LineBreaks::shown);

// The same for text whose data went through visible_text already (compare_header): its
// markers are escaped as they are, not shown a second time.
std::string html_escape_shown(const std::string& shown);

struct ReportPlot {
    std::string name;  // the plot's file stem
    std::string svg;   // the text of its SVG file ("" if gnuplot is missing): inlined with ids of its own
    std::string caption = "";  // what is plotted (the plot's title); "" : the name
};

// A page stays small whatever the number of specs (issue #45: 5000 specs gave a 75 MB page of
// 5000 scatter figures): at most kReportMaxFigures figures, in their order, and at most
// kReportMaxSeries series (specs) in each figure or panel are drawn. What is left out is in
// the page's tables; `note` says so ("" if nothing was left out) and the page shows it.
inline constexpr std::size_t kReportMaxFigures = 24, kReportMaxSeries = 24;
struct BoundedFigures {
    std::vector<PlotSpec> figures;
    std::string note;
};
BoundedFigures bound_figures(std::vector<PlotSpec> figures);

// The whole page. `sidecars` are (csv path, sidecar text or "") pairs. `compared` (report
// --compare): a section with each comparison's header (what differs between the sidecars,
// warnings) and the times and changes tables of `futolab compare --format csv`.
std::string html_report(const Study& study, const std::vector<ReportPlot>& plots,
                        const std::vector<std::pair<std::string, std::string>>& sidecars, const std::string& version,
                        const std::vector<ComparedInputs>& compared = {}, const std::string& plots_note = "");

}  // namespace futolab
