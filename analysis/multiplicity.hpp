// Multiple comparisons: when a table tests several specs against one baseline, the chance
// that some p falls below 0.05 by accident grows with their number. Holm's step-down
// correction (Holm, "A simple sequentially rejective multiple test procedure", Scandinavian
// Journal of Statistics 6(2), 1979) controls the family-wise error rate — the chance of any
// false rejection in the family — under any dependence between the tests (both paired tables
// share the baseline's runs), and rejects whatever Bonferroni rejects, often more.
//
// Adjusted p-values (Wright, "Adjusted p-values for simultaneous inference", Biometrics 48(4),
// 1992): with the m p-values sorted, p(1) ≤ … ≤ p(m),
//     adj(i) = max over j ≤ i of min(1, (m − j + 1) · p(j)),
// so rejecting where adj ≤ α is Holm's procedure at level α, and adj is monotone in p.
#pragma once

#include <vector>

namespace futolab {

// Holm-adjusted p-values, in the order given. A NaN (no test: nothing paired) stays NaN and
// is not counted in m.
std::vector<double> holm_adjust(const std::vector<double>& p);

}  // namespace futolab
