// Uniquely solvable puzzles: unique, locally minimal (every clue necessary), solved by the
// planted square, restricted to the allowed clue kinds, meta consistent, deterministic, and a
// target grade is honoured.
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "generators/unique.hpp"

#include <catch2/catch.hpp>

namespace futolab {
namespace {

Status count2(const Instance& in, Grader& grader) { return grader.count_to_two(Puzzle::compile(in)); }

// Removing any one clue admits a second solution.
bool locally_minimal(const Instance& in, Grader& grader) {
    for (std::size_t i = 0; i < in.givens.size(); ++i) {
        Instance less = in;
        less.givens.erase(less.givens.begin() + static_cast<std::ptrdiff_t>(i));
        if (count2(less, grader) != Status::multiple) return false;
    }
    for (std::size_t i = 0; i < in.lt.size(); ++i) {
        Instance less = in;
        less.lt.erase(less.lt.begin() + static_cast<std::ptrdiff_t>(i));
        if (count2(less, grader) != Status::multiple) return false;
    }
    return true;
}

std::vector<int> flat(const std::vector<std::vector<int>>& rows) {
    std::vector<int> out;
    for (const auto& row : rows) out.insert(out.end(), row.begin(), row.end());
    return out;
}

}  // namespace

TEST_CASE("Generated puzzles are unique and locally minimal and use only the allowed clues", "[unique]") {
    Grader grader;
    for (ClueUse use : {ClueUse::numbers, ClueUse::relations, ClueUse::both}) {
        for (int n : {3, 4, 5, 6}) {
            for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                UniqueSpec spec;
                spec.n = n;
                spec.use = use;
                const Instance in = unique_instance(spec, seed, grader);
                INFO(in.id);
                REQUIRE(count2(in, grader) == Status::unique);
                CHECK_FALSE(verify_solution(Puzzle::compile(in), flat(in.solution)).has_value());
                CHECK(locally_minimal(in, grader));
                if (use == ClueUse::numbers) CHECK(in.lt.empty());
                if (use == ClueUse::relations) CHECK(in.givens.empty());
                CHECK(in.meta["h"] == in.givens.size());
                CHECK(in.meta["k"] == in.lt.size());
                CHECK(in.meta["use"] == std::string(clue_use_name(use)));
                CHECK(in.meta["grade"] == std::string(grade_name(grader.grade(Puzzle::compile(in)).grade)));
            }
        }
    }
}

TEST_CASE("Unique generation is deterministic per seed", "[unique]") {
    Grader grader;
    UniqueSpec spec;
    spec.n = 6;
    const std::string a = write_instances({unique_instance(spec, 9, grader)}, Format::jsonl);
    CHECK(a == write_instances({unique_instance(spec, 9, grader)}, Format::jsonl));
    CHECK(a != write_instances({unique_instance(spec, 10, grader)}, Format::jsonl));
}

TEST_CASE("A target grade is reached or the generator says it was not", "[unique]") {
    Grader grader;
    UniqueSpec spec;
    spec.n = 5;
    spec.use = ClueUse::numbers;
    for (Grade target : {Grade::fc, Grade::gac}) {
        spec.target = target;
        const Instance in = unique_instance(spec, 1, grader);
        CHECK(in.meta["grade"] == std::string(grade_name(target)));
        CHECK(in.meta["attempts"].get<int>() >= 1);
        CHECK(in.meta["target_grade"] == std::string(grade_name(target)));
    }
    // Numbers only can never make an `ac` puzzle that fc cannot solve (no relations, and AC on
    // ≠ is exactly singles), so a bounded retry must fail with a run-time error.
    spec.target = Grade::ac;
    spec.max_attempts = 5;
    CHECK_THROWS_AS(unique_instance(spec, 1, grader), std::runtime_error);
    spec.max_attempts = 0;
    CHECK_THROWS_AS(unique_instance(spec, 1, grader), InputError);
}

}  // namespace futolab
