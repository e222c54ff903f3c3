// critical --free-square --input refuses a start puzzle with givens naming its file and line, as
// a config's critical_orders file does (red-team round 16, A 164: the id was named, not the line).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;

TEST_CASE("critical --free-square --input names the line of a start puzzle with givens", "[critical][free-square]") {
    const fs::path dir = futolab::test::fresh_dir("free-square-start", "givens");
    std::ofstream(dir / "giv.jsonl") << "{\"id\":\"a\",\"n\":4,\"givens\":[],\"lt\":[]}\n"
                                        "{\"id\":\"b\",\"n\":4,\"givens\":[[0,0,1]],\"lt\":[]}\n";
    const std::string says = ":2: instance 'b' has givens: --free-square starts from zero-given puzzles";
    const auto file = run_cli("critical --free-square --input giv.jsonl --out o.jsonl", dir.string());
    CHECK(file.exit_code == 2);
    CHECK(has(file.err, "giv.jsonl" + says));
    const auto piped = run_cli("critical --free-square --input - --out o.jsonl < giv.jsonl", dir.string());
    CHECK(piped.exit_code == 2);
    CHECK(has(piped.err, "-" + says));
    CHECK_FALSE(fs::exists(dir / "o.jsonl"));
}
