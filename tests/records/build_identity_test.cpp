// Provenance (SPEC §5): two builds are the same only when commit, dirty flag, build type and a
// known binary hash agree, and the refusal says what differs, never "X, not X".
#include "records/build_identity.hpp"
#include "records/sidecar.hpp"

#include <catch2/catch.hpp>

using futolab::BuildIdentity;
using futolab::build_difference;

namespace {

BuildIdentity build(const std::string& commit, const std::string& hash) {
    BuildIdentity b;
    b.name = "self";
    b.version = "0.1.0+" + commit;
    b.commit = commit;
    b.build_type = "Release";
    b.binary_hash = hash;
    return b;
}

}  // namespace

TEST_CASE("build_difference: the same binary passes, another is named, an unknown hash is said", "[records][provenance]") {
    CHECK(build_difference(build("aaaa", "0123456789abcdef"), {}, build("aaaa", "0123456789abcdef"), {}).empty());
    const std::string other = build_difference(build("aaaa", "0123456789abcdef"), {}, build("bbbb", "fedcba9876543210"), {});
    CHECK(other.find("commit aaaa") != std::string::npos);
    CHECK(other.find(", not futolab 0.1.0+bbbb (commit bbbb") != std::string::npos);
    // Sidecars of a futolab before binary hashes: alike in every text, not provably one build.
    const std::string unknown = build_difference(build("aaaa", ""), {}, build("aaaa", ""), {});
    CHECK(unknown.find("binary hash is unknown: not provably the same build") != std::string::npos);
    CHECK(unknown.find(", not ") == std::string::npos);
    // The same for a build of an A/B sweep.
    const BuildIdentity driver = build("aaaa", "0123456789abcdef");
    BuildIdentity a = build("cccc", ""), b = build("cccc", "");
    a.name = b.name = "base";
    CHECK(build_difference(driver, {a}, driver, {b}).find("build base futolab 0.1.0+cccc") != std::string::npos);
}

// Red-team round 32, K3: the same builds in another order were named as other builds.
TEST_CASE("build_difference: the same builds in another order are named as such", "[records][provenance]") {
    const BuildIdentity driver = build("aaaa", "0123456789abcdef");
    BuildIdentity a = build("cccc", "1111111111111111"), b = build("dddd", "2222222222222222");
    a.name = "a";
    b.name = "b";
    CHECK(build_difference(driver, {a, b}, driver, {b, a}) ==
          "builds a, b in that order, not b, a: the same builds, the --build flags given in another order");
    CHECK(build_difference(driver, {a, b}, driver, {a, b}).empty());
    // The names swapped over the binaries: other builds, named as before.
    BuildIdentity a_on_b = b, b_on_a = a;
    a_on_b.name = "a";
    b_on_a.name = "b";
    const std::string swapped = build_difference(driver, {a, b}, driver, {b_on_a, a_on_b});
    CHECK(swapped.find("in that order") == std::string::npos);
    CHECK(swapped == "builds a, b, not b, a");
}
