// The Wilcoxon signed-rank test of paired differences (Wilcoxon, "Individual comparisons by
// ranking methods", Biometrics Bulletin 1(6), 1945): is the median difference zero?
//   - zero differences are dropped (Wilcoxon's own convention; Pratt 1959 keeps them);
//   - the others are ranked by |d|, tied |d| get their average rank (midranks);
//   - W+ is the sum of the ranks of positive differences.
// Two-sided p-value:
//   - exact for up to kExactMax nonzero differences: under H0 each sign is + or − with
//     probability ½ independently, so the distribution of W+ is counted over all 2^m sign
//     patterns by dynamic programming over the (doubled, hence whole) ranks. With midranks
//     this is the exact conditional distribution given the ties (Hollander, Wolfe & Chicken,
//     "Nonparametric Statistical Methods", 3rd ed., Wiley 2014, §3.1);
//   - above that, the normal approximation with the tie correction of the variance,
//     Var W+ = m(m+1)(2m+1)/24 − Σ(t³ − t)/48 over groups of t tied |d|, and a continuity
//     correction of ½ (ibid., §3.1, "large-sample approximation").
// SciPy's scipy.stats.wilcoxon makes the same choice (exact up to 50 without ties).
#pragma once

#include <cstddef>
#include <vector>

namespace futolab {

constexpr std::size_t kWilcoxonExactMax = 50;

struct WilcoxonResult {
    std::size_t nonzero = 0;  // m, the differences that count
    double w_plus = 0;        // sum of the ranks of positive differences
    double p = 1;             // two-sided; 1 when m = 0
    bool exact = true;
};

WilcoxonResult wilcoxon_signed_rank(const std::vector<double>& differences);

}  // namespace futolab
