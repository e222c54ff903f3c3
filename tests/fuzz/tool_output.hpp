// Shared by the fuzz targets of the external tools' output parsers (minizinc_output, clpfd_answer,
// cbc_solution): these parsers read text a child process printed, so they must take any bytes
// without a crash, a sanitizer report or an exception, and their results must be consistent
// (checked per target; a broken property aborts with "fuzz property broken: ...").
#pragma once

#include "solvers/external/solutions.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace futolab::fuzz {

[[noreturn]] inline void tool_property_broken(const char* what) {
    std::fprintf(stderr, "fuzz property broken: %s\n", what);
    std::abort();
}

// Every solution text also goes through the grid parser the backends use, at n = 1..6: a grid
// it accepts has n*n values in 1..n, a rejected one has none and a reason.
inline void check_grid(std::string_view text) {
    for (int n = 1; n <= 6; ++n) {
        const external::ParsedGrid g = external::parse_grid(text, n);
        if (g.error.empty() != (g.values.size() == static_cast<std::size_t>(n * n)))
            tool_property_broken("parse_grid: an accepted grid without n*n values, or a rejected one with values");
        for (int v : g.values)
            if (v < 1 || v > n) tool_property_broken("parse_grid: a value outside 1..n");
    }
}

}  // namespace futolab::fuzz
