// Certificates of zero-given puzzles (critical/construction/zero_given_certificate.hpp): the
// formula agrees with the solver on random puzzles (SAT exactly when a second solution
// exists); the checker accepts what --construct writes and rejects every tampering: a witness
// that breaks another relation, a relation L does not order, a relation dropped (then the
// empty-clause proof no longer refutes), a proof cut; malformed files name line and field (a
// lemma after the proof's empty clause, a proof_lines that miscounts a last line with no
// newline, a version other than 1 too).
#include "critical/construction/zero_given_certificate.hpp"
#include "critical/construction/uniqueness_cnf.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/clue_universe.hpp"
#include "critical/oracle/verify.hpp"
#include "../exact/json_lines.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace futolab;
using namespace futolab::critical;
using futolab::test::lines_of;
using futolab::test::text_of;

namespace {

std::string certificate(int n) {
    std::ostringstream out;
    write_zero_given_certificate(out, chain_construction(n, balanced_split(n)));
    return out.str();
}

ZeroGivenCertificateCheck check(const std::string& text) {
    std::istringstream in(text);
    return check_zero_given_certificate(in, "test.cert");
}

std::string rejection(const std::vector<Json>& lines) {
    const ZeroGivenCertificateCheck c = check(text_of(lines));
    return c.ok ? "" : c.why;
}

}  // namespace

TEST_CASE("uniqueness formula: satisfiable exactly when the puzzle has a second solution (random zero-given sets)", "[critical][construction][cnf]") {
    std::mt19937_64 rng(7);
    int unique = 0, multiple = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const int n = 3 + trial % 3;
        const std::vector<int> sq = critical::test::test_square(n, 100 + static_cast<std::uint64_t>(trial));
        const ClueUniverse u(n, sq);
        ClueSet set(static_cast<std::size_t>(u.size()), 0);
        std::vector<LessThan> lt;
        for (int i = n * n; i < u.size(); ++i)
            if (rng() % 3 != 0) {
                set[static_cast<std::size_t>(i)] = 1;
                const Clue& c = u.clue(i);
                lt.push_back({c.cell / n, c.cell % n, c.other / n, c.other % n});
            }
        const bool is_unique = verify_critical_set(u, set, "gac").uniquely_completable;
        const bool refuted = refute(uniqueness_cnf(n, sq, lt)).has_value();
        INFO("trial " << trial << " n=" << n);
        REQUIRE(refuted == is_unique);
        (is_unique ? unique : multiple)++;
    }
    REQUIRE(unique > 10);  // both answers were exercised
    REQUIRE(multiple > 10);
}

TEST_CASE("zero-given certificate: --construct's is accepted, n = 2..30, with the empty-clause proof", "[critical][construction][certificate][heavy]") {
    for (int n = 2; n <= 30; ++n) {
        const std::string text = certificate(n);
        const ZeroGivenCertificateCheck c = check(text);
        INFO("n=" << n << ": " << c.why);
        REQUIRE(c.ok);
        REQUIRE(c.n == n);
        REQUIRE(c.relations == static_cast<std::size_t>(n * n / 4));
        REQUIRE(lines_of(text)[1]["drat"] == "0\n");
    }
}

TEST_CASE("zero-given certificate: tampered claims are rejected", "[critical][construction][certificate]") {
    const std::vector<Json> good = lines_of(certificate(9));
    REQUIRE(rejection(good).empty());
    {  // a witness exchanging other rows: it breaks another relation, or keeps its own
        std::vector<Json> t = good;
        t[0]["witnesses"][0][2] = (t[0]["witnesses"][0][2].get<int>() + 1) % 9;
        REQUIRE_THAT(rejection(t), Catch::Contains("witness 0"));
    }
    {  // a relation reversed: not an order of L
        std::vector<Json> t = good;
        Json& r = t[0]["relations"][5];
        r = Json::array({r[2], r[3], r[0], r[1]});
        REQUIRE_THAT(rejection(t), Catch::Contains("relation 5 is not an order of L"));
    }
    {  // a relation and its witness dropped: the set is no longer unique, the proof fails
        std::vector<Json> t = good;
        t[0]["relations"].erase(t[0]["relations"].begin() + 2);
        t[0]["witnesses"].erase(t[0]["witnesses"].begin() + 2);
        REQUIRE_THAT(rejection(t), Catch::Contains("does not refute a second solution"));
    }
    {  // another square: the relations are not its orders, or its witnesses fail
        std::vector<Json> t = good;
        std::vector<int> sq = t[0]["square"].get<std::vector<int>>();
        for (int& v : sq) v = 10 - v;  // values reversed: still Latin
        t[0]["square"] = sq;
        REQUIRE_FALSE(rejection(t).empty());
    }
}

