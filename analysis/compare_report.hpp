// How `futolab compare` shows a comparison: as text for people (provenance header, the time
// table per spec, then the changes run by run), or as two tidy tables for programs
// (`--format csv --table times|changes`), one row per input pair and spec or per change.
#pragma once

#include "analysis/compare.hpp"
#include "analysis/drift.hpp"
#include "analysis/sessions.hpp"
#include "analysis/provenance.hpp"
#include "analysis/text_table.hpp"

#include <set>
#include <string>
#include <vector>

namespace futolab {

struct ComparedInputs {
    std::string base_label, new_label;
    Provenance base, next;
    std::string time_metric = "wall_ms";
    RunComparison result;
    Drift drift;  // the machine's part (drift.hpp)
    std::set<std::string> base_columns, new_columns;  // the counter columns each side has
    Cluster clusters = Cluster::session;  // what the intervals' clusters are (sessions.hpp)
};

// base, new, spec, mode, instances, limited, ratio, ci_low, ci_high, wins, ties, losses, wilcoxon_p,
// clusters_base, clusters_new, cluster_sd, drift, holm_p (wilcoxon_p adjusted by Holm's method
// over the specs and modes of one BASE → NEW comparison, multiplicity.hpp), metric (the time
// compared: wall_ms or cpu_ms); each added last, so that scripts reading the columns by
// position keep working.
// `futolab compare --format` and `--table`: the report for people, or one tidy table.
enum class CompareFormat { text, csv };
inline constexpr HelpedVocabulary<CompareFormat, 2> kCompareFormats{{
    {CompareFormat::text, "text", "the report for people"},
    {CompareFormat::csv, "csv", "full precision, one table: see --table"},
}};
enum class CompareTable { times, changes };
inline constexpr HelpedVocabulary<CompareTable, 2> kCompareTables{{
    {CompareTable::times, "times", "one row per input pair and spec"},
    {CompareTable::changes, "changes", "one row per change"},
}};

TextTable compare_times_table(const std::vector<ComparedInputs>& comparisons);
// base, new, kind (status, counter, only_base, only_new, spec_only_base, spec_only_new,
// options), spec, mode, instance, instance_hash, what, base_value, new_value.
TextTable compare_changes_table(const std::vector<ComparedInputs>& comparisons);

// What differs between the two sidecars, the warnings (machines, limits, a spec whose options
// moved) and what is the same, one fact a line: the header of compare_text, its data only shown
// (core/visible_text.hpp), for an HTML report's <pre> (html_escape_shown).
std::string compare_header(const ComparedInputs& comparison);

// The text of one comparison, Markdown: every piece of data in it (labels, specs, modes,
// instances, sidecar values, changes) escaped as a Markdown table's cell is (markdown_text).
// Each list shows at most `max_list` items (0: all).
std::string compare_text(const ComparedInputs& comparison, std::size_t max_list);

}  // namespace futolab
