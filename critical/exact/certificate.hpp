// Certificates of the exact critical-set search (issue #15): what lets a third party re-check
// "nothing is cheaper than the minimum" without re-running the search.
//
// File (JSON Lines): a header with n, the objective and the claimed minimum (or, for the
// frontier, the minimum k for every h_max) with a witness set for each; then one line per
// symmetry class: its square L, its orbit size, the unavoidable sets the search used, each
// with the Latin square M that violates exactly that set of L's clues, and a DRAT proof
// (CaDiCaL, text) that no clue set hitting these sets is cheaper than the claim. The checker
// re-enumerates the classes, checks every M (a Latin square agreeing with L outside its set,
// differing on every clue of it), re-builds each hitting-set formula (hitting_set_cnf) and
// checks each proof by reverse unit propagation (rup_check.hpp) — or, for "proof": "bb", re-runs
// the branch and bound on the stored sets — and verifies each witness
// uniquely completable with an independent backend (gecode by default).
//
// Soundness: every uniquely completable set of L hits every set of L (else M would be a second
// solution), so a refuted "hits all these sets and costs < minimum" rules out a cheaper
// uniquely completable set of L; over all classes, of every square (the 16 symmetries preserve
// the costs).
#pragma once

#include "critical/exact/exact.hpp"

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace futolab::critical {

// The first line of an exact mode's certificate has this "certificate" value.
inline constexpr const char* kExactCertificateFormat = "futolab-exact-critical";

// The formula refuted for one class: the sets hit, cost < `below` (frontier: k < below with
// h ≤ h_max). below = nullopt: no set at all (the claim "infeasible").
Cnf claim_cnf(int n, ExactObjective objective, const std::vector<ClueMask>& sets, std::optional<int> below,
              int h_max = -1);

// How a class proves its bound. drat: a CaDiCaL DRAT proof per claim, checked by RUP (trusts
// no solver). bb: no proof stored; the checker re-runs the branch and bound of
// hitting_set_bb.hpp on the stored sets (trusts that code; far smaller files).
enum class ProofKind { drat, bb };
inline constexpr HelpedVocabulary<ProofKind, 2> kProofKinds{{{ProofKind::drat, "drat", "CaDiCaL DRAT proofs"}, {ProofKind::bb, "bb", "re-checked by branch and bound"}}};

// A shard of an exact run (`--shard I/N`): the classes I, I + N, … of the order. Its
// certificate claims the minimum over those classes only; the N shards' certificates together
// certify the minimum over all squares (combine_shards).
struct CertificateShard {
    std::size_t index = 0, count = 1;
    bool holds(std::size_t c) const { return c % count == index; }
    // No class of an order with `classes` classes: I at or past them (N above the class count,
    // as a SLURM array of more tasks than classes makes). Such a shard runs all the same, and its
    // certificate claims nothing (write_empty_shard_certificate).
    bool holds_none(std::size_t classes) const { return index >= classes; }
};

// Writes the certificate of a finished search (every class of the run, or of its shard,
// solved). Each class stores only a core of its unavoidable sets, each set once: those its
// branch and bound used to refute the claims (HittingProblem::used), narrowed to its own core
// (certificate_core.hpp); the header says "version": 2, and the checker holds every class of
// such a file to that rule. Throws std::runtime_error if a claim is not refuted (a search bug). Once *stop is true (a stop request) it throws OutOfTime, within
// one class's branch and bound or CaDiCaL run.
void write_certificate(std::ostream& out, const ExactResult& r, ProofKind kind = ProofKind::drat,
                       CertificateShard shard = {}, const std::atomic<bool>* stop = nullptr);

// The certificate of a shard that holds no class of order n (CertificateShard::holds_none): its
// header alone, claiming nothing over no class ("minimum": null with no witness, or "frontier":
// []), a version 2 file as every other. The checker enumerates the classes again, so it accepts
// it as that shard only if the shard truly holds none (red-team round 26, B F11: such a shard was
// refused when run, and the checker asked for its file, so the N shards never checked together).
void write_empty_shard_certificate(std::ostream& out, int n, ExactObjective objective, ProofKind kind, CertificateShard shard);

struct CertificateCheck {
    bool ok = false;
    std::string why;  // the first failure, one line
    std::size_t classes = 0, sets = 0, proofs = 0, lemmas = 0;
    // The claim checked: of the whole order, or of one shard's classes.
    int n = 0;
    ExactObjective objective = ExactObjective::two_h_three_k;
    CertificateShard shard;
    std::size_t order_classes = 0;               // the classes of order n (all of them, whatever the shard)
    ProofKind proof = ProofKind::drat;           // how its classes prove their bounds
    std::optional<int> minimum;                  // not frontier; nullopt: no set at all
    std::vector<std::optional<int>> frontier;    // frontier: min k for each h_max
};

// Malformed input throws InputError naming `source`, the line and the field; a well-formed
// certificate whose claim does not check gives ok = false. Every integer is read exactly
// (a wrapped, rounded or out-of-range one is refused), every record's keys are checked, a
// frontier point after k = 0 is refused, and so is a frontier's proof without its "h_max" (or
// another objective's with one); in a version 2 file a set twice in a class is refused
// and a class whose sets are not the core its writer stores (a set its refutation does not use)
// is rejected, while a version 1 file (written before that rule) may hold either
// (certificate_read.hpp read_version); another version is refused. The whole file is read for its form (read_certificate) before any claim is judged: a malformed
// line is refused wherever it is, also after a line whose claim does not check. `in` is read
// twice, so it must be seekable (a file or string stream: std::invalid_argument otherwise).
CertificateCheck check_certificate(std::istream& in, const std::string& source, const std::string& verify_backend);

// check_certificate's first pass: every line read for its form (the header with its witnesses,
// every class record, every proof's DRAT lines), nothing judged, one line in memory at a time.
// The claim of the first line (as read_certificate_claim); InputError at the first malformed
// line. A run's shard files are all read so before any is judged (app/cmd_critical.cpp).
CertificateCheck read_certificate(std::istream& in, const std::string& source);

// The claim of a certificate's first line, read as check_certificate reads it (n, objective,
// shard, minimum or frontier) and nothing checked beyond its form: which search wrote the file
// (a resumed critical --exact --n rewrites only its own: app/cmd_critical.cpp). Malformed input
// (another format too) throws InputError as check_certificate does.
CertificateCheck read_certificate_claim(std::istream& in, const std::string& source);

// The claim over all squares from the accepted certificates of the N shards of one run (each
// shard once, the same n, objective, proof kind and N > 1): the minimum over the shards' minima
// (frontier: point by point); a shard that holds no class claims nothing and adds nothing.
// InputError, naming the files and what differs (each file's n, objective, proof kind and
// shard), if they are not exactly such a set (a shard's file missing: also one that holds no
// class, whose file its run writes in no time).
CertificateCheck combine_shards(const std::vector<CertificateCheck>& shards, const std::vector<std::string>& sources);

}  // namespace futolab::critical