TEST_CASE("zero-given certificate: malformed files are refused naming line and field", "[critical][construction][certificate]") {
    const std::vector<Json> good = lines_of(certificate(6));
    const auto refused = [](const std::vector<Json>& lines, const std::string& part) {
        try {
            check(text_of(lines));
        } catch (const InputError& e) {
            INFO(e.what());
            REQUIRE_THAT(std::string(e.what()), Catch::Contains("test.cert") && Catch::Contains(part));
            return;
        }
        FAIL("accepted: " << text_of(lines));
    };
    std::vector<Json> t = good;
    t[0]["n"] = 4294967302LL;  // 6 + 2^32: read exactly, not modulo 2^32
    refused(t, "n");
    t = good;
    t[0]["relations"][0][1] = 1.0;
    refused(t, "relations[0][1] must be a whole number in plain digits, got 1.0");
    t = good;
    t[0]["relations"][0] = Json::array({0, 0, 2, 0});
    refused(t, "not adjacent");
    t = good;
    t[0]["relations"].push_back(t[0]["relations"][0]);
    t[0]["witnesses"].push_back(t[0]["witnesses"][0]);
    refused(t, "twice");
    t = good;
    t[0]["witnesses"].erase(t[0]["witnesses"].begin());
    refused(t, "witnesses for");
    t = good;
    t[0]["witnesses"][0][0] = "diagonals";
    refused(t, "rows or columns");
    t = good;
    t[0]["extra"] = 1;
    refused(t, "extra");
    t = good;
    t[0]["proof_lines"] = 2;
    refused(t, "proof has 1 line,");
    t = good;
    t.pop_back();
    refused(t, "before its proof");
    t = good;
    t.push_back(good[1]);
    refused(t, "after the proof");
    t = good;
    t[0]["square"][0] = 0;
    refused(t, "square");
    // Order 1, written by the library's construction (the CLI refuses --n 1): no Futoshiki, as
    // for every other reader (red-team round 29, B1). Order 0 and -1 too.
    refused(lines_of(certificate(1)), "n 1 is too small (at least 2)");
    for (const int n : {0, -1}) {
        t = good;
        t[0]["n"] = n;
        refused(t, fmt::format("n {} is too small (at least 2)", n));
    }
    REQUIRE_THROWS_AS(check(""), InputError);
}

TEST_CASE("zero-given certificate: orders past the formula's cap are refused before any work", "[critical][construction][certificate]") {
    std::ostringstream out;
    REQUIRE_THROWS_AS(write_zero_given_certificate(out, chain_construction(kMaxCnfOrder + 1, balanced_split(kMaxCnfOrder + 1))), InputError);
    REQUIRE(out.str().empty());
}

// Round 8: numbers quoted as typed (not '1.0' for 1e0, not '1.8446744073709552e+19'), named by
// their inner position: the header is parsed and read with one At, which holds their texts.
TEST_CASE("zero-given certificate: a number is quoted as typed, at its position", "[critical][construction][certificate]") {
    const std::string good = certificate(6);
    const auto refusal = [&](const std::string& from, const std::string& to) {
        return futolab::test::refusal_with([](const std::string& text) { check(text); }, good, from, to);
    };
    const std::vector<Json> lines = lines_of(good);
    const std::string first = lines[0]["relations"][0].dump();  // [r1,c1,r2,c2]
    const std::string typed = "[" + first.substr(1, first.find(',') - 1) + ",1e0" + first.substr(first.find(',', first.find(',') + 1));
    CHECK_THAT(refusal("\"relations\":[" + first.substr(0, first.size() - 1), "\"relations\":[" + typed.substr(0, typed.size() - 1)),
               Catch::Contains("test.cert:1: relations[0][1] must be a whole number in plain digits, got 1e0"));
    CHECK_THAT(refusal("\"proof_lines\":", "\"proof_lines\":18446744073709551616"),
               Catch::Contains("proof_lines 18446744073709551616"));
}

