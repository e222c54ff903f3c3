// `convert` and `check` refuse a JSONL record whose id shows nothing (red-team round 25, C F8):
// `{"n":4,"id":""}` was converted to `{"id":"e:1",…}`, the default SPEC §2.2 gives only a
// record without an id, and `"   "` was kept as an id no reader can see. One line, exit 2,
// nothing written; without the key the default id is as before.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using futolab::test::has;
using futolab::test::run_cli;

TEST_CASE("convert and check refuse an empty or blank JSONL id, naming the line and the default", "[cli][ids]") {
    const auto dir = futolab::test::fresh_dir("blank-id", "convert");
    struct Case {
        std::string line, problem;
    };
    const std::vector<Case> cases{
        {R"({"n":4,"id":""})", "\"id\" is empty: leave the key out for the default id e:2"},
        {R"({"n":4,"id":"   "})",
         "\"id\" is only white space or invisible characters (U+0020 U+0020 U+0020): leave the key out for the default id e:2"},
        {R"({"n":4,"id":"\u00a0"})", "\"id\" is only white space or invisible characters (U+00A0): leave the key out for the default id e:2"},
    };
    for (const Case& c : cases) {
        INFO(c.line);
        const std::string path = (dir / "e.jsonl").string();
        std::ofstream(path) << "{\"n\":4,\"id\":\"ok\"}\n" << c.line << "\n";
        for (const std::string& command : {"convert '" + path + "' --to jsonl", "check '" + path + "'"}) {
            const auto r = run_cli(command);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: " + path + ":2: " + c.problem + "\n");
        }
        const auto out = run_cli("convert '" + path + "' --to jsonl --out '" + (dir / "out.jsonl").string() + "'");
        CHECK(out.exit_code == 2);
        CHECK_FALSE(std::filesystem::exists(dir / "out.jsonl"));
    }
    std::ofstream(dir / "d.jsonl") << "{\"n\":4}\n{\"n\":4,\"id\":\" a \"}\n";
    const auto kept = run_cli("convert '" + (dir / "d.jsonl").string() + "' --to jsonl");
    CHECK(kept.exit_code == 0);
    CHECK(has(kept.out, "{\"id\":\"d:1\",\"n\":4,"));
    CHECK(has(kept.out, "{\"id\":\" a \",\"n\":4,"));
}
