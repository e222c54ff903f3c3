// Red-team round 26, B F11: an --exact --shard I/N run with N above the class count could never
// be certified (a shard holding no class was refused when run, and combine_shards asked for its
// file). Such a shard's certificate is its header alone, claiming nothing; the checker accepts
// it as that shard only where the shard truly holds none, and it adds nothing to the minimum.
// B F6 (second part): a frontier proof without "h_max" was judged (exit 1), not malformed.
#include "critical/exact/certificate.hpp"

#include "core/error.hpp"
#include "core/instance.hpp"
#include "generators/latin/symmetry.hpp"
#include "certificate_verdicts.hpp"
#include "json_lines.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace futolab;
using namespace futolab::critical;

using futolab::test::lines_of;
using futolab::test::text_of;
using futolab::test::verdict;

namespace {

CertificateCheck check(const std::string& text) {
    std::istringstream in(text);
    return check_certificate(in, "test.cert", "gecode");
}

std::string empty_shard(int n, ExactObjective objective, CertificateShard shard, ProofKind kind = ProofKind::drat) {
    std::ostringstream out;
    write_empty_shard_certificate(out, n, objective, kind, shard);
    return out.str();
}

// A shard's certificate as a search writes it, made once per process for each key.
const std::string& searched_shard(int n, ExactObjective objective, CertificateShard shard, ProofKind kind = ProofKind::drat) {
    static std::map<std::tuple<int, ExactObjective, std::size_t, std::size_t, ProofKind>, std::string> made;
    const auto key = std::make_tuple(n, objective, shard.index, shard.count, kind);
    if (const auto it = made.find(key); it != made.end()) return it->second;
    ExactOptions options;
    options.first = shard.index;
    options.stride = shard.count;
    std::ostringstream out;
    write_certificate(out, exact_minimum(n, objective, options), kind, shard);
    return made.emplace(key, out.str()).first->second;
}

const std::string& whole(int n, ExactObjective objective, ProofKind kind = ProofKind::drat) {
    return searched_shard(n, objective, {0, 1}, kind);
}

// The N shards of order n checked, in the order `order` gives their indices.
std::vector<CertificateCheck> checked_shards(int n, ExactObjective objective, std::size_t count, const std::vector<std::size_t>& order,
                                             ProofKind kind = ProofKind::drat) {
    std::vector<CertificateCheck> out;
    const std::size_t classes = square_class_count(n);
    for (std::size_t i : order) {
        const CertificateShard shard{i, count};
        out.push_back(check(shard.holds_none(classes) ? empty_shard(n, objective, shard, kind) : searched_shard(n, objective, shard, kind)));
        INFO("shard " << i << "/" << count << ": " << out.back().why);
        REQUIRE(out.back().ok);
    }
    return out;
}

std::vector<std::string> names_of(const std::vector<std::size_t>& order) {
    std::vector<std::string> names;
    for (std::size_t i : order) names.push_back("s" + std::to_string(i));
    return names;
}

}  // namespace

TEST_CASE("certificate: a shard that holds no class is its header alone and checks as that shard",
          "[critical][certificate][shard]") {
    // n = 2 has 1 class, n = 3 has 2: every shard past them holds none.
    for (const auto& [n, shard] : std::vector<std::pair<int, CertificateShard>>{{2, {1, 2}}, {2, {2, 3}}, {3, {2, 5}}, {3, {4, 5}}, {3, {999999, 1000000}}}) {
        for (auto objective : {ExactObjective::h_plus_k, ExactObjective::k_only, ExactObjective::frontier}) {
            for (auto kind : {ProofKind::drat, ProofKind::bb}) {
                INFO("n = " << n << ", shard " << shard.index << "/" << shard.count << ", " << exact_objective_name(objective));
                const std::string text = empty_shard(n, objective, shard, kind);
                const std::vector<Json> t = lines_of(text);
                REQUIRE(t.size() == 1);
                CHECK(t[0]["version"] == 2);
                CHECK(t[0]["shard"] == Json{{"index", shard.index}, {"count", shard.count}});
                if (objective == ExactObjective::frontier) CHECK(t[0]["frontier"] == Json::array());
                else CHECK((t[0]["minimum"].is_null() && t[0]["witness"].is_null()));
                const CertificateCheck c = check(text);
                INFO(c.why);
                CHECK(c.ok);
                CHECK(c.classes == 0);
                CHECK(c.sets == 0);
                CHECK(c.shard.index == shard.index);
                CHECK(c.order_classes == square_class_count(n));
            }
        }
    }
    // A shard that holds a class is a search's: no empty certificate of it.
    CHECK_THROWS_AS(empty_shard(3, ExactObjective::h_plus_k, {1, 5}), std::logic_error);
    CHECK_THROWS_AS(empty_shard(2, ExactObjective::h_plus_k, {0, 2}), std::logic_error);
}

