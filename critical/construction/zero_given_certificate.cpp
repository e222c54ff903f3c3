#include "critical/construction/zero_given_certificate.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/construction/uniqueness_cnf.hpp"
#include "critical/exact/certificate_read.hpp"
#include "critical/exact/rup_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <istream>
#include <limits>
#include <ostream>
#include <set>
#include <stdexcept>
#include <tuple>

namespace futolab::critical {
namespace {

constexpr const char* kEmptyClause = "0\n";  // a DRUP proof whose only lemma is the empty clause

Json relation_json(const LessThan& lt) { return Json::array({lt.r1, lt.c1, lt.r2, lt.c2}); }

Json witness_json(const Transposition& t) { return Json::array({t.rows ? "rows" : "columns", t.a, t.b}); }

// The lines of a proof as its reader counts them (rup_check.cpp: split at '\n'): a last line with
// no '\n' after it is a line too, so that "0" is not a proof of 0 lines. The writer ends every
// line with '\n' (CaDiCaL's file too), so the count of a file it wrote is the one it gave.
std::size_t lines_of(const std::string& text) {
    const auto newlines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    return newlines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

struct Head {
    int n = 0;
    std::vector<int> square;
    std::vector<LessThan> relations;
    std::vector<Transposition> witnesses;
    std::size_t proof_lines = 0;
};


// [r1, c1, r2, c2]: adjacent cells of the grid, each pair once.
std::vector<LessThan> read_relations(const Json& j, int n, const At& at) {
    std::vector<LessThan> out;
    std::set<std::tuple<int, int, int, int>> seen;
    for (const Json& rel : array_at(j, at, "relations")) {
        const std::string field = fmt::format("relations[{}]", out.size());
        const Json& v = array_at(rel, at, field);
        if (v.size() != 4) bad(at, field + ": needs 4 numbers (r1, c1, r2, c2)");
        const auto cell = [&](std::size_t i) { return whole_int(v[i], at, fmt::format("{}[{}]", field, i), 0, n - 1); };
        LessThan lt{cell(0), cell(1), cell(2), cell(3)};
        if (std::abs(lt.r1 - lt.r2) + std::abs(lt.c1 - lt.c2) != 1) bad(at, field + ": the cells are not adjacent");
        const std::pair<int, int> a{lt.r1, lt.c1}, b{lt.r2, lt.c2};
        const auto [lo, hi] = a < b ? std::pair{a, b} : std::pair{b, a};
        if (!seen.insert({lo.first, lo.second, hi.first, hi.second}).second)
            bad(at, field + ": the same pair of cells twice");
        out.push_back(lt);
    }
    return out;
}

std::vector<Transposition> read_witnesses(const Json& j, int n, const At& at) {
    std::vector<Transposition> out;
    for (const Json& w : array_at(j, at, "witnesses")) {
        const std::string field = fmt::format("witnesses[{}]", out.size());
        const Json& v = array_at(w, at, field);
        if (v.size() != 3) bad(at, field + ": needs [\"rows\" or \"columns\", a, b]");
        const std::string kind = text_at(v[0], at, field + "[0]");
        if (kind != "rows" && kind != "columns") bad(at, field + ": the kind must be rows or columns");
        Transposition t{kind == "rows", whole_int(v[1], at, field + "[1]", 0, n - 1), whole_int(v[2], at, field + "[2]", 0, n - 1)};
        if (t.a == t.b) bad(at, field + ": exchanges a line with itself");
        out.push_back(t);
    }
    return out;
}

Head read_head(const Json& head, const At& at) {
    if (!head.is_object() || head.value("certificate", Json()) != kZeroGivenCertificateFormat)
        bad(at, std::string("not a ") + kZeroGivenCertificateFormat + " record");
    check_keys(head, at, "the header", {"certificate", "version", "n", "square", "relations", "witnesses", "proof", "proof_lines"});
    // One version: no rule of this format's reader refuses a file an earlier build wrote (its
    // proof ended at the empty clause, its lines ended by '\n'), so none needs another
    // (docs/critical.md "Certificate versions").
    read_format_version(head.at("version"), at, 1);
    if (text_at(head.at("proof"), at, "proof") != "drup") bad(at, "proof must be drup");
    Head h;
    // From kMinSize, as every other certificate reader and `--construct --n` (red-team round 29,
    // B1: an order-1 certificate, which --construct never writes, was accepted here alone).
    h.n = whole_int(head.at("n"), at, "n", kMinSize, kMaxCnfOrder);
    h.square = square_of(head.at("square"), h.n, at, "square");
    h.relations = read_relations(head.at("relations"), h.n, at);
    h.witnesses = read_witnesses(head.at("witnesses"), h.n, at);
    if (h.witnesses.size() != h.relations.size())
        bad(at, fmt::format("{} witnesses for {} relations (one each)", h.witnesses.size(), h.relations.size()));
    h.proof_lines = static_cast<std::size_t>(whole(head.at("proof_lines"), at, "proof_lines", 0, std::numeric_limits<std::int32_t>::max()));
    return h;
}

bool holds(const Head& h, const std::vector<int>& m, const LessThan& lt) {
    return m[static_cast<std::size_t>(lt.r1 * h.n + lt.c1)] < m[static_cast<std::size_t>(lt.r2 * h.n + lt.c2)];
}

// "" if every relation is L's and every witness breaks its relation and no other.
std::string check_necessary(const Head& h) {
    for (std::size_t i = 0; i < h.relations.size(); ++i)
        if (!holds(h, h.square, h.relations[i])) return fmt::format("relation {} is not an order of L", i);
    for (std::size_t i = 0; i < h.witnesses.size(); ++i) {
        const std::vector<int> m = transposed(h.n, h.square, h.witnesses[i]);
        for (std::size_t j = 0; j < h.relations.size(); ++j)
            if (holds(h, m, h.relations[j]) != (i != j))
                return i == j ? fmt::format("witness {} keeps its relation", i)
                              : fmt::format("witness {} also breaks relation {}", i, j);
    }
    return "";
}

}  // namespace

void write_zero_given_certificate(std::ostream& out, const ChainConstruction& c) {
    if (c.n > kMaxCnfOrder)
        throw InputError(fmt::format("critical --certificate: the uniqueness proof is written for n <= {}, got {}", kMaxCnfOrder, c.n));
    // Unit propagation alone refutes the construction's formula (the doc's proof is such a
    // propagation): then the proof is the empty clause, a few bytes instead of CaDiCaL's
    // trace (1.3 MB at n = 30). CaDiCaL's proof is the fallback for any other set.
    const Cnf cnf = uniqueness_cnf(c.n, c.square, c.relations);
    std::optional<std::string> proof = std::string(kEmptyClause);
    if (!check_drup(cnf, *proof).ok) proof = refute(cnf);
    if (!proof) throw std::runtime_error(fmt::format("the construction of order {} has a second solution", c.n));
    Json relations = Json::array(), witnesses = Json::array();
    for (const LessThan& lt : c.relations) relations.push_back(relation_json(lt));
    for (const Transposition& t : c.witnesses) witnesses.push_back(witness_json(t));
    const Json head = {{"certificate", kZeroGivenCertificateFormat}, {"version", 1}, {"n", c.n}, {"square", c.square},
                       {"relations", relations}, {"witnesses", witnesses}, {"proof", "drup"}, {"proof_lines", lines_of(*proof)}};
    out << head.dump() << '\n' << Json{{"drat", *proof}}.dump() << '\n';
    if (!out) throw std::runtime_error("cannot write the certificate");
}

ZeroGivenClaim read_zero_given_claim(std::istream& in, const std::string& source) {
    std::string text;
    std::size_t line_no = 0;
    if (!next_record_line(in, text, line_no, source)) bad({source, 1}, "empty certificate");
    const At at{source, line_no};
    Head h = read_head(parse_line(text, at), at);
    return {.n = h.n, .square = std::move(h.square), .relations = std::move(h.relations)};
}

ZeroGivenCertificateCheck check_zero_given_certificate(std::istream& in, const std::string& source) {
    ZeroGivenCertificateCheck result;
    std::string text;
    std::size_t line_no = 0;
    const auto next_line = [&] { return next_record_line(in, text, line_no, source); };
    if (!next_line()) bad({source, 1}, "empty certificate");
    const At head_at{source, line_no};  // one At for the parse and the read: it holds the numbers' texts
    const Head h = read_head(parse_line(text, head_at), head_at);
    const std::size_t head_line = line_no;
    if (!next_line()) bad({source, line_no + 1}, "the file ends before its proof line");
    const At at{source, line_no};
    const Json proof_line = parse_line(text, at);
    check_keys(proof_line, at, "the proof line", {"drat"});
    const std::string proof = text_at(proof_line.at("drat"), at, "drat");
    if (next_line()) bad({source, line_no}, "a line after the proof (one certificate per file)");
    if (lines_of(proof) != h.proof_lines)
        bad(at, fmt::format("the proof has {} line{}, the header says {}", lines_of(proof), lines_of(proof) == 1 ? "" : "s", h.proof_lines));
    result.n = h.n;
    result.relations = h.relations.size();
    result.proof_lines = h.proof_lines;
    // The proof is read whole (by the exact certificates' reader, with its limits) before any
    // claim is judged: a malformed file is refused as such, not rejected for its claim.
    const ProofCheck p = check_drup(uniqueness_cnf(h.n, h.square, h.relations), proof);
    if (p.malformed) bad(at, "drat: " + p.why);
    if (const std::string why = lemma_after_end(proof); !why.empty()) bad(at, "drat: " + why);
    if (std::string why = check_necessary(h); !why.empty()) {
        result.why = fmt::format("line {}: {}", head_line, why);
        return result;
    }
    if (!p.ok) {
        result.why = fmt::format("line {}: the proof does not refute a second solution: {}", at.line, p.why);
        return result;
    }
    result.ok = true;
    return result;
}

}  // namespace futolab::critical
