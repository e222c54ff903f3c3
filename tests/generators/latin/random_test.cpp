// Random Latin squares: validity, determinism, uniformity of Jacobson–Matthews (χ² over all
// 576 squares of order 4), coverage of the 56 reduced squares of order 5, and the bias of the
// shuffled cyclic square.
#include "core/error.hpp"
#include "generators/latin/random.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace futolab {
namespace {

bool is_latin(const std::vector<int>& sq, int n) {
    if (static_cast<int>(sq.size()) != n * n) return false;
    for (int i = 0; i < n; ++i) {
        std::vector<bool> row(static_cast<std::size_t>(n + 1)), col(static_cast<std::size_t>(n + 1));
        for (int j = 0; j < n; ++j) {
            const int a = sq[static_cast<std::size_t>(i * n + j)], b = sq[static_cast<std::size_t>(j * n + i)];
            if (a < 1 || a > n || b < 1 || b > n || row[static_cast<std::size_t>(a)] || col[static_cast<std::size_t>(b)]) return false;
            row[static_cast<std::size_t>(a)] = col[static_cast<std::size_t>(b)] = true;
        }
    }
    return true;
}

// The reduced form under row and column permutations only: columns ordered by the first row's
// symbols, then rows ordered by the first column's symbols; first row and column become 1..n.
std::vector<int> reduced(const std::vector<int>& sq, int n) {
    std::vector<int> by_cols(sq.size()), out(sq.size());
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) by_cols[static_cast<std::size_t>(r * n + sq[static_cast<std::size_t>(c)] - 1)] = sq[static_cast<std::size_t>(r * n + c)];
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) out[static_cast<std::size_t>((by_cols[static_cast<std::size_t>(r * n)] - 1) * n + c)] = by_cols[static_cast<std::size_t>(r * n + c)];
    return out;
}

// P(X ≥ x) for X ~ χ²(df), by the Wilson–Hilferty cube-root normal approximation (accurate to
// about 1e-3 in the tails for df in the hundreds, which is all the test needs).
double chi2_survival(double x, double df) {
    const double v = 2.0 / (9.0 * df);
    const double z = (std::cbrt(x / df) - (1.0 - v)) / std::sqrt(v);
    return 0.5 * std::erfc(z / std::sqrt(2.0));
}

std::map<std::vector<int>, int> histogram(int n, int samples, LatinSampler sampler, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::map<std::vector<int>, int> counts;
    for (int i = 0; i < samples; ++i) ++counts[random_latin_square(n, rng, sampler)];
    return counts;
}

}  // namespace

TEST_CASE("Jacobson-Matthews gives Latin squares for n = 1..20 and 64", "[latin][heavy]") {
    std::mt19937_64 rng(7);
    for (int n = 1; n <= 20; ++n)
        for (int rep = 0; rep < 5; ++rep) REQUIRE(is_latin(random_latin_square(n, rng), n));
    REQUIRE(is_latin(random_latin_square(64, rng), 64));
    REQUIRE(is_latin(random_latin_square(12, rng, LatinSampler::jacobson_matthews, 5), 12));  // few steps, still proper
    REQUIRE(is_latin(random_latin_square(9, rng, LatinSampler::shuffle_cyclic), 9));
}

TEST_CASE("Latin squares are deterministic per seed", "[latin]") {
    for (LatinSampler s : {LatinSampler::jacobson_matthews, LatinSampler::shuffle_cyclic}) {
        std::mt19937_64 a(42), b(42), c(43);
        const std::vector<int> first = random_latin_square(9, a, s);
        CHECK(first == random_latin_square(9, b, s));
        CHECK(first != random_latin_square(9, c, s));
    }
    // A fixed value pins the algorithm (rng draws, move order) across machines and compilers.
    std::mt19937_64 rng(1);
    CHECK(random_latin_square(5, rng) == std::vector<int>{5, 3, 4, 1, 2, 3, 1, 2, 4, 5, 4, 5, 1, 2, 3, 2, 4, 3, 5, 1, 1, 2, 5, 3, 4});
}

TEST_CASE("Jacobson-Matthews is uniform over the 576 squares of order 4 (chi-squared)", "[latin]") {
    const int samples = 576 * 50;
    const std::map<std::vector<int>, int> counts = histogram(4, samples, LatinSampler::jacobson_matthews, 2024);
    REQUIRE(counts.size() == 576);  // every square appears, so the χ² sum runs over all cells
    const double expected = samples / 576.0;
    double chi2 = 0;
    for (const auto& [square, observed] : counts) {
        REQUIRE(is_latin(square, 4));
        chi2 += (observed - expected) * (observed - expected) / expected;
    }
    const double p = chi2_survival(chi2, 575);
    INFO("chi2 = " << chi2 << ", df = 575, p = " << p);
    WARN("uniformity at n = 4: chi2 = " << chi2 << " (df 575), p = " << p);
    CHECK(p > 0.001);
    CHECK(p < 0.999);
}

TEST_CASE("Jacobson-Matthews reaches all 56 reduced squares of order 5", "[latin]") {
    std::mt19937_64 rng(5);
    std::set<std::vector<int>> seen;
    for (int i = 0; i < 56 * 60; ++i) {
        const std::vector<int> r = reduced(random_latin_square(5, rng), 5);
        for (int j = 0; j < 5; ++j) REQUIRE((r[static_cast<std::size_t>(j)] == j + 1 && r[static_cast<std::size_t>(j * 5)] == j + 1));
        seen.insert(r);
    }
    CHECK(seen.size() == 56);
}

TEST_CASE("The shuffled cyclic square is biased: it misses squares Jacobson-Matthews reaches", "[latin]") {
    const int samples = 576 * 50;
    const auto jm = histogram(4, samples, LatinSampler::jacobson_matthews, 99);
    const auto shuffled = histogram(4, samples, LatinSampler::shuffle_cyclic, 99);
    int missed = 0;
    for (const auto& [square, count] : jm) missed += shuffled.count(square) == 0 ? 1 : 0;
    // Order 4 has two isotopy classes (of Z4, 432 squares; of Z2×Z2, 144): the shuffle only
    // ever produces the first.
    CHECK(shuffled.size() == 432);
    CHECK(missed == 144);
}

TEST_CASE("Sampler names and bad orders", "[latin]") {
    CHECK(value_in(kLatinSamplers, "jm", "sampler") == LatinSampler::jacobson_matthews);
    CHECK(value_in(kLatinSamplers, latin_sampler_name(LatinSampler::shuffle_cyclic), "sampler") == LatinSampler::shuffle_cyclic);
    CHECK_THROWS_AS(value_in(kLatinSamplers, "uniform", "sampler"), InputError);
    std::mt19937_64 rng(1);
    CHECK_THROWS_AS(random_latin_square(65, rng), InputError);
    CHECK_THROWS_AS(random_latin_square(0, rng), InputError);
}

}  // namespace futolab