TEST_CASE("certificate: the shards of a run with more shards than classes certify all squares together",
          "[critical][certificate][shard]") {
    for (auto objective : {ExactObjective::h_plus_k, ExactObjective::two_h_three_k, ExactObjective::frontier}) {
        INFO(exact_objective_name(objective));
        const CertificateCheck all_squares = check(whole(3, objective));
        REQUIRE(all_squares.ok);
        // The shards that hold none first, last and between: the first shard's claim was the
        // combined one's start, and an empty frontier cut every other shard's to none.
        for (const std::vector<std::size_t>& order : std::vector<std::vector<std::size_t>>{
                 {0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 3, 1, 4}}) {
            const CertificateCheck all = combine_shards(checked_shards(3, objective, 5, order), names_of(order));
            CHECK(all.ok);
            CHECK(all.classes == 2);
            CHECK(all.shard.count == 1);
            CHECK(all.minimum == all_squares.minimum);
            CHECK(all.frontier == all_squares.frontier);
        }
        // n = 2: one class, in shard 0 of 3.
        const CertificateCheck two = combine_shards(checked_shards(2, objective, 3, {2, 1, 0}), names_of({2, 1, 0}));
        CHECK(two.minimum == check(whole(2, objective)).minimum);
        CHECK(two.frontier == check(whole(2, objective)).frontier);
    }
    // bb shards alike.
    const CertificateCheck bb = combine_shards(checked_shards(3, ExactObjective::k_only, 4, {3, 2, 1, 0}, ProofKind::bb), names_of({3, 2, 1, 0}));
    CHECK(bb.minimum == check(whole(3, ExactObjective::k_only)).minimum);
}

