// core/numbers.hpp parse_memory_size at every unit boundary (issue #45: the documented upper
// bound 1EiB was refused as "needs a unit"), and core/env.hpp's switches (FUTOLAB_NO_CGROUP=yes
// was ignored because only "1" counted).
#include "core/env.hpp"
#include "core/numbers.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

using namespace futolab;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

std::string memory_error(const std::string& text) {
    try {
        parse_memory_size(text, "limits.memory");
    } catch (const NumberError& e) {
        return e.what();
    }
    return "";
}

std::string switch_error(const char* text) {
    try {
        parse_env_switch("FUTOLAB_NO_CGROUP", text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

constexpr std::uint64_t kKi = 1024;

}  // namespace

TEST_CASE("memory sizes: every unit up to 1 EiB, read exactly", "[numbers][memory]") {
    CHECK(parse_memory_size("1EiB", "m") == (std::uint64_t{1} << 60));
    CHECK(parse_memory_size("1024PiB", "m") == (std::uint64_t{1} << 60));
    CHECK(parse_memory_size("1PiB", "m") == (std::uint64_t{1} << 50));
    CHECK(parse_memory_size("1TiB", "m") == (std::uint64_t{1} << 40));
    CHECK(parse_memory_size("2GiB", "m") == (std::uint64_t{2} << 30));
    CHECK(parse_memory_size("1MiB", "m") == kKi * kKi);
    CHECK(parse_memory_size("1024KiB", "m") == kKi * kKi);
    CHECK(parse_memory_size("1048576B", "m") == kKi * kKi);
    CHECK(parse_memory_size("1.5GiB", "m") == (std::uint64_t{3} << 29));
    CHECK(parse_memory_size("2GB", "m") == 2'000'000'000);
    CHECK(parse_memory_size("1EB", "m") == 1'000'000'000'000'000'000ULL);
    CHECK(parse_memory_size("1.152921504606846976EB", "m") == (std::uint64_t{1} << 60));
    CHECK(parse_memory_size("0.5EiB", "m") == (std::uint64_t{1} << 59));
    CHECK(parse_memory_size("1.00000GiB", "m") == (std::uint64_t{1} << 30));
    CHECK(parse_memory_size("1.000976562500MiB", "m") == kKi * kKi + kKi);
    CHECK(parse_memory_size("0001MiB", "m") == kKi * kKi);
    CHECK(parse_memory_size("2048kB", "m") == 2'048'000);
    CHECK(parse_memory_size("1.048576MB", "m") == kKi * kKi);
}

TEST_CASE("memory sizes: each refusal names the key and the rule", "[numbers][memory]") {
    const std::string range = "(accepted: 1 MiB to 1 EiB, a whole number of KiB)";
    CHECK_THAT(memory_error("1EiB1"), Contains("is not a memory size"));
    CHECK_THAT(memory_error("1G"), Equals("limits.memory: '1G' has an unknown unit (units are case-sensitive): B, kB, KiB, MB, MiB, GB, GiB, TB, TiB, PB, "
                                          "PiB, EB or EiB (e.g. 2GiB)"));
    CHECK_THAT(memory_error("2EiB"), Equals("limits.memory: 2EiB is too large " + range));
    CHECK_THAT(memory_error("1152921504606846977B"), Equals("limits.memory: 1152921504606846977B is too large " + range));
    CHECK(parse_memory_size("1152921504606846976B", "m") == (std::uint64_t{1} << 60));
    CHECK_THAT(memory_error("1.0000000001EiB"), Contains("is too large"));
    CHECK_THAT(memory_error("1025PiB"), Contains("is too large"));
    CHECK_THAT(memory_error("99999999999999999999999999EiB"), Contains("is too large"));
    CHECK_THAT(memory_error("0B"), Equals("limits.memory: 0B is too small " + range));
    CHECK_THAT(memory_error("1B"), Contains("is too small"));
    CHECK_THAT(memory_error("1048575B"), Contains("is too small"));
    CHECK_THAT(memory_error("1023KiB"), Contains("is too small"));
    CHECK_THAT(memory_error("1000kB"), Contains("is too small"));
    CHECK_THAT(memory_error("0.5MiB"), Contains("is too small"));
    CHECK_THAT(memory_error("1.5B"), Contains("is not a whole number of bytes"));
    CHECK_THAT(memory_error("1.0000001MiB"), Contains("is not a whole number of bytes"));
    CHECK_THAT(memory_error("1.0000000000000000001GiB"), Contains("has too many decimals"));
    for (const char* bad : {"", "B", "GiB", ".5GiB", "1.GiB", "1..5GiB", "-1GiB", "+1GiB", "1e3MiB", "nanGiB",
                            "infGiB", "1 GiB", " 1GiB", "1,5GiB", "0x10MiB"}) {
        INFO(bad);
        CHECK_THAT(memory_error(bad), Contains("is not a memory size") || Contains("needs a unit"));
    }
    for (const char* bad : {"2gib", "2GIB", "2kib", "2Gib", "2GiBs"}) {  // a unit, not one of ours
        INFO(bad);
        CHECK_THAT(memory_error(bad), Contains("has an unknown unit (units are case-sensitive)"));
    }
    for (const char* bad : {"2 ", "2"}) {
        INFO(bad);
        CHECK_THAT(memory_error(bad), Contains("needs a unit") || Contains("is not a memory size"));
    }
}

// memory_limit_kb records the limit in KiB: 12MB (11718.75 KiB) and 12000001B were both written
// 11718 (red-team round 14, B F20). A limit the cell cannot say exactly is refused, naming the
// two whole numbers of KiB around it.
TEST_CASE("memory sizes: a limit that is not a whole number of KiB is refused, naming the nearest", "[numbers][memory]") {
    const std::string range = " (accepted: 1 MiB to 1 EiB, a whole number of KiB)";
    CHECK_THAT(memory_error("12MB"), Equals("limits.memory: 12MB is 12000000 bytes, not a whole number of KiB (as "
                                            "memory_limit_kb records it): use 11718KiB or 11719KiB" + range));
    CHECK_THAT(memory_error("12000001B"), Contains("is 12000001 bytes, not a whole number of KiB") && Contains("use 11718KiB or 11719KiB"));
    for (const char* bad : {"1GB", "1.5GB", "2000kB", "1048577B", "1.0000001MiB"}) {
        INFO(bad);
        CHECK_THAT(memory_error(bad), Contains("not a whole number of"));
    }
    CHECK(parse_memory_size("12000256B", "m") == 11719 * kKi);  // whole KiB in any unit
    CHECK(parse_memory_size("1.5MiB", "m") == 1536 * kKi);
}

TEST_CASE("environment switches: the documented words, any case, others refused by name", "[env]") {
    for (const char* on : {"1", "yes", "YES", "Yes", "true", "TRUE", "on", "On"}) {
        INFO(on);
        CHECK(parse_env_switch("FUTOLAB_NO_CGROUP", on) == std::optional<bool>(true));
    }
    for (const char* off : {"0", "no", "NO", "false", "False", "off", "OFF"}) {
        INFO(off);
        CHECK(parse_env_switch("FUTOLAB_NO_CGROUP", off) == std::optional<bool>(false));
    }
    CHECK_FALSE(parse_env_switch("FUTOLAB_NO_CGROUP", nullptr).has_value());
    CHECK_FALSE(parse_env_switch("FUTOLAB_NO_CGROUP", "").has_value());
    for (const char* bad : {"2", "y", "n", "yes ", " 1", "enable", "01", "-1", "t", "\n"}) {
        INFO(bad);
        CHECK_THAT(switch_error(bad), Contains("FUTOLAB_NO_CGROUP: '") && Contains("is not a yes or no"));
    }
    // As typed (round 9): main's visible_text shows the tab as <U+0009>; "\x09" here was shown
    // again, so a typed "\x09" and the tab printed alike.
    CHECK_THAT(switch_error("a\tb"), Contains("'a\tb'"));
    CHECK_THAT(switch_error("a\xFF" "b"), Contains("'a\xFF" "b'"));
}
