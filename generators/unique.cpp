// Uniquely solvable, locally minimal puzzles; see unique.hpp.
#include "generators/unique.hpp"

#include "core/error.hpp"
#include "generators/generator_kind.hpp"
#include "generators/random_instance.hpp"
#include "core/random.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace futolab {
namespace {

// A clue of the planted square's universe: a cell's number (index < n²) or an adjacent pair's
// comparison (index n² + pair number, pairs as in oriented_pairs()).
using Clue = int;

struct Planted {
    int n;
    std::vector<int> square;
    std::vector<LessThan> pairs;

    Instance instance(const std::vector<Clue>& clues) const {
        Instance in;
        in.n = n;
        std::vector<Clue> sorted = clues;
        std::sort(sorted.begin(), sorted.end());  // row-major givens, then relations
        for (Clue c : sorted) {
            if (c < n * n) in.givens.push_back({c / n, c % n, square[static_cast<std::size_t>(c)]});
            else in.lt.push_back(pairs[static_cast<std::size_t>(c - n * n)]);
        }
        return in;
    }
};

bool is_unique(const Planted& planted, const std::vector<Clue>& clues, Grader& grader) {
    return grader.count_to_two(Puzzle::compile(planted.instance(clues))) == Status::unique;
}

std::vector<Clue> universe(int n, ClueUse use) {
    std::vector<Clue> clues;
    const int cells = n * n, pairs = 2 * n * (n - 1);
    if (use != ClueUse::relations)
        for (int i = 0; i < cells; ++i) clues.push_back(i);
    if (use != ClueUse::numbers)
        for (int i = 0; i < pairs; ++i) clues.push_back(cells + i);
    return clues;
}

// Assemble: the shortest unique prefix of `order`. Adding clues only removes solutions, so
// uniqueness is monotone in the prefix length and a binary search finds the same prefix as
// adding clues one at a time, with O(log |order|) oracle calls.
std::vector<Clue> assemble(const Planted& planted, const std::vector<Clue>& order, Grader& grader) {
    std::size_t lo = 0, hi = order.size();  // prefix(lo) is not unique (n ≥ 2), prefix(hi) is
    while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (is_unique(planted, {order.begin(), order.begin() + static_cast<std::ptrdiff_t>(mid)}, grader)) hi = mid;
        else lo = mid;
    }
    return {order.begin(), order.begin() + static_cast<std::ptrdiff_t>(hi)};
}

// Strip: try each clue once, in a random order; drop it if the rest is still unique.
std::vector<Clue> strip(const Planted& planted, std::vector<Clue> clues, std::mt19937_64& rng, Grader& grader) {
    std::vector<Clue> order = clues;
    shuffle(order, rng);
    for (Clue c : order) {
        std::vector<Clue> without;
        for (Clue other : clues)
            if (other != c) without.push_back(other);
        if (is_unique(planted, without, grader)) clues = std::move(without);
    }
    return clues;
}

// One attempt: a new square and a locally minimal unique clue set, or nothing if even the
// whole allowed universe leaves L ambiguous (possible with relations only).
std::optional<Instance> attempt(const UniqueSpec& spec, std::vector<int> square, std::mt19937_64& rng, Grader& grader) {
    Planted planted{spec.n, std::move(square), {}};
    planted.pairs = oriented_pairs(spec.n, planted.square);
    std::vector<Clue> order = universe(spec.n, spec.use);
    shuffle(order, rng);
    if (!is_unique(planted, order, grader)) return std::nullopt;
    Instance in = planted.instance(strip(planted, assemble(planted, order, grader), rng, grader));
    in.solution = square_rows(spec.n, planted.square);
    return in;
}

}  // namespace

std::string unique_id(const UniqueSpec& spec, std::uint64_t seed) {
    const std::string grade = spec.target ? "-" + std::string(grade_name(*spec.target)) : "";
    return fmt::format("unique-n{}-{}{}-s{}", spec.n, clue_use_name(spec.use), grade, seed);
}

Json unique_meta(const UniqueSpec& spec, std::uint64_t seed, const Instance& in, const GradeResult& g, int attempts) {
    Json meta = Json::object();
    meta["kind"] = generator_name(GeneratorKind::unique);
    meta["n"] = spec.n;
    meta["use"] = clue_use_name(spec.use);
    meta["sampler"] = latin_sampler_name(spec.sampler);
    const std::uint64_t n = static_cast<std::uint64_t>(spec.n);
    meta["steps"] = spec.sampler == LatinSampler::shuffle_cyclic ? 0 : (spec.steps == 0 ? n * n * n : spec.steps);
    meta["seed"] = seed;
    meta["target_grade"] = spec.target ? Json(grade_name(*spec.target)) : Json(nullptr);
    meta["max_attempts"] = spec.max_attempts;
    meta["h"] = in.givens.size();
    meta["k"] = in.lt.size();
    meta["grade"] = grade_name(g.grade);
    meta["gac_nodes"] = g.gac_nodes;
    meta["attempts"] = attempts;
    return meta;
}

void validate(const UniqueSpec& spec) {
    if (spec.n < 2 || spec.n > 64) throw InputError(fmt::format("--n {} is out of range 2..64", spec.n));
    if (spec.max_attempts < 1) throw InputError(fmt::format("--max-attempts {} must be at least 1", spec.max_attempts));
    if (spec.target && (*spec.target == Grade::multiple || *spec.target == Grade::unsat))
        throw InputError("--grade must be one of fc, ac, gac, search");
}

Instance unique_instance(const UniqueSpec& spec, std::uint64_t seed, Grader& grader, const std::vector<int>* first_square) {
    validate(spec);
    std::mt19937_64 rng(seed);
    for (int attempts = 1; attempts <= spec.max_attempts; ++attempts) {
        std::vector<int> square = attempts == 1 && first_square ? *first_square
                                                                : random_latin_square(spec.n, rng, spec.sampler, spec.steps);
        std::optional<Instance> in = attempt(spec, std::move(square), rng, grader);
        if (!in) continue;
        in->id = unique_id(spec, seed);
        const GradeResult g = grader.grade(Puzzle::compile(*in));
        if (spec.target && g.grade != *spec.target) continue;
        in->meta = unique_meta(spec, seed, *in, g, attempts);
        return *in;
    }
    throw std::runtime_error(fmt::format("{}: no puzzle {} in {} attempts (raise --max-attempts, or the source's `attempts` in a config)", unique_id(spec, seed),
                                         spec.target ? "of grade " + std::string(grade_name(*spec.target)) : "determined by its clues",
                                         spec.max_attempts));
}

}  // namespace futolab
