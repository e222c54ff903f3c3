#include "records/header_names.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "records/columns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace futolab {
namespace {

// A name as a reader would say it: its ASCII letters, digits and underscores, in lower case
// (futolab's column names are made of these alone). Spaces, invisible characters, quotes and
// case, which a spreadsheet or an editor adds or changes without showing, are set aside.
std::string folded(std::string_view name) {
    std::string out;
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x80 && (std::isalnum(byte) != 0 || c == '_')) out += static_cast<char>(std::tolower(byte));
    }
    return out;
}

// Whether one letter added, dropped or changed makes `a` into `b` (Levenshtein distance 1).
bool one_letter_apart(std::string_view a, std::string_view b) {
    if (a.size() > b.size()) std::swap(a, b);
    if (b.size() - a.size() > 1 || a == b) return false;
    std::size_t i = 0;
    while (i < a.size() && a[i] == b[i]) ++i;
    // Past the first difference, the rest agree: shifted by one (a letter added) or not (changed).
    return a.size() == b.size() ? a.substr(i + 1) == b.substr(i + 1) : a.substr(i) == b.substr(i + 1);
}

// The first field of `header` that `alike` takes for `wanted`; a name futolab writes is its own.
template <class Alike>
std::optional<std::size_t> first_alike(const std::vector<std::string>& header, Alike alike) {
    for (std::size_t i = 0; i < header.size(); ++i)
        if (column_named(header[i]) == nullptr && alike(folded(header[i]))) return i;
    return std::nullopt;
}

constexpr std::size_t kNameShown = 200;  // bytes of a name quoted (a whole line read as one name)

std::string spaces(std::size_t count, std::string_view where) {
    return count == 1 ? fmt::format("a space at its {}", where) : fmt::format("{} spaces at its {}", count, where);
}

}  // namespace

bool looks_like_results_header(const std::vector<std::string>& header) {
    if (!header.empty() && folded(header.front()) == "experiment") return true;
    std::size_t base = 0, found = 0;
    for (const Column& c : kColumns) {
        if (!c.base) continue;
        ++base;
        found += std::find(header.begin(), header.end(), c.name) != header.end() ? 1 : 0;
    }
    return 2 * found > base;
}

void check_looks_like_results_header(const std::vector<std::string>& header, const std::string& path) {
    if (!looks_like_results_header(header))
        throw InputError(path + ": not a futolab results CSV (its header does not start with futolab's columns)");
}

std::optional<std::size_t> misspelt_column(const std::vector<std::string>& header, std::string_view wanted) {
    if (std::find(header.begin(), header.end(), wanted) != header.end()) return std::nullopt;
    const std::string want = folded(wanted);
    if (auto same = first_alike(header, [&want](const std::string& name) { return name == want; })) return same;
    if (want.size() < 4) return std::nullopt;  // h, k, n, run: one letter off is another word
    return first_alike(header, [&want](const std::string& name) { return one_letter_apart(name, want); });
}

std::string quoted_name(std::string_view name) {
    const std::string shown = message_text(name, kNameShown);
    const std::size_t first = name.find_first_not_of(' ');
    if (first == std::string_view::npos)
        return name.empty() ? "''" : fmt::format("'{}' (only {})", shown, name.size() == 1 ? "a space" : "spaces");
    const std::size_t lead = first, trail = name.size() - 1 - name.find_last_not_of(' ');
    std::string said;
    if (lead > 0) said = spaces(lead, "start");
    if (trail > 0) said += (said.empty() ? "" : ", ") + spaces(trail, "end");
    return said.empty() ? fmt::format("'{}'", shown) : fmt::format("'{}' ({})", shown, said);
}

}  // namespace futolab