TEST_CASE("certificate: a missing shard is refused also where it holds no class and the message says it holds none",
          "[critical][certificate][shard]") {
    const auto objective = ExactObjective::h_plus_k;
    const auto missing = [&](const std::vector<std::size_t>& order) {
        try {
            combine_shards(checked_shards(3, objective, 5, order), names_of(order));
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(missing({0, 1}) == "critical --check-certificate: 3 of the 5 shards missing (first: 2, 3, 4): the minimum over all squares "
                             "needs every shard (n = 3 has 2 classes, so shards 2 to 4 hold none: --exact --shard I/5 writes such a "
                             "shard's certificate in no time)");
    CHECK(missing({0, 1, 2, 3}) == "critical --check-certificate: 1 of the 5 shards missing (first: 4): the minimum over all squares "
                                   "needs every shard (n = 3 has 2 classes, so shards 2 to 4 hold none: --exact --shard I/5 writes "
                                   "such a shard's certificate in no time)");
    // A missing shard that holds a class: no word of empty shards.
    CHECK(missing({0, 2, 3, 4}) == "critical --check-certificate: 1 of the 5 shards missing (first: 1): the minimum over all squares "
                                   "needs every shard");
    // One shard past the classes: "shard 2 holds".
    const std::vector<CertificateCheck> of3 = checked_shards(3, objective, 3, {0, 1});
    CHECK_THROWS_WITH(combine_shards(of3, {"s0", "s1"}),
                      Catch::EndsWith("(n = 3 has 2 classes, so shard 2 holds none: --exact --shard I/3 writes such a shard's "
                                      "certificate in no time)"));
    // The empty shards alone certify nothing.
    CHECK_THROWS_WITH(combine_shards(checked_shards(3, objective, 5, {2, 3, 4}), {"s2", "s3", "s4"}),
                      Catch::Contains("2 of the 5 shards missing (first: 0, 1)"));
    // Given twice, refused as any shard.
    const std::vector<CertificateCheck> twice = checked_shards(3, objective, 5, {0, 1, 2, 2, 3});
    CHECK_THROWS_WITH(combine_shards(twice, {"a", "b", "c", "d", "e"}), Catch::Contains("c and d are both shard 2/5"));
}

TEST_CASE("certificate: a shard that holds none is accepted only as claiming nothing over no class",
          "[critical][certificate][shard]") {
    const std::vector<Json> hk = lines_of(empty_shard(3, ExactObjective::h_plus_k, {2, 5}));
    const std::vector<Json> fr = lines_of(empty_shard(3, ExactObjective::frontier, {2, 5}));
    const std::string claims_nothing = "rejected: shard 2/5 holds none of the 2 classes of order 3, so it claims nothing (";
    // A class line, one of shard 0's: no class is this shard's.
    std::vector<Json> t = hk;
    t.push_back(lines_of(searched_shard(3, ExactObjective::h_plus_k, {0, 5}))[1]);
    t[1]["class"] = 1;
    CHECK(verdict(t) == "test.cert:2: a line past the records of the 0 classes of its shard");
    // A minimum with its witness, or without one; a witness for the null minimum.
    t = hk;
    t[0]["minimum"] = 2;
    t[0]["witness"] = {{"class", 0}, {"clues", {1, 5}}};
    CHECK_THAT(verdict(t), Catch::StartsWith(claims_nothing + "\"minimum\": null, \"witness\": null)"));
    t[0]["witness"] = nullptr;
    CHECK_THAT(verdict(t), Catch::StartsWith(claims_nothing));
    t = hk;
    t[0]["witness"] = {{"class", 1}, {"clues", {1, 5}}};
    CHECK_THAT(verdict(t), Catch::StartsWith(claims_nothing));
    // A frontier point, even one that claims no set.
    t = fr;
    t[0]["frontier"] = Json::array({{{"h_max", 0}, {"k", nullptr}, {"witness", nullptr}}});
    CHECK(verdict(t) == claims_nothing + "\"frontier\": []), not what its header says");
    t[0]["frontier"] = Json::array({{{"h_max", 0}, {"k", 0}, {"witness", {{"class", 0}, {"clues", {0, 1, 2}}}}}});
    CHECK_THAT(verdict(t), Catch::StartsWith(claims_nothing));
    // The header of a shard that holds a class, as an empty one: its class is not certified.
    t = hk;
    t[0]["shard"]["index"] = 1;
    CHECK(verdict(t) == "rejected: 0 of the 1 classes of shard 1/5 are certified");
    t = fr;
    t[0]["shard"]["index"] = 0;
    CHECK(verdict(t) == "rejected: the frontier does not reach k = 0");
    // A whole run with no class line claims over every square.
    t = hk;
    t[0].erase("shard");
    CHECK(verdict(t) == "rejected: 0 of the 2 classes are certified");
}

// The version 1 reader is as it was: no writer of that version wrote a shard that holds none.
TEST_CASE("certificate: a version 1 shard that holds none is judged as before", "[critical][certificate][shard]") {
    std::vector<Json> fr = lines_of(empty_shard(3, ExactObjective::frontier, {2, 5}));
    fr[0]["version"] = 1;
    CHECK(verdict(fr) == "rejected: the frontier does not reach k = 0");
    std::vector<Json> hk = lines_of(empty_shard(3, ExactObjective::h_plus_k, {2, 5}));
    hk[0]["version"] = 1;
    CHECK(verdict(hk) == "accepted");  // its null minimum refuted by no class, as before
    hk[0]["minimum"] = 2;
    CHECK(verdict(hk) == "rejected: a feasible claim has no witness");
}

TEST_CASE("certificate: a frontier proof without h_max or another objective's proof with one is malformed at its line",
          "[critical][certificate]") {
    const std::vector<Json> fr = lines_of(whole(3, ExactObjective::frontier));
    REQUIRE(fr.size() == 3);
    for (int version : {1, 2}) {
        INFO("version " << version);
        for (std::size_t line = 1; line < fr.size(); ++line) {
            for (std::size_t p = 0; p < fr[line]["proofs"].size(); ++p) {
                std::vector<Json> t = fr;
                t[0]["version"] = version;
                t[line]["proofs"][p].erase("h_max");
                CHECK(verdict(t) == fmt::format("test.cert:{}: proof {} of a frontier certificate has no 'h_max'", line + 1, p));
                // After a class whose claim is rejected: still malformed (the form pass first).
                t[1]["orbit"] = 1;
                CHECK(verdict(t) == fmt::format("test.cert:{}: proof {} of a frontier certificate has no 'h_max'", line + 1, p));
            }
        }
        for (auto objective : {ExactObjective::h_plus_k, ExactObjective::two_h_three_k, ExactObjective::k_only, ExactObjective::h_only}) {
            std::vector<Json> t = lines_of(whole(3, objective));
            t[0]["version"] = version;
            t[2]["proofs"][0]["h_max"] = 0;
            CHECK(verdict(t) == fmt::format("test.cert:3: proof 0 of a {} certificate has no place for 'h_max'", exact_objective_name(objective)));
        }
    }
    // Its other keys as before: null, out of range, unknown, drat missing.
    std::vector<Json> t = fr;
    t[1]["proofs"][0]["h_max"] = nullptr;
    CHECK_THAT(verdict(t), Catch::StartsWith("test.cert:2: proof h_max must be a whole number"));
    t[1]["proofs"][0]["h_max"] = 10;
    CHECK_THAT(verdict(t), Catch::StartsWith("test.cert:2: proof h_max 10 is too large (at most 9)"));
    t = fr;
    t[1]["proofs"][0].erase("drat");
    CHECK(verdict(t) == "test.cert:2: a proof has no 'drat'");
    // A frontier proof for the wrong h_max is a well-formed proof of another claim: rejected.
    t = fr;
    t[1]["proofs"][0]["h_max"] = 1;
    CHECK(verdict(t) == "rejected: line 2: class 0: proof 0 is not for h_max 0");
}
