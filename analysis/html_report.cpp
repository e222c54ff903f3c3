#include "analysis/html_report.hpp"

#include "analysis/paired.hpp"
#include "analysis/provenance.hpp"
#include "analysis/svg_inline.hpp"
#include "analysis/table_columns.hpp"
#include "analysis/table_kinds.hpp"
#include "core/error.hpp"
#include "core/visible_text.hpp"
#include "core/yaml_bounds.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace futolab {
namespace {

const char* kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1400px; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 6px; }
th { background: #f3f3f3; cursor: pointer; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.censored { background: #fdecea; }
.scroll { max-height: 40em; overflow: auto; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
pre { background: #f7f7f7; padding: 0.5em; overflow: auto; font-size: 0.85em; }
.note { color: #555; font-size: 0.9em; }
)";

// Sorting by a header click (numbers by data-v) and the instance filter. The last line marks
// the page as ready: the browser test checks for it, so a script error shows.
const char* kScript = R"(
function sortTable(th) {
  const table = th.closest('table'), body = table.tBodies[0], col = th.cellIndex;
  const asc = th.dataset.dir !== 'asc';
  for (const h of th.parentNode.cells) delete h.dataset.dir;
  th.dataset.dir = asc ? 'asc' : 'desc';
  const key = r => { const c = r.cells[col]; return c.dataset.v !== undefined ? parseFloat(c.dataset.v) : c.textContent; };
  const rows = Array.from(body.rows).sort((a, b) => {
    const x = key(a), y = key(b);
    const d = typeof x === 'number' && typeof y === 'number' ? (isNaN(x) ? 1 : isNaN(y) ? -1 : x - y) : String(x).localeCompare(String(y));
    return asc ? d : -d;
  });
  for (const r of rows) body.appendChild(r);
}
for (const th of document.querySelectorAll('table.data th')) th.addEventListener('click', () => sortTable(th));
const filter = document.getElementById('instance-filter');
if (filter) filter.addEventListener('input', () => {
  const want = filter.value.toLowerCase();
  let shown = 0;
  for (const r of document.getElementById('instances').tBodies[0].rows) {
    r.hidden = want !== '' && !r.textContent.toLowerCase().includes(want);
    if (!r.hidden) ++shown;
  }
  document.getElementById('instance-count').textContent = shown;
});
document.body.dataset.ready = '1';
)";

std::string cell_html(const Cell& c) {
    if (!c.number) return "<td>" + html_escape(c.text) + "</td>";
    return fmt::format("<td class=\"num{}\" data-v=\"{}\">{}</td>", c.at_least ? " censored" : "",
                       std::isfinite(*c.number) ? exact_text(*c.number) : "NaN", html_escape(cell_markdown(c)));
}

// The `<stat>_censored` columns are data for CSV readers; on the page a red cell (at_least)
// already says that a value is a lower bound.
std::string table_html(const TextTable& table, const std::string& id) {
    const TextTable t = without_flag_columns(table);
    std::string s = fmt::format("<div class=\"scroll\"><table class=\"data\" id=\"{}\"><thead><tr>", id);
    for (const std::string& h : t.header) s += "<th>" + html_escape(h) + "</th>";
    s += "</tr></thead><tbody>\n";
    for (const auto& row : t.rows) {
        s += "<tr>";
        for (const Cell& c : row) s += cell_html(c);
        s += "</tr>\n";
    }
    return s + "</tbody></table></div>\n";
}

// The summary with the paired comparison's speed-up columns joined by (spec, metric).
TextTable summary_with_speedup(const Study& study) {
    TextTable t = *find_table(study, table_name(TableKind::summary));
    const TextTable* paired = find_table(study, table_name(TableKind::paired));
    if (!paired || t.header.size() < 2 || t.header[0] != "spec" || t.header[1] != "metric") return t;
    std::map<std::pair<std::string, std::string>, const std::vector<Cell>*> by_key;
    for (const auto& row : paired->rows) by_key[{row[0].text, row[1].text}] = &row;
    for (const char* h : {"speedup_vs_baseline", "speedup_ci_low", "speedup_ci_high", "wilcoxon_p"}) t.header.emplace_back(h);
    const double none = std::nan("");
    for (auto& row : t.rows) {
        const auto it = by_key.find({row[0].text, row[1].text});
        if (row[0].text == study.baseline) {
            for (double v : {1.0, 1.0, 1.0, none}) row.emplace_back(v);
        } else if (it == by_key.end()) {
            for (int k = 0; k < 4; ++k) row.emplace_back(none);
        } else {
            for (std::size_t c : {4, 5, 6, 10}) row.push_back((*it->second)[c]);
        }
    }
    return t;
}

// Runs, finished, limited, failed per spec: the rows of the summary's first metric.
TextTable censoring_table(const Study& study) {
    const TextTable& s = *find_table(study, table_name(TableKind::summary));
    TextTable t{"runs", {}, {}, 0};
    const std::size_t metric = std::find(s.header.begin(), s.header.end(), "metric") - s.header.begin();
    for (std::size_t c = 0; c <= metric + 4 && c < s.header.size(); ++c)
        if (c != metric) t.header.push_back(s.header[c]);
    const std::string first = s.rows.empty() ? "" : s.rows.front()[metric].text;
    for (const auto& row : s.rows) {
        if (row[metric].text != first) continue;
        std::vector<Cell> cells;
        for (std::size_t c = 0; c <= metric + 4; ++c)
            if (c != metric) cells.push_back(row[c]);
        t.rows.push_back(std::move(cells));
    }
    return t;
}

void flatten(const YAML::Node& node, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out) {
    if (node.IsMap()) {
        for (const auto& item : node) {
            const std::string key = item.first.as<std::string>();
            if (prefix.empty() && key == "config") continue;  // shown whole, below
            flatten(item.second, prefix.empty() ? key : prefix + "." + key, out);
        }
    } else if (node.IsSequence()) {
        for (std::size_t i = 0; i < node.size(); ++i) flatten(node[i], fmt::format("{}[{}]", prefix, i), out);
    } else if (node.IsScalar()) {
        out.emplace_back(prefix, node.as<std::string>());
    }
}

// What the figure shows (its title, one line: a line feed in it is data, shown), then its file
// name for the files of --plots.
std::string figure_caption(const ReportPlot& p) {
    const std::string what = p.caption.empty() ? p.name : p.caption;
    return html_escape(what) + (p.caption.empty() ? "" : " <span class=\"note\">(" + html_escape(p.name) + ")</span>");
}

std::string provenance_html(const std::string& csv, const std::string& sidecar) {
    std::string s = "<h3>" + html_escape(csv) + "</h3>\n";
    if (sidecar.empty()) return s + "<p class=\"note\">no sidecar (" + html_escape(csv) + ".meta.yaml) found</p>\n";
    try {
        const YAML::Node root = whole_sidecar(sidecar, csv);  // a fragment is not shown as whole
        std::vector<std::pair<std::string, std::string>> rows;
        flatten(root, "", rows);
        s += "<table class=\"meta\"><tbody>\n";
        for (const auto& [k, v] : rows) s += "<tr><th>" + html_escape(k) + "</th><td>" + html_escape(v) + "</td></tr>\n";
        s += "</tbody></table>\n";
        if (root.IsMap() && root["config"] && root["config"].IsScalar())
            s += "<details><summary>config</summary><pre>" +
                 html_escape(root["config"].as<std::string>(), LineBreaks::kept) +
                 "</pre></details>\n";
    } catch (const YAML::Exception& e) {
        s += "<p class=\"note\">the sidecar is not readable YAML (" + html_escape(e.what()) + "); its text:</p><pre>" +
             html_escape(sidecar, LineBreaks::kept) + "</pre>\n";
    } catch (const InputError& e) {  // an alias bomb: shown as the text it is, never expanded
        s += "<p class=\"note\">" + html_escape(e.what()) + "; its text:</p><pre>" + html_escape(sidecar, LineBreaks::kept) +
             "</pre>\n";
    }
    return s;
}

// report --compare: each NEW against BASE as `futolab compare` says it, then its two tables.
std::string compare_html(const std::vector<ComparedInputs>& compared) {
    if (compared.empty()) return "";
    std::string s = "<h2 id=\"compare-section\">What changed</h2>\n<p class=\"note\">Runs pair by (instance_hash, spec, "
                    "mode). ratio: NEW / BASE of the per-instance medians, geometric mean with its 95 % bootstrap CI "
                    "(&gt; 1: NEW slower); wins/ties/losses for NEW (1 % tie band); Wilcoxon signed-rank p. Counters are "
                    "deterministic (SPEC §4): a counter change is a change of behaviour.</p>\n";
    for (const ComparedInputs& c : compared)
        s += "<h3>" + html_escape(c.base_label) + " → " + html_escape(c.new_label) + "</h3>\n<pre>" +
             html_escape_shown(compare_header(c)) + "</pre>\n";
    s += "<h3>Times per spec</h3>\n" + table_html(compare_times_table(compared), "compare-times");
    const TextTable changes = compare_changes_table(compared);
    s += fmt::format("<h3>Changes run by run ({})</h3>\n", changes.rows.size());
    if (!changes.rows.empty()) s += table_html(changes, "compare-changes");
    return s;
}

// The instances where solvers that decided them disagree (agreement.hpp), when there are any:
// near the top, where a wrong backend cannot be missed.
std::string disagreements_html(const TextTable& disagreements) {
    if (disagreements.rows.empty()) return "";
    return fmt::format("<h2 id=\"disagreements-section\">Disagreements ({})</h2>\n<p class=\"note\">Instances where runs "
                       "that decided them (finished with an answer) give different answers: the status, in count:all the "
                       "solution count; per (instance_hash, mode). answer ← who gave it (×N: N runs).</p>\n",
                       disagreements.rows.size()) +
           table_html(disagreements, "disagreements");
}

}  // namespace

namespace {

std::string markup_escaped(const std::string& shown) {
    std::string out;
    out.reserve(shown.size());
    for (char ch : shown) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += ch;
        }
    }
    return out;
}

}  // namespace

