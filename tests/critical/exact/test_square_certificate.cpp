// Certificates of the per-square exact search (critical/exact/square_certificate.hpp, issue #42
// item 2): the checker accepts what the search writes (n = 4 and 5, several objectives) and
// rejects every kind of tampering with a one-line reason: another square, a set dropped or
// changed, a wrong alternative square, the proof's sets cut, another minimum, a witness that
// is not unique; integers are read exactly.
#include "critical/exact/square_certificate.hpp"

#include "core/error.hpp"
#include "core/instance.hpp"
#include "json_lines.hpp"
#include "critical/exact/exact_square.hpp"
#include "generators/latin/square.hpp"
#include "../../app/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace futolab;
using namespace futolab::critical;

using futolab::test::lines_of;
using futolab::test::text_of;

namespace {

SquareCertificateCheck check(const std::string& text) {
    std::istringstream in(text);
    return check_square_certificate(in, "test.cert", "gecode");
}

std::string certificate_of(const SquareOptimum& result) {
    std::ostringstream out;
    write_square_certificate(out, result);
    return out.str();
}

std::string certificate(int n, ExactObjective objective) { return certificate_of(exact_square(n, cyclic_square(n), objective)); }

// The reason a tampered copy is rejected ("" if it is accepted).
std::string rejection(const std::vector<Json>& lines) {
    const SquareCertificateCheck c = check(text_of(lines));
    return c.ok ? "" : c.why;
}

}  // namespace

TEST_CASE("square certificate: accepted as written (n = 4 and 5, objectives k, h+k, 2h+3k and h)", "[critical][certificate][per-square][long]") {
    for (int n : {4, 5})
        for (auto objective : {ExactObjective::k_only, ExactObjective::h_plus_k, ExactObjective::two_h_three_k, ExactObjective::h_only}) {
            const SquareOptimum result = exact_square(n, cyclic_square(n), objective);  // searched once
            const std::string text = certificate_of(result);
            const SquareCertificateCheck c = check(text);
            INFO("n=" << n << " " << exact_objective_name(objective) << ": " << c.why);
            REQUIRE(c.ok);
            REQUIRE(c.squares == 1);
            REQUIRE(c.minimum == result.cost);
            REQUIRE(c.sets == lines_of(text).size() - 1);
        }
    // Two squares in one file: both are checked.
    const SquareCertificateCheck two = check(certificate(4, ExactObjective::k_only) + certificate(5, ExactObjective::k_only));
    REQUIRE(two.ok);
    REQUIRE(two.squares == 2);
}

TEST_CASE("square certificate: tampered copies are rejected (n = 5, k)", "[critical][certificate][per-square]") {
    const std::vector<Json> good = lines_of(certificate(5, ExactObjective::k_only));
    REQUIRE(good[0]["minimum"] == 6);  // the cyclic square of order 5 needs 6 relations
    REQUIRE(good.size() > 2);
    REQUIRE(rejection(good).empty());

    std::vector<Json> t = good;  // another square: the rows 0 and 1 exchanged
    for (int c = 0; c < 5; ++c) std::swap(t[0]["square"][c], t[0]["square"][5 + c]);
    CHECK_THAT(rejection(t), Catch::Contains("not the set of clues its square violates") || Catch::Contains("not uniquely completable"));

    t = good;  // a set dropped, the count left: the file ends early
    t.pop_back();
    CHECK_THAT(rejection(t), Catch::Contains("the file ends after"));

    t = good;  // the proof cut: every set dropped and the count fixed
    t.resize(1);
    t[0]["sets"] = 0;
    CHECK_THAT(rejection(t), Catch::Contains("is not proved"));

    t = good;  // a set dropped and the count fixed: the rest may still refute, but not as written
    t.pop_back();
    t[0]["sets"] = t.size() - 1;
    CHECK_THAT(rejection(t), Catch::Contains("not proved") || Catch::Contains("these are not the sets it was written with"));

    t = good;  // a set changed: one clue more
    std::vector<int> clues = t[1]["set"].get<std::vector<int>>();
    for (int i = 0; i < 25 + 40; ++i)
        if (std::find(clues.begin(), clues.end(), i) == clues.end()) {
            clues.push_back(i);
            break;
        }
    t[1]["set"] = clues;
    CHECK_THAT(rejection(t), Catch::Contains("set 0 is not the set of clues"));

    t = good;  // a wrong alternative: L itself
    t[1]["square"] = t[0]["square"];
    CHECK_THAT(rejection(t), Catch::Contains("set 0 is not the set of clues"));

    t = good;  // another minimum, either way
    t[0]["minimum"] = 5;
    CHECK_THAT(rejection(t), Catch::Contains("the witness costs 6, not the minimum 5"));
    t[0]["minimum"] = 7;
    CHECK_THAT(rejection(t), Catch::Contains("the witness costs 6, not the minimum 7"));

    t = good;  // a witness one clue short, the minimum lowered to match: not unique
    std::vector<int> witness = t[0]["witness"].get<std::vector<int>>();
    witness.pop_back();
    t[0]["witness"] = witness;
    t[0]["minimum"] = 5;
    CHECK_THAT(rejection(t), Catch::Contains("not uniquely completable"));
}

