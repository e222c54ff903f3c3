#include "critical/exact/certificate.hpp"

#include "critical/exact/certificate_core.hpp"
#include "critical/exact/certificate_read.hpp"

#include "core/counted.hpp"
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
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>
#include <istream>
#include <ostream>
#include <stdexcept>

namespace futolab::critical {
namespace {

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

// A witness as the header gives it, read for its form: none (null), or a class and its clues.
struct Witness {
    bool given = false;
    std::size_t cls = 0;
    ClueMask set;
};

Witness read_witness(const Json& w, int n, std::size_t classes, const At& at) {
    if (w.is_null()) return {};
    check_keys(w, at, "the witness", {"class", "clues"});
    Witness read;
    read.given = true;
    read.cls = static_cast<std::size_t>(whole(w.at("class"), at, "witness class", 0, static_cast<std::int64_t>(classes) - 1));
    read.set = mask_of<ClueMask>(w.at("clues"), n, at, "witness");
    return read;
}

// Why a witness holds a clue its objective does not use (objective k: no number; h: no relation),
// "" if it holds none: said as such, not as a cost ("the witness costs 4, not the minimum 4" of a
// witness of objective k with a number added; red-team round 27, B F11), as the per-square
// checker says it.
std::string outside_objective(int n, ExactObjective objective, const ClueMask& set, const ClueMask& allowed) {
    const ClueMask outside = set.minus(allowed);
    if (outside.empty()) return "";
    const int first = outside.indices().front(), h = (set & ClueMask::prefix(n * n)).count();
    const char* kind = first < n * n ? "number" : "relation";
    return fmt::format("the witness has h = {}, k = {} (clue {} is a {}), where objective {} uses no {}s", h, set.count() - h, first,
                       kind, exact_objective_name(objective), kind);
}

// Checks one witness: its cost meets the claim, its class is one the file certifies, and it
// is uniquely completable (independently; a backend that gives no answer throws ClaimNotJudged,
// naming the header's line `at`).
std::string check_witness(int n, ExactObjective objective, const Witness& w, std::optional<int> value, int h_max,
                          const std::vector<SquareClass>& classes, const CertificateShard& shard, const std::string& backend,
                          const At& at) {
    if (!value) return w.given ? "a witness is given for an infeasible claim" : "";
    if (!w.given) return "a feasible claim has no witness";
    if (!shard.holds(w.cls)) return fmt::format("the witness's class {} is not in shard {}/{}", w.cls, shard.index, shard.count);
    const ClueMask& set = w.set;
    const ClueMask numbers = ClueMask::prefix(n * n);
    const int h = (set & numbers).count(), k = set.count() - h;
    if (objective == ExactObjective::frontier) {
        if (h > h_max || k != *value) return fmt::format("the witness at h_max {} has h={}, k={}", h_max, h, k);
    } else {
        const CostModel cost = cost_model(n, objective);
        if (std::string why = outside_objective(n, objective, set, cost.allowed); !why.empty()) return why;
        if (cost_of(cost, set) != *value)
            return fmt::format("the witness costs {}, not the minimum {}", cost_of(cost, set), *value);
    }
    const ClueUniverse u(n, classes[w.cls].square);
    const std::string claim = objective == ExactObjective::frontier
                                  ? fmt::format("the witness of class {} (h_max {}, k = {})", w.cls, h_max, *value)
                                  : fmt::format("the witness of class {} (minimum {})", w.cls, *value);
    if (!witness_uniquely_completable(u, to_clue_set(set, u.size()), backend, at, claim))
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

// The branch and bound refuting every claim over `sets`: the flags of the sets it marked (dead
// ends, pruning packings, branch sets; union over the claims), or nullopt if a claim is not
// refuted. OutOfTime once `stop` has passed.
std::optional<std::vector<std::uint8_t>> refutation_uses(int n, ExactObjective objective, const std::vector<ClueMask>& sets,
                                                          const std::vector<Claim>& claims, const Deadline& stop = {}) {
    std::vector<std::uint8_t> used(sets.size(), 0);
    for (const Claim& claim : claims) {
        HittingProblem p = claim_problem(n, objective, sets, claim.h_max);
        p.used = &used;
        p.deadline = stop;
        const HittingSolution s = min_hitting_set(p, 0, claim.below ? *claim.below - 1 : kNoBound);
        if (s.timed_out) throw OutOfTime();
        if (s.found) return std::nullopt;
    }
    return used;
}

// The sets a class stores, in pool order: each once, the refutation's own core
// (certificate_core.hpp, the rule the checker holds a file to). Throws if a claim is not
// refuted (a search bug).
std::vector<std::size_t> core_of(int n, ExactObjective objective, const std::vector<ClueMask>& sets,
                                 const std::vector<Claim>& claims, std::size_t class_index, const Deadline& stop) {
    const auto core = own_core(sets, distinct_sets(sets), [&](const std::vector<ClueMask>& list) {
        return refutation_uses(n, objective, list, claims, stop);
    });
    if (!core) throw std::runtime_error(fmt::format("class {}: a claim of the certificate is not refuted", class_index));
    return *core;
}

}  // namespace

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

std::size_t total_squares(int n) { return all_latin_squares(n).size(); }

void read_shard(const Json& j, const At& at, CertificateShard& shard) {
    check_keys(j, at, "the header's shard", {"index", "count"});
    shard.count = static_cast<std::size_t>(whole(j.at("count"), at, "shard count", 2, 1000000));
    shard.index = static_cast<std::size_t>(whole(j.at("index"), at, "shard index", 0, static_cast<std::int64_t>(shard.count) - 1));
}

// The frontier points of the header: h_max 0, 1, … in order, each min k or null.
std::vector<std::optional<int>> read_frontier(const Json& points, int n, const At& at) {
    std::vector<std::optional<int>> frontier;
    for (const Json& p : array_at(points, at, "frontier")) {
        check_keys(p, at, "a frontier point", {"h_max", "k", "witness"});
        if (whole(p.at("h_max"), at, "frontier h_max", 0, n * n) != static_cast<std::int64_t>(frontier.size()))
            bad(at, "frontier points out of order");
        // Where k = 0 is reached the search stops: a point after it says nothing and would be
        // counted, and printed, as the file's own (red-team round 25, B F3).
        if (!frontier.empty() && frontier.back() == 0)
            bad(at, fmt::format("frontier point h_max {} after k = 0 at h_max {}: the frontier ends at its first k = 0",
                                frontier.size(), frontier.size() - 1));
        frontier.push_back(p.at("k").is_null() ? std::nullopt
                                                : std::optional<int>(whole_int(p.at("k"), at, "frontier k", 0, clue_count(n))));
    }
    return frontier;
}

// The witnesses of a header whose claim `c` is read: the minimum's, or each frontier point's.
std::vector<Witness> read_witnesses(const Json& head, const CertificateCheck& c, std::size_t classes, const At& at) {
    if (c.objective != ExactObjective::frontier) return {read_witness(head.at("witness"), c.n, classes, at)};
    std::vector<Witness> read;
    for (const Json& point : head.at("frontier")) read.push_back(read_witness(point.at("witness"), c.n, classes, at));
    return read;
}

// The first line as write_certificate writes it: every key known, every count that of the
// order (issue #25), every integer exact and in range (issue #45), every witness's form. The
// witnesses are judged later (check_witnesses): a bad one is a rejected claim, not a malformed file.
struct Head {
    CertificateCheck claim;  // n, objective, shard, proof kind, minimum or frontier
    std::vector<SquareClass> classes;
    std::vector<Witness> witnesses;  // the minimum's, or each frontier point's (h_max 0, 1, …)
    CertificateRules rules = CertificateRules::v2_core_lists;  // its "version": what its lists are held to
};

Head read_head(const Json& head, const At& at) {
    if (!head.is_object() || head.value("certificate", Json()) != kExactCertificateFormat)
        bad(at, std::string("not a ") + kExactCertificateFormat + " file");
    check_keys(head, at, "the header", {"certificate", "version", "n", "objective", "proof", "squares", "classes"},
               {"minimum", "witness", "frontier", "shard"});
    Head h;
    h.rules = read_version(head.at("version"), at);
    CertificateCheck& c = h.claim;
    c.n = whole_int(head.at("n"), at, "n", 2, kMaxEnumeratedN);
    // Read as text outside the try: its refusal names the place already (red-team round 30, F5:
    // "o5.cert:1: o5.cert:1: objective must be a string").
    const std::string& objective = text_at(head.at("objective"), at, "objective");
    try {
        c.objective = exact_objective_from_name(objective, "objective");
    } catch (const InputError& e) {
        bad(at, e.what());
    }
    const std::string proof = text_at(head.at("proof"), at, "proof");
    if (proof != "drat" && proof != "bb") bad(at, "proof must be drat or bb, got '" + proof + "'");
    c.proof = proof == "bb" ? ProofKind::bb : ProofKind::drat;
    h.classes = square_classes(c.n);
    c.order_classes = h.classes.size();
    const auto count = [&](const char* key) { return static_cast<std::size_t>(whole(head.at(key), at, key, 0, std::numeric_limits<std::int64_t>::max())); };
    if (count("squares") != total_squares(c.n))
        bad(at, fmt::format("the header says squares {}; order {} has {} Latin squares", count("squares"), c.n, total_squares(c.n)));
    if (count("classes") != h.classes.size())
        bad(at, fmt::format("the header says classes {}; order {} has {} classes", count("classes"), c.n, h.classes.size()));
    if (head.contains("shard")) read_shard(head.at("shard"), at, c.shard);
    const bool frontier = c.objective == ExactObjective::frontier;
    for (const char* key : {"minimum", "witness", "frontier"})
        if (head.contains(key) != (frontier == (std::string_view(key) == "frontier")))
            bad(at, fmt::format("the header of a {} certificate {} '{}'", objective_name(c.objective),
                                head.contains(key) ? "has no place for" : "has no", key));
    if (frontier) c.frontier = read_frontier(head.at("frontier"), c.n, at);
    else if (!head.at("minimum").is_null()) c.minimum = whole_int(head.at("minimum"), at, "minimum", 0, 3 * clue_count(c.n));
    h.witnesses = read_witnesses(head, c, h.classes.size(), at);
    return h;
}

// The claim of a version 2 shard that holds no class (CertificateShard::holds_none, against the
// classes enumerated here): nothing, as write_empty_shard_certificate writes it (the minimum null
// with no witness, or the frontier no point), "" if so. Its class lines are none (judge_certificate
// expects none). A version 1 file is judged as before (no writer of it wrote such a shard; its
// frontier then does not reach k = 0).
std::string check_nothing_claimed(const Head& h) {
    const CertificateCheck& c = h.claim;
    const bool nothing = c.objective == ExactObjective::frontier ? c.frontier.empty() : !c.minimum && !h.witnesses[0].given;
    if (nothing) return "";
    return fmt::format("shard {}/{} holds none of the {} class{} of order {}, so it claims nothing ({}), not what its header says",
                       c.shard.index, c.shard.count, c.order_classes, c.order_classes == 1 ? "" : "es", c.n,
                       c.objective == ExactObjective::frontier ? "\"frontier\": []" : "\"minimum\": null, \"witness\": null");
}

// Every witness of the header (at `at`): "" if each meets its claim, is of a class the file
// certifies and is uniquely completable; else the first failure.
std::string check_witnesses(const Head& h, const std::string& backend, const At& at) {
    const CertificateCheck& c = h.claim;
    if (h.rules == CertificateRules::v2_core_lists && c.shard.holds_none(c.order_classes)) return check_nothing_claimed(h);
    const bool frontier = c.objective == ExactObjective::frontier;
    for (std::size_t i = 0; i < h.witnesses.size(); ++i) {
        const std::optional<int> value = frontier ? c.frontier[i] : c.minimum;
        const int h_max = frontier ? static_cast<int>(i) : -1;
        const std::string why = check_witness(c.n, c.objective, h.witnesses[i], value, h_max, h.classes, c.shard, backend, at);
        if (!why.empty()) return why;
    }
    if (frontier && (c.frontier.empty() || c.frontier.back() != 0)) return "the frontier does not reach k = 0";
    return "";
}

// One class line read for its form: its keys, every integer in range, its squares Latin, its
// sets clue sets, each proof's keys (the DRAT lines are read by check_proof_forms); nothing
// judged against the classes enumerated here. `drat` points into the line's Json.
struct ClassRecord {
    struct Proof {
        int h_max = -1;  // -1: none given
        const std::string* drat = nullptr;
    };
    std::int64_t index = 0;
    std::vector<int> square;
    std::int64_t orbit = 0;
    std::vector<ClueMask> sets;
    std::vector<std::vector<int>> squares;  // sets[j]'s square M
    std::vector<Proof> proofs;
};

// A frontier's proof names the h_max it refutes k at, and no other objective's proof has one
// (every writer, of both versions): a frontier proof without it was read as "none given" and
// judged, exit 1 ("proof 0 is not for h_max 0"), where a record missing a field is malformed
// (red-team round 26, B F6), and an h+k proof with one likewise.
std::vector<ClassRecord::Proof> read_proofs(const Json& proofs, const CertificateCheck& claim, const At& at) {
    const bool frontier = claim.objective == ExactObjective::frontier;
    std::vector<ClassRecord::Proof> read;
    for (const Json& p : array_at(proofs, at, "proofs")) {
        check_keys(p, at, "a proof", {"drat"}, {"h_max"});
        if (p.contains("h_max") != frontier)
            bad(at, fmt::format("proof {} of a {} certificate {} 'h_max'", read.size(), objective_name(claim.objective),
                                frontier ? "has no" : "has no place for"));
        const int h_max = frontier ? whole_int(p.at("h_max"), at, "proof h_max", 0, claim.n * claim.n) : -1;
        read.push_back({h_max, &text_at(p.at("drat"), at, "drat")});
    }
    return read;
}

ClassRecord read_class(const Json& c, const Head& h, const At& at) {
    const int n = h.claim.n;
    check_keys(c, at, "a class record", {"class", "square", "orbit", "sets", "squares"}, {"proofs"});
    const bool bb = h.claim.proof == ProofKind::bb;
    if (c.contains("proofs") == bb)
        bad(at, bb ? "a class record of a bb certificate has 'proofs'" : "a class record has no 'proofs'");
    ClassRecord r;
    // Within the order's classes, as the header's witness class is (red-team round 30, F6: a
    // record's class 7 of an order of 2 was judged, exit 1, "not the next class here").
    r.index = whole(c.at("class"), at, "class", 0, static_cast<std::int64_t>(h.classes.size()) - 1);
    r.square = square_of(c.at("square"), n, at, "square");
    r.orbit = whole(c.at("orbit"), at, "orbit", 1, 16);
    const Json& jsets = array_at(c.at("sets"), at, "sets");
    if (jsets.size() != array_at(c.at("squares"), at, "squares").size()) bad(at, "sets and squares differ in number");
    // In a version 2 file a set twice is refused, as a clue twice in one set (red-team round 25,
    // B F3); a version 1 file's writer stored a set twice where its Lagrangian marked both copies.
    const bool once = h.rules == CertificateRules::v2_core_lists;
    SetsSeen<ClueMask> seen;
    for (std::size_t j = 0; j < jsets.size(); ++j) {
        r.sets.push_back(mask_of<ClueMask>(jsets[j], n, at, fmt::format("set {}", j)));
        if (const std::size_t first = seen.first_of(r.sets.back(), j); once && first != j)
            bad(at, fmt::format("set {} is set {} again (each unavoidable set is stored once)", j, first));
        r.squares.push_back(square_of(c.at("squares")[j], n, at, fmt::format("square {}", j)));
    }
    if (!bb) r.proofs = read_proofs(c.at("proofs"), h.claim, at);
    return r;
}

// The most variables a claim's formula of order n and `objective` has, whatever the claim: that
// of the largest bounds a header may state (a minimum up to 3 × the clues; a frontier point's
// k up to the clues, its h_max up to n²), the totalizers growing with their bounds.
int most_vars(int n, ExactObjective objective) {
    const bool frontier = objective == ExactObjective::frontier;
    return claim_cnf(n, objective, {}, frontier ? clue_count(n) : 3 * clue_count(n), frontier ? n * n : -1).vars;
}

// Every DRAT proof of a class read for its form (check_drup_form): a line that is no clause, or
// a literal past `vars` (most_vars: every formula the file's order and objective can call for),
// makes the file malformed (exit 2), as the --construct certificates' reader refuses it; so does
// a lemma after the proof's empty clause (lemma_after_end: nothing reads it, the proof ends). The
// bound is not the claimed formula's: that one follows the claim (a minimum edited from 8 to 7
// has fewer variables), and a wrong claim is rejected, not a malformed file (check_proofs).
void check_proof_forms(const ClassRecord& r, int vars, const At& at) {
    for (std::size_t p = 0; p < r.proofs.size(); ++p) {
        const ProofCheck form = check_drup_form(vars, *r.proofs[p].drat, "the largest formula of its order and objective");
        if (form.malformed) bad(at, fmt::format("proof {}: drat: {}", p, form.why));
        if (const std::string why = lemma_after_end(*r.proofs[p].drat); !why.empty()) bad(at, fmt::format("proof {}: drat: {}", p, why));
    }
}

// The DRAT proofs of one class, one per claim in order: "" if each refutes its claim, else the
// first failure (their form was read in the first pass: a rejected proof ends the class).
std::string check_proofs(const ClassRecord& r, const Head& h, const std::vector<Claim>& claims, CertificateCheck& result) {
    if (r.proofs.size() != claims.size()) return fmt::format("{} for {}", counted(r.proofs.size(), "proof"), counted(claims.size(), "claim"));
    for (std::size_t p = 0; p < claims.size(); ++p) {
        if (r.proofs[p].h_max != claims[p].h_max) return fmt::format("proof {} is not for h_max {}", p, claims[p].h_max);
        const ProofCheck pc = check_drup(claim_cnf(h.claim.n, h.claim.objective, r.sets, claims[p].below, claims[p].h_max),
                                         *r.proofs[p].drat);
        // Its form was read (check_proof_forms): a literal past this claim's formula alone is
        // of another claim's, so the proof does not refute this one.
        if (pc.malformed) return fmt::format("proof {}: {}: not a proof of its claim's formula", p, pc.why);
        result.lemmas += pc.lemmas;
        if (!pc.ok) return pc.why;
        ++result.proofs;
    }
    return "";
}

// The class's sets held to the core the writer stores (certificate_core.hpp): the branch and
// bound re-run on them refutes every claim and marks each set, or the sets it marks do not
// refute alone. "" if so. With --proof bb this re-run is the proof; with drat it only binds the
// list (a set added would leave the DRAT proofs checking and be counted; red-team round 25, B F3).
// A version 1 file predates that rule: its sets only have to refute (check_class).
std::string check_core(const ClassRecord& r, const Head& h, const std::vector<Claim>& claims) {
    const int n = h.claim.n;
    const ExactObjective objective = h.claim.objective;
    const std::optional<std::vector<std::uint8_t>> used = refutation_uses(n, objective, r.sets, claims);
    if (!used) return "a set hitting the stored sets beats the claim";
    if (h.rules == CertificateRules::v1_lenient_lists) return "";
    const std::optional<std::size_t> extra = extra_set(r.sets, *used, [&](const std::vector<ClueMask>& marked) {
        return refutation_uses(n, objective, marked, claims).has_value();
    });
    if (extra) return fmt::format("set {} is not one its refutation uses (a class stores the core of its sets only)", *extra);
    return "";
}

// One class record judged: the class `index` as enumerated here, every set the violation set of
// its square, its claims refuted (DRAT proofs, or the branch and bound re-run) and, in a version
// 2 file, its sets the core (check_core). "" if it checks. A version 1 drat class is judged by
// its DRAT proofs alone, as it was when written.
std::string check_class(const ClassRecord& r, const Head& h, const std::vector<Claim>& claims, std::size_t index,
                        CertificateCheck& result) {
    const int n = h.claim.n;
    if (r.index != static_cast<std::int64_t>(index))
        return fmt::format("class {} is not the next class here ({})", r.index, index);
    if (r.square != h.classes[index].square || r.orbit != h.classes[index].orbit)
        return fmt::format("class {} is not the class enumerated here", index);
    for (std::size_t j = 0; j < r.sets.size(); ++j)
        if (r.sets[j].empty() || violation_mask(n, r.square, r.squares[j]) != r.sets[j])
            return fmt::format("set {} of class {} is not the set of clues its square violates", j, index);
    if (h.claim.proof == ProofKind::drat)
        if (const std::string why = check_proofs(r, h, claims, result); !why.empty()) return fmt::format("class {}: {}", index, why);
    const bool core_rule = h.rules == CertificateRules::v2_core_lists || h.claim.proof == ProofKind::bb;
    if (const std::string why = core_rule ? check_core(r, h, claims) : ""; !why.empty()) return fmt::format("class {}: {}", index, why);
    if (h.claim.proof == ProofKind::bb) result.proofs += claims.size();  // each claim re-refuted by check_core
    result.sets += r.sets.size();
    return "";
}

std::size_t classes_in(const CertificateShard& shard, std::size_t classes) {
    return shard.index < classes ? (classes - shard.index + shard.count - 1) / shard.count : 0;
}

}  // namespace

void write_certificate(std::ostream& out, const ExactResult& r, ProofKind kind, CertificateShard shard,
                       const std::atomic<bool>* stop) {
    const Deadline stopped{std::chrono::steady_clock::time_point::max(), std::numeric_limits<std::int64_t>::max(), stop};
    const std::size_t classes = shard.count > 1 ? square_classes(r.n).size() : r.classes.size();
    Json head = {{"certificate", kExactCertificateFormat}, {"version", kCertificateVersion}, {"n", r.n}, {"objective", exact_objective_name(r.objective)},
                 {"proof", kind == ProofKind::drat ? "drat" : "bb"}, {"squares", r.squares},
                 {"classes", classes}};
    if (shard.count > 1) head["shard"] = {{"index", shard.index}, {"count", shard.count}};
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
        if (stopped.passed()) throw OutOfTime();
        std::vector<ClueMask> pool;
        for (const Counterexample& m : c.sets) pool.push_back(m.violated);
        std::vector<ClueMask> sets;
        Json jsets = Json::array(), jsquares = Json::array(), proofs = Json::array();
        for (std::size_t j : core_of(r.n, r.objective, pool, claims, c.index, stopped)) {
            sets.push_back(c.sets[j].violated);
            jsets.push_back(c.sets[j].violated.indices());
            jsquares.push_back(c.sets[j].square);
        }
        for (const Claim& claim : claims) {
            if (kind == ProofKind::bb) break;
            const std::optional<std::string> proof = refute(claim_cnf(r.n, r.objective, sets, claim.below, claim.h_max), stop);
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

void write_empty_shard_certificate(std::ostream& out, int n, ExactObjective objective, ProofKind kind, CertificateShard shard) {
    if (!shard.holds_none(square_class_count(n)))
        throw std::logic_error(fmt::format("shard {}/{} holds classes of order {}: its certificate is a search's", shard.index, shard.count, n));
    ExactResult none;  // no class: the minimum infeasible (null), the frontier no point
    none.n = n;
    none.objective = objective;
    none.squares = total_squares(n);
    write_certificate(out, none, kind, shard);
}

namespace {

// The header, the file's first line that is not blank; `line_no` its line.
Head read_first_line(std::istream& in, const std::string& source, std::size_t& line_no) {
    std::string text;
    if (!next_record_line(in, text, line_no, source)) bad({source, 1}, "empty certificate");
    const At first{source, line_no};
    return read_head(parse_line(text, first), first);
}

// The second pass of check_certificate: every claim judged, the first failure the verdict.
CertificateCheck judge_certificate(std::istream& in, const std::string& source, const std::string& verify_backend) {
    std::size_t line_no = 0;
    const Head h = read_first_line(in, source, line_no);
    CertificateCheck result = h.claim;
    auto fail = [&](std::string why) {
        result.why = std::move(why);
        return result;
    };
    if (std::string why = check_witnesses(h, verify_backend, At{source, line_no}); !why.empty()) return fail(why);
    const std::vector<Claim> claims = claims_of(h.claim.objective, h.claim.minimum, h.claim.frontier);
    const CertificateShard& shard = h.claim.shard;
    const std::size_t expected = classes_in(shard, h.classes.size());
    std::size_t squares = 0;
    std::string text;
    while (next_record_line(in, text, line_no, source)) {
        const At at{source, line_no};
        if (result.classes == expected) return fail(fmt::format("line {}: more class records than the {} of {}", line_no, expected,
                                                                 shard.count > 1 ? "the shard" : "the order"));
        const std::size_t index = shard.index + result.classes * shard.count;
        const Json line = parse_line(text, at);
        if (std::string why = check_class(read_class(line, h, at), h, claims, index, result); !why.empty())
            return fail(fmt::format("line {}: {}", line_no, why));
        squares += static_cast<std::size_t>(h.classes[index].orbit);
        ++result.classes;
    }
    if (result.classes != expected)
        return fail(fmt::format("{} of the {} classes{} are certified", result.classes, expected,
                                shard.count > 1 ? fmt::format(" of shard {}/{}", shard.index, shard.count) : ""));
    if (shard.count == 1 && squares != total_squares(h.claim.n))
        return fail(fmt::format("the orbits hold {} squares, not all {}", squares, total_squares(h.claim.n)));
    result.ok = true;
    return result;
}

}  // namespace

CertificateCheck read_certificate_claim(std::istream& in, const std::string& source) {
    std::size_t line_no = 0;
    return read_first_line(in, source, line_no).claim;
}

CertificateCheck read_certificate(std::istream& in, const std::string& source) {
    std::size_t line_no = 0;
    const Head h = read_first_line(in, source, line_no);
    const int vars = h.claim.proof == ProofKind::drat ? most_vars(h.claim.n, h.claim.objective) : 0;
    // A record past the order's (or the shard's) classes is malformed, as a record too many of
    // the per-square and construct certificates is (red-team round 30, F6: it was judged, exit 1).
    const std::size_t expected = classes_in(h.claim.shard, h.classes.size());
    std::size_t records = 0;
    std::string text;
    while (next_record_line(in, text, line_no, source)) {  // one line in memory at a time
        const At at{source, line_no};
        if (++records > expected)
            bad(at, fmt::format("a line past the records of the {} class{} of {}", expected, expected == 1 ? "" : "es",
                                h.claim.shard.count > 1 ? "its shard" : "the order"));
        const Json line = parse_line(text, at);
        check_proof_forms(read_class(line, h, at), vars, at);
    }
    return h.claim;
}

// Two passes (red-team round 24): the judging stops at the first rejected claim, so a malformed
// record after it was exit 1; the whole file is read for its form first, and only then judged,
// so that malformed input is refused (exit 2) wherever it is. Each pass holds one line at a time.
CertificateCheck check_certificate(std::istream& in, const std::string& source, const std::string& verify_backend) {
    form_pass_then_rewind(in, "check_certificate", [&source](std::istream& s) { read_certificate(s, source); });
    return judge_certificate(in, source, verify_backend);
}

namespace {

// A certificate's run as a message names it: "n = 4, objective k, proof drat, shard 0/2".
std::string run_words(const CertificateCheck& c) {
    return fmt::format("n = {}, objective {}, proof {}, {}", c.n, objective_name(c.objective), name_in(kProofKinds, c.proof),
                       c.shard.count > 1 ? fmt::format("shard {}/{}", c.shard.index, c.shard.count)
                                         : std::string("a whole run (no shard)"));
}

// "" if the files `a` and `b` are shards of one run as far as each alone says: every field of
// the run's identity the same (n, objective, proof kind, shard count; red-team round 25, B F5:
// a drat and a bb shard were combined) and a count above 1. Else why not, naming both files
// with their own fields (B F4: the first file was compared with itself, and named twice).
std::string not_one_run(const CertificateCheck& a, const std::string& a_name, const CertificateCheck& b, const std::string& b_name) {
    std::vector<std::string> differ;
    if (a.n != b.n) differ.push_back("n");
    if (a.objective != b.objective) differ.push_back("objective");
    if (a.proof != b.proof) differ.push_back("proof");
    if (a.shard.count != b.shard.count) differ.push_back("shard count");
    if (differ.empty() && a.shard.count > 1) return "";
    const std::string why = differ.empty() ? std::string("each is a whole run's certificate, checked alone")
                                           : fmt::format("they differ in {}", fmt::join(differ, ", "));
    return fmt::format("{} and {} are not shards of one run ({}): {} is {}; {} is {}", a_name, b_name, why, a_name, run_words(a),
                       b_name, run_words(b));
}

// `all`'s claim made the least of its own and shard `s`'s (the first shard's as it is: `claimed`
// false), the minimum and the frontier point by point.
void least_of_claims(CertificateCheck& all, const CertificateCheck& s, bool& claimed) {
    if (!claimed) {
        all.minimum = s.minimum;
        all.frontier = s.frontier;
        claimed = true;
        return;
    }
    if (s.minimum && (!all.minimum || *s.minimum < *all.minimum)) all.minimum = s.minimum;
    if (s.frontier.size() < all.frontier.size()) all.frontier.resize(s.frontier.size());  // the rest is k = 0 there
    for (std::size_t H = 0; H < all.frontier.size(); ++H)
        if (s.frontier[H] && (!all.frontier[H] || *s.frontier[H] < *all.frontier[H])) all.frontier[H] = s.frontier[H];
}

// Every shard needs its file (`file_of[i]` == `files`: none given), also one that holds no class:
// its run writes its certificate in no time, and a set with a file missing is more likely a
// file lost than a shard known to be empty. Such missing shards are named as holding none, so
// the message says how cheap they are to make.
void refuse_missing_shards(const std::vector<std::size_t>& file_of, std::size_t files, const CertificateCheck& run) {
    std::vector<std::size_t> missing;
    for (std::size_t i = 0; i < file_of.size(); ++i)
        if (file_of[i] == files) missing.push_back(i);
    if (missing.empty()) return;
    const auto shown = missing.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(missing.size(), 10));
    const std::size_t last = file_of.size() - 1;
    const std::string none =
        missing.back() < run.order_classes
            ? ""
            : fmt::format(" (n = {} has {} class{}, so {} none: --exact --shard I/{} writes such a shard's certificate in no time)",
                          run.n, run.order_classes, run.order_classes == 1 ? "" : "es",
                          run.order_classes == last ? fmt::format("shard {} holds", last)
                                                    : fmt::format("shards {} to {} hold", run.order_classes, last),
                          file_of.size());
    throw InputError(fmt::format("critical --check-certificate: {} of the {} shards missing (first: {}): the minimum over all squares "
                                 "needs every shard{}",
                                 missing.size(), file_of.size(), fmt::join(missing.begin(), shown, ", "), none));
}

}  // namespace

CertificateCheck combine_shards(const std::vector<CertificateCheck>& shards, const std::vector<std::string>& sources) {
    const CertificateCheck& first = shards.at(0);
    for (std::size_t f = 1; f < shards.size(); ++f)
        if (const std::string why = not_one_run(first, sources[0], shards[f], sources[f]); !why.empty())
            throw InputError("critical --check-certificate: " + why);
    const std::size_t count = first.shard.count;
    std::vector<std::size_t> file_of(count, shards.size());  // which file holds shard i
    CertificateCheck all = first;
    all.shard = {};
    all.classes = all.sets = all.proofs = all.lemmas = 0;
    bool claimed = false;  // `all` holds a shard's claim
    for (std::size_t f = 0; f < shards.size(); ++f) {
        const CertificateCheck& s = shards[f];
        if (file_of[s.shard.index] < shards.size())
            throw InputError(fmt::format("critical --check-certificate: {} and {} are both shard {}/{}", sources[file_of[s.shard.index]],
                                         sources[f], s.shard.index, count));
        file_of[s.shard.index] = f;
        all.classes += s.classes;
        all.sets += s.sets;
        all.proofs += s.proofs;
        all.lemmas += s.lemmas;
        // A shard that holds no class claims nothing: its empty frontier would cut the others'
        // (where a shard's frontier ends, it reached k = 0) if it were taken as a claim.
        if (!s.shard.holds_none(s.order_classes)) least_of_claims(all, s, claimed);
    }
    refuse_missing_shards(file_of, shards.size(), first);
    all.ok = true;
    return all;
}

}  // namespace futolab::critical