std::string html_escape(const std::string& text, LineBreaks breaks) { return markup_escaped(visible_text(text, breaks)); }

std::string html_escape_shown(const std::string& shown) {
    return markup_escaped(visible_text_keeping_markers(shown, LineBreaks::kept));
}

std::string html_report(const Study& study, const std::vector<ReportPlot>& plots,
                        const std::vector<std::pair<std::string, std::string>>& sidecars, const std::string& version,
                        const std::vector<ComparedInputs>& compared, const std::string& plots_note) {
    std::string inputs;
    for (const auto& [csv, meta] : sidecars) inputs += (inputs.empty() ? "" : ", ") + html_escape(csv);
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>futolab report</title>\n<style>";
    s += kStyle;
    s += "</style></head>\n<body>\n<h1>futolab report</h1>\n";
    std::size_t runs = 0;  // the virtual best's rows are copies, not runs
    for (std::size_t i = 0; i < study.table.size(); ++i) runs += study.table.text(i, "spec") != kVirtualBest;
    // A page of filtered rows says so where it names its inputs and runs (red-team round 25, C F3).
    const std::string where = where_note(study);
    s += "<p>" + inputs + " — " + std::to_string(runs) + " runs" +
         (where.empty() ? "" : " (<b>" + html_escape(where) + "</b>; every table and figure is of those runs)") +
         (study.baseline.empty() ? "" : ", baseline <b>" + html_escape(study.baseline) + "</b>") + ". Written by futolab " +
         html_escape(version) + ". Click a column header to sort; numbers are shown to 3 significant digits, every cell holds the exact value "
         "(the same as <code>futolab analyze --format csv</code>); a red cell is a statistic that runs stopped at a limit may hold down (a lower bound, ≥).</p>\n";
    s += disagreements_html(study.disagreements);
    s += compare_html(compared);
    s += "<h2 id=\"runs-section\">Runs and limits</h2>\n<p class=\"note\">limit_hit: timeout, node_limit or memout (censored); "
         "failed: crash or error. The virtual-best row is, per instance, the best spec's runs.</p>\n";
    s += table_html(censoring_table(study), "runs");
    s += "<h2 id=\"summary-section\">Summary</h2>\n" + table_html(summary_with_speedup(study), "summary");
    if (const TextTable* p = find_table(study, table_name(TableKind::paired)))
        s += "<h2 id=\"paired-section\">Paired comparison per instance against " + html_escape(study.baseline) +
             "</h2>\n<p class=\"note\">ratio baseline / spec of the per-instance medians (&gt; 1: the spec used less), 95 % "
             "bootstrap CI, wins/ties/losses per instance (1 % tie band), Wilcoxon signed-rank p.</p>\n" +
             table_html(*p, "paired");
    if (const TextTable* f = find_table(study, table_name(TableKind::fits))) s += "<h2>Growth fits</h2>\n" + table_html(*f, "fits");
    s += "<h2 id=\"plots\">Plots</h2>\n";
    if (!plots_note.empty()) s += "<p class=\"note\">" + html_escape(plots_note) + "</p>\n";
    for (std::size_t i = 0; i < plots.size(); ++i) {
        const ReportPlot& p = plots[i];
        const std::string svg = inline_svg(p.svg, fmt::format("fig{}-", i));  // ids of its own (svg_inline.hpp)
        s += "<figure>" + (svg.empty() ? "<p class=\"note\">gnuplot not found: no picture</p>" : svg) + "<figcaption>" +
             figure_caption(p) + "</figcaption></figure>\n";
    }
    if (const TextTable* t = find_table(study, table_name(TableKind::instances))) {
        s += fmt::format("<h2 id=\"instances-section\">Per instance (median over repeats)</h2>\n<p>Filter: <input "
                         "id=\"instance-filter\" type=\"search\" placeholder=\"id, hash, spec…\"> <span "
                         "id=\"instance-count\">{}</span> rows</p>\n",
                         t->rows.size());
        s += table_html(*t, "instances");
    }
    s += "<h2 id=\"provenance\">Provenance</h2>\n";
    for (const std::string& note : study.sidecar_notes) s += "<p class=\"note\">warning: " + html_escape(note) + "</p>\n";
    for (const auto& [csv, meta] : sidecars) s += provenance_html(csv, meta);
    s += "<script>";
    s += kScript;
    s += "</script>\n</body></html>\n";
    return s;
}

