// MiniZinc data: what the file holds, and (where MiniZinc is installed) that
// models/futoshiki.mzn solves it to the known solution.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

TEST_CASE("dzn: n, givens with 0 for empty, k and 1-based relation rows", "[dzn]") {
    const auto conjure = read_instances(shared_data("conjure-tutorial-4x4.param"));
    const std::string dzn = write_instances(conjure, Format::dzn);
    CHECK_THAT(dzn, Contains("n = 4;\n"));
    CHECK_THAT(dzn, Contains("givens = [|2, 0, 0, 0\n          |0, 2, 0, 0\n"));
    CHECK_THAT(dzn, Contains("k = 4;\n"));
    CHECK_THAT(dzn, Contains("lt = [|1, 1, 2, 1\n"));
    CHECK_THAT(dzn, Contains("|4, 2, 3, 2 |];\n"));
    Instance none;
    none.n = 2;
    CHECK_THAT(write_instances({none}, Format::dzn), Contains("k = 0;\nlt = array2d(1..0, 1..4, []);\n"));
}

TEST_CASE("dzn: models/futoshiki.mzn solves the Conjure instance (needs minizinc)", "[dzn][minizinc]") {
    if (std::system("minizinc --version > /dev/null 2>&1") != 0) {
        WARN("minizinc is not installed: model check skipped");
        return;
    }
    const auto dir = std::filesystem::temp_directory_path() / "futolab-dzn-test";
    std::filesystem::create_directories(dir);
    const auto data = dir / "conjure.dzn", out = dir / "out.txt";
    {
        std::ofstream file(data);
        file << write_instances(read_instances(shared_data("conjure-tutorial-4x4.param")), Format::dzn);
    }
    const std::string cmd = "minizinc --solver gecode --all-solutions " + std::string(FUTOLAB_SOURCE_DIR) +
                            "/models/futoshiki.mzn " + data.string() + " > " + out.string() + " 2> /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    CHECK(slurp(out.string()) == "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\n----------\n==========\n");
    std::filesystem::remove_all(dir);
}

// Round 9 (R9 #14): bidi controls and default-ignorable characters went raw into the id
// comment (U+202E reorders the rest of the line in an editor). Each becomes a space, as line
// breaks do; a byte that is not UTF-8 becomes U+FFFD; visible text (a fullwidth 1) is kept.
TEST_CASE("id comments: invisible and bidi characters become spaces in every format", "[dzn][hostile]") {
    Instance in = read_instances(shared_data("conjure-tutorial-4x4.param")).at(0);
    const std::vector<std::string> hidden{"\u202E", "\u2067", "\u2069", "\u200F", "\u061C", "\uFEFF", "\u034F",
                                          "\U000E0041", "\U000E0100", "\u00AD", "\u3164", "\u2066"};
    std::string id = "a";
    for (const std::string& h : hidden) id += h + "b";
    in.id = id + "\xFF\xEF\xBC\x91";
    std::string expected = "a";
    for (std::size_t i = 0; i < hidden.size(); ++i) expected += " b";
    expected += "\uFFFD\uFF11";
    for (const auto& [format, mark] : {std::pair{Format::dzn, "% "}, {Format::essence, "$ "}, {Format::futo, "# "}}) {
        const std::string text = write_instances({in}, format);
        INFO(text);
        CHECK(text.substr(0, text.find('\n')) == mark + expected);
        for (const std::string& h : hidden) CHECK(text.find(h) == std::string::npos);
    }
}

// Issue #25: the id is the one piece of data in a written .dzn (and .param, .futo): a comment
// that no line break of any kind can end, so MiniZinc reads none of it as code.
TEST_CASE("dzn: an id with line breaks of every kind stays inside its comment", "[dzn][hostile]") {
    Instance in = read_instances(shared_data("conjure-tutorial-4x4.param")).at(0);
    in.id = "a\nconstraint false;\rconstraint false;\x0b\x0c\x7f"
            "\xC2\x85" "constraint false;\xE2\x80\xA8" "constraint false;\xE2\x80\xA9" "constraint false;";
    const std::string dzn = write_instances({in}, Format::dzn);
    const std::string first = dzn.substr(0, dzn.find('\n'));
    CHECK(first.rfind("% a constraint false;", 0) == 0);
    CHECK(dzn.find("constraint", first.size()) == std::string::npos);  // only in the comment line
    for (const char* br : {"\r", "\x0b", "\x0c", "\x7f", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9"})
        CHECK(dzn.find(br) == std::string::npos);
    // The formats with an id comment read back as the same puzzle: the id took no line of its own.
    const auto dir = std::filesystem::temp_directory_path() / "futolab-dzn-hostile-test";
    std::filesystem::create_directories(dir);
    for (const char* ext : {".param", ".futo"}) {
        const auto file = dir / (std::string("h") + ext);
        const std::string text = write_instances({in}, ext == std::string(".param") ? Format::essence : Format::futo);
        CHECK(text.find('\r') == std::string::npos);
        CHECK(text.find("\xE2\x80\xA8") == std::string::npos);
        std::ofstream(file, std::ios::binary) << text;
        CHECK(Puzzle::compile(read_instances(file.string()).at(0)).hash() == Puzzle::compile(in).hash());
    }
    if (std::system("minizinc --version > /dev/null 2>&1") != 0) {
        WARN("minizinc is not installed: model check skipped");
        std::filesystem::remove_all(dir);
        return;
    }
    std::ofstream(dir / "h.dzn", std::ios::binary) << dzn;
    const std::string cmd = "minizinc --solver gecode --all-solutions " + std::string(FUTOLAB_SOURCE_DIR) +
                            "/models/futoshiki.mzn " + (dir / "h.dzn").string() + " > " + (dir / "out.txt").string() +
                            " 2> /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    CHECK(slurp((dir / "out.txt").string()) == "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\n----------\n==========\n");
    std::filesystem::remove_all(dir);
}
