// critical --check-certificate: exit 1 when a claim is rejected, 2 when the input is malformed,
// and malformed wins wherever it is (red-team round 24, left open): a certificate whose first
// class is rejected and whose last is malformed, a shard file rejected before a malformed one
// or one of another run, a per-square file whose first square is rejected before a malformed
// line of the next. Every line (of every file) is read for its form before any claim is judged.
#include "tests/app/certificate_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::Json;
using futolab::test::checked;
using futolab::test::made;
using futolab::test::write;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::lines_of;
using futolab::test::run_cli;
using futolab::test::slurp;
using futolab::test::text_of;
namespace fs = std::filesystem;

namespace {

// The first class line renumbered: another class of the order, not the one enumerated first
// (rejected, well-formed; a class past the order's is malformed).
void renumbered(std::vector<Json>& t) { t[1]["class"] = t[1]["class"].get<int>() == 0 ? 1 : 0; }

}  // namespace

TEST_CASE("critical --check-certificate: a malformed last class after a rejected first class is exit 2",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-form", "exact");
    const std::vector<Json> whole = made(dir, "critical --exact --n 3 --objective h+k", "whole.cert");
    REQUIRE(whole.size() == 3);
    std::vector<Json> t = whole;
    renumbered(t);
    write(dir / "bad.cert", t);
    checked(dir, "bad.cert", 1, "bad.cert: certificate rejected: line 2: class 1 is not the next class here (0)");
    t.back()["proofs"][0]["drat"] = "abc 0\n" + t.back()["proofs"][0]["drat"].get<std::string>();
    write(dir / "bad.cert", t);
    checked(dir, "bad.cert", 2, "bad.cert:3: proof 0: drat: proof line 1: not a clause\n");
    t = whole;
    t[0]["minimum"] = t[0]["minimum"].get<int>() + 1;  // a rejected claim in the header
    t.back()["sets"][0][0] = 4294967296;
    write(dir / "bad.cert", t);
    checked(dir, "bad.cert", 2, "bad.cert:3: set 0 clue [0] 4294967296 is too large (at most 20)\n");
}

TEST_CASE("critical --check-certificate: a shard file rejected before a malformed one, or one of another run, is exit 2",
          "[app][critical][certificate][long]") {
    const fs::path dir = fresh_dir("check-certificate-form", "shards");
    const std::string search = "critical --exact --n 4 --objective k --shard ";
    const std::vector<Json> s0 = made(dir, search + "0/2", "s0.cert");
    const std::vector<Json> s1 = made(dir, search + "1/2", "s1.cert");
    made(dir, "critical --exact --n 3 --objective h+k", "n3.cert");
    checked(dir, "s0.cert s1.cert", 0, "");
    std::vector<Json> t = s0;
    renumbered(t);
    write(dir / "r0.cert", t);
    checked(dir, "r0.cert s1.cert", 1, "r0.cert: certificate rejected: line 2: class 1 is not the next class here (0)");
    t = s1;
    t.back()["orbit"] = "8";
    write(dir / "m1.cert", t);
    checked(dir, "r0.cert m1.cert", 2, "m1.cert:" + std::to_string(t.size()) + ": orbit must be a whole number in plain digits, got \"8\"\n");
    t = s1;
    t[0]["version"] = 1.0;
    write(dir / "h1.cert", t);
    checked(dir, "r0.cert h1.cert", 2, "h1.cert:1: version must be a whole number in plain digits, got 1.0\n");
    checked(dir, "r0.cert n3.cert", 2, "r0.cert and n3.cert are not shards of one run");
    checked(dir, "r0.cert r0.cert", 2, "r0.cert and r0.cert are both shard 0/2");
    // A rejected claim in the last file, the first well-formed and accepted: still exit 1.
    t = s1;
    renumbered(t);
    write(dir / "r1.cert", t);
    checked(dir, "s0.cert r1.cert", 1, "r1.cert: certificate rejected: line 2: class 0 is not the next class here (1)");
}

