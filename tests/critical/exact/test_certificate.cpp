// Certificates of the exact search (issue #15): the checker accepts what the search writes and
// rejects tampered certificates; the RUP checker accepts CaDiCaL's proofs only.
#include "critical/exact/certificate.hpp"
#include "critical/exact/rup_check.hpp"

#include "core/error.hpp"
#include "core/instance.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace futolab;
using namespace futolab::critical;

namespace {

std::vector<Json> lines_of(const std::string& text) {
    std::vector<Json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(Json::parse(line));
    return out;
}

std::string text_of(const std::vector<Json>& lines) {
    std::string out;
    for (const Json& j : lines) out += j.dump() + "\n";
    return out;
}

CertificateCheck check(const std::string& text) {
    std::istringstream in(text);
    return check_certificate(in, "test.cert", "gecode");
}

std::string certificate(int n, ExactObjective objective, ProofKind kind = ProofKind::drat) {
    std::ostringstream out;
    write_certificate(out, exact_minimum(n, objective), kind);
    return out.str();
}

}  // namespace

TEST_CASE("rup: CaDiCaL's refutation checks, a cut or foreign proof does not", "[critical][certificate]") {
    // Pigeonhole 4 → 3: p(i, j) = 3 i + j + 1.
    Cnf cnf;
    cnf.vars = 12;
    for (int i = 0; i < 4; ++i) cnf.clauses.push_back({3 * i + 1, 3 * i + 2, 3 * i + 3});
    for (int j = 0; j < 3; ++j)
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b) cnf.clauses.push_back({-(3 * a + j + 1), -(3 * b + j + 1)});
    const auto proof = refute(cnf);
    REQUIRE(proof);
    const ProofCheck ok = check_drup(cnf, *proof);
    INFO(ok.why);
    REQUIRE(ok.ok);
    REQUIRE(ok.lemmas > 0);
    REQUIRE_FALSE(check_drup(cnf, "").ok);    // pigeonhole needs lemmas
    REQUIRE_FALSE(check_drup(cnf, "0\n").ok); // the empty clause is not RUP at once
    REQUIRE_FALSE(check_drup(cnf, "1 2 x\n").ok);
    Cnf sat = cnf;
    sat.clauses.pop_back();
    sat.clauses.erase(sat.clauses.begin());  // pigeon 0 may stay out: satisfiable
    REQUIRE_FALSE(refute(sat));
    REQUIRE_FALSE(check_drup(sat, *proof).ok);
}

TEST_CASE("certificate: accepted as written, for every objective (n = 3)", "[critical][certificate]") {
    for (auto objective : {ExactObjective::two_h_three_k, ExactObjective::h_plus_k, ExactObjective::k_only,
                           ExactObjective::h_only, ExactObjective::frontier}) {
        const CertificateCheck c = check(certificate(3, objective));
        INFO(exact_objective_name(objective) << ": " << c.why);
        REQUIRE(c.ok);
        REQUIRE(c.classes == 2);
        REQUIRE(c.sets > 0);
        const CertificateCheck b = check(certificate(3, objective, ProofKind::bb));
        INFO(b.why);
        REQUIRE(b.ok);
        REQUIRE(b.sets == c.sets);  // the same core either way
    }
}

TEST_CASE("certificate: a branch-and-bound certificate rejects dropped sets and a wrong minimum", "[critical][certificate]") {
    const std::string good = certificate(4, ExactObjective::frontier, ProofKind::bb);
    REQUIRE(check(good).ok);
    std::vector<Json> lines = lines_of(good);
    std::vector<Json> t = lines;
    for (std::size_t i = 1; i < t.size(); ++i) {  // half the sets of every class
        for (const char* key : {"sets", "squares"}) {
            Json& a = t[i][key];
            a.erase(a.begin() + static_cast<std::ptrdiff_t>(a.size() / 2), a.end());
        }
    }
    REQUIRE_THAT(check(text_of(t)).why, Catch::Contains("beats the claim"));
    t = lines;
    t[0]["frontier"][0]["k"] = 5;  // true minimum at h_max 0 is 4
    REQUIRE_FALSE(check(text_of(t)).ok);
}

