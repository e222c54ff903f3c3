// Red-team round 26, tester A, F3: `analyze --plots DIR` checked a figure's files only when it
// reached that figure, so a FIFO or a folder at one of their names was exit 2 after the tables
// and the figures before it had been written; and a figure gnuplot failed on (or was killed on,
// past FUTOLAB_GNUPLOT_WAIT) left the tables and the figures before it new, those after it old,
// and its own new data and script beside its old pictures. Now every file a figure writes is
// checked before anything is written, and every figure is made under temporary names before any
// table or figure replaces a file: a failed analyze leaves both folders as they were. A fake
// gnuplot first on PATH writes whole figures, or fails on the figure the test names.
#include "cli_runner.hpp"
#include "fake_gnuplot.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli_env;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper.csv";
const std::string kAnalyze = "analyze " + kResults + " --plots figs --tables tabs";

// DIR/bin/gnuplot: on the figure whose name has `figure` in it, `action` (shell text), else
// whole figures (fake_gnuplot.hpp).
void fake_gnuplot(const fs::path& dir, const std::string& figure = "", const std::string& action = "") {
    futolab::test::install_fake_gnuplot(dir, figure.empty() ? "" : "case \"$1\" in *" + figure + "*)\n" + action + "\n;;\nesac\n");
}

futolab::test::CliResult analyze(const fs::path& dir, const std::string& env = "") {
    return run_cli_env(env + "PATH='" + (dir / "bin").string() + "':\"$PATH\" ", kAnalyze, dir.string());
}

// The regular files of figs/ and tabs/ (locks and gnuplot's logs aside) with inode and bytes:
// a file replaced by a rename has a new inode, with the same bytes too.
std::map<std::string, std::pair<ino_t, std::string>> snapshot(const fs::path& dir) {
    std::map<std::string, std::pair<ino_t, std::string>> files;
    for (const char* folder : {"figs", "tabs"})
        for (const auto& entry : fs::directory_iterator(dir / folder)) {
            const std::string name = entry.path().filename().string();
            if (!entry.is_regular_file() || name.ends_with(".lock") || name.ends_with(".log")) continue;
            struct stat st {};
            REQUIRE(::stat(entry.path().c_str(), &st) == 0);
            files[std::string(folder) + "/" + name] = {st.st_ino, slurp(entry.path().string())};
        }
    return files;
}

bool temp_files_left(const fs::path& dir) {
    for (const char* folder : {"figs", "tabs"})
        for (const auto& entry : fs::directory_iterator(dir / folder))
            if (has(entry.path().filename().string(), ".tmp-")) return true;
    return false;
}

// An earlier analysis in DIR/figs and DIR/tabs.
void earlier_analysis(const fs::path& dir) {
    const auto first = analyze(dir);
    INFO(first.err);
    REQUIRE(first.exit_code == 0);
    REQUIRE(fs::exists(dir / "figs" / "growth-wall_ms.pdf"));
    REQUIRE(fs::exists(dir / "tabs" / "summary.csv"));
}

}  // namespace

TEST_CASE("analyze refuses a FIFO or folder at any figure file's name before it writes a table or figure",
          "[cli][analyze][plots][outputs][long]") {
    const fs::path dir = futolab::test::fresh_dir("figure-files", "planted");
    fake_gnuplot(dir);
    earlier_analysis(dir);
    std::vector<std::string> names{"cactus-wall_ms.log", "growth-wall_ms.log"};  // gnuplot's logs, not there
    for (const auto& entry : fs::directory_iterator(dir / "figs"))
        if (!entry.path().filename().string().starts_with(".")) names.push_back(entry.path().filename().string());
    REQUIRE(names.size() > 12);  // each figure's script, data and pictures
    for (const std::string& name : names)
        for (const bool folder : {true, false}) {
            INFO(name << (folder ? " a folder" : " a FIFO"));
            const fs::path at = dir / "figs" / name;
            const std::string kept = fs::exists(at) ? slurp(at.string()) : "";
            fs::remove(at);
            if (folder) fs::create_directory(at);
            else REQUIRE(::mkfifo(at.c_str(), 0600) == 0);
            const auto before = snapshot(dir);
            const auto r = analyze(dir);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "--plots figs/" + name + (folder ? ": is a folder, not a file" : ": is a FIFO (named pipe), not a regular file")));
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK_FALSE(has(r.out, "table: "));
            CHECK(snapshot(dir) == before);  // no table, script, data or picture replaced
            CHECK_FALSE(temp_files_left(dir));
            fs::remove(at);
            if (!name.ends_with(".log")) std::ofstream(at) << kept;
        }
}

TEST_CASE("a figure gnuplot fails on or cuts or is killed on leaves every table and figure as they were",
          "[cli][analyze][plots][gnuplot][outputs]") {
    struct Case {
        std::string name, figure, action, env, said;
    };
    const std::string cut = futolab::test::fake_figures_sh("svg", "printf '<svg>\\n<path'") + "exit 0";
    for (const Case& c : {Case{"fails-second", "growth-wall_ms", "exit 1", "", "figure growth-wall_ms: gnuplot failed on "},
                          Case{"fails-first", "cactus-wall_ms", "exit 1", "", "figure cactus-wall_ms: gnuplot failed on "},
                          Case{"cut-second", "growth-wall_ms", cut, "", "figure growth-wall_ms: gnuplot ended without finishing "},
                          Case{"killed-second", "growth-wall_ms", "sleep 30", "FUTOLAB_GNUPLOT_WAIT=300ms ",
                               "figure growth-wall_ms: gnuplot did not finish "}}) {
        INFO(c.name);
        const fs::path dir = futolab::test::fresh_dir("figure-files", c.name);
        fake_gnuplot(dir);
        earlier_analysis(dir);
        const auto before = snapshot(dir);
        fake_gnuplot(dir, c.figure, c.action);
        const auto r = analyze(dir, c.env);
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, c.said));
        CHECK_FALSE(has(r.out, "table: "));
        CHECK_FALSE(has(r.out, "plot: "));
        CHECK(snapshot(dir) == before);
        CHECK_FALSE(temp_files_left(dir));
    }
    // A gnuplot that makes every figure: all of them and the tables replaced, each file new.
    const fs::path dir = futolab::test::fresh_dir("figure-files", "whole");
    fake_gnuplot(dir);
    earlier_analysis(dir);
    const auto before = snapshot(dir);
    const auto r = analyze(dir);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "plot: figs/growth-wall_ms.png (.svg, .pdf)\n"));
    const auto after = snapshot(dir);
    REQUIRE(after.size() == before.size());
    for (const auto& entry : after) CHECK(entry.second.first != before.at(entry.first).first);
}
