// Certificates of zero-given puzzles (critical/construction/zero_given_certificate.hpp): the
// formula agrees with the solver on random puzzles (SAT exactly when a second solution
// exists); the checker accepts what --construct writes and rejects every tampering: a witness
// that breaks another relation, a relation L does not order, a relation dropped (then the
// empty-clause proof no longer refutes), a proof cut; malformed files name line and field.
#include "critical/construction/zero_given_certificate.hpp"
#include "critical/construction/uniqueness_cnf.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/clue_universe.hpp"
#include "critical/oracle/verify.hpp"
#include "../exact/json_lines.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <sstream>

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

TEST_CASE("zero-given certificate: --construct's is accepted, n = 1..30, with the empty-clause proof", "[critical][construction][certificate][heavy]") {
    for (int n = 1; n <= 30; ++n) {
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
    refused(t, "proof has 1 lines");
    t = good;
    t.pop_back();
    refused(t, "before its proof");
    t = good;
    t.push_back(good[1]);
    refused(t, "after the proof");
    t = good;
    t[0]["square"][0] = 0;
    refused(t, "square");
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
    refused(std::string("0\n1\0 0\n", 7), "proof line 2: not a clause");  // after the empty clause too
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
