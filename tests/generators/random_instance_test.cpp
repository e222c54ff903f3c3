// Planted random instances: the planted square solves them, exact counts are exact,
// probabilities behave at the extremes, meta records the parameters, same seed → same
// instance, bad parameters are InputErrors.
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "generators/random_instance.hpp"

#include <catch2/catch.hpp>

namespace futolab {
namespace {

std::vector<int> flat(const std::vector<std::vector<int>>& rows) {
    std::vector<int> out;
    for (const auto& row : rows) out.insert(out.end(), row.begin(), row.end());
    return out;
}

}  // namespace

TEST_CASE("A random instance is solved by its planted square", "[random]") {
    for (int n : {2, 4, 7, 12}) {
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            RandomInstanceSpec spec;
            spec.n = n;
            spec.p = 0.4;
            spec.q = 0.3;
            const Instance in = random_instance(spec, seed);
            const Puzzle p = Puzzle::compile(in);  // valid: no cycles, values in range
            REQUIRE(in.solution.size() == static_cast<std::size_t>(n));
            CHECK_FALSE(verify_solution(p, flat(in.solution)).has_value());
        }
    }
}

TEST_CASE("Exact counts h and k are honoured and probabilities 0 and 1 are extremes", "[random]") {
    RandomInstanceSpec spec;
    spec.n = 6;
    spec.h = 11;
    spec.k = 17;
    const Instance in = random_instance(spec, 3);
    CHECK(in.givens.size() == 11);
    CHECK(in.lt.size() == 17);
    CHECK(in.id == "random-n6-h11-k17-s3");
    CHECK(in.meta["h"] == 11);
    CHECK(in.meta["k"] == 17);
    CHECK_FALSE(in.meta.contains("p"));

    RandomInstanceSpec all;
    all.n = 5;
    all.p = 1;
    all.q = 1;
    const Instance full = random_instance(all, 1);
    CHECK(full.givens.size() == 25);
    CHECK(full.lt.size() == 40);  // 2n(n-1)
    all.p = 0;
    all.q = 0;
    const Instance empty = random_instance(all, 1);
    CHECK(empty.givens.empty());
    CHECK(empty.lt.empty());
}

TEST_CASE("Meta records every parameter and the id names them", "[random]") {
    RandomInstanceSpec spec;
    spec.n = 7;
    spec.p = 0.4;
    spec.q = 0.1;
    spec.sampler = LatinSampler::shuffle_cyclic;
    const Instance in = random_instance(spec, 12);
    CHECK(in.id == "random-n7-p0.40-q0.10-s12");
    CHECK(in.meta["kind"] == "random");
    CHECK(in.meta["n"] == 7);
    CHECK(in.meta["p"] == 0.4);
    CHECK(in.meta["q"] == 0.1);
    CHECK(in.meta["sampler"] == "shuffle");
    CHECK(in.meta["steps"] == 0);
    CHECK(in.meta["seed"] == 12);
    spec.sampler = LatinSampler::jacobson_matthews;
    CHECK(random_instance(spec, 12).meta["steps"] == 343);
}

TEST_CASE("Same seed gives the identical instance and another seed another one", "[random]") {
    RandomInstanceSpec spec;
    spec.n = 8;
    const std::string a = write_instances({random_instance(spec, 5)}, Format::jsonl);
    CHECK(a == write_instances({random_instance(spec, 5)}, Format::jsonl));
    CHECK(a != write_instances({random_instance(spec, 6)}, Format::jsonl));
}

TEST_CASE("Out-of-range parameters are input errors", "[random]") {
    RandomInstanceSpec spec;
    spec.n = 1;
    CHECK_THROWS_AS(random_instance(spec, 1), InputError);
    spec.n = 65;
    CHECK_THROWS_AS(random_instance(spec, 1), InputError);
    spec.n = 4;
    spec.p = 1.5;
    CHECK_THROWS_AS(random_instance(spec, 1), InputError);
    spec.p = 0.5;
    spec.h = 17;
    CHECK_THROWS_AS(random_instance(spec, 1), InputError);
    spec.h.reset();
    spec.k = 25;  // 2·4·3 = 24 pairs
    CHECK_THROWS_AS(random_instance(spec, 1), InputError);
}

}  // namespace futolab
