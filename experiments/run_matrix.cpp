#include "experiments/run_matrix.hpp"

#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "critical/squares.hpp"
#include "generators/random_instance.hpp"
#include "generators/unique.hpp"

#include <fmt/format.h>
#include <glob.h>

#include <algorithm>

namespace futolab {
namespace {

// Expands a glob; a pattern that matches nothing is an error (a typo must not run nothing).
std::vector<std::string> expand(const ExperimentConfig& config, const InstanceSource& source) {
    glob_t g{};
    const int rc = ::glob(source.file.c_str(), GLOB_NOSORT, nullptr, &g);
    std::vector<std::string> paths(g.gl_pathv, g.gl_pathv + (rc == 0 ? g.gl_pathc : 0));
    ::globfree(&g);
    if (paths.empty())
        throw_input_error({config.path, source.line, 0}, fmt::format("no file matches '{}'", source.file));
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// The planted instances of a generate source: n × (givens | h) × (relations | k), `count`
// each, with seeds derived from the config seed and the point, so shards agree.
void generate_random(const ExperimentConfig& config, const GenerateSource& g, std::vector<Instance>& out) {
    const std::size_t given_points = g.h.empty() ? g.givens.size() : g.h.size();
    const std::size_t relation_points = g.k.empty() ? g.relations.size() : g.k.size();
    for (int n : g.n)
        for (std::size_t gi = 0; gi < given_points; ++gi)
            for (std::size_t ri = 0; ri < relation_points; ++ri)
                for (int i = 0; i < g.count; ++i) {
                    RandomInstanceSpec spec;
                    spec.n = n;
                    if (g.h.empty()) spec.p = g.givens[gi]; else spec.h = g.h[gi];
                    if (g.k.empty()) spec.q = g.relations[ri]; else spec.k = g.k[ri];
                    spec.sampler = latin_sampler_from_name(g.sampler);
                    const std::string point = fmt::format("random|{}|{}|{}|{}|{}|{}|{}", n, spec.p, spec.h.value_or(-1),
                                                          spec.q, spec.k.value_or(-1), g.sampler, i);
                    out.push_back(random_instance(spec, derive_seed(config.seed, point)));
                }
}

// Uniquely solvable puzzles (generators/unique.hpp), `count` per n, made here — once, in
// the order of the config — so every shard and resume solves the same puzzles.
void generate_unique(const ExperimentConfig& config, const GenerateSource& g, std::vector<Instance>& out) {
    Grader grader;
    for (int n : g.n)
        for (int i = 0; i < g.count; ++i) {
            UniqueSpec spec;
            spec.n = n;
            spec.use = clue_use_from_name(g.use);
            spec.sampler = latin_sampler_from_name(g.sampler);
            if (!g.grade.empty()) spec.target = grade_from_name(g.grade);
            spec.max_attempts = g.attempts;
            const std::string point = fmt::format("unique|{}|{}|{}|{}|{}|{}", n, g.use, g.grade, g.sampler, g.attempts, i);
            out.push_back(unique_instance(spec, derive_seed(config.seed, point), grader));
        }
}

// Random Latin squares, `count` per n (the inputs of generate and critical tasks).
void random_squares(const ExperimentConfig& config, const SquaresSource& s, std::vector<Instance>& out) {
    for (int n : s.n)
        for (int i = 0; i < s.count; ++i) {
            const std::uint64_t seed = derive_seed(config.seed, fmt::format("square|{}|{}|{}", n, s.sampler, i));
            std::mt19937_64 rng(seed);
            Instance in = critical::square_instance(n, random_latin_square(n, rng, latin_sampler_from_name(s.sampler)));
            in.id = fmt::format("square-n{}-s{}", n, seed);
            out.push_back(std::move(in));
        }
}

// `skipped` null: the first bad file instance is an error; else bad ones are recorded there.
std::vector<Instance> source_instances(const ExperimentConfig& config, const InstanceSource& source,
                                       std::vector<SkippedInput>* skipped) {
    std::vector<Instance> out;
    if (source.kind == InstanceSource::Kind::file) {
        for (const std::string& path : expand(config, source))
            for (Instance& in : skipped ? read_instances(path, *skipped) : read_instances(path))
                out.push_back(std::move(in));
        return out;
    }
    try {
        if (source.kind == InstanceSource::Kind::squares) random_squares(config, source.squares, out);
        else if (source.generate.kind == "unique") generate_unique(config, source.generate, out);
        else generate_random(config, source.generate, out);
    } catch (const InputError& e) {  // an out-of-range parameter: name the config line
        throw_input_error({config.path, source.line, 0}, e.what());
    }
    for (Instance& in : out) in.source = config.path;
    return out;
}

// Generate and critical tasks take solved squares: a file instance's solution (or its unique
// solution), a generated instance's planted square. The matrix holds them as full puzzles.
Puzzle square_input(const Instance& in) {
    if (in.givens.size() == static_cast<std::size_t>(in.n * in.n) && in.lt.empty()) return Puzzle::compile(in);
    Instance square = critical::square_instance(in.n, critical::solved_square(in));
    square.id = in.id;
    square.source = in.source;
    return Puzzle::compile(square);
}

}  // namespace

std::uint64_t derive_seed(std::uint64_t base, const std::string& coordinates) {
    std::uint64_t h = splitmix64(base);
    for (unsigned char ch : coordinates) h = splitmix64(h ^ ch);
    return h >> 1;  // 63 bits: survives any signed 64-bit reader of the CSV
}

RunMatrix build_run_matrix(const ExperimentConfig& config, bool skip_invalid) {
    RunMatrix m;
    m.solvers = config.solvers;
    std::vector<SkippedInput>* skipped = skip_invalid ? &m.skipped : nullptr;
    for (const InstanceSource& source : config.instances)
        for (const Instance& in : source_instances(config, source, skipped)) {
            try {  // the semantic checks: values in range, adjacent and acyclic relations, …
                m.instances.push_back(is_square_task(config.task) ? square_input(in) : Puzzle::compile(in));
            } catch (const InputError& e) {
                if (!skipped) throw;
                skipped->push_back({in.id, e.what()});
            }
        }
    if (m.instances.empty() && !m.skipped.empty())
        throw InputError(fmt::format("{}: every instance is invalid ({} skipped, the first: {})", config.path,
                                     m.skipped.size(), m.skipped.front().error));
    for (int i = 0; i < static_cast<int>(m.instances.size()); ++i)
        for (int s = 0; s < static_cast<int>(m.solvers.size()); ++s)
            for (int r = 1; r <= config.repeats; ++r) {
                const std::string coords = fmt::format("{}|{}|{}", m.instances[i].hash(), m.solvers[s].text(), r);
                m.runs.push_back({m.runs.size(), i, s, r, derive_seed(config.seed, coords)});
            }
    return m;
}

std::vector<PlannedRun> shard_of(const std::vector<PlannedRun>& runs, int index, int count) {
    std::vector<PlannedRun> out;
    for (const PlannedRun& r : runs)
        if (static_cast<int>(splitmix64(r.index) % static_cast<std::uint64_t>(count)) == index - 1) out.push_back(r);
    return out;
}

std::string run_key(const std::string& instance, const std::string& instance_hash, const std::string& solver,
                    const std::string& options, std::uint64_t seed, int repeat) {
    return fmt::format("{}|{}|{}|{}|{}|{}", instance, instance_hash, solver, options, seed, repeat);
}

std::string run_key(const RunMatrix& m, const PlannedRun& run) {
    const Puzzle& p = m.instances[run.instance];
    const SolverSpec& s = m.solvers[run.solver];
    return run_key(p.id(), p.hash(), s.name, s.canonical_options(), run.seed, run.repeat);
}

}  // namespace futolab
