#include "critical/exact/certificate.hpp"

#include "core/error.hpp"
#include "core/instance.hpp"
#include "critical/exact/exact_report.hpp"
#include "critical/exact/hitting_set_bb.hpp"
#include "critical/exact/rup_check.hpp"
#include "generators/latin/square.hpp"
#include "critical/oracle/verify.hpp"
#include "generators/latin/enumerate.hpp"
#include "generators/latin/symmetry.hpp"

#include <fmt/format.h>

#include <set>

#include <istream>
#include <ostream>
#include <stdexcept>

namespace futolab::critical {
namespace {

constexpr const char* kFormat = "futolab-exact-critical";

int clue_count(int n) { return n * n + 2 * n * (n - 1); }

// One refutation a class must carry: the claim "cost < below" (frontier: at h_max).
struct Claim {
    int h_max = -1;
    std::optional<int> below;
};

// The claims of the certificate: the minimum, or for the frontier every h_max whose minimum k
// is not 0. A claim with below = 0 is trivial and needs no proof.
std::vector<Claim> claims_of(ExactObjective objective, std::optional<int> minimum,
                             const std::vector<std::optional<int>>& frontier) {
    std::vector<Claim> out;
    if (objective != ExactObjective::frontier) {
        if (!minimum || *minimum > 0) out.push_back({-1, minimum});
        return out;
    }
    for (std::size_t H = 0; H < frontier.size(); ++H)
        if (!frontier[H] || *frontier[H] > 0) out.push_back({static_cast<int>(H), frontier[H]});
    return out;
}

std::optional<int> value_of(const GlobalOptimum& g) {
    return g.optimum.feasible ? std::optional<int>(g.optimum.cost) : std::nullopt;
}

Json witness_json(const GlobalOptimum& g) {
    if (!g.optimum.feasible) return nullptr;
    return Json{{"class", g.witness_class}, {"clues", g.optimum.set.indices()}};
}

Json optional_json(std::optional<int> v) { return v ? Json(*v) : Json(nullptr); }

[[noreturn]] void bad(const std::string& source, std::size_t line, const std::string& problem) {
    throw InputError(fmt::format("{}:{}: {}", source, line, problem));
}

ClueMask mask_of(const Json& clues, int n, const std::string& source, std::size_t line) {
    ClueMask m;
    for (const Json& c : clues) {
        const int i = c.get<int>();
        if (i < 0 || i >= clue_count(n)) bad(source, line, fmt::format("clue index {} out of range", i));
        m.set(i);
    }
    return m;
}

std::vector<int> square_of(const Json& j, int n, const std::string& source, std::size_t line) {
    std::vector<int> sq = j.get<std::vector<int>>();
    if (!is_latin_square(n, sq)) bad(source, line, "not a Latin square of order " + std::to_string(n));
    return sq;
}

// Checks one witness: its cost meets the claim and it is uniquely completable (independently).
std::string check_witness(int n, ExactObjective objective, const Json& w, std::optional<int> value, int h_max,
                          const std::vector<SquareClass>& classes, const std::string& backend,
                          const std::string& source) {
    if (!value) return w.is_null() ? "" : "a witness is given for an infeasible claim";
    if (w.is_null()) return "a feasible claim has no witness";
    const std::size_t c = w.at("class").get<std::size_t>();
    if (c >= classes.size()) bad(source, 1, "witness class out of range");
    const ClueMask set = mask_of(w.at("clues"), n, source, 1);
    const ClueMask numbers = ClueMask::prefix(n * n);
    const int h = (set & numbers).count(), k = set.count() - h;
    if (objective == ExactObjective::frontier) {
        if (h > h_max || k != *value) return fmt::format("the witness at h_max {} has h={}, k={}", h_max, h, k);
    } else {
        const CostModel cost = cost_model(n, objective);
        if ((set & cost.allowed).count() != set.count() || cost_of(cost, set) != *value)
            return fmt::format("the witness costs {}, not the minimum {}", cost_of(cost, set), *value);
    }
    const ClueUniverse u(n, classes[c].square);
    if (!verify_critical_set(u, to_clue_set(set, u.size()), backend).uniquely_completable)
        return "a witness is not uniquely completable (" + backend + ")";
    return "";
}

// The same claim as a hitting-set problem for the branch and bound: found = false refutes it.
HittingProblem claim_problem(int n, ExactObjective objective, const std::vector<ClueMask>& sets, int h_max) {
    HittingProblem p;
    p.sets = sets;
    if (objective == ExactObjective::frontier) {
        p.allowed = ClueMask::prefix(clue_count(n));
        p.weight = relations_cost(n).weight;
        p.limited = ClueMask::prefix(n * n);
        p.limit = h_max;
    } else {
        const CostModel cost = cost_model(n, objective);
        p.allowed = cost.allowed;
        p.weight = cost.weight;
    }
    return p;
}

constexpr int kNoBound = 1 << 20;

// The sets the branch and bound needs to refute every claim (its marked sets, union over
// the claims), in pool order. Throws if a claim is not refuted (a search bug).
std::vector<std::size_t> core_of(int n, ExactObjective objective, const std::vector<ClueMask>& sets,
                                 const std::vector<Claim>& claims, std::size_t class_index) {
    std::vector<std::uint8_t> used(sets.size(), 0);
    for (const Claim& claim : claims) {
        HittingProblem p = claim_problem(n, objective, sets, claim.h_max);
        p.used = &used;
        if (min_hitting_set(p, 0, claim.below ? *claim.below - 1 : kNoBound).found)
            throw std::runtime_error(fmt::format("class {}: a claim of the certificate is not refuted", class_index));
    }
    std::vector<std::size_t> core;
    for (std::size_t j = 0; j < sets.size(); ++j)
        if (used[j]) core.push_back(j);
    return core;
}

}  // namespace

ProofKind proof_kind_from_name(const std::string& name) {
    if (name == "drat") return ProofKind::drat;
    if (name == "bb") return ProofKind::bb;
    throw InputError("--proof must be drat or bb, got '" + name + "'");
}

Cnf claim_cnf(int n, ExactObjective objective, const std::vector<ClueMask>& sets, std::optional<int> below,
              int h_max) {
    std::vector<LinearBound> bounds;
    ClueMask allowed = ClueMask::prefix(clue_count(n));
    if (objective == ExactObjective::frontier) {
        bounds.push_back({numbers_cost(n).weight, h_max});
        if (below) bounds.push_back({relations_cost(n).weight, *below - 1});
    } else {
        const CostModel cost = cost_model(n, objective);
        allowed = cost.allowed;
        if (below) bounds.push_back({cost.weight, *below - 1});
    }
    return hitting_set_cnf(clue_count(n), allowed, sets, bounds);
}

namespace {

// Every key of the first line, and every count in it, as write_certificate writes them: a
// header that claims another version, another number of classes or squares, or carries a
// key this reader does not know is refused, never read past (issue #25).
void check_head(const Json& head, int n, std::size_t classes, const std::string& source) {
    static const std::set<std::string> kKeys{"certificate", "version", "n",       "objective", "proof",
                                             "squares",     "classes", "minimum", "witness",   "frontier"};
    for (const auto& [key, value] : head.items())
        if (!kKeys.count(key)) bad(source, 1, fmt::format("unknown header key '{}'", key));
    for (const char* key : {"version", "proof", "squares", "classes"})
        if (!head.contains(key)) bad(source, 1, fmt::format("the header has no '{}'", key));
    if (head.at("version") != 1) bad(source, 1, fmt::format("version {} (this futolab reads version 1)", head.at("version").dump()));
    const std::size_t squares = all_latin_squares(n).size();
    if (!head.at("squares").is_number_unsigned() || head.at("squares").get<std::size_t>() != squares)
        bad(source, 1, fmt::format("the header says squares {}; order {} has {} Latin squares", head.at("squares").dump(), n, squares));
    if (!head.at("classes").is_number_unsigned() || head.at("classes").get<std::size_t>() != classes)
        bad(source, 1, fmt::format("the header says classes {}; order {} has {} classes", head.at("classes").dump(), n, classes));
}

}  // namespace

void write_certificate(std::ostream& out, const ExactResult& r, ProofKind kind) {
    Json head = {{"certificate", kFormat}, {"version", 1}, {"n", r.n}, {"objective", exact_objective_name(r.objective)},
                 {"proof", kind == ProofKind::drat ? "drat" : "bb"}, {"squares", r.squares},
                 {"classes", r.classes.size()}};
    std::vector<std::optional<int>> frontier;
    if (r.objective == ExactObjective::frontier) {
        Json points = Json::array();
        for (std::size_t H = 0; H < r.frontier.size(); ++H) {
            frontier.push_back(value_of(r.frontier[H]));
            points.push_back({{"h_max", H}, {"k", optional_json(frontier.back())}, {"witness", witness_json(r.frontier[H])}});
        }
        head["frontier"] = points;
    } else {
        head["minimum"] = optional_json(value_of(r.best));
        head["witness"] = witness_json(r.best);
    }
    out << head.dump() << '\n';
    const std::vector<Claim> claims = claims_of(r.objective, value_of(r.best), frontier);
    for (const ClassResult& c : r.classes) {
        std::vector<ClueMask> pool;
        for (const Counterexample& m : c.sets) pool.push_back(m.violated);
        std::vector<ClueMask> sets;
        Json jsets = Json::array(), jsquares = Json::array(), proofs = Json::array();
        for (std::size_t j : core_of(r.n, r.objective, pool, claims, c.index)) {
            sets.push_back(c.sets[j].violated);
            jsets.push_back(c.sets[j].violated.indices());
            jsquares.push_back(c.sets[j].square);
        }
        for (const Claim& claim : claims) {
            if (kind == ProofKind::bb) break;
            const std::optional<std::string> proof = refute(claim_cnf(r.n, r.objective, sets, claim.below, claim.h_max));
            if (!proof) throw std::runtime_error(fmt::format("class {}: the certificate formula is satisfiable", c.index));
            Json p = {{"drat", *proof}};
            if (claim.h_max >= 0) p["h_max"] = claim.h_max;
            proofs.push_back(p);
        }
        Json line = {{"class", c.index}, {"square", c.square_class.square}, {"orbit", c.square_class.orbit},
                     {"sets", jsets}, {"squares", jsquares}};
        if (kind == ProofKind::drat) line["proofs"] = proofs;
        out << line.dump() << '\n';
    }
    if (!out) throw std::runtime_error("cannot write the certificate");
}

CertificateCheck check_certificate(std::istream& in, const std::string& source, const std::string& verify_backend) {
    CertificateCheck result;
    auto fail = [&](std::string why) {
        result.why = std::move(why);
        return result;
    };
    std::string text;
    std::size_t line_no = 1;
    if (!std::getline(in, text)) bad(source, 1, "empty certificate");
    Json head;
    try {
        head = Json::parse(text);
        if (head.value("certificate", "") != kFormat) bad(source, 1, std::string("not a ") + kFormat + " file");
        const int n = head.at("n").get<int>();
        const ExactObjective objective = exact_objective_from_name(head.at("objective").get<std::string>());
        const std::vector<SquareClass> classes = square_classes(n);  // throws for n outside 2..5
        check_head(head, n, classes.size(), source);
        std::vector<std::optional<int>> frontier;
        std::optional<int> minimum;
        if (objective == ExactObjective::frontier) {
            for (const Json& p : head.at("frontier")) {
                if (p.at("h_max").get<std::size_t>() != frontier.size()) bad(source, 1, "frontier points out of order");
                frontier.push_back(p.at("k").is_null() ? std::nullopt : std::optional<int>(p.at("k").get<int>()));
                const std::string why = check_witness(n, objective, p.at("witness"), frontier.back(),
                                                      static_cast<int>(frontier.size()) - 1, classes, verify_backend, source);
                if (!why.empty()) return fail(why);
            }
            if (frontier.empty() || frontier.back() != 0) return fail("the frontier does not reach k = 0");
        } else {
            if (!head.at("minimum").is_null()) minimum = head.at("minimum").get<int>();
            const std::string why = check_witness(n, objective, head.at("witness"), minimum, -1, classes, verify_backend, source);
            if (!why.empty()) return fail(why);
        }
        const std::vector<Claim> claims = claims_of(objective, minimum, frontier);
        const std::string kind = head.value("proof", "drat");
        if (kind != "drat" && kind != "bb") bad(source, 1, "proof must be drat or bb");
        std::size_t squares = 0;
        while (std::getline(in, text)) {
            ++line_no;
            if (text.empty()) continue;
            const Json c = Json::parse(text);
            const std::size_t index = c.at("class").get<std::size_t>();
            if (index != result.classes || index >= classes.size())
                return fail(fmt::format("line {}: class {} is not the next of the {} classes", line_no, index, classes.size()));
            const std::vector<int> L = square_of(c.at("square"), n, source, line_no);
            if (L != classes[index].square || c.at("orbit").get<int>() != classes[index].orbit)
                return fail(fmt::format("line {}: class {} is not the class enumerated here", line_no, index));
            squares += static_cast<std::size_t>(classes[index].orbit);
            const Json& jsets = c.at("sets");
            const Json& jsquares = c.at("squares");
            if (jsets.size() != jsquares.size()) bad(source, line_no, "sets and squares differ in number");
            std::vector<ClueMask> sets;
            for (std::size_t j = 0; j < jsets.size(); ++j) {
                const ClueMask set = mask_of(jsets[j], n, source, line_no);
                const std::vector<int> M = square_of(jsquares[j], n, source, line_no);
                if (set.empty() || violation_mask(n, L, M) != set)
                    return fail(fmt::format("line {}: set {} of class {} is not the set of clues its square violates",
                                            line_no, j, index));
                sets.push_back(set);
            }
            result.sets += sets.size();
            if (kind == "bb") {  // re-derive each bound from the stored sets by branch and bound
                for (const Claim& claim : claims)
                    if (min_hitting_set(claim_problem(n, objective, sets, claim.h_max), 0,
                                        claim.below ? *claim.below - 1 : kNoBound)
                            .found)
                        return fail(fmt::format("line {}: class {}: a set hitting the stored sets beats the claim",
                                                line_no, index));
                result.proofs += claims.size();
                ++result.classes;
                continue;
            }
            const Json& proofs = c.at("proofs");
            if (proofs.size() != claims.size())
                return fail(fmt::format("line {}: {} proofs for {} claims", line_no, proofs.size(), claims.size()));
            for (std::size_t p = 0; p < claims.size(); ++p) {
                if (claims[p].h_max >= 0 && proofs[p].value("h_max", -1) != claims[p].h_max)
                    return fail(fmt::format("line {}: proof {} is not for h_max {}", line_no, p, claims[p].h_max));
                const ProofCheck pc = check_drup(claim_cnf(n, objective, sets, claims[p].below, claims[p].h_max),
                                                 proofs[p].at("drat").get<std::string>());
                result.lemmas += pc.lemmas;
                if (!pc.ok) return fail(fmt::format("line {}: class {}: {}", line_no, index, pc.why));
                ++result.proofs;
            }
            ++result.classes;
        }
        if (result.classes != classes.size())
            return fail(fmt::format("{} of the {} classes are certified", result.classes, classes.size()));
        if (squares != all_latin_squares(n).size())
            return fail(fmt::format("the orbits hold {} squares, not all {}", squares, all_latin_squares(n).size()));
    } catch (const Json::exception& e) {
        bad(source, line_no, std::string("malformed certificate: ") + e.what());
    }
    result.ok = true;
    return result;
}

}  // namespace futolab::critical
