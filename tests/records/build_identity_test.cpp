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
