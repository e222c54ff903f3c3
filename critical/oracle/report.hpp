// The JSONL record of a clue set (SPEC §2.2 + issue #4): givens, lt and solution from the
// universe, and in `meta` the counts, the bound 2h + 3k ≥ 2(n−1) with its slack, how the set
// was found and the independent verification flags.
#pragma once

#include "core/instance.hpp"
#include "critical/clue_universe.hpp"
#include "critical/oracle/verify.hpp"

#include <string>

namespace futolab::critical {

// 2(n−1): the lower bound on 2h + 3k for critical sets stated in issue #4.
inline int weighted_bound(int n) { return 2 * (n - 1); }

// The instance with meta {h, k, h+k, 2h+3k, bound, slack, uniquely_completable, critical,
// verified_by} followed by the keys of `extra` (how the set was found).
Instance set_record(const ClueUniverse& u, const ClueSet& set, const std::string& id, const Verification& v,
                    const Json& extra);

}  // namespace futolab::critical
