// No output is the running futolab executable, by any name (red-team round 26): `generate
// --out ./futolab.jsonl` was refused only by its extension, while a hard link to the binary, a
// symbolic link to it, /proc/self/exe or a binary itself named x.jsonl was taken as an output
// like any file, and replaced. Every output's check (core/live_writer.hpp lock_problem, asked of
// every file output before any work) compares it with /proc/self/exe's device and inode.
// The binary runs here as `bin/x.jsonl` (a hard link to the build's futolab, or a copy where
// the build lies on another file system), so its own name is an output name of every command.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>

using futolab::test::has;
namespace fs = std::filesystem;

namespace {

const std::string kRunning = "is the running futolab executable";

// `bin/x.jsonl ARGS` run in `dir`: its exit code and standard error.
futolab::test::CliResult run_binary(const fs::path& dir, const std::string& args) {
    const std::string err = (dir / "err.txt").string();
    const std::string cmd = "cd '" + dir.string() + "' && ./bin/x.jsonl " + args + " >/dev/null 2>'" + err + "'";
    const int raw = std::system(cmd.c_str());
    futolab::test::CliResult r;
    r.exit_code = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.err = futolab::test::slurp(err);
    fs::remove(err);
    return r;
}

// The file a name leads to and its size (not its count of names: the build's own name of it is
// replaced whenever futolab is linked again).
struct Identity {
    dev_t dev;
    ino_t ino;
    off_t size;
    bool operator==(const Identity&) const = default;
};

Identity identity_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return {st.st_dev, st.st_ino, st.st_size};
}

// The binary at dir/bin/x.jsonl, with a second name dir/y.jsonl and a symbolic link dir/lnk.jsonl
// to it, and an instances file in.jsonl and a config s.yaml for the commands that read one.
fs::path binary_folder(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("running-binary", name);
    fs::create_directory(dir / "bin");
    std::error_code ec;
    fs::create_hard_link(FUTOLAB_CLI, dir / "bin" / "x.jsonl", ec);
    if (ec) fs::copy_file(FUTOLAB_CLI, dir / "bin" / "x.jsonl");
    fs::create_hard_link(dir / "bin" / "x.jsonl", dir / "y.jsonl");
    fs::create_symlink("bin/x.jsonl", dir / "lnk.jsonl");
    REQUIRE(run_binary(dir, "generate random --n 4 --count 2 --out in.jsonl").exit_code == 0);
    return dir;
}

}  // namespace

TEST_CASE("no command writes an output over the running futolab executable", "[cli][outputs][long]") {
    const fs::path dir = binary_folder("outputs");
    const Identity before = identity_of(dir / "bin" / "x.jsonl");
    const std::string square = " --square \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\"";
    // Each command, and whether its --out is critical's through a symbolic link (lnk.jsonl, and
    // /proc/self/exe, a link of the kernel's): critical refuses any link as --out first, its
    // results CSV lying beside the name given (critical_link_out_cli_test.cpp).
    std::vector<std::pair<std::string, bool>> commands;
    for (const std::string name : {"bin/x.jsonl", "./bin/x.jsonl", "y.jsonl", "lnk.jsonl", "/proc/self/exe"}) {
        const bool link = name == "lnk.jsonl" || name == "/proc/self/exe";
        for (const std::string force : {"", " --force"}) {
            commands.emplace_back("generate random --n 4 --count 2 --out " + name + force, false);
            commands.emplace_back("critical" + square + " --out " + name + force, link);
            commands.emplace_back("critical --exact" + square + " --objective k --out e.jsonl --certificate " + name + force, false);
            commands.emplace_back("critical --construct --n 4 --out " + name + force, link);
            commands.emplace_back("convert in.jsonl --to jsonl --out " + name + force, false);
        }
    }
    for (const auto& [command, linked_out] : commands) {
        const auto r = run_binary(dir, command);
        INFO(command + ": " + r.err);
        CHECK(r.exit_code == 2);
        if (linked_out) {
            CHECK(has(r.err, "is a symbolic link"));
            continue;
        }
        CHECK(has(r.err, kRunning));
        CHECK(has(r.err, "refusing to write over it, --force or not"));
    }
    CHECK(identity_of(dir / "bin" / "x.jsonl") == before);  // the binary as it was, every name of it there
    CHECK(identity_of(dir / "y.jsonl") == before);
    CHECK(fs::is_symlink(dir / "lnk.jsonl"));
    CHECK_FALSE(fs::exists(dir / "e.jsonl"));
}

TEST_CASE("no results CSV report page or table is the running futolab executable", "[cli][outputs]") {
    const fs::path dir = binary_folder("results");
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nisolation: thread\ninstances:\n  - generate: { kind: random, n: 4, count: 2 }\n"
                                     "solvers: [ fc ]\n";
    REQUIRE(run_binary(dir, "run -q s.yaml --out res").exit_code == 0);
    fs::create_hard_link(dir / "bin" / "x.jsonl", dir / "page.html");
    fs::create_hard_link(dir / "bin" / "x.jsonl", dir / "m.csv");
    const Identity before = identity_of(dir / "bin" / "x.jsonl");
    for (const std::string command : {"report res/s.csv --out page.html", "report res/s.csv --out /proc/self/exe --force",
                                      "merge res/s.csv --out m.csv --force", "merge res/s.csv --out /proc/self/exe"}) {
        const auto r = run_binary(dir, command);
        INFO(command + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "refusing"));
    }
    // A config whose results CSV is the binary, by a second name.
    std::ofstream(dir / "b.yaml") << "name: b\nseed: 1\nisolation: thread\noutput: m.csv\ninstances:\n  - generate: { kind: random, n: 4, "
                                     "count: 2 }\nsolvers: [ fc ]\n";
    const auto run = run_binary(dir, "run -q b.yaml");
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(has(run.err, kRunning));
    CHECK(identity_of(dir / "bin" / "x.jsonl") == before);
    CHECK(identity_of(dir / "m.csv") == before);
    CHECK(identity_of(dir / "page.html") == before);
}
