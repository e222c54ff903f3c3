// Uniquely solvable puzzles (issue #4, `futolab generate unique`). From a random planted Latin
// square L: the clues of L's universe that may be used (numbers, relations or both) are put in
// a random order and the shortest prefix that makes L the only solution is taken ("assemble");
// then each clue, in a fresh random order, is removed if the puzzle stays unique ("strip").
// The result is a locally minimal clue set — every remaining clue is necessary — the same
// scheme as Simon Tatham's generators, with `gac` count-to-2 as the uniqueness oracle (one
// Solver reused for every call). Optionally retried with new squares until the puzzle has a
// target difficulty grade (grade.hpp).
#pragma once

#include "core/clue_use.hpp"
#include "core/instance.hpp"
#include "generators/grade.hpp"
#include "generators/latin/random.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace futolab {

struct UniqueSpec {
    int n = 5;
    ClueUse use = ClueUse::both;
    LatinSampler sampler = LatinSampler::jacobson_matthews;
    std::uint64_t steps = 0;            // Jacobson–Matthews moves, 0 = n³
    std::optional<Grade> target;        // fc, ac, gac or search
    int max_attempts = 100;             // squares tried before giving up on the target
};

void validate(const UniqueSpec& spec);  // throws InputError

// Id "unique-n<n>-<use>[-<grade>]-s<seed>"; `solution` = the planted square; meta = every
// parameter plus the outcome (h, k, grade, gac_nodes, attempts). Deterministic per seed.
// Throws std::runtime_error if no attempt reaches the target grade (or, with `relations`,
// if no square is determined by its relations alone). With `first_square` (row-major, order
// spec.n), the first attempt plants that square instead of drawing one (the experiment
// driver's generate task); later attempts draw from the seed.
Instance unique_instance(const UniqueSpec& spec, std::uint64_t seed, Grader& grader,
                         const std::vector<int>* first_square = nullptr);

// The id and the meta unique_instance writes for a puzzle `in` it made in `attempts` attempts
// and graded `g` (resume and merge check a record against them: experiments/output_facts.hpp).
std::string unique_id(const UniqueSpec& spec, std::uint64_t seed);
Json unique_meta(const UniqueSpec& spec, std::uint64_t seed, const Instance& in, const GradeResult& g, int attempts);

}  // namespace futolab
