// Reading certificates (issue #15, #42): the strict JSON Lines readers both certificate
// formats share (certificate.hpp: all squares of an order; square_certificate.hpp: one square).
// Every failure throws InputError naming the file, the line and the field.
#pragma once

#include "core/instance.hpp"
#include "core/json_read.hpp"
#include "core/status.hpp"
#include "critical/clue_mask.hpp"
#include "critical/clue_universe.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

// Where a value was read: the file and its line, for one-line messages. parse_line keeps in
// `typed` the text of each number of the line that JSON holds as a double (2^64, 1e0, 4.0), so
// that a message quotes it as the file typed it (round 8: '1.8446744073709552e+19', '1.0').
struct At {
    const std::string& source;
    std::size_t line;
    mutable TypedNumbers typed = {};  // filled by parse_line(text, *this), for the Json it returns
};

[[noreturn]] void bad(const At& at, const std::string& problem);

// A claim the checker could not judge: the backend that verifies its witness (--verify-with)
// gave no answer (OracleFailed, solvers/run/oracle.hpp: it crashed, was killed, exited non-zero,
// printed what cannot be read, or contradicted itself). Neither a rejection (the claim may hold)
// nor malformed input: the command says the certificate was not judged (red-team round 27: a
// tool crashing mid-check was exit 1, "certificate rejected"). what(): "SOURCE:LINE: CLAIM:
// BACKEND gave STATUS (MESSAGE)".
struct ClaimNotJudged : std::runtime_error {
    ClaimNotJudged(std::string where, std::string claim, std::string backend, Status status, std::string message);
    std::string where;    // "SOURCE:LINE", the line holding the claim
    std::string claim;    // "the witness of class 2 (minimum 4)"
    std::string backend;  // the verifying backend's spec
    Status status;        // what its run gave
    std::string message;  // its message: the tool's exit status, signal or first error line
};

// Is `set`, the witness of `claim` at `at`, uniquely completable by `backend` (an independent
// backend: critical/oracle/verify.hpp)? A backend that gives no answer throws ClaimNotJudged.
bool witness_uniquely_completable(const ClueUniverse& u, const ClueSet& set, const std::string& backend, const At& at,
                                  const std::string& claim);

// An integer read exactly as its text says (issue #45): a fraction, an exponent, a string, `-0`
// or a value outside [lo, hi] is refused, naming the field. `j` is a value parse_line read.
std::int64_t whole(const Json& j, const At& at, const std::string& field, std::int64_t lo, std::int64_t hi);
int whole_int(const Json& j, const At& at, const std::string& field, int lo, int hi);
const Json& array_at(const Json& j, const At& at, const std::string& field);
const std::string& text_at(const Json& j, const At& at, const std::string& field);  // the string inside j, not a copy (a DRAT proof may be large)

// The format versions both certificate formats have (docs/critical.md). Version 1 files,
// written before red-team round 25 (B F3), may store a set twice or a set their refutation does
// not use and are still sound proofs, so they are read under the rules they were written under;
// version 2 files (every writer now) store each set once and only their refutation's core, and
// are held to it (certificate_core.hpp).
constexpr std::int64_t kCertificateVersion = 2;  // the version the writers write
enum class CertificateRules { v1_lenient_lists, v2_core_lists };

// A header's "version": 1 or 2, as the rules its lists are held to; any other is refused,
// naming the field.
CertificateRules read_version(const Json& version, const At& at);

// A header's "version" held to 1..newest, the versions of its format this futolab reads; any
// other is refused naming the field, in one wording for every certificate format ("field
// 'version': 3 is not a version this futolab reads (1 or 2)"). read_version is this with
// newest = kCertificateVersion; the --construct certificates have one version (newest = 1).
std::int64_t read_format_version(const Json& version, const At& at, std::int64_t newest);

// A DRAT/DRUP proof that goes on past its end: "" if no clause is added after its first empty
// clause, else "proof line L: a lemma after the empty clause of line E (the proof ends there)".
// The empty clause is the refutation; the checker reads a lemma after it as nothing (every
// clause follows from refuted clauses), yet the header counts it among the proof's lines, as a
// frontier point after k = 0 was counted (red-team round 25, B F3). Deletions after it are
// CaDiCaL's own (it deletes its clauses as it closes the proof) and stay allowed, as blank and
// comment lines do. Ask it once the proof's lines were read as clauses (check_drup_form).
std::string lemma_after_end(std::string_view proof);

// The first pass of a checker that reads its input twice (red-team round 24: the whole file is
// read for its form, then judged, so that malformed input is refused wherever it is): runs
// `form_pass` on `in` and sets `in` back to where it was, for the judging pass. `checker` names
// the caller in the std::invalid_argument a stream that cannot be read twice (not seekable) gets.
void form_pass_then_rewind(std::istream& in, const char* checker, const std::function<void(std::istream&)>& form_pass);

// A record's keys: `required` must be there, `optional` may be, nothing else.
void check_keys(const Json& record, const At& at, const std::string& what, std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional = {});

// The next line of `in` that is not blank (core/json_read.hpp is_blank_line: the rule of every
// JSON Lines reader), into `text`; `line_no` counts every line read, blank ones too, so that a
// message names the line as an editor shows it. False at the end of the file. A line holding
// binary data (core/binary_data.hpp) is refused here, before any reader counts it as a record
// ("SOURCE:LINE:COLUMN: binary data (byte 0x00): not a text file").
bool next_record_line(std::istream& in, std::string& text, std::size_t& line_no, const std::string& source);

// One line of the file as JSON; a key twice in one object and deep nesting are refused. The
// numbers' texts go to at.typed: read the returned value with this same `at`.
Json parse_line(const std::string& text, const At& at);

// A clue set: distinct indices of the clue universe of order n (ClueMask or WideClueMask).
template <class Mask>
Mask mask_of(const Json& clues, int n, const At& at, const std::string& field);

// A Latin square of order n, row-major, entries 1..n.
std::vector<int> square_of(const Json& j, int n, const At& at, const std::string& field);

}  // namespace futolab::critical
