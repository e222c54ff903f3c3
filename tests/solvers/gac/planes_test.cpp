// The root's word-parallel stages 0–1 (solvers/gac/planes.hpp): their fixpoint is the one of
// the same rules run cell by cell (naive_light_fixpoint: pairwise ≠, hidden singles, relation
// bounds), and the engine started there builds the tree it builds from the queues alone.
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "gac_test_helpers.hpp"
#include "solvers/gac/planes.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace futolab::gac {
namespace {

// The initial domains of the engine's root: chain bounds, givens fixed.
test::Domains initial_domains(const Puzzle& p) {
    test::Domains d(static_cast<std::size_t>(p.cells()));
    for (int c = 0; c < p.cells(); ++c) {
        const Dom chain = range(p.min_value(c) - 1, p.max_value(c) - 1);
        d[static_cast<std::size_t>(c)] = p.given(c) == 0 ? chain : chain & bit(p.given(c) - 1);
    }
    return d;
}

int total(const test::Domains& d) {
    int k = 0;
    for (const Dom x : d) k += size(x);
    return k;
}

SolveResult solve(const std::string& spec, const Puzzle& p) {
    auto solver = make_solver(parse_solver_spec(spec));
    return run_solver(*solver, p, {Mode::count_to(2), {}, 3}).result;
}

}  // namespace

// The planes of layout P against the rules run cell by cell on 1 500 random boards of
// n = 2..P::kMaxN, failures included.
template <class P>
void check_fixpoints(std::uint64_t seed, Simd simd) {
    std::mt19937_64 rng(seed);
    int failed = 0, narrowed = 0, runs = 0, solved_boards = 0;
    for (int round = 0; round < 1500; ++round) {
        const int n = 2 + static_cast<int>(rng() % (P::kMaxN - 1));
        const double p_given = 0.05 + 0.35 * static_cast<double>(rng() % 100) / 100.0;
        const double p_rel = 0.5 * static_cast<double>(rng() % 100) / 100.0;
        const Puzzle p = test::random_puzzle(rng, n, p_given, p_rel, round % 3 == 0);
        test::Domains d = initial_domains(p);
        if (round % 2 == 1)  // random removals too: states a search could reach, and wipe-outs
            for (Dom& x : d)
                for (int v = 0; v < n; ++v)
                    if (rng() % 12 == 0) x &= ~bit(v);
        const auto expected = test::naive_light_fixpoint(p, d);
        P planes;
        planes.load(p, d);
        const bool ok = planes.fixpoint(simd);
        INFO("round " << round << ", n = " << n);
        REQUIRE(ok == expected.has_value());
        ++runs;
        if (!ok) {
            ++failed;
            continue;
        }
        test::Domains got(d.size(), 0);
        for (int v = 0; v < n; ++v)
            for (int r = 0; r < n; ++r)
                for (Dom cols = planes.row_places(v, r); cols != 0; cols &= cols - 1)
                    got[static_cast<std::size_t>(r * n + lowest(cols))] |= bit(v);
        CHECK(got == *expected);
        CHECK(planes.removed() == static_cast<std::uint64_t>(total(d) - total(*expected)));
        // The domains read back from the state before: only the narrowed cells (few: one by
        // one; many: the whole board), and the whole board.
        test::Domains part = d, whole(d.size(), ~Dom{0});
        planes.update_domains(part.data(), false, simd);
        planes.update_domains(whole.data(), true, simd);
        CHECK(part == got);
        CHECK(whole == got);
        if (planes.solved()) {
            test::Domains solved(d.size(), ~Dom{0});
            planes.solved_domains(solved.data(), simd);
            CHECK(solved == got);
            ++solved_boards;
        }
        narrowed += got != d;
    }
    // Both outcomes are exercised, and most successful runs narrow something.
    CHECK(failed > 150);
    CHECK(narrowed > (runs - failed) / 2);
    CHECK(solved_boards > 50);
}

TEST_CASE("planes: the fixpoint of the cell-by-cell rules, n = 2..16, failures included", "[gac][planes][long]") {
    // Every level this CPU can run (AVX2 where it has it: the machines CI runs on do).
    for (Simd simd : {Simd::avx2, Simd::portable, Simd::baseline})
        if (simd_available(simd)) check_fixpoints<Planes>(2811, simd);
}

TEST_CASE("planes: the instruction set is chosen once, AVX2 only where it runs and is allowed", "[gac][planes]") {
    CHECK(best_simd() == best_simd());
    CHECK(simd_available(best_simd()));
#if defined(FUTOLAB_PORTABLE_SIMD)
    CHECK(best_simd() == Simd::portable);  // the asan preset: the suite runs the portable paths
#else
    CHECK(best_simd() == (simd_available(Simd::avx2) ? Simd::avx2 : Simd::portable));
#endif
}

TEST_CASE("planes: the one-word layout's fixpoint is the cell-by-cell rules', n = 2..8", "[gac][planes]") {
    // avx2 runs every value at once in AVX2 registers; portable reads domains back by one 8 × 8
    // bit transposition per row, a path an AVX2 machine never takes on its own.
    for (Simd simd : {Simd::avx2, Simd::portable, Simd::baseline})
        if (simd_available(simd)) check_fixpoints<SmallPlanes>(2812, simd);
}