TEST_CASE("zero-given certificate: every proof line is read, though unit propagation alone refutes the formula", "[critical][construction][certificate]") {
    const std::vector<Json> good = lines_of(certificate(5));
    REQUIRE(rejection(good).empty());
    const auto refused = [&](const std::string& drat, const std::string& part) {
        std::vector<Json> t = good;
        t[0]["proof_lines"] = std::count(drat.begin(), drat.end(), '\n');
        t[1]["drat"] = drat;
        try {
            check(text_of(t));
        } catch (const InputError& e) {
            REQUIRE_THAT(std::string(e.what()), Catch::StartsWith("test.cert:2: drat: ") && Catch::Contains(part));
            return;
        }
        FAIL("accepted: " << drat);
    };
    refused("abc\n", "proof line 1: not a clause");
    refused("1 2\n", "proof line 1: clause not closed by 0");
    refused("-0 0\n", "proof line 1: not a clause");
    refused("99999999999999999999 0\n0\n", "proof line 1: a literal is too large");
    refused("-2147483649 0\n", "proof line 1: a literal is too large");
    refused("999999 0\n", "proof line 1: literal 999999 is too large");
    refused(std::string("0\n1\0 0\n", 7), "proof line 2: binary data (byte 0x00): not a proof line");  // after the empty clause too
    refused("d1 0\n0\n", "proof line 1: not a clause (a deletion is 'd', a space, then its literals)");  // CaDiCaL writes "d 1 0"
    // A proof that reads as DRAT is still accepted: a lemma, a deletion, then the empty clause.
    std::vector<Json> t = good;
    t[0]["proof_lines"] = 3;
    t[1]["drat"] = "1 0\nd 1 0\n0\n";
    CHECK(rejection(t).empty());
}

// Red-team round 24, C F3: a byte-order mark before line 2, or a second one, was skipped.
TEST_CASE("zero-given certificate: a byte-order mark is skipped at the start of the file only", "[critical][construction][certificate]") {
    const std::string good = certificate(5);
    const std::string mark = "\xEF\xBB\xBF";
    const std::string refused = ": U+FEFF, a UTF-8 byte-order mark, at the start of a line: skipped only at the start of a file";
    CHECK(check(mark + good).ok);
    CHECK_THROWS_WITH(check(mark + mark + good), "test.cert:1:1" + refused);
    std::string second = good;
    second.insert(second.find('\n') + 1, mark);
    CHECK_THROWS_WITH(check(second), "test.cert:2:1" + refused);
}

namespace {

// The verdict of `lines` as one string: the InputError's message (exit 2), "rejected: WHY" or "accepted".
std::string verdict(const std::vector<Json>& lines) {
    try {
        const ZeroGivenCertificateCheck c = check(text_of(lines));
        return c.ok ? "accepted" : "rejected: " + c.why;
    } catch (const InputError& e) {
        return e.what();
    }
}

// `good` with its proof line's text `drat` and the header's proof_lines `count`.
std::vector<Json> with_proof(std::vector<Json> good, const std::string& drat, std::int64_t count) {
    good[0]["proof_lines"] = count;
    good[1]["drat"] = drat;
    return good;
}

}  // namespace

// The proof ends at its empty clause, as the frontier of an exact certificate ends at its first
// k = 0: a lemma after it is read as nothing (every clause follows from refuted clauses) but was
// counted in "proof_lines" and printed as the file's own ("DRUP proof, 3 lines"). CaDiCaL's
// deletions after it stay accepted; blank and comment lines, which CaDiCaL never writes, are
// refused as every proof line not written so is (red-team round 27, C F5).
TEST_CASE("zero-given certificate: a lemma after the proof's empty clause is refused at its line", "[critical][construction][certificate]") {
    for (int n : {4, 6, 8}) {
        const std::vector<Json> good = lines_of(certificate(n));
        INFO("n=" << n);
        REQUIRE(verdict(good) == "accepted");
        const std::string at = "test.cert:2: drat: ";
        CHECK(verdict(with_proof(good, "0\n1 0\n", 2)) == at + "proof line 2: a lemma after the empty clause of line 1 (the proof ends there)");
        CHECK(verdict(with_proof(good, "0\n0\n", 2)) == at + "proof line 2: a lemma after the empty clause of line 1 (the proof ends there)");
        CHECK(verdict(with_proof(good, "0\nd 1 0\n-1 2 0\n", 3)) == at + "proof line 3: a lemma after the empty clause of line 1 (the proof ends there)");
        CHECK(verdict(with_proof(good, "1 0\n0\nd 1 0\n-3 0\n", 4)) == at + "proof line 4: a lemma after the empty clause of line 2 (the proof ends there)");
        // A lemma after the empty clause is refused as malformed before the claim is judged:
        // a relation and its witness dropped (rejected with the proof as written) too.
        std::vector<Json> dropped = with_proof(good, "0\n2 0\n", 2);
        dropped[0]["relations"].erase(dropped[0]["relations"].begin());
        dropped[0]["witnesses"].erase(dropped[0]["witnesses"].begin());
        CHECK(verdict(dropped) == at + "proof line 2: a lemma after the empty clause of line 1 (the proof ends there)");
        // What ends a proof as CaDiCaL writes it is accepted; lines that state nothing are not.
        CHECK(verdict(with_proof(good, "0\nd 1 0\nd -2 3 0\n", 3)) == "accepted");
        CHECK(verdict(with_proof(good, "0\n\nc done\n", 3)) == at + "proof line 2: a blank line (every proof line is a clause)");
        CHECK(verdict(with_proof(good, "0\nc done\n", 2)) ==
              at + "proof line 2: a comment line (every proof line is a clause: CaDiCaL writes no comments)");
        CHECK(verdict(with_proof(good, "1 0\nd 1 0\n0\n", 3)) == "accepted");
    }
}

