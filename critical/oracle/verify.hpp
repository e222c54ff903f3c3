// Independent verification of a clue set (issue #4): uniquely completable (count-to-2 finds
// exactly one solution, equal to L) and critical (the set without any one clue has ≥ 2
// solutions). Run with a different backend than the search (default Gecode, kCriticalVerifySpec, against
// the search's "gac"), so that a bug in one backend cannot certify its own output. ("fc" also
// works but is slow on sparse 12x12 sets: plain forward checking, no alldifferent.)
// A backend whose registry row offers a clue kernel (solvers/kernel.hpp; `sat` with its default
// options) is not run once per check but asked incrementally, one kernel for all checks of the
// set (incremental.hpp): without witnesses, five 12×12 sets (~80 checks each) took 348 ms of
// CPU with sat's kernel against Gecode's 649 ms (futolab_bench, critical/verify).
#pragma once

#include "critical/clue_universe.hpp"
#include "critical/oracle/witness.hpp"
#include "solvers/run/oracle.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace futolab::critical {

struct Verification {
    bool uniquely_completable = false;
    bool critical = false;
    std::uint64_t checks = 0;     // questions asked of the backend
    std::uint64_t witnesses = 0;  // clues shown necessary by a checked witness instead (witness.hpp)
    std::string backend;
    std::string why;  // empty if both hold; else the first failure, one line (one of the two below)
};

// The reasons a verification gives (Verification::why): the set is not uniquely completable, or
// clue `clue` of the universe is not needed. Resume and merge hold an error row's message to them.
inline constexpr std::string_view kSecondSolution = "the set has a second solution";
std::string redundant_clue_why(int clue);

// With `witnesses` (from the search), a clue whose witness checks out needs no backend question;
// every other clue, and the uniqueness of the set, is asked of the backend.
Verification verify_critical_set(const ClueUniverse& u, const ClueSet& set, std::string_view backend = kCriticalVerifySpec,
                                 const Witnesses* witnesses = nullptr);

}  // namespace futolab::critical
