// One conformance suite over every backend in the registry (STYLE: one test runs every
// backend over the same instances): they must agree on solution counts, count the Latin
// squares, and call every Tatham puzzle unique; every returned solution is re-verified by
// run_solver (a wrong one would be Status::error).
#include "core/formats/formats.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"
#include "../support/random_instances.hpp"
#include "../support/sanitized.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <map>

using namespace futolab;

namespace {

struct Outcome {
    Status status;
    std::uint64_t solutions;
};

Outcome solve(const std::string& spec, const Puzzle& p, Mode mode, std::uint64_t node_limit = 0) {
    auto solver = make_solver(parse_solver_spec(spec));
    const RunResult r = run_solver(*solver, p, {mode, {0, node_limit}, 7});
    INFO(spec << " on " << p.id() << ": " << r.result.message);
    REQUIRE(r.result.status != Status::error);
    return {r.result.status, r.result.counters.solutions};
}

// Every in-process backend of the registry with its defaults (a new backend is covered
// without editing this file), and the option variants whose propagation or search differ.
// External backends (a tool outside the binary) have their own, smaller conformance tests.
const std::vector<std::string> kVariants{"fc:var=static", "gac:alldiff=binary", "gac:branch=binary,var=static",
                                         "gac:var=domwdeg,val=random", "gac:sac=all",
                                         "gac:sac=root,sac_size=2,branch=binary", "gecode:alldiff=bnd"};

std::vector<std::string> all_specs() {
    std::vector<std::string> out;
    for (const BackendInfo& b : backend_table())
        if (!b.external) out.emplace_back(b.name);
    out.insert(out.end(), kVariants.begin(), kVariants.end());
    return out;
}
const std::vector<std::string> kAll = all_specs();

// Those that prove unsat of a 6x6 with few givens quickly.
const std::vector<std::string> kPropagating{"fc:var=mrv", "gac", "gac:alldiff=binary", "gac:var=domdeg", "gac:sac=all",
                                            "gecode"};

}  // namespace

TEST_CASE("every backend agrees on count-to-3 over random instances", "[conformance]") {
    int instances = 0, unsat = 0, multiple = 0;
    for (std::uint64_t seed = 1; seed <= 600; ++seed) {
        const int n = 3 + static_cast<int>(seed % 4);  // 3..6
        test::RandomInstanceSpec spec{n, 0.1 + 0.1 * static_cast<double>(seed % 5), 0.15 * static_cast<double>(seed % 3),
                                      seed % 3 == 0};
        const Puzzle p = Puzzle::compile(test::random_instance(spec, seed));
        const auto& specs = n <= 5 ? kAll : kPropagating;
        const Outcome reference = solve(specs.front(), p, Mode::count_to(3));
        for (const std::string& s : specs) {
            const Outcome o = solve(s, p, Mode::count_to(3));
            INFO(s << " vs " << specs.front() << " on " << p.id());
            CHECK(o.status == reference.status);
            CHECK(o.solutions == reference.solutions);
        }
        ++instances;
        unsat += reference.status == Status::unsat;
        multiple += reference.status == Status::multiple;
    }
    CHECK(unsat > 50);
    CHECK(multiple > 50);
    WARN(fmt::format("{} random instances ({} unsat, {} multiple), {} backends on n <= 5, {} on n = 6", instances,
                     unsat, multiple, kAll.size(), kPropagating.size()));
}

TEST_CASE("counting all Latin squares: L(3)=12, L(4)=576, L(5)=161280", "[conformance][heavy]") {
    const std::map<int, std::uint64_t> latin{{3, 12}, {4, 576}, {5, 161280}};
    for (const auto& [n, count] : latin) {
        Instance empty;
        empty.id = "empty-" + std::to_string(n);
        empty.n = n;
        const Puzzle p = Puzzle::compile(empty);
        for (const BackendInfo& b : backend_table()) {
            // External tools (one process per run, one CBC run per solution for ilp) count
            // L(5) in minutes: their own tests count L(3) and L(4) (tests/solvers/<name>).
            if (b.external) continue;
            INFO(b.name << " n=" << n);
            const Outcome o = solve(std::string(b.name), p, Mode::count_all());
            CHECK(o.status == Status::counted);
            CHECK(o.solutions == count);
        }
    }
}

