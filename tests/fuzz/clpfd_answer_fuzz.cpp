// libFuzzer target: the parser of the answer models/futoshiki.pl prints
// (solvers/clpfd/answer.hpp) and of its solution lines. Any bytes: no crash, no exception; an
// invalid answer keeps no solutions and says why.
#include "solvers/clpfd/answer.hpp"
#include "tool_output.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace futolab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const clpfd::Answer a = clpfd::parse_answer(text);
    if (!a.error.empty() && !a.solutions.empty()) fuzz::tool_property_broken("an invalid answer kept solutions");
    for (const std::string& s : a.solutions) fuzz::check_grid(s);
    return 0;
}
