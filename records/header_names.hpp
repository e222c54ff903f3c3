// Header names as a person or a program damaged them. A results CSV's header touched by a
// spreadsheet or a script keeps futolab's columns but one (`Experiment`, `nodes ` with a space
// at its end, `grad`): it is futolab's header, damaged, and its readers name the column; "not a
// futolab results CSV" is for files that are none (JSON, YAML, a CSV of other columns). Before,
// merge called a header with a misspelt early column not a results CSV, and analyze said "no
// column 'nodes' in the results" naming neither the file nor the column as written (red-team
// round 26, C F11).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Whether `header` is a futolab results header, damaged or not: its first name is `experiment`
// (spelt in any case, with spaces or invisible characters around it), or it holds more than half
// of the base columns (records/columns.hpp) by name. A CSV of a few of futolab's columns made by
// hand, or of other columns, is not.
bool looks_like_results_header(const std::vector<std::string>& header);

// InputError "PATH: not a futolab results CSV (its header does not start with futolab's columns)"
// unless looks_like_results_header; the callers then name the first column that differs
// (results_csv.hpp header_difference).
void check_looks_like_results_header(const std::vector<std::string>& header, const std::string& path);

// The field (0-based) of a name in `header` that is `wanted` misspelt: the same once spaces,
// invisible characters and case are set aside (`Nodes`, `nodes `), or, for a name of 4 letters or
// more, one letter added, dropped or changed (`nodez`, `grad`). A name futolab writes itself is
// never taken for another. nullopt if there is none (or `wanted` is there as it is).
std::optional<std::size_t> misspelt_column(const std::vector<std::string>& header, std::string_view wanted);

// A header name quoted for a one-line message, what does not show said: "'nodes ' (a space at its
// end)", "' nodes' (a space at its start)". Other invisible characters are shown as markers by
// the message's printer (core/visible_text.hpp); an empty name is "''".
std::string quoted_name(std::string_view name);

}  // namespace futolab
