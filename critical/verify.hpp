// Independent verification of a clue set (issue #4): uniquely completable (count-to-2 finds
// exactly one solution, equal to L) and critical (the set without any one clue has ≥ 2
// solutions). Run with a different backend than the search (default "gecode" against the
// search's "gac"), so that a bug in one backend cannot certify its own output. ("fc" also
// works but is slow on sparse 12x12 sets: plain forward checking, no alldifferent.)
#pragma once

#include "critical/clue_universe.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace futolab::critical {

struct Verification {
    bool uniquely_completable = false;
    bool critical = false;
    std::uint64_t checks = 0;
    std::string backend;
    std::string why;  // empty if both hold; else the first failure, one line
};

Verification verify_critical_set(const ClueUniverse& u, const ClueSet& set, std::string_view backend = "gecode");

}  // namespace futolab::critical
