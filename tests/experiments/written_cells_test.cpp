// Cells resume and merge take only as futolab writes them (red-team round 23, tester C): F4 a
// record (`output`) cell spelled otherwise than futolab writes it (a leading space or tab,
// trailing spaces, spaces inside the JSON) was merged, resumed and exported byte for byte; F6
// the message of a finished solver row was never read.
#include "records/csv_reader.hpp"
#include "solvers/registry/registry.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

using futolab::test::accepted_by_both;
using futolab::test::refused_by_both;
namespace fs = std::filesystem;

namespace {

// Row `row`'s output cell changed by `respell` (the records stay the same).
futolab::test::TableEdit respelled(std::size_t row, std::string (*respell)(const std::string&)) {
    return [row, respell](futolab::CsvTable& t) {
        std::string& output = t.rows.at(row).at(t.column("output", "t"));
        output = respell(output);
    };
}

std::string space_before(const std::string& s) { return " " + s; }
std::string tab_before(const std::string& s) { return "\t" + s; }
std::string spaces_after(const std::string& s) { return s + "  "; }
std::string spaced_inside(const std::string& s) {
    std::string out = s;
    const std::size_t at = out.find(",\"n\":");
    return at == std::string::npos ? out : out.replace(at, 5, ", \"n\" : ");
}

}  // namespace

TEST_CASE("an output cell is taken only as futolab writes it (red-team round 23, C F4)", "[resume][merge][critical][long]") {
    const fs::path dir = futolab::test::sweep_in("written-cells", "output-form",
                                                 "name: g\ntask: critical\ninstances:\n  - squares: { n: 4, count: 2, sampler: jm }\n"
                                                 "methods: [ \"critical\" ]\n");
    accepted_by_both(dir, "g");
    for (auto* respell : {space_before, tab_before, spaces_after, spaced_inside})
        refused_by_both(dir, "g", 0, respelled(0, respell), "column 'output' is '");
    for (auto* respell : {space_before, tab_before, spaces_after, spaced_inside})
        refused_by_both(dir, "g", 1, respelled(1, respell), "not written as futolab writes it (from byte ");
}

// F6: the message of a finished solver row is one its run writes: none, or a portfolio's
// "answered by MEMBER" of one of its members ("see the log" on a gac row, "answered by
// minizinc" on a portfolio's were resumed and merged).
TEST_CASE("a finished solver row says nothing but the portfolio member that answered (red-team round 23, C F6)",
          "[resume][merge][portfolio][long]") {
    using futolab::is_finished_message;
    using futolab::parse_solver_spec;
    CHECK(is_finished_message(parse_solver_spec("gac"), ""));
    CHECK_FALSE(is_finished_message(parse_solver_spec("fc"), "see the log"));
    const futolab::SolverSpec sequence = parse_solver_spec("portfolio:schedule=sequence");
    CHECK(is_finished_message(sequence, "answered by gac"));
    CHECK(is_finished_message(sequence, "answered by sat:config=sat after gac at 1000 nodes"));
    CHECK_FALSE(is_finished_message(sequence, "answered by sat:config=sat"));  // the first member always runs first
    CHECK_FALSE(is_finished_message(sequence, "answered by sat:config=sat after gac at  nodes"));
    // A member hands over at exactly its budget, presolve_nodes (1000 by default): no other count.
    for (const char* n : {"999", "1001", "1", "01000", "18446744073709551615"})
        CHECK_FALSE(is_finished_message(sequence, "answered by sat:config=sat after gac at " + std::string(n) + " nodes"));
    const futolab::SolverSpec budget7 = parse_solver_spec("portfolio:schedule=sequence,presolve_nodes=7");
    CHECK(is_finished_message(budget7, "answered by sat:config=sat after gac at 7 nodes"));
    CHECK_FALSE(is_finished_message(budget7, "answered by sat:config=sat after gac at 1000 nodes"));
    const futolab::SolverSpec gecode = parse_solver_spec("portfolio:schedule=sequence,members=gecode+sat,presolve_nodes=7");
    CHECK(is_finished_message(gecode, "answered by sat after gecode:var=afcsize at 7 nodes"));
    CHECK_FALSE(is_finished_message(gecode, "answered by sat after gecode:var=afcsize at 8 nodes"));
    CHECK_FALSE(is_finished_message(sequence, "answered by gac "));
    CHECK_FALSE(is_finished_message(parse_solver_spec("portfolio"), "answered by minizinc"));
    CHECK(is_finished_message(parse_solver_spec("portfolio"), "answered by sat"));  // a counting member of the race
    CHECK(is_finished_message(parse_solver_spec("portfolio:members=gecode+sat"),
                              "answered by " + parse_solver_spec("gecode:var=afcsize").spec()));

    const fs::path dir = futolab::test::sweep_in(
        "written-cells", "solver-message",
        "name: v\nmode: first\nisolation: thread\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
        "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ gac, \"portfolio:schedule=sequence\" ]\n");
    accepted_by_both(dir, "v");
    const futolab::CsvTable t = futolab::test::table_of(dir / "base" / "v.csv");
    std::size_t gac = 0, portfolio = 0;
    for (std::size_t r = 0; r < t.rows.size(); ++r) (futolab::test::cell(t, r, "solver") == "gac" ? gac : portfolio) = r;
    REQUIRE(futolab::test::cell(t, portfolio, "message") == "answered by gac");
    for (const char* message : {"see the log", "node limit 100000 reached"})
        refused_by_both(dir, "v", gac, {{"message", message}}, "run of gac writes none");
    for (const char* message : {"answered by minizinc", "answered by gac after sat at 5 nodes", ""})
        refused_by_both(dir, "v", portfolio, {{"message", message}},
                        "writes 'answered by MEMBER' of one of its members");
}