TEST_CASE("critical --check-certificate: a per-square file's malformed second square after a rejected first is exit 2",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-form", "square");
    const std::vector<Json> one = made(dir, "critical --exact --square '1 2 3 4/2 3 4 1/3 4 1 2/4 1 2 3' --objective k", "sq.cert");
    REQUIRE(one.size() > 1);
    std::vector<Json> t = one;
    t[0]["nodes"] = t[0]["nodes"].get<std::uint64_t>() + 1;
    t.insert(t.end(), one.begin(), one.end());
    write(dir / "two.cert", t);
    checked(dir, "two.cert", 1, "two.cert: certificate rejected: line 1: the branch and bound re-run took");
    t.back()["why"] = 1;
    write(dir / "two.cert", t);
    checked(dir, "two.cert", 2, "two.cert:" + std::to_string(t.size()) + ": unknown key 'why' in a set record\n");
}

// Red-team round 30, F5: a header's objective that is no string was named twice ("o.cert:1:
// o.cert:1: objective must be a string, got 5"), and `-0` in a string field was quoted as "0".
// Shown on the exact certificate; the per-square one reads its header through the same functions.
TEST_CASE("critical --check-certificate: a header text field of another type is named once and quoted as typed",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-form", "text-fields");
    const std::vector<Json> exact = made(dir, "critical --exact --n 3 --objective h+k", "e.cert");
    const std::string square = slurp((dir / "e.cert").string());
    for (const auto& [field, typed] : std::vector<std::pair<std::string, std::string>>{
             {"objective", "5"}, {"objective", "-0"}, {"objective", "null"}, {"objective", "[]"}, {"proof", "-0"}}) {
        INFO(field << " " << typed);
        std::string text = square;
        const std::string from = "\"" + field + "\":\"" + exact[0][field].get<std::string>() + "\"";
        REQUIRE(text.find(from) != std::string::npos);
        text.replace(text.find(from), from.size(), "\"" + field + "\":" + typed);
        std::ofstream(dir / "o.cert") << text;
        checked(dir, "o.cert", 2, "futolab: o.cert:1: " + field + " must be a string, got " + typed + "\n");
    }
}

// Red-team round 30, F6: a class record numbered past the order's classes, or a record more than
// the order holds, was judged (exit 1, "not the next class here", "more class records than the 2
// of the order"), where the header's witness class past them is malformed (exit 2), as a record
// too many of the per-square and construct certificates is. Both are malformed now. (A record with
// fewer proofs than the header's claims stays a rejected claim: the claims are the header's, and
// an edited claim is rejected, not malformed.)
TEST_CASE("critical --check-certificate: a class past the order's or a class record too many is malformed",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-form", "class-range");
    const std::vector<Json> whole = made(dir, "critical --exact --n 3 --objective h+k", "e.cert");
    REQUIRE(whole.size() == 3);
    for (const auto& [value, said] : std::vector<std::pair<std::string, std::string>>{
             {"2", "class 2 is too large (at most 1)"},
             {"7", "class 7 is too large (at most 1)"},
             {"9223372036854775807", "class 9223372036854775807 is too large (at most 1)"}}) {
        std::vector<Json> t = whole;
        t[1]["class"] = std::stoll(value);
        write(dir / "bad.cert", t);
        checked(dir, "bad.cert", 2, "bad.cert:2: " + said + "\n");
    }
    std::vector<Json> t = whole;
    t.push_back(whole.back());
    write(dir / "bad.cert", t);
    checked(dir, "bad.cert", 2, "bad.cert:4: a line past the records of the 2 classes of the order\n");
    t = whole;
    t.back()["proofs"] = Json::array();
    write(dir / "bad.cert", t);
    checked(dir, "bad.cert", 1, "certificate rejected: line 3: class 1: 0 proofs for 1 claim");
}