TEST_CASE("square certificate: malformed values are refused, integers read exactly", "[critical][certificate][per-square]") {
    const std::vector<Json> good = lines_of(certificate(4, ExactObjective::k_only));
    const auto refused = [](const std::vector<Json>& lines) {
        try {
            check(text_of(lines));
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    std::vector<Json> t = good;
    t[0]["minimum"] = 4.0;
    CHECK_THAT(refused(t), Catch::Contains("test.cert:1: minimum must be a whole number"));
    t = good;
    t[0]["minimum"] = (std::uint64_t{1} << 32) + 4;
    CHECK_THAT(refused(t), Catch::Contains("minimum 4294967300 is too large"));
    t = good;
    t[0]["extra"] = 1;
    CHECK_THAT(refused(t), Catch::Contains("unknown key 'extra'"));
    t = good;
    t[1]["set"].push_back(t[1]["set"][0]);
    CHECK_THAT(refused(t), Catch::Contains("test.cert:2: set 0: clue"));
    t = good;
    t[0]["n"] = 10;
    CHECK_THAT(refused(t), Catch::Contains("n 10 is too large"));
    REQUIRE_THROWS_AS(check(""), InputError);
    // Round 8: a number JSON holds as a double is quoted as typed, in the header too (it is
    // parsed and read with one At), at its position in a list.
    const auto typed = [&](const std::string& from, const std::string& to) {
        return futolab::test::refusal_with([](const std::string& text) { check(text); }, text_of(good), from, to);
    };
    const std::string minimum = "\"minimum\":" + good[0]["minimum"].dump();
    CHECK_THAT(typed(minimum + ",", "\"minimum\":18446744073709551618,"),
               Catch::Contains("test.cert:1: minimum 18446744073709551618 is too large"));
    CHECK_THAT(typed("\"square\":[", "\"square\":[1e0,"), Catch::Contains("square entry [0] must be a whole number in plain digits, got 1e0"));
}

// Round 11 (finding 22): the objective is named as the certificate's field, not as --objective.
TEST_CASE("square certificate: a bad objective is named as the certificate's field", "[critical][certificate][per-square]") {
    std::vector<Json> t = lines_of(certificate(4, ExactObjective::k_only));
    t[0]["objective"] = "K";
    CHECK_THROWS_WITH(rejection(t), Catch::Contains("test.cert:1: objective must be ") && Catch::Contains("got 'K'") &&
                                        !Catch::Contains("--"));
}

TEST_CASE("square certificate: only a proved minimum is written", "[critical][certificate][per-square]") {
    SquareOptimum r = exact_square(4, cyclic_square(4), ExactObjective::k_only);
    r.exact = false;
    std::ostringstream out;
    REQUIRE_THROWS_AS(write_square_certificate(out, r), InputError);
}

TEST_CASE("critical --exact --square --certificate and --check-certificate on the command line",
          "[critical][certificate][per-square][cli]") {
    using futolab::test::run_cli;
    const std::string cert = "/tmp/futolab-square-cert-" + std::to_string(::getpid()) + ".cert";
    const std::string cyclic4 = "\"1 2 3 4/2 3 4 1/3 4 1 2/4 1 2 3\"";
    REQUIRE(run_cli("critical --exact --square " + cyclic4 + " --objective k --certificate " + cert).exit_code == 0);
    const auto ok = run_cli("critical --check-certificate " + cert);
    REQUIRE(ok.exit_code == 0);
    REQUIRE_THAT(ok.out, Catch::Contains("certificate accepted") && Catch::Contains("minimum 4 (k)"));
    std::vector<Json> t = lines_of(futolab::test::slurp(cert));
    t[0]["minimum"] = 3;
    { std::ofstream(cert) << text_of(t); }
    const auto bad = run_cli("critical --check-certificate " + cert);
    REQUIRE(bad.exit_code == 1);
    REQUIRE_THAT(bad.err, Catch::Contains("certificate rejected: line 1: the witness costs 4, not the minimum 3"));
    { std::ofstream(cert) << "{\"certificate\": \"futolab-square-critical\", \"version\": 1.5}\n"; }
    REQUIRE(run_cli("critical --check-certificate " + cert).exit_code == 2);
    std::remove(cert.c_str());
}

// Red-team round 28, B F5: a header whose `sets` disagrees with the set records that follow it
// was "not a futolab-square-critical record" one way (a set record where a header is due) and
// "rejected" (exit 1) the other, naming neither the field nor the counts. Both are malformed
// (exit 2), naming the field and both counts; a file cut short after a line, whose sets do not
// prove the claim as the header states it, is still rejected.
TEST_CASE("square certificate: a header's sets count that its set records contradict is malformed", "[critical][certificate][per-square]") {
    const std::vector<Json> good = lines_of(certificate(5, ExactObjective::k_only));
    const std::size_t sets = good.size() - 1;
    REQUIRE(good[0]["sets"] == sets);
    const auto refused = [](const std::string& text) {
        try {
            const SquareCertificateCheck c = check(text);
            return c.ok ? std::string("accepted") : "rejected: " + c.why;
        } catch (const InputError& e) {
            return std::string(e.what());
        }
    };
    std::vector<Json> t = good;  // one fewer than its set records
    t[0]["sets"] = sets - 1;
    CHECK(refused(text_of(t)) == fmt::format("test.cert:{}: field 'sets' of the header on line 1 says {} sets, where {} set "
                                             "records follow it (this line is one past them)",
                                             sets + 1, sets - 1, sets));
    t[0]["sets"] = sets - 3;  // the count of what follows is the whole run of set records
    CHECK_THAT(refused(text_of(t)), Catch::StartsWith(fmt::format("test.cert:{}: field 'sets' of the header on line 1 says {} sets, "
                                                                  "where {} set records follow it",
                                                                  sets - 1, sets - 3, sets)));
    t = good;  // one more, at the end of the file: the sets there prove the claim as written
    t[0]["sets"] = sets + 1;
    CHECK(refused(text_of(t)) == fmt::format("test.cert:1: field 'sets' of the header on line 1 says {} sets, where {} set records "
                                             "follow it to the end of the file, and these prove its minimum in the {} node{} its "
                                             "'nodes' gives (a file cut short leaves sets that do not)",
                                             sets + 1, sets, good[0]["nodes"].get<int>(),
                                             good[0]["nodes"].get<int>() == 1 ? "" : "s"));
    // One more, then another square's header.
    const std::vector<Json> other = lines_of(certificate(4, ExactObjective::k_only));
    std::vector<Json> two = t;
    two.insert(two.end(), other.begin(), other.end());
    CHECK(refused(text_of(two)) == fmt::format("test.cert:{}: field 'sets' of the header on line 1 says {} sets, where {} set "
                                               "records follow it (this line is the next header)",
                                               sets + 2, sets + 1, sets));
    two = good;  // one fewer, then another square: a set record where the next header is due
    two[0]["sets"] = sets - 1;
    two.insert(two.end(), other.begin(), other.end());
    CHECK_THAT(refused(text_of(two)), Catch::StartsWith(fmt::format("test.cert:{}: field 'sets' of the header on line 1 says {} sets, "
                                                                    "where {} set records follow it",
                                                                    sets + 1, sets - 1, sets)));
    // The second square's count too, its lines counted on.
    two = good;
    two.insert(two.end(), other.begin(), other.end());
    two[good.size()]["sets"] = other.size() - 2;
    CHECK_THAT(refused(text_of(two)), Catch::StartsWith(fmt::format("test.cert:{}: field 'sets' of the header on line {} says",
                                                                    good.size() + other.size(), good.size() + 1)));
    // A file cut short after a line (its last set dropped, the count left): rejected, as before.
    t = good;
    t.pop_back();
    CHECK_THAT(refused(text_of(t)), Catch::StartsWith(fmt::format("rejected: line {}: the file ends after {} of the {} sets its "
                                                                  "header's 'sets' gives (cut short",
                                                                  sets, sets - 1, sets)));
    CHECK(refused(text_of(good)) == "accepted");
}
