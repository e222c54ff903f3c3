// libFuzzer target: the parsers of CBC's solution file and log (solvers/ilp/cbc_output.hpp).
// The first byte chooses the board size n (0..65, so out-of-range sizes are tried too), the
// rest is the text. Any bytes: no crash, no exception; a feasible answer is a full grid of
// values 1..n, an invalid one is not feasible, has no grid and says why.
#include "solvers/ilp/cbc_output.hpp"
#include "tool_output.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace futolab;
    if (size == 0) return 0;
    const int n = data[0] % 66;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const ilp::CbcSolution s = ilp::parse_cbc_solution(text, n);
    if (!s.error.empty() && (s.feasible || !s.grid.empty())) fuzz::tool_property_broken("an invalid answer kept a grid");
    if (s.feasible) {
        if (s.grid.size() != static_cast<std::size_t>(n * n)) fuzz::tool_property_broken("a feasible grid of the wrong size");
        for (int v : s.grid)
            if (v < 1 || v > n) fuzz::tool_property_broken("a feasible grid with a value outside 1..n");
    }
    (void)ilp::parse_cbc_nodes(text);
    return 0;
}
