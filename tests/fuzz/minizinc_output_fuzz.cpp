// libFuzzer target: the parser of MiniZinc's output (solvers/minizinc/output.hpp) and of the
// solution lines in it. Any bytes: no crash, no exception; a valid output never says both
// UNSATISFIABLE and a solution, and an invalid one says why.
#include "solvers/minizinc/output.hpp"
#include "tool_output.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace futolab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const minizinc::Output out = minizinc::parse_output(text);
    if (out.error.empty() && out.unsat && !out.solutions.empty()) fuzz::tool_property_broken("UNSATISFIABLE with solutions");
    for (const std::string& s : out.solutions) fuzz::check_grid(s);
    std::string error;
    for (const auto& [key, value] : out.stats) (void)minizinc::stat_uint(out, key, error);
    return 0;
}
