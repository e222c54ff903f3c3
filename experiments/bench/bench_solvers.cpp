// futolab_bench: one Google Benchmark per backend × instance set, registered at run time from
// the registry, so a new backend is benchmarked without touching this file. Names are
// "<backend>/<set>" (select with --benchmark_filter). One iteration solves every puzzle of the
// set once with the backend's default options, through run_solver (so wrong answers and
// errors are caught: the benchmark is then skipped with the reason).
//
// Sets: the Tatham sample puzzles ($FUTOLAB_DATA/tatham-dev, see bench_data.hpp) grouped by
// n, counted to 2 (the uniqueness test); and the empty 5×5 counted to the end (L(5) = 161280)
// for backtracking and bitmask, whose nodes/s the issue compares.
//
// Counters: nodes = nodes of the whole set per iteration (identical every iteration: the
// solvers are deterministic); nodes_per_s = their rate per CPU second (Google Benchmark's
// default clock: steadier than wall time on a shared machine); timeouts = puzzles per iteration cut
// off by the per-puzzle time limit ($FUTOLAB_BENCH_TIME_LIMIT seconds, default 10), which
// exists so plain backtracking cannot hang the run on 12×12 puzzles; if it is nonzero the time
// measures the limit, not the solver.
#include "core/instance.hpp"
#include "bench_data.hpp"

#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

namespace {

using namespace futolab;

struct InstanceSet {
    std::string name;
    std::vector<Puzzle> puzzles;
    Mode mode;
    std::vector<std::string> backends;  // empty = every backend
    std::string load_error;             // why the set could not be loaded, if it could not
};

InstanceSet tatham_set(int first, int last) {
    InstanceSet set{"tatham" + std::to_string(first) + "-" + std::to_string(last) + "_count2", {}, Mode::count_to(2), {}, {}};
    try {
        set.puzzles = bench::load_puzzles(bench::tatham_files(first, last));
    } catch (const std::exception& e) {
        set.load_error = e.what();
    }
    return set;
}

InstanceSet empty_set(int n) {
    Instance empty;
    empty.id = "empty" + std::to_string(n);
    empty.n = n;
    return {empty.id + "_countall", {Puzzle::compile(empty)}, Mode::count_all(), {"backtracking", "bitmask"}, {}};
}

double time_limit() {
    const char* env = std::getenv("FUTOLAB_BENCH_TIME_LIMIT");
    return env != nullptr && *env != '\0' ? std::atof(env) : 10.0;
}

bool finished(Status s) { return s != Status::timeout && s != Status::node_limit && s != Status::error; }

void run_set(benchmark::State& state, const BackendInfo& backend, const InstanceSet& set) {
    if (!set.load_error.empty()) return state.SkipWithError(set.load_error.c_str());
    const auto solver = make_solver(parse_solver_spec(backend.name));
    SolveRequest request;
    request.mode = set.mode;
    request.limits.time_seconds = time_limit();
    std::uint64_t nodes = 0, timeouts = 0;
    std::string error;
    for (auto _ : state) {
        for (const Puzzle& puzzle : set.puzzles) {
            const RunResult r = run_solver(*solver, puzzle, request);
            benchmark::DoNotOptimize(r);
            nodes += r.result.counters.nodes;
            if (r.result.status == Status::error) error = puzzle.id() + ": " + r.result.message;
            if (!finished(r.result.status)) ++timeouts;
        }
        if (!error.empty()) break;
    }
    if (!error.empty()) return state.SkipWithError(error.c_str());
    using benchmark::Counter;
    state.counters["nodes"] = Counter(static_cast<double>(nodes), Counter::kAvgIterations);
    state.counters["nodes_per_s"] = Counter(static_cast<double>(nodes), Counter::kIsRate);
    state.counters["timeouts"] = Counter(static_cast<double>(timeouts), Counter::kAvgIterations);
    state.counters["puzzles"] = static_cast<double>(set.puzzles.size());
}

bool wants(const InstanceSet& set, std::string_view backend) {
    return set.backends.empty() || std::find(set.backends.begin(), set.backends.end(), backend) != set.backends.end();
}

void register_all(const std::vector<InstanceSet>& sets) {
    for (const BackendInfo& backend : backend_table()) {
        if (is_external_backend(backend.name)) continue;  // a process per run: the experiment driver measures those
        for (const InstanceSet& set : sets) {
            if (!wants(set, backend.name)) continue;
            const std::string name = std::string(backend.name) + "/" + set.name;
            benchmark::RegisterBenchmark(name.c_str(), [&backend, &set](benchmark::State& state) {
                run_set(state, backend, set);
            })->Unit(benchmark::kMillisecond);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    // Built before any timing; they live until the end of main, as the benchmarks need.
    const std::vector<InstanceSet> sets{tatham_set(4, 6), tatham_set(7, 9), tatham_set(10, 12), empty_set(5)};
    register_all(sets);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