// "proof_lines" counts the lines the proof's reader reads: a last line with no '\n' after it is
// one ("0" was a proof of 0 lines, and printed so), and then refused for its missing newline
// (red-team round 27, C F5: every proof line CaDiCaL writes ends in one).
TEST_CASE("zero-given certificate: proof_lines counts a last line with no newline", "[critical][construction][certificate]") {
    const std::vector<Json> good = lines_of(certificate(5));
    CHECK(verdict(with_proof(good, "0", 0)) == "test.cert:2: the proof has 1 line, the header says 0");
    CHECK(verdict(with_proof(good, "0", 1)) == "test.cert:2: drat: proof line 1: not ended by a newline (every proof line is)");
    CHECK(verdict(with_proof(good, "1 0\n0", 1)) == "test.cert:2: the proof has 2 lines, the header says 1");
    CHECK(verdict(with_proof(good, "1 0\n0", 2)) == "test.cert:2: drat: proof line 2: not ended by a newline (every proof line is)");
    CHECK(verdict(with_proof(good, "1 0\n0\n", 2)) == "accepted");
    CHECK(verdict(with_proof(good, "0\n", 0)) == "test.cert:2: the proof has 1 line, the header says 0");
    CHECK(verdict(with_proof(good, "", 0)) == "accepted");  // unit propagation alone refutes the formula
    for (int n = 1; n <= 8; ++n) {  // what the writer writes counts as it says
        const std::vector<Json> written = lines_of(certificate(n));
        CHECK(written[0]["proof_lines"] == 1);
        CHECK(written[1]["drat"] == "0\n");
    }
}

// One version: every rule above holds a file an earlier build wrote (its proof is "0\n", or
// CaDiCaL's, which adds nothing after its empty clause), so the format needs no other; the
// committed certificates are version 1 and accepted, any other version is refused at the field,
// in the exact certificates' words.
TEST_CASE("zero-given certificate: version 1 is the one version read and written", "[critical][construction][certificate]") {
    for (int n = 2; n <= 8; ++n) {
        const std::vector<Json> good = lines_of(certificate(n));
        INFO("n=" << n);
        CHECK(good[0]["version"] == 1);
        for (int version : {0, 2, 3, 20}) {
            std::vector<Json> t = good;
            t[0]["version"] = version;
            CHECK(verdict(t) == fmt::format("test.cert:1: field 'version': {} is not a version this futolab reads (1)", version));
        }
    }
    std::size_t files = 0;
    for (const auto& e : std::filesystem::directory_iterator(std::string(FUTOLAB_SOURCE_DIR) + "/results/critical/construction/certificates")) {
        if (e.path().extension() != ".cert") continue;
        std::ifstream in(e.path());
        std::ostringstream text;
        text << in.rdbuf();
        const std::vector<Json> lines = lines_of(text.str());
        INFO(e.path().string());
        CHECK(lines[0]["version"] == 1);
        if (lines[0]["n"].get<int>() <= 12) CHECK(verdict(lines) == "accepted");  // the larger ones cost seconds each
        ++files;
    }
    CHECK(files >= 39);
}
