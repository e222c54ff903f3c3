#include "analysis/compare_report.hpp"

#include "analysis/multiplicity.hpp"
#include "analysis/spec_labels.hpp"
#include "core/counted.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace futolab {
namespace {

// Data in compare's text, which is Markdown: escaped as a Markdown table's cell is
// (markdown_text), so a line break or bidi control in it is shown as <U+XXXX> and can neither
// start a line nor reorder the rest of one, and a '|', '*', '`' or '[' prints as itself.
std::string one_line(std::string_view text) { return markdown_text(text); }

// The same data in the header an HTML report shows in <pre> (compare_header): only shown
// (core/visible_text.hpp); html_escape_shown escapes it there.
std::string shown_line(std::string_view text) { return visible_text(text); }

std::string run_text(const RunKey& key, const std::string& instance) {
    return fmt::format("{} [{}] {}{}", one_line(instance.empty() ? key.instance_hash : instance),
                       one_line(key.instance_hash), one_line(key.spec), key.mode.empty() ? "" : " " + one_line(key.mode));
}

std::string set_text(const std::set<std::string>& items, DataText shown) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : " | ") + shown(s);
    return out;
}

// A section of at most `max` lines (0: all), with how many were left out.
std::string section(const std::string& title, const std::vector<std::string>& lines, std::size_t max,
                    const std::string& note = "") {
    if (lines.empty()) return "";
    std::string out = fmt::format("\n## {} ({})\n\n{}", title, lines.size(), note.empty() ? "" : note + "\n\n");
    const std::size_t shown = max == 0 ? lines.size() : std::min(max, lines.size());
    for (std::size_t i = 0; i < shown; ++i) out += "- " + lines[i] + "\n";
    if (shown < lines.size())
        out += fmt::format("- … and {} more (--list 0 shows all; --format csv --table changes lists them as data)\n",
                           lines.size() - shown);
    return out;
}

// Counter changes of one run on one line: "nodes 9 → 10, fails 0 → 1".
std::vector<std::string> counter_lines(const std::vector<RunChange>& changes) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < changes.size();) {
        std::string line = run_text(changes[i].key, changes[i].instance) + ": ";
        const RunKey& key = changes[i].key;
        for (bool first = true; i < changes.size() && changes[i].key == key; ++i, first = false)
            line += fmt::format("{}{} {} → {}", first ? "" : ", ", one_line(changes[i].what),
                                one_line(changes[i].base), one_line(changes[i].next));
        lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> one_side_lines(const std::vector<OneSideRun>& runs, const std::vector<OneSideSpec>& specs,
                                        const std::string& other) {
    std::vector<std::string> lines;
    for (const OneSideSpec& s : specs)
        lines.push_back(fmt::format("spec {}{}: {} (the spec is not in {})", one_line(s.spec),
                                    s.mode.empty() ? "" : " " + one_line(s.mode), counted(s.instances, "instance"), other));
    for (const OneSideRun& r : runs) lines.push_back(run_text(r.key, r.instance));
    return lines;
}

// "3" runs, or "2 specs + 48" when whole specs are missing too.
std::string one_side_count(const std::vector<OneSideRun>& runs, const std::vector<OneSideSpec>& specs) {
    if (specs.empty()) return std::to_string(runs.size());
    return fmt::format("{} spec{} + {}", specs.size(), specs.size() == 1 ? "" : "s", runs.size());
}

// The header with its data written by `shown`: one_line in compare's Markdown text,
// shown_line in an HTML report's <pre>.
std::string header_text(const ComparedInputs& c, DataText shown) {
    std::string out;
    // The values shown before the warnings quote them: a warning is prose around them (the
    // facts are futolab's own names, which the warnings look up).
    std::vector<FactDifference> differences = provenance_differences(c.base, c.next);
    for (FactDifference& d : differences) d = {d.fact, shown(d.base), shown(d.next)};
    for (const FactDifference& d : differences) out += fmt::format("{}: {} → {}\n", d.fact, d.base, d.next);
    std::string same;
    for (const std::string& fact : provenance_agreements(c.base, c.next)) same += (same.empty() ? "" : ", ") + fact;
    if (!same.empty()) out += "same: " + same + "\n";
    for (const Provenance* p : {&c.base, &c.next})
        if (!p->has_sidecar)
            out += fmt::format("no sidecar: {}.meta.yaml (commit, config and machine unknown)\n", shown(p->csv));
    for (const std::string& w : provenance_warnings(differences)) out += "warning: " + w + "\n";
    for (const OptionsChange& o : c.result.options_changes) {
        // One option set a side (the usual case): only the options that moved, by name.
        const bool one_each = o.base.size() == 1 && o.next.size() == 1;
        const auto [base, next] =
            one_each ? options_difference(*o.base.begin(), *o.next.begin()) : std::pair<std::string, std::string>{};
        out += fmt::format("warning: spec {} resolves to other options: {} → {} (a default changed?)\n", shown(o.spec),
                           one_each ? shown(base) : set_text(o.base, shown), one_each ? shown(next) : set_text(o.next, shown));
    }
    return out;
}

}  // namespace

