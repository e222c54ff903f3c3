#include "solvers/command/counter_rules.hpp"

#include "core/numbers.hpp"
#include "solvers/external/outcome.hpp"

#include <fmt/format.h>

#include <limits>

namespace futolab::command {
namespace {

// The counters a rule may fill: every SPEC §4 counter but `solutions`.
std::optional<Counter> counter_named(std::string_view name) {
    std::optional<Counter> found;
    unsigned index = 0;
    for_each_counter(Counters{}, [&](std::string_view counter, std::string_view, std::uint64_t) {
        if (counter == name && counter != "solutions") found = static_cast<Counter>(index);
        ++index;
    });
    return found;
}

std::string counter_names() {
    std::string out;
    for_each_counter(Counters{}, [&](std::string_view counter, std::string_view, std::uint64_t) {
        if (counter != "solutions") out += (out.empty() ? "" : ", ") + std::string(counter);
    });
    return out;
}

CounterMask every_counter() {
    CounterMask all = 0;
    unsigned index = 0;
    for_each_counter(Counters{}, [&](std::string_view, std::string_view, std::uint64_t) { all |= CounterMask{1} << index++; });
    return all;
}

std::uint64_t& field(Counters& c, Counter counter) {
    switch (counter) {
#define FUTOLAB_COUNTER_FIELD_OF(name, doc) \
    case Counter::name: return c.name;
        FUTOLAB_COUNTERS(FUTOLAB_COUNTER_FIELD_OF)
#undef FUTOLAB_COUNTER_FIELD_OF
    }
    return c.nodes;  // unreachable: the switch covers every counter
}

// The first group of the last line of `text` that `pattern` matches.
std::optional<std::string> last_capture(const std::regex& pattern, std::string_view text) {
    std::optional<std::string> found;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        const std::string_view line = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        std::match_results<std::string_view::const_iterator> m;
        if (line.size() <= kMaxCounterLine && std::regex_search(line.begin(), line.end(), m, pattern))
            found = m[1].str();
    }
    return found;
}

}  // namespace

std::string counter_rule_problem(std::string_view counter, const std::string& regex) {
    if (counter == "solutions") return "'solutions' is futolab's own count of the verified solutions, not read from output";
    if (!counter_named(counter)) return fmt::format("unknown counter '{}' (valid: {})", counter, counter_names());
    try {
        const std::regex pattern(regex);
        if (pattern.mark_count() != 1)
            return fmt::format("the regex of {} has {} capture groups: it needs exactly one, around the number",
                               counter, pattern.mark_count());
    } catch (const std::regex_error& e) {
        return fmt::format("the regex of {} does not compile: {}", counter, e.what());
    }
    return "";
}

std::vector<CounterRule> compile_rules(const std::map<std::string, std::string>& counters) {
    std::vector<CounterRule> rules;
    for (const auto& [name, regex] : counters) rules.push_back({*counter_named(name), name, std::regex(regex)});
    return rules;
}

std::optional<std::string> read_counters(const std::vector<CounterRule>& rules, std::string_view out,
                                         std::string_view err, Counters& counters, CounterMask& unknown) {
    CounterMask known = counter_bit(Counter::solutions);
    for (const CounterRule& rule : rules) {
        std::optional<std::string> text = last_capture(rule.pattern, out);
        if (!text) text = last_capture(rule.pattern, err);
        if (!text) continue;
        try {
            const auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
            field(counters, rule.counter) = parse_uint_in(*text, "counter " + rule.name, {0, max});
        } catch (const NumberError& e) {
            return external::printable_line(e.what());
        }
        known |= counter_bit(rule.counter);
    }
    unknown |= ~known & every_counter();
    return std::nullopt;
}

}  // namespace futolab::command
