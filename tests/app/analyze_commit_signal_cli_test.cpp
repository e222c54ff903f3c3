// Red-team round 28, tester A, F8: `analyze --tables DIR --plots DIR` puts its tables and figures
// in place at the end, one rename after another; a SIGTERM or SIGHUP between two renames ended it
// by the signal's default action (exit 143 or 129, nothing said), the tables new beside old
// figures and the figures' temporary files left. The renames are now one window the stop signals
// do not cut (app/commit_window.hpp): a signal held back through it is taken after it, every
// output in place (exit 1, one line). FUTOLAB_TEST_COMMIT_WAIT pauses the window after its first
// rename (the tables), so the test signals it there, synchronised on the tables being new.
#include "fake_gnuplot.hpp"
#include "signalled_cli.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

using futolab::test::has;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper.csv";

// The files of tabs/ and figs/ (locks and gnuplot's logs aside) with their bytes.
std::map<std::string, std::string> outputs(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const char* folder : {"tabs", "figs"})
        for (const auto& entry : fs::directory_iterator(dir / folder)) {
            const std::string name = entry.path().filename().string();
            if (name.ends_with(".lock") || name.ends_with(".log")) continue;
            files[std::string(folder) + "/" + name] = slurp(entry.path().string());
        }
    return files;
}

// An earlier analysis in tabs/ and figs/, every file of it then made "old\n": a file renamed over
// it is new.
void old_outputs(const fs::path& dir) {
    futolab::test::install_fake_gnuplot(dir);  // whole figures at once
    const auto r = futolab::test::run_cli_env("PATH='" + (dir / "bin").string() + "':\"$PATH\" ",
                                              "analyze " + kResults + " --tables tabs --plots figs", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    for (const auto& [name, text] : outputs(dir)) std::ofstream(dir / name, std::ios::trunc) << "old\n";
    REQUIRE(outputs(dir).size() > 12);  // tables, and each figure's script, data and pictures
}

// analyze into the old outputs, signalled by `sig` once its tables are in place (the window
// paused after them); `also` (0: none) is sent just before, a second signal in the window.
int analyze_signalled(const fs::path& dir, int sig, int also) {
    const std::vector<std::string> args{"analyze", kResults, "--tables", "tabs", "--plots", "figs"};
    const std::string path = (dir / "bin").string() + ":" + ::getenv("PATH");
    return futolab::test::signalled_cli(
        dir, args, sig,
        [&](pid_t pid) {
            if (slurp((dir / "tabs" / "summary.csv").string()) == "old\n") return false;
            if (also != 0) REQUIRE(::kill(pid, also) == 0);
            return true;
        },
        [&] {
            ::setenv("PATH", path.c_str(), 1);
            ::setenv("FUTOLAB_TEST_COMMIT_WAIT", "2", 1);
        });
}

void every_output_new(const fs::path& dir) {
    for (const auto& [name, text] : outputs(dir)) {
        INFO(name);
        CHECK(text != "old\n");
        CHECK_FALSE(has(name, ".tmp-"));  // no temporary file left
    }
}

}  // namespace

TEST_CASE("analyze holds a stop signal back while it puts its tables and figures in place", "[cli][analyze][signals][outputs][long]") {
    const fs::path dir = futolab::test::fresh_dir("analyze-commit-signal", "window");
    SECTION("one signal: every output written then exit 1 saying so") {
        for (const int sig : {SIGTERM, SIGHUP, SIGINT}) {
            INFO("signal " << sig);
            old_outputs(dir);
            CHECK(analyze_signalled(dir, sig, 0) == 1);
            const std::string err = slurp((dir / "err.txt").string());
            CHECK(err == "futolab: analyze: interrupted after every table and figure was written\n");
            every_output_new(dir);
        }
    }
    SECTION("a second signal in the window exits only once every output is in place") {
        old_outputs(dir);
        CHECK(analyze_signalled(dir, SIGTERM, SIGHUP) == 130);
        every_output_new(dir);
    }
}