TEST_CASE("certificate: tampered certificates are rejected (n = 4, 2h+3k)", "[critical][certificate]") {
    const std::string good = certificate(4, ExactObjective::two_h_three_k);
    REQUIRE(check(good).ok);
    const std::vector<Json> lines = lines_of(good);
    REQUIRE(lines.front()["minimum"] == 8);

    SECTION("an unavoidable set with a clue removed") {
        std::vector<Json> t = lines;
        t[1]["sets"][0].erase(t[1]["sets"][0].size() - 1);
        const CertificateCheck c = check(text_of(t));
        REQUIRE_FALSE(c.ok);
        REQUIRE_THAT(c.why, Catch::Contains("not the set of clues its square violates"));
    }
    SECTION("a wrong minimum, above or below") {
        for (int wrong : {7, 9}) {
            std::vector<Json> t = lines;
            t[0]["minimum"] = wrong;
            REQUIRE_FALSE(check(text_of(t)).ok);
        }
    }
    SECTION("a proof replaced by a bare empty clause") {
        std::vector<Json> t = lines;
        for (std::size_t i = 1; i < t.size(); ++i) t[i]["proofs"][0]["drat"] = "0\n";
        const CertificateCheck c = check(text_of(t));
        REQUIRE_FALSE(c.ok);
        REQUIRE_THAT(c.why, Catch::Contains("empty clause") || Catch::Contains("not implied"));
    }
    SECTION("an unavoidable set dropped (its proof no longer follows)") {
        std::vector<Json> t = lines;
        for (std::size_t i = 1; i < t.size(); ++i) {
            t[i]["sets"] = Json::array();
            t[i]["squares"] = Json::array();
        }
        REQUIRE_FALSE(check(text_of(t)).ok);
    }
    SECTION("a class missing") {
        std::vector<Json> t = lines;
        t.pop_back();
        REQUIRE_THAT(check(text_of(t)).why, Catch::Contains("of the 70 classes"));
    }
    SECTION("a witness that is not uniquely completable") {
        std::vector<Json> t = lines;
        t[0]["witness"]["clues"].erase(0);
        REQUIRE_FALSE(check(text_of(t)).ok);
    }
    SECTION("a header that claims another version, square count, class count or key (issue #25)") {
        REQUIRE(lines[0]["squares"] == 576);
        REQUIRE(lines[0]["classes"] == 70);
        for (const auto& [key, value] : std::vector<std::pair<std::string, Json>>{
                 {"squares", 577}, {"squares", -576}, {"squares", "576"}, {"classes", 71}, {"classes", 69.0},
                 {"version", 2}, {"version", "1"}, {"extra", true}}) {
            INFO(key << " = " << value.dump());
            std::vector<Json> t = lines;
            t[0][key] = value;
            REQUIRE_THROWS_AS(check(text_of(t)), InputError);
        }
        for (const char* key : {"version", "squares", "classes", "proof"}) {
            std::vector<Json> t = lines;
            t[0].erase(key);
            REQUIRE_THROWS_WITH(check(text_of(t)), Catch::Contains(std::string("no '") + key + "'"));
        }
    }
    SECTION("malformed input is an input error") {
        REQUIRE_THROWS_AS(check(good.substr(0, good.size() / 2) + "{\n"), InputError);
        REQUIRE_THROWS_AS(check(""), InputError);
    }
}

#include "../../app/cli_runner.hpp"

#include <sys/stat.h>

TEST_CASE("critical --exact and --check-certificate on the command line", "[critical][certificate][cli]") {
    using futolab::test::run_cli;
    const std::string cert = "/tmp/futolab-exact-cli-" + std::to_string(::getpid()) + ".cert";
    const auto r = run_cli("critical --exact --n 3 --objective frontier --certificate " + cert);
    REQUIRE(r.exit_code == 0);
    const std::vector<Json> records = lines_of(r.out);  // corners (0, 2), (1, 1), (2, 0)
    REQUIRE(records.size() == 3);
    for (const Json& rec : records) {
        REQUIRE(rec["meta"]["exact"] == true);
        REQUIRE(rec["meta"]["objective"] == "frontier");
        REQUIRE(rec["meta"]["critical"] == true);
        REQUIRE(rec["meta"]["point"][0].get<int>() + rec["meta"]["point"][1].get<int>() == 2);
    }
    REQUIRE(run_cli("critical --check-certificate " + cert).exit_code == 0);
    std::vector<Json> t = lines_of(futolab::test::slurp(cert));
    t[0]["frontier"][0]["k"] = 3;
    { std::ofstream(cert) << text_of(t); }
    const auto bad = run_cli("critical --check-certificate " + cert);
    REQUIRE(bad.exit_code == 1);
    REQUIRE_THAT(bad.err, Catch::Contains("certificate rejected"));
    { std::ofstream(cert) << "{not json\n"; }
    REQUIRE(run_cli("critical --check-certificate " + cert).exit_code == 2);
    std::remove(cert.c_str());
    REQUIRE(run_cli("critical --exact --n 6 --objective k").exit_code == 2);
    // A FIFO as the certificate is refused at once, not waited for (`timeout`: a hang fails).
    const std::string fifo = cert + ".fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const auto from_fifo = run_cli("critical --check-certificate " + fifo + " & p=$!; ( sleep 20; kill $p ) 2>/dev/null & w=$!; wait $p; c=$?; kill $w 2>/dev/null; exit $c");
    CHECK(from_fifo.exit_code == 2);
    CHECK_THAT(from_fifo.err, Catch::Contains("is a FIFO"));
    std::remove(fifo.c_str());
    REQUIRE(run_cli("critical --exact --n 4 --objective greedy").exit_code == 2);
}