// load_root() reads the initial domains from the puzzle (givens, chain bounds) instead of taking
// them cell by cell: the same planes as load() of those domains, givens outside their chain
// bounds (an empty domain) included; export_rows() is row_places() of every (value, row).
template <class P>
void check_root_loads(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    int empty = 0;
    for (int round = 0; round < 600; ++round) {
        const int n = 2 + static_cast<int>(rng() % (P::kMaxN - 1));
        const Puzzle p = test::random_puzzle(rng, n, 0.05 + 0.3 * static_cast<double>(rng() % 100) / 100.0,
                                             0.6 * static_cast<double>(rng() % 100) / 100.0, round % 3 == 0);
        const test::Domains d = initial_domains(p);
        empty += std::count(d.begin(), d.end(), Dom{0}) > 0;
        P by_cells, from_puzzle, baseline;
        by_cells.load(p, d);
        from_puzzle.load_root(p);
        baseline.load_root(p, Simd::baseline);
        INFO("round " << round << ", n = " << n);
        std::vector<Dom> rows(static_cast<std::size_t>(n * n));
        from_puzzle.export_rows(rows.data());
        for (int v = 0; v < n; ++v)
            for (int r = 0; r < n; ++r) {
                REQUIRE(from_puzzle.row_places(v, r) == by_cells.row_places(v, r));
                REQUIRE(baseline.row_places(v, r) == by_cells.row_places(v, r));
                CHECK(rows[static_cast<std::size_t>(v * n + r)] == by_cells.row_places(v, r));
            }
        CHECK(from_puzzle.fixpoint() == by_cells.fixpoint());
        CHECK(from_puzzle.removed() == by_cells.removed());
        CHECK(from_puzzle.solved() == by_cells.solved());
        // the domains read back, whole board, both ways, against the rows
        test::Domains best(d.size(), ~Dom{0}), base(d.size(), ~Dom{0}), expected(d.size(), 0);
        from_puzzle.update_domains(best.data(), true);
        from_puzzle.update_domains(base.data(), true, Simd::baseline);
        for (int v = 0; v < n; ++v)
            for (int r = 0; r < n; ++r)
                for (Dom cols = from_puzzle.row_places(v, r); cols != 0; cols &= cols - 1)
                    expected[static_cast<std::size_t>(r * n + lowest(cols))] |= bit(v);
        CHECK(best == expected);
        CHECK(base == expected);
    }
    CHECK(empty > 0);
}

TEST_CASE("planes: load_root is load of the initial domains, n = 2..16", "[gac][planes]") {
    check_root_loads<Planes>(2813);
    check_root_loads<SmallPlanes>(2814);
}

TEST_CASE("planes: solved() after a fixpoint that fixes every cell", "[gac][planes]") {
    // Some of Tatham's 6 × 6 puzzles are solved by the root's stages 0–1, some are not.
    SmallPlanes planes;
    int solved = 0, unsolved = 0;
    for (const Instance& in : read_instances(fmt::format("{}/tatham-dev/n06.tatham", FUTOLAB_DATA_DIR))) {
        const Puzzle p = Puzzle::compile(in);
        planes.load_root(p);
        REQUIRE(planes.fixpoint());
        std::vector<Dom> rows(static_cast<std::size_t>(p.cells()));
        planes.export_rows(rows.data());
        int values = 0;
        for (const Dom r : rows) values += size(r);
        CHECK(planes.solved() == (values == p.cells()));
        (planes.solved() ? solved : unsolved)++;
    }
    CHECK(solved > 0);
    CHECK(unsolved > 0);
}

TEST_CASE("planes: the engine builds the same tree from the planes' fixpoint as from its queues", "[gac][planes]") {
    // The root's fixpoint does not depend on which rules ran first, so nodes, fails,
    // propagations (values removed) and solutions are those of root=queue, for the default,
    // the Gecode-equivalent tree, the cube, probing at the root and dom/wdeg.
    const std::vector<std::string> specs{"gac", "gac:branch=binary,sac=none", "gac:cube=yes,sac=none",
                                         "gac:sac=root,sac_size=3", "gac:var=domwdeg,sac=none,branch=binary"};
    std::vector<Puzzle> puzzles;
    for (int n = 4; n <= 12; ++n)
        for (const Instance& in : read_instances(fmt::format("{}/tatham-dev/n{:02}.tatham", FUTOLAB_DATA_DIR, n)))
            if (in.n <= 8 || puzzles.size() % 3 == 0) puzzles.push_back(Puzzle::compile(in));
    std::mt19937_64 rng(7);
    for (int i = 0; i < 150; ++i) puzzles.push_back(test::random_puzzle(rng, 5 + i % 8, 0.25, 0.3, i % 4 == 0));
    int unsat = 0;
    for (const Puzzle& p : puzzles)
        for (const std::string& spec : specs) {
            const SolveResult planes = solve(spec + (spec == "gac" ? ":" : ",") + "root=planes", p);
            const SolveResult queue = solve(spec + (spec == "gac" ? ":" : ",") + "root=queue", p);
            INFO(spec << " on " << p.id());
            REQUIRE(planes.status == queue.status);
            CHECK(planes.counters.solutions == queue.counters.solutions);
            CHECK(planes.counters.nodes == queue.counters.nodes);
            CHECK(planes.counters.fails == queue.counters.fails);
            CHECK(planes.counters.max_depth == queue.counters.max_depth);
            // A failing root stops at the first wipe-out, after an order-dependent count.
            if (planes.counters.nodes > 0 || planes.status != Status::unsat)
                CHECK(planes.counters.propagations == queue.counters.propagations);
            else
                ++unsat;
        }
    CHECK(unsat > 0);
}

}  // namespace futolab::gac
