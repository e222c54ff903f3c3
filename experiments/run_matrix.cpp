#include "experiments/run_matrix.hpp"

#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "generators/random_instance.hpp"

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
void generate(const ExperimentConfig& config, const GenerateSource& g, std::vector<Puzzle>& out) {
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
                    Instance in = random_instance(spec, derive_seed(config.seed, point));
                    in.source = config.path;
                    out.push_back(Puzzle::compile(in));
                }
}

}  // namespace

std::uint64_t derive_seed(std::uint64_t base, const std::string& coordinates) {
    std::uint64_t h = splitmix64(base);
    for (unsigned char ch : coordinates) h = splitmix64(h ^ ch);
    return h >> 1;  // 63 bits: survives any signed 64-bit reader of the CSV
}

RunMatrix build_run_matrix(const ExperimentConfig& config) {
    RunMatrix m;
    m.solvers = config.solvers;
    for (const InstanceSource& source : config.instances) {
        if (source.generated) {
            try {
                generate(config, source.generate, m.instances);
            } catch (const InputError& e) {  // an out-of-range parameter: name the config line
                throw_input_error({config.path, source.line, 0}, e.what());
            }
            continue;
        }
        for (const std::string& path : expand(config, source))
            for (const Instance& in : read_instances(path)) m.instances.push_back(Puzzle::compile(in));
    }
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
