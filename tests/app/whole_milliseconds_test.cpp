// Red-team round 14 (B F9): the default search of `critical` checked --time-limit through its
// double, so 1.0000000000000001 s, 0.30000000000000001 s and 300.00000000000001ms were taken as
// whole milliseconds. The typed digits are what is checked now.
#include "app/whole_milliseconds.hpp"

#include <catch2/catch.hpp>

#include <string>

using futolab::app::is_whole_milliseconds;

TEST_CASE("a duration is a whole number of milliseconds as typed, not as its nearest double", "[critical][time-limit]") {
    for (const char* whole : {"0", "-0", "0e5", "0.000", "1", "0.3", "300ms", "1e3us", "2000us", "1.5", "0.001", "1e-3",
                              "0.0015m", "0.00015m", "0.000015h", "0.00001h", "2h", "1.5m", "300.000ms", "3e2ms", "0.3e1", "10s",
                              "31536000", "100000000000000000000e-20"}) {
        INFO(whole);
        CHECK(is_whole_milliseconds(whole));
    }
    for (const char* not_whole : {"1.0000000000000001", "0.30000000000000001", "300.00000000000001ms", "1.000001",
                                  "0.0005", "1.5ms", "1.5us", "2500us", "1e-9", "0.000001m", "0.0000001h",
                                  "1e-4", "0.3000000000000000000000000000001"}) {
        INFO(not_whole);
        CHECK_FALSE(is_whole_milliseconds(not_whole));
    }
}
