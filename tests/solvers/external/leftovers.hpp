// Test fixtures for "nothing left behind" (issue #45), header-only: finding the processes a
// fake tool left running (by a marker in their command line), a watchdog that fails a hang
// instead of waiting for it, and a scoped environment variable.
#pragma once

#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace futolab::test {

// A `sleep` argument no other process uses: "9NN.<pid>" seconds (a quarter of an hour).
inline std::string sleep_marker(int n) { return std::to_string(900 + n) + "." + std::to_string(::getpid()); }

// The live (not zombie) processes whose command line is `sleep MARKER`.
inline std::vector<pid_t> sleepers(const std::string& marker) {
    std::vector<pid_t> found;
    DIR* proc = ::opendir("/proc");
    if (proc == nullptr) return found;
    while (const dirent* e = ::readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        const std::string base = std::string("/proc/") + e->d_name;
        std::ifstream cmd(base + "/cmdline", std::ios::binary);
        std::stringstream text;
        text << cmd.rdbuf();
        if (text.str() != "sleep" + std::string(1, '\0') + marker + std::string(1, '\0')) continue;
        std::ifstream stat(base + "/stat");
        std::string pid, name, state;
        if (stat >> pid >> name >> state && state != "Z") found.push_back(static_cast<pid_t>(std::atol(e->d_name)));
    }
    ::closedir(proc);
    return found;
}

// Ends what a failed test left (the processes it started, found by their marker).
inline void kill_sleepers(const std::string& marker) {
    for (pid_t pid : sleepers(marker)) ::kill(pid, SIGKILL);
}

// SIGALRM (default action: the test process ends, and the test fails) if the scope lasts
// longer than `seconds`: a hang becomes a failure, never a wait.
class Watchdog {
public:
    explicit Watchdog(unsigned seconds) { ::alarm(seconds); }
    ~Watchdog() { ::alarm(0); }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;
};

// NAME=value for the scope's life (tests run one at a time in a process).
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (old_) ::setenv(name_, old_->c_str(), 1);
        else ::unsetenv(name_);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

}  // namespace futolab::test