std::string compare_header(const ComparedInputs& c) { return header_text(c, shown_line); }

namespace {

// Holm over one comparison's specs and modes: BASE against one NEW is one family
// (multiplicity.hpp); a row with nothing paired has no test.
std::vector<double> holm_of(const ComparedInputs& c) {
    std::vector<double> p;
    for (const SpecTimes& s : c.result.times) p.push_back(s.instances ? s.wilcoxon_p : std::nan(""));
    return holm_adjust(p);
}

// `with_labels`: the table on its own (CSV, the report's), which says which inputs and which
// time each row compares; without, the text's, under a heading that says both.
TextTable times_of(const std::vector<ComparedInputs>& comparisons, bool with_labels) {
    TextTable t{std::string(name_in(kCompareTables, CompareTable::times)), {}, {}, 0};
    if (with_labels) t.header = {"base", "new"};
    for (const char* c : {"spec", "mode", "instances", "limited", "ratio", "ci_low", "ci_high", "wins", "ties", "losses",
                          "wilcoxon_p", "clusters_base", "clusters_new", "cluster_sd", "drift", "holm_p"})
        t.header.emplace_back(c);
    // The time the ratios are of (wall_ms, cpu_ms with --metric cpu_ms), as analyze's tables say
    // it: both gave byte-identical CSVs (red-team round 26, C F8). Last, as holm_p was added.
    if (with_labels) t.header.emplace_back("metric");
    t.text_columns = with_labels ? 4 : 2;
    const double none = std::nan("");
    for (const ComparedInputs& c : comparisons) {
        const double drift = c.drift.factor.value_or(none);
        const std::vector<double> holm = holm_of(c);
        for (std::size_t k = 0; k < c.result.times.size(); ++k) {
            const SpecTimes& s = c.result.times[k];
            std::vector<Cell> row;
            if (with_labels) row = {c.base_label, c.new_label};
            const bool empty = s.instances == 0;  // nothing measured on both sides: no ratio
            const std::vector<Cell> cells{s.spec,          s.mode,          s.instances,   s.limited,
                                          empty ? none : s.ratio,          empty ? none : s.low,
                                          empty ? none : s.high,           s.wins,        s.ties,
                                          s.losses,        empty ? none : s.wilcoxon_p,   s.clusters_base,
                                          s.clusters_new,  s.cluster_sd,   drift,         holm[k]};
            row.insert(row.end(), cells.begin(), cells.end());
            if (with_labels) row.emplace_back(c.time_metric);
            t.rows.push_back(std::move(row));
        }
    }
    return t;
}

}  // namespace

TextTable compare_times_table(const std::vector<ComparedInputs>& comparisons) { return times_of(comparisons, true); }

