// SignalScope nests (sandbox/interrupt.hpp): `run` and critical's experiments take the signals
// from their start, and write their records through a step with a scope of its own. When the
// inner scope ended, the signals went nowhere (the target was nulled): a later SIGTERM was lost.
// Now the outer scope takes them again, and a stop the inner one took is the outer one's too.
#include "sandbox/interrupt.hpp"

#include <catch2/catch.hpp>

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
