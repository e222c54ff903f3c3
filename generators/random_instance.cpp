// Planted random instances; see random_instance.hpp.
#include "generators/random_instance.hpp"

#include "core/error.hpp"
#include "generators/generator_kind.hpp"
#include "core/random.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {
namespace {

// Indices 0..universe-1 to keep: each with probability `prob`, or exactly `count` of them (a
// uniformly random subset: the first `count` of a shuffle). Returned sorted, so the instance
// lists clues row-major whatever order they were drawn in.
std::vector<int> choose(int universe, double prob, const std::optional<int>& count, std::mt19937_64& rng) {
    std::vector<int> kept;
    if (count) {
        std::vector<int> order = random_permutation(universe, rng);
        kept.assign(order.begin(), order.begin() + *count);
        std::sort(kept.begin(), kept.end());
    } else {
        for (int i = 0; i < universe; ++i)
            if (coin(rng, prob)) kept.push_back(i);
    }
    return kept;
}

Json parameters_meta(const RandomInstanceSpec& spec, std::uint64_t seed) {
    Json meta = Json::object();
    meta["kind"] = generator_name(GeneratorKind::random);
    meta["n"] = spec.n;
    if (spec.h) meta["h"] = *spec.h;
    else meta["p"] = spec.p;
    if (spec.k) meta["k"] = *spec.k;
    else meta["q"] = spec.q;
    meta["sampler"] = latin_sampler_name(spec.sampler);
    const std::uint64_t n = static_cast<std::uint64_t>(spec.n);
    meta["steps"] = spec.sampler == LatinSampler::shuffle_cyclic ? 0 : (spec.steps == 0 ? n * n * n : spec.steps);
    meta["seed"] = seed;
    return meta;
}

}  // namespace

std::vector<LessThan> oriented_pairs(int n, const std::vector<int>& square) {
    std::vector<LessThan> pairs;
    auto add = [&](int r1, int c1, int r2, int c2) {
        const bool less = square[static_cast<std::size_t>(r1 * n + c1)] < square[static_cast<std::size_t>(r2 * n + c2)];
        pairs.push_back(less ? LessThan{r1, c1, r2, c2} : LessThan{r2, c2, r1, c1});
    };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < n; ++c) add(r, c, r, c + 1);
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c < n; ++c) add(r, c, r + 1, c);
    return pairs;
}

std::vector<std::vector<int>> square_rows(int n, const std::vector<int>& square) {
    std::vector<std::vector<int>> rows;
    for (int r = 0; r < n; ++r) rows.emplace_back(square.begin() + r * n, square.begin() + (r + 1) * n);
    return rows;
}

void validate(const RandomInstanceSpec& spec) {
    if (spec.n < 2 || spec.n > 64) throw InputError(fmt::format("--n {} is out of range 2..64", spec.n));
    const int cells = spec.n * spec.n, pairs = 2 * spec.n * (spec.n - 1);
    if (!(spec.p >= 0 && spec.p <= 1)) throw InputError(fmt::format("--givens {} is not a probability in [0, 1]", spec.p));
    if (!(spec.q >= 0 && spec.q <= 1)) throw InputError(fmt::format("--relations {} is not a probability in [0, 1]", spec.q));
    // Named as a parameter, not an option: a config's `generate: {h: …}` reaches here too, and
    // "--h 17" named an option its user never gave (round 7).
    if (spec.h && (*spec.h < 0 || *spec.h > cells))
        throw InputError(fmt::format("h = {} givens is out of range 0..{} (n = {})", *spec.h, cells, spec.n));
    if (spec.k && (*spec.k < 0 || *spec.k > pairs))
        throw InputError(fmt::format("k = {} relations is out of range 0..{} (n = {})", *spec.k, pairs, spec.n));
}

std::string random_instance_id(const RandomInstanceSpec& spec, std::uint64_t seed) {
    const std::string givens = spec.h ? fmt::format("h{}", *spec.h) : fmt::format("p{:.2f}", spec.p);
    const std::string relations = spec.k ? fmt::format("k{}", *spec.k) : fmt::format("q{:.2f}", spec.q);
    return fmt::format("random-n{}-{}-{}-s{}", spec.n, givens, relations, seed);
}

Instance random_instance(const RandomInstanceSpec& spec, std::uint64_t seed) {
    validate(spec);
    std::mt19937_64 rng(seed);
    const int n = spec.n;
    const std::vector<int> square = random_latin_square(n, rng, spec.sampler, spec.steps);
    Instance in;
    in.id = random_instance_id(spec, seed);
    in.n = n;
    for (int cell : choose(n * n, spec.p, spec.h, rng))
        in.givens.push_back({cell / n, cell % n, square[static_cast<std::size_t>(cell)]});
    const std::vector<LessThan> pairs = oriented_pairs(n, square);
    for (int i : choose(static_cast<int>(pairs.size()), spec.q, spec.k, rng)) in.lt.push_back(pairs[static_cast<std::size_t>(i)]);
    in.solution = square_rows(n, square);
    in.meta = parameters_meta(spec, seed);
    return in;
}

}  // namespace futolab
