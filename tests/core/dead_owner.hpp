// An owner that is gone, for the reapers' tests: a child that exited, its start time read while
// it was a zombie (so its pid and start time named a process once), and an owner as the names of
// futolab's temporary folders and files carry it.
#pragma once

#include "core/owner.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

namespace futolab::test {

inline external::Owner dead_owner() {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    std::optional<external::Owner> owner;
    for (int i = 0; i < 1000 && !(owner = external::process_owner(pid)); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::waitpid(pid, nullptr, 0);
    REQUIRE(owner);
    return *owner;
}

// "p<pid>s<start>", as external::owner_token writes this process's.
inline std::string token(const external::Owner& o) { return "p" + std::to_string(o.pid) + "s" + std::to_string(o.start); }

}  // namespace futolab::test
