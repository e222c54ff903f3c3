// The default spec's cost over gac alone, per call (issue #46 item 1): "DefaultCall/<side>/n<N>"
// solves every puzzle of corpora/tatham-check/nNN.tatham once per iteration, counted to 2,
// with the solver's own solve() and no limits: exactly the window the experiment driver and
// `futolab solve` time (wall_ns), without run_solver's re-verification around it. Side `gac`
// is the backend alone, side `default` is kDefaultSolveSpec (the sequence portfolio, whose
// first member is that gac). Both solvers are made before the timing.
//
//   futolab_bench --benchmark_filter=DefaultCall --benchmark_repetitions=10
//                 --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true
//
// Random interleaving spreads the repetitions of the sides over the run, so a drift of the
// machine hits them all; the counter `ns_per_puzzle` is what to compare. Side `gac-again` is
// gac once more, its own solver: gac-again / gac is the instrument's false alarm, the size a
// default / gac ratio must exceed to mean anything.
#include "bench_data.hpp"

#include "solvers/registry/registry.hpp"
#include "solvers/run/oracle.hpp"

#include <benchmark/benchmark.h>

#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace futolab;

struct CheckSet {
    int n;
    std::vector<Puzzle> puzzles;
    std::string load_error;
};

CheckSet check_set(int n) {
    CheckSet set{n, {}, {}};
    try {
        set.puzzles = bench::load_puzzles({bench::data_dir() + "/tatham-check/n" + (n < 10 ? "0" : "") + std::to_string(n) + ".tatham"});
    } catch (const std::exception& e) {
        set.load_error = e.what();
    }
    return set;
}

void solve_set(benchmark::State& state, const std::string& spec, const CheckSet& set) {
    if (!set.load_error.empty()) return state.SkipWithError(set.load_error.c_str());
    const std::unique_ptr<Solver> solver = make_solver(parse_solver_spec(spec));
    SolveRequest request;
    request.mode = Mode::count_to(2);
    for (auto _ : state)
        for (const Puzzle& puzzle : set.puzzles) {
            SolveResult r = solver->solve(puzzle, request);
            benchmark::DoNotOptimize(r);
        }
    state.counters["ns_per_puzzle"] = benchmark::Counter(
        static_cast<double>(set.puzzles.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// Registered at load time; the sets are read once, before main's benchmarks run.
const bool registered = [] {
    static const std::vector<CheckSet> sets = [] {
        std::vector<CheckSet> out;
        for (int n = 4; n <= 12; ++n) out.push_back(check_set(n));
        return out;
    }();
    for (const CheckSet& set : sets)
        for (const auto& [side, spec] : {std::pair{"gac", std::string("gac")}, std::pair{"gac-again", std::string("gac")},
                                         std::pair{"default", std::string(kDefaultSolveSpec)}})
            benchmark::RegisterBenchmark((std::string("DefaultCall/") + side + "/n" + std::to_string(set.n)).c_str(), [spec, &set](benchmark::State& state) {
                solve_set(state, spec, set);
            })->UseRealTime();  // wall time, as wall_ns (and ns_per_puzzle a rate of it)
    return true;
}();

}  // namespace
