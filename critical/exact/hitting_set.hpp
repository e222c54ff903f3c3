// Weighted minimum hitting sets with CaDiCaL (issue #15). Variable i + 1 is clue i of the
// universe; each unavoidable set becomes the clause "some clue of the set is chosen"; a bound
// Σ w_i x_i ≤ B is a totalizer (Bailleux & Boufkhad, CP 2003) over the clues, each clue
// repeated w_i times as an input, with outputs cut at B + 1 (the k-simplified form of Büttner &
// Rintanen 2005): output j is forced true when at least j inputs are, so assuming or asserting
// "output B + 1 is false" bounds the sum.
//
// The same clause builder (hitting_set_cnf) makes the formula whose DRAT refutation is a
// certificate and the formula the certificate checker re-builds, so both agree by construction.
#pragma once

#include "critical/clue_mask.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace CaDiCaL {
class Solver;
}

namespace futolab::critical {

struct Cnf {
    int vars = 0;
    std::vector<std::vector<int>> clauses;
    int new_var() { return ++vars; }
};

// Adds a totalizer over `inputs` (literals, repeats allowed) counting up to cap + 1. Returns
// the outputs: out[j] is forced true when at least j + 1 inputs are true; size
// min(|inputs|, cap + 1).
std::vector<int> add_totalizer(Cnf& cnf, const std::vector<int>& inputs, int cap);

// Σ weight[i] · x_i ≤ max over the clues (weight 0: not counted).
struct LinearBound {
    std::vector<int> weight;
    int max = 0;
};

// The hitting-set formula over `clues` variables: every set restricted to `allowed` must be
// hit, and every bound holds. UNSAT means no uniquely completable set within the bounds exists
// among the clue sets that hit these unavoidable sets.
Cnf hitting_set_cnf(int clues, const ClueMask& allowed, const std::vector<ClueMask>& sets,
                    const std::vector<LinearBound>& bounds);

// Refutes a formula with CaDiCaL, tracing a DRAT proof (text). Returns the proof if CaDiCaL
// answers UNSAT, nullopt if the formula is satisfiable. The trace goes to a file in an owned
// folder under TMPDIR (core/temp_dir.hpp), removed on every return and exception, and reaped
// by the next futolab if this one is killed. Once *stop is true (a stop request), CaDiCaL is
// told to end and this throws OutOfTime (exact.hpp).
std::optional<std::string> refute(const Cnf& cnf, const std::atomic<bool>* stop = nullptr);

// Incremental hitting-set model for one square: sets are added as they are found, bounds are
// assumptions on cached totalizers, clues outside `allowed` are assumed false.
class HittingSetModel {
public:
    explicit HittingSetModel(int clues);
    ~HittingSetModel();
    HittingSetModel(const HittingSetModel&) = delete;
    HittingSetModel& operator=(const HittingSetModel&) = delete;

    void add_set(const ClueMask& set);
    // A clue set within the bounds hitting every set added so far, if there is one.
    std::optional<ClueMask> solve(const ClueMask& allowed, const std::vector<LinearBound>& bounds);
    std::uint64_t sat_calls() const { return calls_; }

private:
    struct Counter {
        std::vector<int> weight;
        int cap = 0, total = 0;
        std::vector<int> outputs;
    };
    const Counter& counter(const std::vector<int>& weight, int max);
    void flush();

    int clues_;
    Cnf cnf_;
    std::size_t flushed_ = 0;
    std::vector<Counter> counters_;
    std::unique_ptr<CaDiCaL::Solver> sat_;
    std::uint64_t calls_ = 0;
};

}  // namespace futolab::critical