namespace {

// Keeps the first kReportMaxSeries data series of `plot` (and of each panel); returns how
// many it dropped. Legend-only entries stay: they take no room.
std::size_t bound_series(PlotSpec& plot) {
    std::size_t dropped = 0, data = 0;
    std::vector<PlotSeries> kept;
    for (PlotSeries& s : plot.series) {
        if (!s.key_only && ++data > kReportMaxSeries) {
            ++dropped;
            continue;
        }
        kept.push_back(std::move(s));
    }
    plot.series = std::move(kept);
    for (PlotSpec& panel : plot.panels) dropped += bound_series(panel);
    if (dropped > 0) plot.title += fmt::format(" ({} more series not drawn: see the tables)", dropped);
    return dropped;
}

}  // namespace

BoundedFigures bound_figures(std::vector<PlotSpec> figures) {
    BoundedFigures out;
    const std::size_t total = figures.size();
    if (figures.size() > kReportMaxFigures) figures.resize(kReportMaxFigures);
    std::size_t thinned = 0;
    for (PlotSpec& f : figures) thinned += bound_series(f) > 0;
    out.figures = std::move(figures);
    std::vector<std::string> parts;
    if (total > kReportMaxFigures)
        parts.push_back(fmt::format("{} of {} figures are drawn (at most {} per page); the other {} are left out", kReportMaxFigures,
                                    total, kReportMaxFigures, total - kReportMaxFigures));
    if (thinned > 0)
        parts.push_back(fmt::format("{} figure{} show{} only the first {} series (specs) each", thinned, thinned > 1 ? "s" : "",
                                    thinned > 1 ? "" : "s", kReportMaxSeries));
    if (!parts.empty())
        out.note = fmt::format("{}. Every spec's numbers are in the tables of this page; to draw the rest, choose specs with "
                               "--where (or use futolab analyze --plots DIR, which draws every figure).",
                               fmt::format("{}", fmt::join(parts, "; ")));
    return out;
}

}  // namespace futolab
