// The Régin propagator (regin.hpp) against two oracles: brute-force enumeration of the
// all-different assignments, and the Boost.Graph implementation (boost_regin_oracle.hpp).
#include "boost_regin_oracle.hpp"
#include "solvers/gac/regin.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <random>
#include <vector>

namespace futolab::gac {
namespace {

using Domains = std::vector<std::uint64_t>;

// Every all-different assignment, by depth-first enumeration: the union of their values per
// variable, or nullopt if there is none.
void enumerate(const Domains& d, std::size_t x, std::uint64_t used, std::vector<int>& value, Domains& support) {
    if (x == d.size()) {
        for (std::size_t i = 0; i < d.size(); ++i) support[i] |= std::uint64_t{1} << value[i];
        return;
    }
    for (int v = 0; v < 64; ++v)
        if (((d[x] & ~used) >> v) & 1) {
            value[x] = v;
            enumerate(d, x + 1, used | std::uint64_t{1} << v, value, support);
        }
}

std::optional<Domains> brute_force(const Domains& d) {
    Domains support(d.size(), 0);
    std::vector<int> value(d.size());
    enumerate(d, 0, 0, value, support);
    for (const std::uint64_t s : support)
        if (s == 0) return std::nullopt;
    return support;
}

std::optional<Domains> ours(Domains d, Matching& m) {
    if (!regin_propagate(d, m)) return std::nullopt;
    return d;
}

Domains random_domains(std::mt19937_64& rng, int vars, int values, double density) {
    std::bernoulli_distribution coin(density);
    Domains d(static_cast<std::size_t>(vars), 0);
    for (auto& x : d)
        for (int v = 0; v < values; ++v)
            if (coin(rng)) x |= std::uint64_t{1} << v;
    return d;
}

constexpr double kDensities[] = {0.2, 0.35, 0.5, 0.65, 0.8, 0.95};

}  // namespace

TEST_CASE("regin keeps exactly the values of some all-different assignment", "[gac][regin]") {
    std::mt19937_64 rng(20240601);
    int wipeouts = 0, narrowed = 0;
    for (int round = 0; round < 6000; ++round) {
        const int vars = 1 + round % 6;
        const Domains d = random_domains(rng, vars, 6, kDensities[(round / 6) % 6]);
        const auto expected = brute_force(d);
        Matching m;
        const auto got = ours(d, m);
        INFO("round " << round);
        REQUIRE(got == expected);
        REQUIRE(test::boost_regin(d, 6) == expected);
        wipeouts += !expected;
        narrowed += expected && *expected != d;
    }
    // The random mix exercises both outcomes often.
    CHECK(wipeouts > 500);
    CHECK(narrowed > 500);
}

TEST_CASE("regin_filter says whether it narrowed: the engine writes back only then", "[gac][regin]") {
    std::mt19937_64 rng(46);
    int counts[3] = {0, 0, 0};
    for (int round = 0; round < 3000; ++round) {
        const int vars = 1 + round % 6;
        const Domains d = random_domains(rng, vars, 6, kDensities[(round / 6) % 6]);
        const auto expected = brute_force(d);
        Domains got = d;
        Matching m;
        const Filtered filtered = regin_filter(got, m);
        INFO("round " << round);
        if (!expected) {
            REQUIRE(filtered == Filtered::fail);
            REQUIRE(got == d);  // left as it was
        } else {
            REQUIRE(got == *expected);
            REQUIRE(filtered == (*expected != d ? Filtered::narrowed : Filtered::unchanged));
        }
        ++counts[static_cast<int>(filtered)];
    }
    CHECK(counts[0] > 300);  // every outcome, often
    CHECK(counts[1] > 300);
    CHECK(counts[2] > 300);
}

TEST_CASE("regin repairs a kept matching as domains shrink", "[gac][regin]") {
    std::mt19937_64 rng(7);
    for (int round = 0; round < 1500; ++round) {
        const int vars = 2 + round % 5;
        Domains d = random_domains(rng, vars, 6, 0.8);
        Matching m;  // kept across the shrinking sequence, as the engine keeps one per line
        for (int step = 0; step < 8; ++step) {
            const auto expected = brute_force(d);
            const auto got = ours(d, m);
            INFO("round " << round << " step " << step);
            REQUIRE(got == expected);
            if (!got) break;
            d = *got;
            d[rng() % d.size()] &= ~(std::uint64_t{1} << (rng() % 6));  // a removal elsewhere
        }
    }
}

TEST_CASE("regin agrees with the Boost.Graph oracle on wide lines", "[gac][regin]") {
    std::mt19937_64 rng(99);
    for (int round = 0; round < 400; ++round) {
        const int values = 8 + static_cast<int>(rng() % 57);  // up to 64: the whole word
        const int vars = 1 + static_cast<int>(rng() % values);
        const Domains d = random_domains(rng, vars, values, kDensities[round % 6] * 0.4);
        Matching m;
        INFO("round " << round << ": " << vars << " vars, " << values << " values");
        REQUIRE(ours(d, m) == test::boost_regin(d, values));
    }
}

TEST_CASE("regin on a full line: singletons are removed from the others", "[gac][regin]") {
    Domains d = {0b0001, 0b1111, 0b1111, 0b0011};  // x0 = 1 forces x3 = 2
    Matching m;
    REQUIRE(regin_propagate(d, m));
    CHECK(d == Domains{0b0001, 0b1100, 0b1100, 0b0010});
    Domains pigeons = {0b011, 0b011, 0b011};
    Matching fresh;
    CHECK_FALSE(regin_propagate(pigeons, fresh));
    CHECK(pigeons == Domains{0b011, 0b011, 0b011});  // unchanged on failure
}

}  // namespace futolab::gac
