// A command's counters (`commands: counters: {nodes: 'nodes=(\d+)'}`): one ECMAScript regular
// expression (std::regex) per SPEC §4 counter but `solutions` (always futolab's own count),
// with exactly one capture group. After the run, each is searched line by line in stdout, and
// in stderr only when no stdout line matches; the last matching line gives the counter. Its
// group must capture decimal digits, at most 2^63 - 1 (the CSV's integer range): anything
// else ("12k", "-1", a number too large) makes the run an error naming the counter, never a
// counter read wrongly. A counter with no rule, or whose rule matched no line, is empty in the
// CSV (unknown, SPEC §4), never 0. Lines longer than kMaxCounterLine bytes are not searched
// (std::regex recurses per character: a grid line of n = 64 could exhaust the stack).
#pragma once

#include "core/counters.hpp"

#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::command {

inline constexpr std::size_t kMaxCounterLine = 4096;

struct CounterRule {
    Counter counter;
    std::string name;
    std::regex pattern;
};

// Why (counter, regex) is not a rule ("" if it is): an unknown or reserved counter name, a
// regex that does not compile, or one without exactly one capture group.
std::string counter_rule_problem(std::string_view counter, const std::string& regex);

// The rules of valid (counter → regex) pairs (counter_rule_problem is "" for each).
std::vector<CounterRule> compile_rules(const std::map<std::string, std::string>& counters);

// Fills the rules' counters from the tool's output. Counters without a rule, or whose rule
// matched nothing, are added to `unknown`. Returns the error of a capture that is not a whole
// number in range ("counter nodes: ... is too large ..."), else nullopt.
std::optional<std::string> read_counters(const std::vector<CounterRule>& rules, std::string_view out,
                                         std::string_view err, Counters& counters, CounterMask& unknown);

}  // namespace futolab::command
