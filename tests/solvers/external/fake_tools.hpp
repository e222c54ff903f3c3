// Test fixtures for the external backends (header-only): a scratch directory, and fake tools —
// shell scripts put first on PATH under a real tool's name — that print what a test wants, so a
// test can make minizinc, swipl or cbc misbehave (garbage, wrong or repeated solutions, a crash).
#pragma once

#include "solvers/external/temp_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace futolab::test {

// Puts `dir` first on PATH for its lifetime (tests run one at a time in a process).
class PathPrefix {
public:
    explicit PathPrefix(const std::filesystem::path& dir, bool only = false) {
        const char* old = std::getenv("PATH");
        if (old != nullptr) old_ = old;
        const std::string value = only ? dir.string() : dir.string() + ":" + old_.value_or("");
        ::setenv("PATH", value.c_str(), 1);
    }
    ~PathPrefix() {
        if (old_) ::setenv("PATH", old_->c_str(), 1);
        else ::unsetenv("PATH");
    }
    PathPrefix(const PathPrefix&) = delete;
    PathPrefix& operator=(const PathPrefix&) = delete;

private:
    std::optional<std::string> old_;
};

// A directory of fake tools, first on PATH while it lives.
class FakeTools {
public:
    FakeTools() : dir_("fake-tools"), path_(dir_.path()) {}
    // An executable /bin/sh script `name` with this body.
    void add(const std::string& name, const std::string& body) {
        const std::filesystem::path p = dir_.path() / name;
        std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
        std::filesystem::permissions(p, std::filesystem::perms::owner_all);
    }
    // A tool that prints `text` on stdout and exits 0.
    void print(const std::string& name, const std::string& text) {
        const std::filesystem::path out = dir_.write(name + ".out", text);
        add(name, "cat '" + out.string() + "'");
    }

private:
    external::TempDir dir_;
    PathPrefix path_;
};

}  // namespace futolab::test
