// futolab_puzzle_times: per-puzzle cost of the uniqueness test (count to 2) for one or more
// solvers, summarised per n-group (n <= 6, 7-9, >= 10): median / p90 / max wall ms and median
// nodes, then the worst puzzles by nodes per solver (the "known hard cases"). Each puzzle runs
// --repeat times through run_solver; the minimum wall time is kept (nodes do not vary).
// Percentiles are nearest-rank over the puzzles of a group (p50 of an even count = the lower
// middle). Default input: the Tatham sample set ($FUTOLAB_DATA/tatham-dev/n04..n12).
// --csv writes one row per solver and puzzle (status, nodes, fails, max_depth, wall ms).
#include "bench_data.hpp"

#include "solvers/registry.hpp"
#include "solvers/run.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace futolab;

struct Measure {
    const Puzzle* puzzle = nullptr;
    Status status = Status::error;
    std::uint64_t nodes = 0, fails = 0, depth = 0;
    double ms = 0;
};

struct Args {
    std::vector<std::string> solvers;
    std::vector<std::string> files;
    int repeat = 1;
    double time_limit = 30;
    int top = 5;
    std::string csv;
};

Measure measure(Solver& solver, const Puzzle& puzzle, const Args& args) {
    SolveRequest request;
    request.mode = Mode::count_to(2);
    request.limits.time_seconds = args.time_limit;
    Measure m{&puzzle, Status::error, 0, 0, 0, 0};
    for (int i = 0; i < args.repeat; ++i) {
        const RunResult r = run_solver(solver, puzzle, request);
        const double ms = static_cast<double>(r.wall_ns) / 1e6;
        if (i == 0 || ms < m.ms) m.ms = ms;
        m.status = r.result.status;
        m.nodes = r.result.counters.nodes;
        m.fails = r.result.counters.fails;
        m.depth = r.result.counters.max_depth;
    }
    return m;
}

int group_of(int n) { return n <= 6 ? 0 : n <= 9 ? 1 : 2; }

template <class T>
T rank(std::vector<T> v, double q) {  // nearest-rank percentile, v non-empty
    std::sort(v.begin(), v.end());
    const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(k, 1, v.size()) - 1];
}

void print_group(int group, const std::vector<std::string>& solvers, const std::vector<std::vector<Measure>>& all) {
    int lo = 65, hi = 0;
    for (const Measure& m : all[0])
        if (group_of(m.puzzle->n()) == group) lo = std::min(lo, m.puzzle->n()), hi = std::max(hi, m.puzzle->n());
    if (hi == 0) return;
    const std::string label = lo == hi ? fmt::format("n{}", lo) : fmt::format("n{}-{}", lo, hi);
    std::size_t width = 6;
    for (const std::string& name : solvers) width = std::max(width, name.size());
    fmt::print("\n== {} ==\n{:<{}} {:>7} {:>10} {:>10} {:>10} {:>12} {:>10}\n", label, "solver", width, "puzzles",
               "median_ms", "p90_ms", "max_ms", "median_nodes", "not_unique");
    for (std::size_t s = 0; s < solvers.size(); ++s) {
        std::vector<double> ms;
        std::vector<std::uint64_t> nodes;
        int other = 0;
        for (const Measure& m : all[s]) {
            if (group_of(m.puzzle->n()) != group) continue;
            ms.push_back(m.ms);
            nodes.push_back(m.nodes);
            other += m.status != Status::unique;
        }
        fmt::print("{:<{}} {:>7} {:>10.3f} {:>10.3f} {:>10.3f} {:>12} {:>10}\n", solvers[s], width, ms.size(), rank(ms, 0.5),
                   rank(ms, 0.9), rank(ms, 1.0), rank(nodes, 0.5), other);
    }
}

void print_worst(const std::vector<std::string>& solvers, std::vector<std::vector<Measure>> all, int top) {
    for (std::size_t s = 0; s < solvers.size() && top > 0; ++s) {
        auto& v = all[s];
        std::sort(v.begin(), v.end(), [](const Measure& a, const Measure& b) { return a.nodes > b.nodes; });
        fmt::print("\n== {}: most nodes ==\n{:<24} {:>3} {:>12} {:>12} {:>10} {}\n", solvers[s], "puzzle", "n", "nodes",
                   "fails", "ms", "status");
        for (int i = 0; i < top && i < static_cast<int>(v.size()); ++i)
            fmt::print("{:<24} {:>3} {:>12} {:>12} {:>10.3f} {}\n", v[i].puzzle->id(), v[i].puzzle->n(), v[i].nodes,
                       v[i].fails, v[i].ms, status_name(v[i].status));
    }
}

void write_csv(const std::string& path, const std::vector<std::string>& solvers, const std::vector<std::vector<Measure>>& all) {
    std::ofstream out(path);
    out << "solver,instance,n,status,nodes,fails,max_depth,wall_ms\n";
    for (std::size_t s = 0; s < solvers.size(); ++s)
        for (const Measure& m : all[s])
            out << fmt::format("\"{}\",\"{}\",{},{},{},{},{},{:.4f}\n", solvers[s], m.puzzle->id(), m.puzzle->n(),
                               status_name(m.status), m.nodes, m.fails, m.depth, m.ms);
}

int run(const Args& args) {
    const std::vector<Puzzle> puzzles = bench::load_puzzles(args.files.empty() ? bench::tatham_files(4, 12) : args.files);
    std::vector<std::string> names;
    std::vector<std::vector<Measure>> all;
    for (const std::string& text : args.solvers) {
        const SolverSpec spec = parse_solver_spec(text);
        const auto solver = make_solver(spec);
        names.push_back(spec.text());
        all.emplace_back();
        for (const Puzzle& p : puzzles) all.back().push_back(measure(*solver, p, args));
        std::fprintf(stderr, "%s: %zu puzzles done\n", names.back().c_str(), puzzles.size());
    }
    if (puzzles.empty()) return 0;
    for (int group = 0; group < 3; ++group) print_group(group, names, all);
    print_worst(names, all, args.top);
    if (!args.csv.empty()) write_csv(args.csv, names, all);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Per-puzzle count-to-2 times and nodes per solver, grouped by n"};
    Args args;
    args.solvers = {"gecode"};
    app.add_option("-s,--solver", args.solvers, "solver spec, repeatable (default: gecode)")->allow_extra_args(false);
    app.add_option("files", args.files, "puzzle files (default: tatham-dev n04..n12)");
    app.add_option("--repeat", args.repeat, "runs per puzzle; the minimum wall time is kept")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app.add_option("--time-limit", args.time_limit, "seconds per run (0 = none)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--top", args.top, "worst puzzles listed per solver")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--csv", args.csv, "also write one row per solver and puzzle to this file");
    CLI11_PARSE(app, argc, argv);
    try {
        return run(args);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "futolab_puzzle_times: %s\n", e.what());
        return 2;
    }
}
