// The sidecar's run.command is the command line quoted for a POSIX shell (core/shell_words.hpp,
// docs/schema.md): it was the words joined with spaces, so pasting it split `--square '2 1 4 3/…'`
// into stray words, cut `--out 'sq2; touch PWNED.jsonl'` at the `;` and ran `touch`, and
// `run 'my cfg $(id).yaml'` ran `id` (red-team round 26, C F4). Pasted now, it re-runs the same
// command and runs nothing else; report's provenance row shows that text, HTML-escaped.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

std::string command_of(const fs::path& sidecar) {
    return YAML::LoadFile(sidecar.string())["run"]["command"].as<std::string>();
}

// The sidecar's `command` pasted into /bin/sh in `dir`, the built futolab for "futolab", with
// `more` typed after it: what a user does to re-run it.
futolab::test::CliResult pasted(const std::string& command, const std::string& more, const fs::path& dir) {
    REQUIRE(command.rfind("futolab ", 0) == 0);
    return run_cli(command.substr(8) + more, dir.string());
}

constexpr const char* kSquare = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";

}  // namespace

TEST_CASE("critical's sidecar command quotes each word that needs it and pasted re-runs the same search", "[cli][sidecar]") {
    const fs::path dir = fresh_dir("sidecar-command", "critical");
    struct Case {
        std::string out, quoted;  // --out as typed (in single quotes) and as the sidecar quotes it
    };
    const std::vector<Case> cases{{"sq2; touch PWNED.jsonl", "'sq2; touch PWNED.jsonl'"},
                                  {"$(touch PWNED).jsonl", "'$(touch PWNED).jsonl'"},
                                  {"`touch PWNED`.jsonl", "'`touch PWNED`.jsonl'"},
                                  {"plain-name.jsonl", "plain-name.jsonl"}};
    for (const Case& c : cases) {
        INFO(c.out);
        auto r = run_cli(std::string("critical --square '") + kSquare + "' --out '" + c.out + "'", dir.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const std::string stem = c.out.substr(0, c.out.size() - 6);
        const std::string command = command_of(dir / (stem + ".csv.meta.yaml"));
        CHECK(command == std::string("futolab critical --square '") + kSquare + "' --out " + c.quoted);
        fs::remove(dir / (stem + ".csv"));  // pasted, the search runs again and writes them again
        fs::remove(dir / c.out);
        r = pasted(command, " --force", dir);
        CHECK(r.exit_code == 0);
        CHECK(fs::exists(dir / (stem + ".csv")));
        CHECK(fs::exists(dir / c.out));
        CHECK_FALSE(fs::exists(dir / "PWNED"));
        CHECK_FALSE(fs::exists(dir / "PWNED.jsonl"));
        CHECK(command_of(dir / (stem + ".csv.meta.yaml")) == command + " --force");
    }
    fs::remove_all(dir);
}

TEST_CASE("run's sidecar command quotes the config's name and pasted resumes the same run", "[cli][sidecar][long]") {
    const fs::path dir = fresh_dir("sidecar-command", "run");
    REQUIRE(run_cli("generate unique --n 4 --count 2 --seed 3 --out p.jsonl", dir.string()).exit_code == 0);
    struct Case {
        std::string config, quoted;
    };
    const std::vector<Case> cases{{"my cfg $(touch PWNED).yaml", "'my cfg $(touch PWNED).yaml'"},
                                  {"it's.yaml", "'it'\\''s.yaml'"},
                                  {"tab\there.yaml", "'tab\there.yaml'"},
                                  {"ok_1.yaml", "ok_1.yaml"}};
    int k = 0;
    for (const Case& c : cases) {
        INFO(c.config);
        const std::string out = "o" + std::to_string(k++);
        std::ofstream(dir / c.config) << "name: s\nmode: { count: 2 }\ninstances:\n  - file: p.jsonl\nsolvers: [ fc ]\n";
        auto r = run_cli("run -q " + c.quoted + " --out " + out, dir.string());  // typed as the sidecar will say it
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const std::string command = command_of(dir / out / "s.csv.meta.yaml");
        CHECK(command == "futolab run -q " + c.quoted + " --out " + out);
        r = pasted(command, " --resume", dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, ", 2 already done, 0 written now"));
        CHECK_FALSE(fs::exists(dir / "PWNED"));
    }
    fs::remove_all(dir);
}

TEST_CASE("report's provenance row shows the quoted command HTML-escaped", "[cli][sidecar][report]") {
    const fs::path dir = fresh_dir("sidecar-command", "report");
    REQUIRE(run_cli(std::string("critical --square '") + kSquare + "' --out 'a <b>; c.jsonl'", dir.string()).exit_code == 0);
    const auto r = run_cli("report 'a <b>; c.csv' --out r.html", dir.string());
    REQUIRE(r.exit_code == 0);
    CHECK(has(slurp((dir / "r.html").string()),
              "<tr><th>run.command</th><td>futolab critical --square &#39;2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4&#39; --out &#39;a "
              "&lt;b&gt;; c.jsonl&#39;</td></tr>"));
    fs::remove_all(dir);
}
