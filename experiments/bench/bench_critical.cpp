// The verification of critical sets (issue #16 §4): the cost of checking one 12×12 critical
// set (unique completion + every clue necessary) by each independent verifier. The sets are
// made once, before any timing, by the search the CLI uses (one greedy pass, gac oracle) on
// Jacobson–Matthews squares with fixed seeds, so every run times the same work.
//   futolab_bench --benchmark_filter='critical/'
#include "critical/greedy/greedy.hpp"
#include "critical/oracle/oracle.hpp"
#include "critical/oracle/verify.hpp"
#include "generators/latin/random.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <stdexcept>
#include <vector>

namespace futolab::bench {
namespace {

using namespace futolab::critical;

struct SolvedSet {
    ClueUniverse universe;
    ClueSet set;
};

std::vector<SolvedSet> critical_sets(int n, int count) {
    std::vector<SolvedSet> sets;
    UniquenessOracle oracle("gac");
    for (int s = 0; s < count; ++s) {
        std::mt19937_64 rng(static_cast<std::uint64_t>(1000 + s));
        ClueUniverse u(n, random_latin_square(n, rng));
        ClueSet set = u.full(ClueUse::both);
        greedy_remove(u, set, removal_order(u, set, Weights{}, rng), oracle);
        sets.push_back({std::move(u), std::move(set)});
    }
    return sets;
}

const std::vector<SolvedSet>& sets12() {
    static const std::vector<SolvedSet> sets = critical_sets(12, 5);
    return sets;
}

void verify_sets(benchmark::State& state, const char* backend) {
    const auto& sets = sets12();
    for (auto _ : state)
        for (const SolvedSet& s : sets) {
            const Verification v = verify_critical_set(s.universe, s.set, backend);
            if (!v.critical) throw std::logic_error("a greedy set failed verification");
            benchmark::DoNotOptimize(v.checks);
        }
    state.counters["sets"] = static_cast<double>(sets.size());
}

// One greedy pass (the search of `futolab critical`) on the same five squares, per oracle spec.
void greedy_sets(benchmark::State& state, const char* spec) {
    const auto& sets = sets12();
    UniquenessOracle oracle(spec);
    for (auto _ : state)
        for (std::size_t s = 0; s < sets.size(); ++s) {
            std::mt19937_64 rng(static_cast<std::uint64_t>(1000 + s));
            ClueSet set = sets[s].universe.full(ClueUse::both);
            greedy_remove(sets[s].universe, set, removal_order(sets[s].universe, set, Weights{}, rng), oracle);
            benchmark::DoNotOptimize(set.data());
        }
    state.counters["checks/set"] = static_cast<double>(oracle.checks()) / static_cast<double>(state.iterations() * sets.size());
}

BENCHMARK_CAPTURE(greedy_sets, critical/greedy12x5/gac, "gac")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(greedy_sets, critical/greedy12x5/gac_sac_none, "gac:sac=none")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(greedy_sets, critical/greedy12x5/gac_sac_root, "gac:sac=root")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(greedy_sets, critical/greedy12x5/gac_sac_incr, "gac:sac_incremental=yes")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(greedy_sets, critical/greedy12x5/gac_sac_root_domwdeg, "gac:sac=root,var=domwdeg")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(greedy_sets, critical/greedy12x5/gecode, "gecode")->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(verify_sets, critical/verify12x5/sat, "sat")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(verify_sets, critical/verify12x5/gecode, "gecode")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(verify_sets, critical/verify12x5/gac, "gac")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace futolab::bench
