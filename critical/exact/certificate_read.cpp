#include "critical/exact/certificate_read.hpp"

#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "critical/oracle/verify.hpp"
#include "generators/latin/square.hpp"
#include "solvers/run/oracle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <utility>

namespace futolab::critical {
namespace {

constexpr int kMaxDepth = 8;
int clue_count(int n) { return n * n + 2 * n * (n - 1); }

// `-0` as the JSON text typed it: the parser reads an integer without a minus sign as unsigned,
// so a signed integer 0 had one (a value read from text: Json(0) built in code is signed too).
bool signed_zero(const Json& j) { return j.is_number_integer() && !j.is_number_unsigned() && j.get<std::int64_t>() == 0; }

}  // namespace


[[noreturn]] void bad(const At& at, const std::string& problem) {
    throw InputError(fmt::format("{}:{}: {}", at.source, at.line, problem));
}

ClaimNotJudged::ClaimNotJudged(std::string where_, std::string claim_, std::string backend_, Status status_, std::string message_)
    : std::runtime_error(fmt::format("{}: {}: {} gave {}{}", where_, claim_, backend_, status_name(status_),
                                     message_.empty() ? "" : " (" + message_ + ")")),
      where(std::move(where_)),
      claim(std::move(claim_)),
      backend(std::move(backend_)),
      status(status_),
      message(std::move(message_)) {}

bool witness_uniquely_completable(const ClueUniverse& u, const ClueSet& set, const std::string& backend, const At& at,
                                  const std::string& claim) {
    try {
        return verify_critical_set(u, set, backend).uniquely_completable;
    } catch (const OracleFailed& e) {
        throw ClaimNotJudged(fmt::format("{}:{}", at.source, at.line), claim, e.backend, e.status, e.message);
    }
}

CertificateRules read_version(const Json& version, const At& at) {
    return read_format_version(version, at, kCertificateVersion) == 1 ? CertificateRules::v1_lenient_lists
                                                                      : CertificateRules::v2_core_lists;
}

std::int64_t read_format_version(const Json& version, const At& at, std::int64_t newest) {
    const std::int64_t v = whole(version, at, "version", 0, std::numeric_limits<std::int64_t>::max());
    if (v < 1 || v > newest)
        bad(at, fmt::format("field 'version': {} is not a version this futolab reads ({})", v,
                            newest == 1 ? std::string("1") : fmt::format("1 or {}", newest)));
    return v;
}

// Lines are counted as rup_check.cpp's reader counts them (split at '\n', from 1), so that the
// message names the line its other messages would.
std::string lemma_after_end(std::string_view proof) {
    std::size_t line_no = 0, end_line = 0;  // end_line: the first empty clause's, 0 before it
    for (std::size_t pos = 0; pos < proof.size();) {
        const std::size_t stop = std::min(proof.find('\n', pos), proof.size());
        const std::string_view line = proof.substr(pos, stop - pos);
        pos = stop + 1;
        ++line_no;
        const std::size_t first = line.find_first_not_of(' ');
        if (first == std::string_view::npos || line[first] == 'c' || line[first] == 'd') continue;  // blank, comment, deletion
        if (end_line > 0)
            return fmt::format("proof line {}: a lemma after the empty clause of line {} (the proof ends there)", line_no, end_line);
        if (line[first] == '0') end_line = line_no;  // a clause whose first literal is 0 is the empty clause
    }
    return "";
}

void form_pass_then_rewind(std::istream& in, const char* checker, const std::function<void(std::istream&)>& form_pass) {
    const std::istream::pos_type start = in.tellg();
    if (start == std::istream::pos_type(-1))
        throw std::invalid_argument(fmt::format("{}: the certificate's stream cannot be read twice (not seekable)", checker));
    form_pass(in);
    in.clear();
    in.seekg(start);
}

// An integer read exactly as its text says (issue #45): nlohmann keeps a JSON integer as a
// 64-bit signed or unsigned value, and anything wider or with a fraction or exponent as a
// double; get<int>() would wrap 4294967300 to 4 and round 4.0 to 4. Here a fraction, an
// exponent, a string or a value outside [lo, hi] is refused, naming the field and quoting the
// number as typed (at.typed). So is `-0` (red-team round 26, B F2: `"class":-0` was accepted as
// class 0, `"version":-0` called "0 is not a version"): no writer writes it, so it is an edit,
// and two texts would check as one file.
std::int64_t whole(const Json& j, const At& at, const std::string& field, std::int64_t lo, std::int64_t hi) {
    if (signed_zero(j)) bad(at, fmt::format("{} must be a whole number in plain digits, got -0 (0 is written without a sign)", field));
    if (j.is_number_unsigned()) {  // every integer of at least 0 as JSON reads it: held to lo too
        const std::uint64_t v = j.get<std::uint64_t>();
        if (hi < 0 || v > static_cast<std::uint64_t>(hi)) bad(at, fmt::format("{} {} is too large (at most {})", field, v, hi));
        if (lo > 0 && v < static_cast<std::uint64_t>(lo)) bad(at, fmt::format("{} {} is too small (at least {})", field, v, lo));
        return static_cast<std::int64_t>(v);
    }
    if (j.is_number_integer()) {
        const std::int64_t v = j.get<std::int64_t>();
        if (v > hi) bad(at, fmt::format("{} {} is too large (at most {})", field, v, hi));
        if (v < lo) bad(at, fmt::format("{} {} is too small (at least {})", field, v, lo));
        return v;
    }
    const std::string typed = typed_json(j, at.typed);
    if (j.is_number_float() && j.get<double>() >= 9.2e18)  // past int64: a decimal text, not 64 bits' worth
        bad(at, fmt::format("{} {} is too large (at most {})", field, typed, hi));
    if (j.is_number_float() && j.get<double>() <= -9.2e18)
        bad(at, fmt::format("{} {} is too small (at least {})", field, typed, lo));
    bad(at, fmt::format("{} must be a whole number in plain digits, got {}", field, typed));
}

int whole_int(const Json& j, const At& at, const std::string& field, int lo, int hi) {
    return static_cast<int>(whole(j, at, field, lo, hi));
}

const Json& array_at(const Json& j, const At& at, const std::string& field) {
    if (!j.is_array()) bad(at, fmt::format("{} must be a list, got {}", field, typed_json(j, at.typed)));
    return j;
}

const std::string& text_at(const Json& j, const At& at, const std::string& field) {
    // -0 quoted as typed, as the number fields quote it (red-team round 30, F5: "got 0").
    if (!j.is_string()) bad(at, fmt::format("{} must be a string, got {}", field, signed_zero(j) ? "-0" : typed_json(j, at.typed)));
    return j.get_ref<const std::string&>();
}

// A record's keys: `required` must be there, `optional` may be, nothing else (an unknown key
// would be read past in silence, as if the file said something it does not).
void check_keys(const Json& record, const At& at, const std::string& what, std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional) {
    if (!record.is_object()) bad(at, fmt::format("{} must be an object, got {}", what, typed_json(record, at.typed)));
    for (const auto& item : record.items()) {
        const std::string& key = item.key();  // not a structured binding: clang 14 cannot capture one
        const auto named = [&key](const char* k) { return key == k; };
        if (std::none_of(required.begin(), required.end(), named) && std::none_of(optional.begin(), optional.end(), named))
            bad(at, fmt::format("unknown key '{}' in {}", key, what));
    }
    for (const char* key : required)
        if (!record.contains(key)) bad(at, fmt::format("{} has no '{}'", what, key));
}

bool next_record_line(std::istream& in, std::string& text, std::size_t& line_no, const std::string& source) {
    while (std::getline(in, text)) {
        ++line_no;
        // The file's own byte-order mark, as every reader skips it; one on a later line, or a
        // second one, is refused by parse_line (core/json_read.hpp read_json).
        if (line_no == 1) text = std::string(without_byte_order_mark(text));
        if (const auto b = find_binary_byte(text))
            throw_input_error({source, static_cast<int>(line_no), static_cast<int>(b->column)},
                              binary_data(b->byte));
        if (!is_blank_line(text)) return true;
    }
    return false;
}

// One line of the file as JSON (core/json_read.hpp). A key twice in one object is refused: the
// parser would keep the last one, so `{"minimum": 9, "minimum": 7}` would claim 7 where a
// reader sees 9. write_certificate nests 4 levels (header, frontier, point, witness clues); a
// deeper line is refused as it is read (200 000 nested brackets overflowed the stack).
Json parse_line(const std::string& text, const At& at) {
    JsonRead read = read_json(text, kMaxDepth);
    if (!read.problem.empty()) {
        if (read.column == 0) bad(at, read.problem);
        throw InputError(fmt::format("{}:{}:{}: {}", at.source, at.line, read.column, read.problem));
    }
    at.typed = std::move(read.typed);
    return std::move(read.value);  // its inner values stay where at.typed found them
}

// A clue set: distinct indices of the clue universe of order n (a repeated clue is refused:
// the set it would mean is not the list written).
template <class Mask>
Mask mask_of(const Json& clues, int n, const At& at, const std::string& field) {
    Mask m;
    const Json& list = array_at(clues, at, field);
    for (std::size_t k = 0; k < list.size(); ++k) {
        const int i = whole_int(list[k], at, fmt::format("{} clue [{}]", field, k), 0, clue_count(n) - 1);
        if (m.test(i)) bad(at, fmt::format("{}: clue {} twice", field, i));
        m.set(i);
    }
    return m;
}

std::vector<int> square_of(const Json& j, int n, const At& at, const std::string& field) {
    std::vector<int> sq;
    for (const Json& v : array_at(j, at, field)) sq.push_back(whole_int(v, at, fmt::format("{} entry [{}]", field, sq.size()), 1, n));
    if (!is_latin_square(n, sq)) bad(at, fmt::format("{} is not a Latin square of order {}", field, n));
    return sq;
}

template ClueMask mask_of<ClueMask>(const Json&, int, const At&, const std::string&);
template WideClueMask mask_of<WideClueMask>(const Json&, int, const At&, const std::string&);

}  // namespace futolab::critical
