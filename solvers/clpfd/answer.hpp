// The answer models/futoshiki.pl prints, parsed as untrusted text (a pure function, fuzzed by
// tests/fuzz/clpfd_answer_fuzz.cpp). Exactly these lines, in this order:
//   solution 2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4    zero or more
//   solutions S                                 S = the number of solution lines
//   inferences I
// Anything else (a missing or repeated line, a count that disagrees, trailing text) is an error.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::clpfd {

struct Answer {
    std::vector<std::string> solutions;
    std::uint64_t inferences = 0;
    std::string error;  // non-empty: why the answer is not valid
};

Answer parse_answer(std::string_view text);

}  // namespace futolab::clpfd
