// SignalScope nests (sandbox/interrupt.hpp): `run` and critical's experiments take the signals
// from their start, and write their records through a step with a scope of its own. When the
// inner scope ended, the signals went nowhere (the target was nulled): a later SIGTERM was lost.
// Now the outer scope takes them again, and a stop the inner one took is the outer one's too.
// A second signal exits at once with 130 (docs/reliability.md), also when the first was the
// outer scope's and the second comes in an inner one (`critical --exact --n` making its records
// under a scope of its own: it was a first signal again there).
#include "sandbox/interrupt.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

using futolab::Interrupt;
using futolab::SignalScope;

TEST_CASE("a signal after an inner SignalScope ended reaches the outer one", "[signals][interrupt]") {
    Interrupt outer;
    const SignalScope outer_scope(outer);
    {
        Interrupt inner;
        const SignalScope inner_scope(inner);
    }
    REQUIRE(std::raise(SIGTERM) == 0);
    CHECK(outer.requested());
}

TEST_CASE("a stop an inner SignalScope took is the outer scope's too", "[signals][interrupt]") {
    Interrupt outer;
    const SignalScope outer_scope(outer);
    {
        Interrupt inner;
        const SignalScope inner_scope(inner);
        REQUIRE(std::raise(SIGHUP) == 0);
        CHECK(inner.requested());
        CHECK(!outer.requested());
    }
    CHECK(outer.requested());
}

TEST_CASE("a second signal in an inner SignalScope after the outer one took the first exits with 130", "[signals][interrupt]") {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        Interrupt outer;
        const SignalScope outer_scope(outer);
        std::raise(SIGTERM);
        Interrupt inner;
        const SignalScope inner_scope(inner);
        std::raise(SIGTERM);
        ::_exit(inner.requested() ? 3 : 0);  // not reached when the second signal exits
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
}