TEST_CASE("every Tatham puzzle is unique for every backend that finishes it", "[conformance][tatham][heavy]") {
    // Budgets keep the suite short; a backend that hits its budget has not finished.
    const std::vector<std::pair<std::string, std::uint64_t>> budgets{
        {"bitmask", 2'000'000}, {"fc:var=mrv", 300'000}, {"gac", 0}, {"gecode", 0}};
    std::map<std::string, int> finished;
    int puzzles = 0;
    for (int n = 4; n <= 12; ++n) {
        for (const Instance& in : read_instances(fmt::format("{}/tatham-dev/n{:02}.tatham", FUTOLAB_DATA_DIR, n))) {
            const Puzzle p = Puzzle::compile(in);
            ++puzzles;
            for (const auto& [spec, budget] : budgets) {
                if (spec == "bitmask" && n > 7) continue;
                const Outcome o = solve(spec, p, Mode::count_to(2), budget);
                INFO(spec << " on " << p.id());
                CHECK((o.status == Status::unique || (budget != 0 && o.status == Status::node_limit)));
                finished[spec] += o.status == Status::unique;
            }
        }
    }
    CHECK(puzzles == 615);
    CHECK(finished["gac"] == 615);
    CHECK(finished["gecode"] == 615);
    WARN(fmt::format("unique on {} Tatham puzzles: bitmask {} (n <= 7), fc {}, gac {}, gecode {}", puzzles,
                     finished["bitmask"], finished["fc:var=mrv"], finished["gac"], finished["gecode"]));
}

TEST_CASE("the held-out Tatham corpus: every puzzle unique for gac and for sat", "[conformance][tatham][long]") {
    // corpora/tatham-check (1 230 puzzles no tuning has seen, configs/tatham-check.yaml): the
    // default gac and CaDiCaL, two unrelated proofs, agree that each has exactly one solution
    // (run_solver re-verifies it). The Gecode-equivalent mode is left out: it, like Gecode,
    // runs past 10 s on three of these puzzles.
    // Under a sanitizer every fourth puzzle of each file (the release build checks all of them).
    const int every = futolab::test::kSanitized ? 4 : 1;
    int puzzles = 0, checked = 0;
    std::map<std::string, int> unique;
    for (int n = 4; n <= 12; ++n) {
        for (const Instance& in : read_instances(fmt::format("{}/tatham-check/n{:02}.tatham", FUTOLAB_DATA_DIR, n))) {
            if (puzzles++ % every != 0) continue;
            ++checked;
            const Puzzle p = Puzzle::compile(in);
            for (const std::string spec : {"gac", "sat"}) {
                const Outcome o = solve(spec, p, Mode::count_to(2));
                INFO(spec << " on " << p.id());
                CHECK(o.status == Status::unique);
                unique[spec] += o.status == Status::unique;
            }
        }
    }
    CHECK(puzzles == 1230);
    CHECK(unique["gac"] == checked);
    CHECK(unique["sat"] == checked);
}

TEST_CASE("gac with binary MRV branching builds Gecode's tree: equal nodes and fails", "[conformance][gecode][heavy]") {
    // Both are domain consistent on every alldifferent and bounds consistent on every relation
    // at every node, and branch x = v | x != v on the smallest domain (first in row-major
    // order) with its smallest value; nodes are below the root for both (gecode: node - 1).
    int puzzles = 0;
    for (int n = 4; n <= 12; ++n) {
        for (const Instance& in : read_instances(fmt::format("{}/tatham-dev/n{:02}.tatham", FUTOLAB_DATA_DIR, n))) {
            const Puzzle p = Puzzle::compile(in);
            const auto run = [&](const std::string& spec) {
                auto solver = make_solver(parse_solver_spec(spec));
                return run_solver(*solver, p, {Mode::count_to(2), {}, 0}).result;
            };
            const SolveResult ours = run("gac:alldiff=regin,branch=binary,var=mrv,val=min,sac=none");
            const SolveResult ref = run("gecode");
            INFO(p.id());
            CHECK(ours.status == ref.status);
            CHECK(ours.counters.nodes == ref.counters.nodes);
            CHECK(ours.counters.fails == ref.counters.fails);
            ++puzzles;
        }
    }
    CHECK(puzzles == 615);
}
