// A forward checker for clausal proofs of unsatisfiability (DRUP, the RUP part of DRAT:
// Goldberg & Novikov 2003; Wetzler, Heule & Hunt, SAT 2014), so that a certificate of the exact
// critical-set search (issue #15) can be re-checked without trusting CaDiCaL, and without
// drat-trim, which Debian 12 does not package.
//
// Each added lemma must follow from the clauses so far by unit propagation (reverse unit
// propagation: asserting its negation propagates to a conflict); the proof must derive the
// empty clause. Deletions are read but not applied: keeping a clause can only make
// propagation stronger, and every kept clause is implied by the formula, so ignoring them is
// sound (it only costs time). A lemma that is RAT but not RUP is rejected; CaDiCaL's proofs
// on these formulas are RUP (tested).
#pragma once

#include "critical/exact/hitting_set.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab::critical {

struct ProofCheck {
    bool ok = false;
    std::size_t lemmas = 0;
    std::string why;  // empty if ok; else the first failure, one line
    bool malformed = false;  // the failure is a line that is no clause over the formula's variables
};

// Every line is read for its form, also after a lemma fails or the clauses are refuted: a
// malformed line anywhere makes the check `malformed` (its why names that line), so both
// certificate readers refuse the file as malformed (exit 2), never reject it for its claim.
// A literal is read in the form DIMACS and CaDiCaL write: "0", or an optional '-' and digits
// with no leading 0 ("-0", "00" and "-059" are no literal: the line is not a clause); a deletion
// is 'd' and a space before its literals ("d8 1 0" and "d-8 0" are no clause); a line holding a
// binary byte (core/binary_data.hpp: a NUL) is malformed. Every line is read exactly as CaDiCaL
// writes it: tokens one space apart, none before the first or after the 0, each line (the last
// too) ended by a newline; a blank line, a comment line, a tab or a doubled space is malformed.

// Checks a text DRAT proof ("l1 l2 ... 0" adds, "d l1 ... 0" deletes) against the formula.
ProofCheck check_drup(const Cnf& cnf, std::string_view proof);

// The same proof read for its form only, its literals held to `vars` variables (of the formula
// a message calls `formula`), nothing checked by propagation: ok, or `malformed` with
// check_drup's message for the first line that is no clause. A certificate's first pass
// (certificate.hpp) reads every proof so before judging any.
ProofCheck check_drup_form(int vars, std::string_view proof, std::string_view formula = "the formula");

}  // namespace futolab::critical
