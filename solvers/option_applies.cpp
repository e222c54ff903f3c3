#include "solvers/option_applies.hpp"

#include "core/error.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

namespace futolab {
namespace {

using Options = std::map<std::string, std::string>;

const OptionSpec& row_of(std::span<const OptionSpec> table, std::string_view key) {
    const auto it = std::find_if(table.begin(), table.end(), [key](const OptionSpec& o) { return o.key == key; });
    if (it == table.end()) throw std::logic_error(fmt::format("applies_when names no option '{}'", key));
    return *it;
}

std::vector<std::string> inert(std::span<const OptionSpec> table, const OptionSpec& o, const Options& options,
                               std::size_t depth);

// The setting that fails first among `tests` (all must hold) of option `self`, or none. A test
// of `self` itself reads its own value: an option another option overrides may still be given
// at the value that option forces (method critical's use=relations with objective=k, as the
// command line's --use relations --objective k).
std::vector<std::string> first_failure(std::span<const OptionSpec> table, std::string_view self,
                                       const std::vector<OptionTest>& tests, const Options& options, std::size_t depth) {
    for (const OptionTest& t : tests) {
        if (t.key != self) {
            std::vector<std::string> why = inert(table, row_of(table, t.key), options, depth + 1);
            if (!why.empty()) return why;
        }
        const std::string& value = options.at(std::string(t.key));
        if (!t.passes(value)) return {fmt::format("{}={}", t.key, value)};
    }
    return {};
}

std::vector<std::string> inert(std::span<const OptionSpec> table, const OptionSpec& o, const Options& options,
                               std::size_t depth) {
    // A chain of conditions longer than the table is a cycle in a table's declarations.
    if (depth > table.size()) throw std::logic_error(fmt::format("applies_when of '{}' is circular", o.key));
    std::vector<std::string> why;
    for (const std::vector<OptionTest>& alternative : o.applies_when) {
        const std::vector<std::string> failed = first_failure(table, o.key, alternative, options, depth);
        if (failed.empty()) return {};
        for (const std::string& f : failed)
            if (std::find(why.begin(), why.end(), f) == why.end()) why.push_back(f);
    }
    return why;
}

}  // namespace

bool OptionTest::passes(std::string_view value) const {
    return (std::find(values.begin(), values.end(), value) != values.end()) != negate;
}

std::string OptionTest::text() const { return fmt::format("{}{}{}", key, negate ? "!=" : "=", fmt::join(values, "|")); }

std::string OptionSpec::applies_text() const {
    std::vector<std::string> alternatives;
    for (const std::vector<OptionTest>& tests : applies_when) {
        std::vector<std::string> parts;
        for (const OptionTest& t : tests) parts.push_back(t.text());
        alternatives.push_back(fmt::format("{}", fmt::join(parts, " and ")));
    }
    return fmt::format("{}", fmt::join(alternatives, " or "));
}

std::vector<std::string> inert_because(std::span<const OptionSpec> table, std::string_view key, const Options& options) {
    return inert(table, row_of(table, key), options, 0);
}

void refuse_inert_options(std::string_view backend, std::span<const OptionSpec> table, const Options& given,
                          const Options& options) {
    const bool full_form = !table.empty() && given.size() == table.size();
    for (const auto& [key, value] : given) {
        const OptionSpec& o = row_of(table, key);
        if (full_form && value == o.default_value) continue;
        std::vector<std::string> why = inert_because(table, key, options);
        if (why.empty()) continue;
        // The option's own value is not why it is inert: the other options' values are.
        const std::string own = fmt::format("{}={}", key, value);
        if (why.size() > 1) why.erase(std::remove(why.begin(), why.end(), own), why.end());
        throw InputError(fmt::format("solver '{}': option {} has no effect with {} (only with {})", backend, own,
                                     fmt::join(why, " and "), o.applies_text()));
    }
}

}  // namespace futolab
