// Certificates of the per-square exact search (issue #42 item 2): what lets a third party
// re-check "no clue set of this one square costing less than k* is uniquely completable"
// without re-running the search.
//
// File (JSON Lines), one certificate per square, one after the other. A header: the square L,
// the objective, the claimed minimum k*, a witness set costing k*, the number of unavoidable
// sets that follow, the proof kind ("bb") and the nodes of the proof's branch and bound (a
// deterministic search: the checker's re-run must take as many, which binds the file to the
// proof written); then one line per unavoidable set: its clues
// (indices of L's clue universe, critical/clue_universe.hpp) and the Latin square M that
// violates exactly those clues of L. The checker (plain code) re-checks every M (a Latin square
// whose violated clues of L are exactly the set: it agrees with every clue outside it and
// differs from L), verifies the witness uniquely completable with an independent backend
// (gecode by default) and of cost k*, and re-runs the Lagrangian branch and bound
// (hitting_set_lagrange.hpp, exact integer arithmetic) to refute "a set hitting every stored
// set costs at most k* − 1" in the stated nodes; in a version 2 file marking every stored set
// unless the ones it marks do not refute alone (certificate_core.hpp), a set twice refused (a
// version 1 file, written before that rule, may hold either: certificate_read.hpp read_version).
//
// Soundness: a uniquely completable set of L hits every set (else that set's M would be a
// second solution), so a refuted hitting-set claim rules out a uniquely completable set
// cheaper than k*; the witness shows k* is reached.
#pragma once

#include "critical/exact/exact_square.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace futolab::critical {

// Writes the certificate of a proved minimum (r.exact, r.feasible, with its sets). Stores each
// set once, the core the branch and bound used narrowed while it refutes alone
// (certificate_core.hpp: the checker holds the file to that rule). Throws
// std::runtime_error if the claim is not refuted (a search bug) and InputError for a result
// that proves no minimum.
void write_square_certificate(std::ostream& out, const SquareOptimum& r);

struct SquareCertificateCheck {
    bool ok = false;
    std::string why;  // the first failure, one line
    std::size_t squares = 0, sets = 0;
    std::uint64_t nodes = 0;  // of the branch and bound re-runs
    // The last square's claim (one certificate: its claim).
    int n = 0;
    ExactObjective objective = ExactObjective::k_only;
    int minimum = 0;
};

// The first line of a per-square certificate has this "certificate" value.
inline constexpr const char* kSquareCertificateFormat = "futolab-square-critical";

// One square's claim as its header gives it.
struct SquareClaim {
    int n = 0;
    ExactObjective objective = ExactObjective::k_only;
    std::vector<int> square;  // L, row-major
};

// Every header of a per-square certificate, in order, read as check_square_certificate reads it
// (each header's set lines passed over, nothing checked beyond the form): which search wrote the
// file (a resumed critical --exact --square/--input rewrites only its own: app/cmd_critical.cpp).
// Malformed input (another format too) throws InputError as check_square_certificate does.
std::vector<SquareClaim> read_square_certificate_claims(std::istream& in, const std::string& source);

// Malformed input throws InputError naming `source`, the line and the field (every integer is
// read exactly); a well-formed certificate whose claim does not check gives ok = false. Every
// line is read for its form before any square is judged, so a malformed line is refused
// wherever it is; `in` is read twice and must be seekable (std::invalid_argument otherwise).
SquareCertificateCheck check_square_certificate(std::istream& in, const std::string& source, const std::string& verify_backend);

}  // namespace futolab::critical
