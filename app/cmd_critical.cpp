// futolab critical [--square "2 1 4 3/..." | --input FILE | --n N --count C] [--seed S]
//   [--use numbers|relations|both] [--objective greedy|h+k|2h+3k|k|h] [--iterations I]
//   [--time-limit SEC] [--verify-with BACKEND] [--sampler jm|shuffle] [--out FILE]
// futolab critical --exhaustive --n N
// futolab critical --free-square [--n N --count C | --input START] [--iterations I]
//   [--time-limit SEC] [--patience P] [--temperature T] [--max-remove R] [--node-limit N]
// Critical clue sets of solved squares (issue #4), one JSONL instance per set (SPEC §2.2),
// every one re-verified by a second backend before it is written (docs/critical.md).
// Random square i (0-based) uses seed S + i, recorded in its meta, as `generate` does.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/number_options.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "critical/pipeline.hpp"
#include "critical/report.hpp"
#include "critical/squares.hpp"
#include "generators/latin_square.hpp"
#include "solvers/options.hpp"
#include "solvers/registry.hpp"
#include "solvers/run.hpp"

#include <fmt/format.h>

#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

namespace futolab::app {
namespace {

using namespace futolab::critical;

struct CriticalArgs {
    std::string square, input, out;
    int n = 0;
    std::uint64_t count = 1;
    std::uint64_t seed = 1;
    std::string use = "both", objective = "greedy", verify_with = "gecode", sampler = "jm";
    std::uint64_t iterations = 0;
    double time_limit = 0;
    bool exhaustive = false;
    bool free_square = false;  // zero-given puzzle-space search (critical/zero_given.hpp)
    int patience = ZeroGivenOptions{}.patience;
    double temperature = ZeroGivenOptions{}.temperature;
    int max_remove = ZeroGivenOptions{}.max_remove;
    std::uint64_t node_limit = ZeroGivenOptions{}.node_limit;
};

struct SolvedSquare {
    int n;
    std::vector<int> square;
    std::string id;
    std::uint64_t seed;
};

SolvedSquare square_of(const Instance& in, std::uint64_t seed) {
    return {in.n, solved_square(in), in.id + ":critical", seed};
}

// The squares of --square or --input, all read and validated before any search and before
// the output is opened (a bad input leaves an existing --out file alone); none for --n.
std::vector<SolvedSquare> given_squares(const CriticalArgs& a) {
    const int sources = (a.square.empty() ? 0 : 1) + (a.input.empty() ? 0 : 1) + (a.n > 0 ? 1 : 0);
    if (sources != 1) throw InputError("critical: give exactly one of --square, --input or --n");
    std::vector<SolvedSquare> given;
    if (!a.square.empty()) {
        int n = 0;
        std::vector<int> sq = parse_square(a.square, n);
        given.push_back({n, std::move(sq), "square:critical", a.seed});
    } else if (!a.input.empty()) {
        for (const Instance& in : read_instances(a.input)) given.push_back(square_of(in, a.seed));
    }
    return given;
}

// Calls `each` on every square to search, in order: the given ones, or --count random
// squares of order --n made one at a time, so nothing grows with --count.
void for_each_square(const CriticalArgs& a, const std::vector<SolvedSquare>& given,
                     const std::function<void(const SolvedSquare&)>& each) {
    if (a.n == 0) {
        for (const SolvedSquare& s : given) each(s);
        return;
    }
    const LatinSampler sampler = latin_sampler_from_name(a.sampler);
    for (std::uint64_t i = 0; i < a.count; ++i) {
        const std::uint64_t seed = a.seed + i;
        std::mt19937_64 rng(seed);
        each({a.n, random_latin_square(a.n, rng, sampler), fmt::format("critical-n{}-s{}", a.n, seed), seed});
    }
}

int run_exhaustive(const CriticalArgs& a) {
    const ExhaustiveResult r = exhaustive_minimum(a.n);
    bool verified = false;
    OutputStream out(a.out);
    out.write(write_instances(exhaustive_records(r, a.verify_with, verified), Format::jsonl));
    out.close();
    std::cerr << fmt::format("n={} squares={} classes={} min(2h+3k)={} bound={} min k(h=0)={} time={:.1f}s\n", r.n,
                             r.squares, r.classes, r.weighted.found ? std::to_string(r.weighted.cost) : "none",
                             weighted_bound(r.n), r.relations.found ? std::to_string(r.relations.cost) : "none",
                             r.seconds);
    return verified ? 0 : 1;
}

// A start puzzle for --free-square --input: relations only (h = 0).
Orientation start_of(const Instance& in) {
    if (!in.givens.empty())
        throw InputError(fmt::format("{}: {} has givens; --free-square starts from zero-given puzzles", in.source, in.id));
    static_cast<void>(Puzzle::compile(in));  // validates size, adjacency and acyclicity
    const std::vector<CellPair> pairs = adjacent_pairs(in.n);
    Orientation o(pairs.size(), 0);
    for (const LessThan& r : in.lt) {
        const int lo = r.r1 * in.n + r.c1, hi = r.r2 * in.n + r.c2;
        for (std::size_t p = 0; p < pairs.size(); ++p)
            if ((pairs[p].a == lo && pairs[p].b == hi) || (pairs[p].a == hi && pairs[p].b == lo))
                o[p] = pairs[p].a == lo ? 1 : -1;
    }
    return o;
}

struct FreeJob {
    int n;
    std::uint64_t seed;
    std::string id;
    std::optional<Orientation> start;
};

// The runs of --free-square from --input start puzzles, all read and checked before any
// search and before the output is opened; none for --n.
std::vector<FreeJob> given_jobs(const CriticalArgs& a) {
    std::vector<FreeJob> jobs;
    if (!a.input.empty())
        for (const Instance& in : read_instances(a.input))
            jobs.push_back({in.n, a.seed, fmt::format("{}:free-s{}", in.id, a.seed), start_of(in)});
    return jobs;
}

// The runs in order: the given ones, or --count runs of order --n made one at a time.
void for_each_free_job(const CriticalArgs& a, const std::vector<FreeJob>& given,
                       const std::function<void(const FreeJob&)>& each) {
    if (a.n == 0) {
        for (const FreeJob& j : given) each(j);
        return;
    }
    for (std::uint64_t i = 0; i < a.count; ++i) {
        const std::uint64_t seed = a.seed + i;
        each({a.n, seed, fmt::format("zero-given-n{}-free-s{}", a.n, seed), std::nullopt});
    }
}

// --free-square: the solution is not fixed; --n/--count gives C independent runs with seeds
// S..S+C−1, --input one run per start puzzle with seed S. Each verified record is written
// (and flushed) when it is found.
int run_free_square(const CriticalArgs& a) {
    if (!a.square.empty() || (a.n > 0) == !a.input.empty())
        throw InputError("critical --free-square: give exactly one of --n or --input");
    if (a.objective != "greedy" && a.objective != "k") throw InputError("critical --free-square minimises k only");
    ZeroGivenOptions opt;
    opt.iterations = a.iterations;
    opt.time_limit = a.time_limit;
    if (a.iterations == 0 && a.time_limit <= 0) opt.iterations = 500;
    opt.patience = a.patience;
    opt.temperature = a.temperature;
    opt.max_remove = a.max_remove;
    opt.node_limit = a.node_limit;
    const std::string verify = parse_solver_spec(a.verify_with).text();
    const std::vector<FreeJob> given = given_jobs(a);
    OutputStream out(a.out);
    int exit_code = 0;
    for_each_free_job(a, given, [&](const FreeJob& j) {
        const PipelineOutput o = zero_given_set(j.n, opt, verify, j.seed, j.id, j.start);
        if (!o.record) {
            std::cerr << fmt::format("futolab critical: {}: no zero-given puzzle found in the budget\n", j.id);
            return;
        }
        if (!o.verified) {  // never written: every record out of here is verified critical
            std::cerr << fmt::format("futolab critical: {}: verification failed: {}\n", j.id, o.why);
            exit_code = 1;
            return;
        }
        std::cerr << fmt::format("{}: k={} moves={} time={:.1f}s\n", j.id, o.record->meta["k"].get<int>(),
                                 o.record->meta["iterations"].get<std::uint64_t>(),
                                 o.record->meta["time_ms"].get<double>() / 1e3);
        out.write(write_instances({*o.record}, Format::jsonl));
    });
    out.close();
    return exit_code;
}

int run_critical(const CriticalArgs& a) {
    if (a.exhaustive) return run_exhaustive(a);
    if (a.free_square) return run_free_square(a);
    PipelineOptions opt;
    opt.search.objective = objective_from_name(a.objective);
    opt.search.use = clue_use_from_name(a.use);
    opt.search.iterations = a.iterations;
    opt.search.time_limit = a.time_limit;
    if (opt.search.objective != Objective::greedy && a.iterations == 0 && a.time_limit <= 0) opt.search.iterations = default_iterations(opt.search.objective);
    opt.verify_backend = parse_solver_spec(a.verify_with).text();
    const std::vector<SolvedSquare> given = given_squares(a);
    OutputStream out(a.out);
    int exit_code = 0;
    for_each_square(a, given, [&](const SolvedSquare& s) {
        const PipelineOutput o = critical_set_of(s.n, s.square, opt, s.seed, s.id);
        if (!o.record) {
            std::cerr << fmt::format("futolab critical: {}: the full {} universe is not uniquely completable; skipped\n",
                                     s.id, clue_use_name(objective_use(opt.search.objective, opt.search.use)));
            return;
        }
        if (!o.verified) {
            std::cerr << fmt::format("futolab critical: {}: verification failed: {}\n", s.id, o.why);
            exit_code = 1;
        }
        out.write(write_instances({*o.record}, Format::jsonl));  // flushed: an interrupted search keeps it
    });
    out.close();
    return exit_code;
}

}  // namespace

void add_critical(CLI::App& app, Action& run) {
    auto a = std::make_shared<CriticalArgs>();
    CLI::App* cmd = app.add_subcommand("critical", "Find verified critical clue sets of solved squares (JSONL out)");
    cmd->add_option("--square", a->square, "A solved square, rows separated by '/': \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\"");
    cmd->add_option("--input", a->input, "Instances: each one's solution, or its unique solution, is the square");
    add_whole(cmd, "--n", a->n, {kMinSize, kMaxSize}, "Order of random squares (with --count), or of --exhaustive");
    add_whole(cmd, "--count", a->count, {}, "Number of random squares (default 1), each written when done");
    add_whole(cmd, "--seed", a->seed, {}, "Seed; random square i uses seed + i (default 1)");
    cmd->add_option("--sampler", a->sampler, "Random squares: jm (uniform, Jacobson-Matthews) or shuffle")
        ->check(CLI::IsMember({"jm", "shuffle"}));
    cmd->add_option("--use", a->use, "Clues the search may use: numbers, relations or both (default)")
        ->check(CLI::IsMember({"numbers", "relations", "both"}));
    cmd->add_option("--objective", a->objective, "greedy (one pass, default), h+k, 2h+3k, k (h = 0) or h (k = 0)")
        ->check(CLI::IsMember({"greedy", "h+k", "2h+3k", "k", "h"}));
    add_whole(cmd, "--iterations", a->iterations, {},
              "Greedy passes per square (default 1 for greedy, else 200; 0 = the default)");
    add_duration(cmd, "--time-limit", a->time_limit,
                 "Search time per square: seconds, or 500ms, 2m, 1h (0 = none; at most 9.2e9 s)");
    cmd->add_option("--verify-with", a->verify_with, "Backend of the independent verification (default gecode)");
    cmd->add_flag("--exhaustive", a->exhaustive, "Exact minima of 2h+3k and of k (h = 0) over all squares of order --n <= 4");
    cmd->add_flag("--free-square", a->free_square,
                  "Zero-given puzzles (h = 0, min k) searched with the solution free to change; "
                  "--input: zero-given start puzzles");
    add_whole(cmd, "--patience", a->patience, {1, kMaxWhole},
              "--free-square: moves without a new best before a restart (default 300)");
    add_real(cmd, "--temperature", a->temperature, {0, 1e9, "", "0 = never accept a larger k"},
             "--free-square: annealing temperature, 0 = never accept a larger k");
    add_whole(cmd, "--max-remove", a->max_remove, {1, 2 * kMaxSize * (kMaxSize - 1)},
              "--free-square: a move removes 1..R relations (default 2)");
    add_whole(cmd, "--node-limit", a->node_limit, {0, kMaxWhole, "0 = none"},
                    "--free-square: nodes per oracle search, 0 = none; a start or move with an undecided "
                    "check is dropped (default 200000)");
    cmd->add_option("--out", a->out, "Output JSONL file (default stdout)");
    cmd->callback([a, &run] { run = [a] { return run_critical(*a); }; });
}

}  // namespace futolab::app
