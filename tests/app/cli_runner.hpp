// Runs the built `futolab` executable in a shell and captures stdout, stderr and the exit code.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

namespace futolab::test {

struct CliResult {
    int exit_code = -1;
    std::string out, err;
};

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A fresh, empty folder for one test of SUITE, per build tree (the suites of two builds, e.g.
// release and asan, may run at once without sharing folders).
inline std::filesystem::path fresh_dir(const std::string& suite, const std::string& name) {
    namespace fs = std::filesystem;
    const std::string build = std::to_string(std::hash<std::string>{}(FUTOLAB_CLI) % 100000);
    const fs::path dir = fs::temp_directory_path() / ("futolab-" + suite + "-" + build + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// run_cli with environment assignments ("NAME=value ", may be empty) before the executable.
inline CliResult run_cli_env(const std::string& env, const std::string& args,
                             const std::string& cwd = FUTOLAB_SOURCE_DIR "/tests/data") {
    static int counter = 0;
    const std::string base = "/tmp/futolab-cli-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
    // Braces: a backgrounded `futolab … & pid=$!; …; wait $pid` writes to the same files.
    const std::string cmd =
        "cd '" + cwd + "' && { " + env + "'" FUTOLAB_CLI "' " + args + "; } >'" + base + ".out' 2>'" + base + ".err'";
    const int raw = std::system(cmd.c_str());
    CliResult r;
    r.exit_code = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(base + ".out");
    r.err = slurp(base + ".err");
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    return r;
}

// stderr without compare's notes that two inputs are one file (issue #45): a test that compares
// a file with itself expects nothing else.
inline std::string without_self_compare_notes(const std::string& err) {
    std::string out;
    std::istringstream lines(err);
    for (std::string line; std::getline(lines, line);)
        if (!has(line, "futolab: compare: note: ") || !has(line, " are one file (same device and inode)"))
            out += line + "\n";
    return out;
}

// In a forked child: becomes `futolab ARGS` (exit 127 if the exec fails), for a test that signals
// or watches the process itself rather than a shell line.
[[noreturn]] inline void exec_cli(const std::vector<std::string>& args) {
    std::vector<char*> argv{const_cast<char*>(FUTOLAB_CLI)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(FUTOLAB_CLI, argv.data());
    ::_exit(127);
}

// `args` is pasted into a shell command line after the executable; run from `cwd`. The exit
// code is that of the last command of the line.
inline CliResult run_cli(const std::string& args, const std::string& cwd = FUTOLAB_SOURCE_DIR "/tests/data") {
    return run_cli_env("", args, cwd);
}

}  // namespace futolab::test
