// MiniZinc's standard output for models/futoshiki.mzn, parsed as untrusted text (a pure
// function, fuzzed by tests/fuzz/minizinc_output_fuzz.cpp). The format (MiniZinc Handbook,
// "Output" and "Statistics" of the command-line reference):
//   2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4     the model's output item, one line per solution
//   ----------                          ends each solution
//   ==========                          the search space is exhausted (all solutions printed)
//   =====UNSATISFIABLE=====             no solution
//   =====UNKNOWN===== / =====ERROR===== the solver gave up (an error here)
//   %%%mzn-stat: nodes=7                one statistic (--statistics), in blocks closed by
//   %%%mzn-stat-end                     (the flattener's block first, then the solver's)
//   % anything                          comments (warnings, "Generated FlatZinc statistics")
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::minizinc {

struct Output {
    std::vector<std::string> solutions;         // each solution's text, in order
    bool complete = false;                      // ==========
    bool unsat = false;                         // =====UNSATISFIABLE=====
    std::map<std::string, std::string> stats;   // the last value of each statistic
    std::string error;                          // non-empty: why the output is not valid
};

Output parse_output(std::string_view text);

// A statistic as a whole number: nullopt if absent; error set if present but not a number.
std::optional<std::uint64_t> stat_uint(const Output& out, const std::string& key, std::string& error);

}  // namespace futolab::minizinc
