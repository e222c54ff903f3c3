// Certificates that a zero-given puzzle is uniquely completable and critical (made for the
// chain construction, chain_construction.hpp, but they certify any zero-given set whose
// relations are each shown necessary by a row or column exchange).
//
// File (JSON Lines): a header with the square L, the relations (r1, c1, r2, c2: L(r1, c1) <
// L(r2, c2), adjacent cells), one witness per relation (["rows" | "columns", a, b]: exchange
// lines a and b of L), the proof kind "drup" and the number of proof lines; then one line
// {"drat": TEXT}, CaDiCaL's refutation of uniqueness_cnf.hpp's formula.
//
// The checker trusts no solver: it re-reads L (a Latin square), every relation (adjacent, one of
// L's), applies every witness and requires the result to break exactly its own relation (so
// the set without that relation has a second solution, and the relation is necessary), then
// rebuilds the formula from the file's puzzle and checks the proof by reverse unit propagation
// (critical/exact/rup_check.hpp): no second solution exists, so the set determines L.
#pragma once

#include "critical/construction/chain_construction.hpp"

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace futolab::critical {

inline constexpr const char* kZeroGivenCertificateFormat = "futolab-zero-given-critical";

// Refutes the construction's uniqueness formula with CaDiCaL and writes the certificate.
// n ≤ kMaxCnfOrder (uniqueness_cnf.hpp; InputError otherwise). Throws std::runtime_error if
// CaDiCaL finds a second solution (the construction would be wrong).
void write_zero_given_certificate(std::ostream& out, const ChainConstruction& c);

struct ZeroGivenCertificateCheck {
    bool ok = false;
    std::string why;  // the first failure, one line
    int n = 0;
    std::size_t relations = 0, proof_lines = 0;
};

// The puzzle a certificate's header gives, read as check_zero_given_certificate reads it and
// nothing checked beyond its form: which construction wrote the file (a resumed critical
// --construct rewrites only its own: app/cmd_critical.cpp). Malformed input (another format too)
// throws InputError as check_zero_given_certificate does.
struct ZeroGivenClaim {
    int n = 0;
    std::vector<int> square;          // L, row-major
    std::vector<LessThan> relations;  // as the file lists them
};
ZeroGivenClaim read_zero_given_claim(std::istream& in, const std::string& source);

// Malformed input throws InputError naming `source`, the line and the field (integers read
// exactly, every key known, a relation once, "proof_lines" the proof's lines counted as its reader
// counts them, no lemma after the proof's empty clause: certificate_read.hpp lemma_after_end); a
// well-formed certificate whose claim does not check gives ok = false. "version" is 1, the one
// version of this format (another is refused naming the field).
ZeroGivenCertificateCheck check_zero_given_certificate(std::istream& in, const std::string& source);

}  // namespace futolab::critical
