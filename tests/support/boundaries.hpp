// The boundary values of issue #18 that every numeric option and config key is run over
// (tests/app/numbers_cli_test.cpp, tests/experiments/config_numbers_test.cpp).
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace futolab::test {

struct Boundary {
    std::string text;
    double value;  // NaN for nan
};

inline const std::vector<Boundary>& boundary_values() {
    static const std::vector<Boundary> values{
        {"0", 0},
        {"-1", -1},
        {"2147483648", 2147483648.0},
        {"4294967296", 4294967296.0},
        {"9223372036854775808", 9223372036854775808.0},
        {"18446744073709551616", 18446744073709551616.0},
        {"1e300", 1e300},
        {"nan", NAN},
        {"inf", INFINITY},
    };
    return values;
}

}  // namespace futolab::test