TextTable compare_changes_table(const std::vector<ComparedInputs>& comparisons) {
    TextTable t{std::string(name_in(kCompareTables, CompareTable::changes)),
                {"base", "new", "kind", "spec", "mode", "instance", "instance_hash", "what", "base_value", "new_value"},
                {},
                10};
    for (const ComparedInputs& c : comparisons) {
        auto add = [&](const std::string& kind, const std::string& spec, const std::string& mode, const std::string& instance,
                       const std::string& hash, const std::string& what, const std::string& b, const std::string& n) {
            t.rows.push_back({c.base_label, c.new_label, kind, spec, mode, instance, hash, what, b, n});
        };
        const RunComparison& r = c.result;
        for (const RunChange& x : r.status_changes)
            add("status", x.key.spec, x.key.mode, x.instance, x.key.instance_hash, x.what, x.base, x.next);
        for (const RunChange& x : r.counter_changes)
            add("counter", x.key.spec, x.key.mode, x.instance, x.key.instance_hash, x.what, x.base, x.next);
        for (const OneSideRun& x : r.only_base) add("only_base", x.key.spec, x.key.mode, x.instance, x.key.instance_hash, "", "", "");
        for (const OneSideRun& x : r.only_new) add("only_new", x.key.spec, x.key.mode, x.instance, x.key.instance_hash, "", "", "");
        for (const OneSideSpec& x : r.specs_only_base)
            add("spec_only_base", x.spec, x.mode, "", "", "runs", std::to_string(x.instances), "");
        for (const OneSideSpec& x : r.specs_only_new)
            add("spec_only_new", x.spec, x.mode, "", "", "runs", "", std::to_string(x.instances));
        for (const OptionsChange& x : r.options_changes)
            add("options", x.spec, "", "", "", "options", set_text(x.base, as_is), set_text(x.next, as_is));
    }
    return t;
}

std::string compare_text(const ComparedInputs& c, std::size_t max_list) {
    const RunComparison& r = c.result;
    std::string out = fmt::format("# BASE {} → NEW {}\n\n", one_line(c.base_label), one_line(c.new_label));
    out += header_text(c, one_line);
    out += fmt::format("\nruns paired by (instance_hash, spec, mode): {}; status changes {}; counter changes {}; only in "
                       "BASE {}; only in NEW {}\n",
                       r.paired, r.status_changes.size(), counter_lines(r.counter_changes).size(),
                       one_side_count(r.only_base, r.specs_only_base), one_side_count(r.only_new, r.specs_only_new));
    out += drift_text(c.drift, one_line(c.base_label), one_line(c.new_label));
    if (!r.times.empty())
        out += fmt::format("\n## Time: {} per instance (median over repeats), geometric mean of NEW / BASE with 95 % "
                           "CI: bootstrap over instances{} (< 1: NEW faster; wins: NEW ≥ 1 % faster; holm_p: wilcoxon_p "
                           "adjusted for the specs compared, Holm 1979)\n\n",
                           c.time_metric,
                           c.drift.kind == DriftKind::same_sweep
                               ? " (builds of one sweep)"
                               : fmt::format(", widened by the jackknife over each side's {} (cluster_sd, of the log ratio)",
                                             c.clusters == Cluster::sweep ? "replicate sweeps" : "worker sessions")) +
               table_markdown(times_of({c}, false));
    if (!r.nondeterministic_specs.empty()) {
        std::string specs;
        for (const std::string& spec : r.nondeterministic_specs) specs += (specs.empty() ? "" : ", ") + one_line(spec);
        out += fmt::format("\nCounters not compared for {}: not deterministic (a race, or a search the clock cuts)\n",
                           specs);
    }
    std::vector<std::string> status;
    for (const RunChange& x : r.status_changes) 
        status.push_back(fmt::format("{}: {} → {}", run_text(x.key, x.instance), one_line(x.base), one_line(x.next)));
    out += section("Status changes", status, max_list);
    out += section("Counter changes", counter_lines(r.counter_changes), max_list,
                   "The counters are deterministic (SPEC §4): each change is a change of behaviour.");
    out += section("Only in BASE", one_side_lines(r.only_base, r.specs_only_base, "NEW"), max_list);
    out += section("Only in NEW", one_side_lines(r.only_new, r.specs_only_new, "BASE"), max_list);
    // Data went through one_line above; this pass only catches what else came from data (no
    // bidi control, no CR), and leaves one_line's markers as they are.
    return visible_text_keeping_markers(out, LineBreaks::kept);
}

}  // namespace futolab
