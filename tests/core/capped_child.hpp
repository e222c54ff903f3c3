// What a read ends in when memory runs short: `read` runs in a forked child whose address space
// may grow `headroom` bytes beyond the test's own, so a reader that needs tens of bytes per input
// byte runs out. For the readers' out-of-memory message (core/reader_memory.hpp). Skip under
// sanitizers (core/sanitizers.hpp): their allocators abort under RLIMIT_AS.
#pragma once

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <new>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace futolab::test {

// The address space this process maps now, in bytes (/proc/self/statm's first field, in pages).
inline std::size_t mapped_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    statm >> pages;
    return pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// "read", the InputError's message, or "std::bad_alloc".
inline std::string read_capped(const std::function<void()>& read, std::size_t headroom) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const std::size_t cap = mapped_bytes() + headroom;
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        const rlimit limit{cap, cap};
        ::setrlimit(RLIMIT_AS, &limit);
        std::string said = "read";
        try {
            read();
        } catch (const futolab::InputError& e) {
            said = e.what();
        } catch (const std::bad_alloc&) {
            said = "std::bad_alloc";
        }
        const ssize_t written = ::write(fds[1], said.data(), said.size());
        ::_exit(written < 0 ? 1 : 0);
    }
    ::close(fds[1]);
    std::string said;
    char buffer[4096];
    for (ssize_t got; (got = ::read(fds[0], buffer, sizeof buffer)) > 0;) said.append(buffer, static_cast<std::size_t>(got));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return said;
}

}  // namespace futolab::test
