// The certificate readers read a file as its writer writes it (red-team round 26, B F2 and B F6):
// `-0` is refused wherever a certificate holds an integer (exact drat, bb and shard files,
// per-square and --construct certificates: every number of each, one at a time), and a DRAT or
// DRUP proof line is read as DIMACS and CaDiCaL write it: a deletion is 'd' and a space before
// its literals ("d8 1 0" and "d-8 0" were read as deletions), and no line holds a binary byte
// (a NUL in a comment line was passed over). Red-team round 27 (C F5): exactly as CaDiCaL writes
// it, tokens one space apart, no blank or comment line, every line ended by a newline.
#include "critical/construction/zero_given_certificate.hpp"
#include "critical/exact/certificate.hpp"
#include "critical/exact/certificate_read.hpp"
#include "critical/exact/exact_square.hpp"
#include "critical/exact/rup_check.hpp"
#include "critical/exact/square_certificate.hpp"
#include "generators/latin/square.hpp"

#include "core/error.hpp"
#include "certificate_verdicts.hpp"
#include "json_lines.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace futolab;
using namespace futolab::critical;

using futolab::test::lines_of;
using futolab::test::text_of;

namespace {

const std::string kSignedZero = "got -0 (0 is written without a sign)";

// Where the numbers of a JSON Lines text are, outside its strings: (offset, length) of each.
std::vector<std::pair<std::size_t, std::size_t>> number_tokens(const std::string& text) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;  // the escaped character, '"' too
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        if (c != '-' && std::isdigit(static_cast<unsigned char>(c)) == 0) continue;
        std::size_t end = i + 1;
        while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) != 0 || std::string_view(".eE+-").find(text[end]) != std::string_view::npos))
            ++end;
        out.emplace_back(i, end - i);
        i = end - 1;
    }
    return out;
}

// What `check` says of `text`: the InputError's message, else "not refused".
std::string refusal(const std::function<void(const std::string&)>& check, const std::string& text) {
    try {
        check(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "not refused";
}

// Every number of `text` typed as -0 in turn: each is refused at its own line, as -0. The count of
// numbers tried.
std::size_t every_number_as_signed_zero(const std::string& text, const std::function<void(const std::string&)>& check) {
    REQUIRE(refusal(check, text) == "not refused");
    const auto tokens = number_tokens(text);
    for (const auto& [at, length] : tokens) {
        std::string t = text;
        t.replace(at, length, "-0");
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
        const std::string said = refusal(check, t);
        const std::size_t from = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
        INFO("line " << line << ": ..." << text.substr(std::max(from, at >= 40 ? at - 40 : 0), 60) << "...");
        CHECK_THAT(said, Catch::StartsWith(fmt::format("test.cert:{}: ", line)) && Catch::EndsWith(kSignedZero));
    }
    return tokens.size();
}

void exact_check(const std::string& text) {
    std::istringstream in(text);
    check_certificate(in, "test.cert", "gecode");
}

void square_check(const std::string& text) {
    std::istringstream in(text);
    check_square_certificate(in, "test.cert", "gecode");
}

void construct_check(const std::string& text) {
    std::istringstream in(text);
    check_zero_given_certificate(in, "test.cert");
}

// The certificate of order 3 for `objective` with `kind`; of shard 0/2 (its classes 0, 2, …) if `shard`.
std::string exact_text(ExactObjective objective, ProofKind kind, bool shard = false) {
    ExactResult r = exact_minimum(3, objective);
    if (shard) std::erase_if(r.classes, [](const ClassResult& c) { return c.index % 2 != 0; });
    std::ostringstream out;
    write_certificate(out, r, kind, shard ? CertificateShard{0, 2} : CertificateShard{});
    return out.str();
}

std::string square_text(int n, ExactObjective objective) {
    std::ostringstream out;
    write_square_certificate(out, exact_square(n, cyclic_square(n), objective));
    return out.str();
}

std::string construct_text(int n) {
    std::ostringstream out;
    write_zero_given_certificate(out, chain_construction(n, balanced_split(n)));
    return out.str();
}

// `text` with its first `from` replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("certificate text: -0 is refused wherever an exact certificate holds an integer", "[critical][certificate]") {
    std::size_t tried = 0;
    for (const ExactObjective objective : {ExactObjective::h_plus_k, ExactObjective::k_only, ExactObjective::frontier})
        for (const ProofKind kind : {ProofKind::drat, ProofKind::bb})
            for (const bool shard : {false, true}) {
                INFO(exact_objective_name(objective) << " " << name_in(kProofKinds, kind) << (shard ? " shard 0/2" : ""));
                tried += every_number_as_signed_zero(exact_text(objective, kind, shard), exact_check);
            }
    CHECK(tried > 1000);
    // The red-team's cases, word for word: a class, the claim and the version.
    const std::string good = exact_text(ExactObjective::h_plus_k, ProofKind::drat);
    CHECK(refusal(exact_check, edited(good, "\"class\":0,\"square\"", "\"class\":-0,\"square\"")) ==
          "test.cert:2: class must be a whole number in plain digits, " + kSignedZero);
    CHECK(refusal(exact_check, edited(good, "\"minimum\":2", "\"minimum\":-0")) ==
          "test.cert:1: minimum must be a whole number in plain digits, " + kSignedZero);
    CHECK(refusal(exact_check, edited(good, "\"version\":2", "\"version\":-0")) ==
          "test.cert:1: version must be a whole number in plain digits, " + kSignedZero);
    // Spaces around it change nothing; 0 itself and a negative number keep their words.
    CHECK(refusal(exact_check, edited(good, "\"class\":0,\"square\"", "\"class\": -0 ,\"square\"")) ==
          "test.cert:2: class must be a whole number in plain digits, " + kSignedZero);
    CHECK(refusal(exact_check, edited(good, "\"version\":2", "\"version\":-1")) == "test.cert:1: version -1 is too small (at least 0)");
    CHECK(refusal(exact_check, edited(good, "\"version\":2", "\"version\":0")) ==
          "test.cert:1: field 'version': 0 is not a version this futolab reads (1 or 2)");
    // -0.0 and -0e0 were refused before (a fraction, an exponent), as typed.
    CHECK(refusal(exact_check, edited(good, "\"class\":0,\"square\"", "\"class\":-0.0,\"square\"")) ==
          "test.cert:2: class must be a whole number in plain digits, got -0.0");
    CHECK(refusal(exact_check, edited(good, "\"class\":0,\"square\"", "\"class\":-0e0,\"square\"")) ==
          "test.cert:2: class must be a whole number in plain digits, got -0e0");
}

TEST_CASE("certificate text: -0 is refused wherever a per-square or --construct certificate holds an integer", "[critical][certificate]") {
    std::size_t tried = 0;
    for (const ExactObjective objective : {ExactObjective::k_only, ExactObjective::h_plus_k, ExactObjective::two_h_three_k})
        tried += every_number_as_signed_zero(square_text(4, objective), square_check);
    CHECK(tried > 300);
    tried = 0;
    for (int n : {2, 4, 5, 7}) {
        INFO("n=" << n);
        tried += every_number_as_signed_zero(construct_text(n), construct_check);
    }
    CHECK(tried > 150);
    CHECK(refusal(construct_check, edited(construct_text(4), "\"version\":1", "\"version\":-0")) ==
          "test.cert:1: version must be a whole number in plain digits, " + kSignedZero);
    CHECK(refusal(construct_check, edited(construct_text(4), "\"proof_lines\":1", "\"proof_lines\":-0")) ==
          "test.cert:1: proof_lines must be a whole number in plain digits, " + kSignedZero);
}

TEST_CASE("rup: a deletion is d and a space and no proof line holds a binary byte (red-team round 26)", "[critical][certificate]") {
    Cnf cnf;
    cnf.vars = 59;
    cnf.clauses = {{59, 1}, {59, -1}, {-59, 1}, {-59, -1}};
    // As CaDiCaL writes them (what DIMACS allows besides, spaces, comments and blank lines, is
    // refused since red-team round 27: the test below).
    for (const std::string proof : {"d 59 1 0\n59 0\n0\n", "d 0\n59 0\n0\n", "59 0\n0\nd 59 0\n"}) {
        INFO(proof);
        CHECK(check_drup(cnf, proof).ok);
        CHECK(check_drup_form(59, proof).ok);
    }
    const std::string deletion = ": not a clause (a deletion is 'd', a space, then its literals)";
    const std::string nul(1, '\0');
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"d59 1 0\n59 0\n0\n", "proof line 1" + deletion},
        {"59 0\nd-59 0\n0\n", "proof line 2" + deletion},
        {"59 0\n  d1 0\n0\n", "proof line 2: not a clause (one space between tokens, none before the first or after the 0)"},
        {"59 0\nd\t59 0\n0\n", "proof line 2" + deletion},
        {"59 0\nd\n0\n", "proof line 2" + deletion},
        {"59 0\ndd 59 0\n0\n", "proof line 2" + deletion},
        {"59 0\n0\nd1 0\n", "proof line 3" + deletion},  // after the empty clause too
        {"-59" + nul + " 0\n0\n", "proof line 1: binary data (byte 0x00): not a proof line"},
        {"-5" + nul + "9 0\n0\n", "proof line 1: binary data (byte 0x00): not a proof line"},
        {"59 0" + nul + "\n0\n", "proof line 1: binary data (byte 0x00): not a proof line"},
        {"59 0\nc " + nul + "\n0\n", "proof line 2: binary data (byte 0x00): not a proof line"},
        {"59 0\n" + nul + "\n0\n", "proof line 2: binary data (byte 0x00): not a proof line"},
        {"59 0\n0\nc \x1b[31m\n", "proof line 3: binary data (byte 0x1b): not a proof line"},
        {"59 0\nd \x01 59 0\n0\n", "proof line 2: binary data (byte 0x01): not a proof line"},
    };
    for (const auto& [proof, why] : refused) {
        INFO(proof);
        const ProofCheck full = check_drup(cnf, proof);
        CHECK(full.malformed);
        CHECK(full.why == why);
        const ProofCheck form = check_drup_form(59, proof);
        CHECK(form.malformed);
        CHECK(form.why == why);
    }
}

// In a certificate the proof line's refusal is the file's (exit 2, at its line), exact drat
// certificates and --construct ones alike, also where the claim would be rejected.
TEST_CASE("certificate text: a proof line not as CaDiCaL writes it makes the certificate malformed", "[critical][certificate]") {
    const std::vector<Json> good = lines_of(exact_text(ExactObjective::h_plus_k, ProofKind::drat));
    const std::string drat = good[1]["proofs"][0]["drat"];
    const std::size_t deletion = drat.find("\nd ");
    REQUIRE(deletion != std::string::npos);
    const auto line = 2 + std::count(drat.begin(), drat.begin() + static_cast<std::ptrdiff_t>(deletion), '\n');
    const std::string at = fmt::format("test.cert:2: proof 0: drat: proof line {}: ", line);
    for (const std::string mark : {"d", "d-", "dd "}) {
        std::vector<Json> t = good;
        std::string edit = drat;
        edit.replace(deletion + 1, 2, mark);  // "d 8 1 …" as "d8 1 …", "d-8 1 …", "dd 8 1 …"
        t[1]["proofs"][0]["drat"] = edit;
        INFO(mark);
        CHECK(futolab::test::verdict(t) == at + "not a clause (a deletion is 'd', a space, then its literals)");
        t[0]["minimum"] = t[0]["minimum"].get<int>() - 1;  // a claim rejected: the file is malformed first
        CHECK(futolab::test::verdict(t) == at + "not a clause (a deletion is 'd', a space, then its literals)");
    }
    std::vector<Json> t = good;
    t[1]["proofs"][0]["drat"] = edited(drat, "\n", std::string("\nc ") + '\0' + "\n");
    CHECK(futolab::test::verdict(t) == "test.cert:2: proof 0: drat: proof line 2: binary data (byte 0x00): not a proof line");
    const std::vector<Json> construct = lines_of(construct_text(5));
    for (const std::string& proof : {std::string("d1 0\n0\n"), std::string("d-2 0\n0\n"), std::string("c \0\n0\n", 6)}) {
        std::vector<Json> c = construct;
        c[0]["proof_lines"] = 2;
        c[1]["drat"] = proof;
        INFO(proof);
        CHECK_THAT(refusal(construct_check, text_of(c)), Catch::StartsWith("test.cert:2: drat: proof line 1: "));
    }
}

// Red-team round 27, C F5: a proof line is read exactly as CaDiCaL writes it. A leading, trailing
// or doubled space, a blank line, a comment line or a last line with no newline was accepted (the
// lemmas are the same), while a tab was refused: every such edit is now refused, in the proof
// reader and in exact and --construct certificates, at the file's line, proof and proof line.
const std::string kSpacing = "not a clause (one space between tokens, none before the first or after the 0)";

TEST_CASE("rup: a proof line is read exactly as CaDiCaL writes it (red-team round 27)", "[critical][certificate]") {
    Cnf cnf;
    cnf.vars = 59;
    cnf.clauses = {{59, 1}, {59, -1}, {-59, 1}, {-59, -1}};
    REQUIRE(check_drup(cnf, "-59 1 0\n59 0\n0\n").ok);
    CHECK(check_drup(cnf, "").why == "the proof does not derive the empty clause");  // no line, none malformed
    const std::vector<std::pair<std::string, std::string>> refused = {
        {" -59 1 0\n59 0\n0\n", "proof line 1: " + kSpacing},
        {"-59 1 0 \n59 0\n0\n", "proof line 1: " + kSpacing},
        {"-59  1 0\n59 0\n0\n", "proof line 1: " + kSpacing},
        {"-59 1  0\n59 0\n0\n", "proof line 1: " + kSpacing},
        {"-59\t1 0\n59 0\n0\n", "proof line 1: " + kSpacing},
        {"-59 1 0\r\n59 0\n0\n", "proof line 1: " + kSpacing},
        {"-59 1 0\n59 0\nd  59 1 0\n0\n", "proof line 3: " + kSpacing},
        {"-59 1 0\n59 0\nd 59 1 0 \n0\n", "proof line 3: " + kSpacing},
        {"-59 1 0\n59 0\n 0\n", "proof line 3: " + kSpacing},
        {"-59 1 0\n\n59 0\n0\n", "proof line 2: a blank line (every proof line is a clause)"},
        {"\n-59 1 0\n59 0\n0\n", "proof line 1: a blank line (every proof line is a clause)"},
        {"-59 1 0\n59 0\n0\n\n", "proof line 4: a blank line (every proof line is a clause)"},
        {"c a comment\n59 0\n0\n", "proof line 1: a comment line (every proof line is a clause: CaDiCaL writes no comments)"},
        {"59 0\n0\nc\n", "proof line 3: a comment line (every proof line is a clause: CaDiCaL writes no comments)"},
        {"-59 1 0\n59 0\n0", "proof line 3: not ended by a newline (every proof line is)"},
        {"0", "proof line 1: not ended by a newline (every proof line is)"},
        {"59 0\n0\nd 59 0", "proof line 3: not ended by a newline (every proof line is)"},
        {"59 0\n0 ", "proof line 2: " + kSpacing},
        {"59 0\n1 0x\n", "proof line 2: not a clause"},
    };
    for (const auto& [proof, why] : refused) {
        INFO(proof);
        const ProofCheck full = check_drup(cnf, proof);
        CHECK(full.malformed);
        CHECK(full.why == why);
        const ProofCheck form = check_drup_form(59, proof);
        CHECK(form.malformed);
        CHECK(form.why == why);
    }
}

TEST_CASE("certificate text: a proof line spaced otherwise than CaDiCaL writes it makes the certificate malformed", "[critical][certificate]") {
    const std::vector<Json> good = lines_of(exact_text(ExactObjective::h_plus_k, ProofKind::drat));
    const std::string drat = good[1]["proofs"][0]["drat"];
    REQUIRE(refusal(exact_check, text_of(good)) == "not refused");
    const std::string at = "test.cert:2: proof 0: drat: proof line ";
    const std::string first = drat.substr(0, drat.find('\n'));  // "-59 0" or the like
    REQUIRE(first.find(' ') != std::string::npos);
    const std::string lits = first.substr(0, first.rfind(' '));
    const std::vector<std::pair<std::string, std::string>> edits = {
        {" " + drat, "1: " + kSpacing},
        {first + " " + drat.substr(first.size()), "1: " + kSpacing},
        {lits + "  0" + drat.substr(first.size()), "1: " + kSpacing},
        {lits + "\t0" + drat.substr(first.size()), "1: " + kSpacing},
        {first + "\n\n" + drat.substr(first.size() + 1), "2: a blank line (every proof line is a clause)"},
        {"c written by hand\n" + drat, "1: a comment line (every proof line is a clause: CaDiCaL writes no comments)"},
        {drat.substr(0, drat.size() - 1), std::to_string(std::count(drat.begin(), drat.end(), '\n')) + ": not ended by a newline (every proof line is)"},
    };
    for (const auto& [proof, why] : edits) {
        INFO(proof.substr(0, 40));
        std::vector<Json> t = good;
        t[1]["proofs"][0]["drat"] = proof;
        CHECK(futolab::test::verdict(t) == at + why);
        t[0]["minimum"] = t[0]["minimum"].get<int>() - 1;  // a claim rejected: the file is malformed first
        CHECK(futolab::test::verdict(t) == at + why);
    }
    // A --construct certificate's DRUP proof "0\n", as written and with each edit.
    const std::vector<Json> construct = lines_of(construct_text(4));
    REQUIRE(construct[1]["drat"] == "0\n");
    REQUIRE(refusal(construct_check, text_of(construct)) == "not refused");
    const std::vector<std::pair<std::string, std::string>> construct_edits = {
        {" 0\n", "1: " + kSpacing},
        {"0 \n", "1: " + kSpacing},
        {"0", "1: not ended by a newline (every proof line is)"},
        {"0\r\n", "1: " + kSpacing},
    };
    for (const auto& [proof, why] : construct_edits) {
        std::vector<Json> c = construct;
        c[1]["drat"] = proof;
        INFO(proof);
        CHECK(refusal(construct_check, text_of(c)) == "test.cert:2: drat: proof line " + why);
    }
    std::vector<Json> blank = construct;  // a blank line first: two lines, as the header must say
    blank[0]["proof_lines"] = 2;
    blank[1]["drat"] = "\n0\n";
    CHECK(refusal(construct_check, text_of(blank)) == "test.cert:2: drat: proof line 1: a blank line (every proof line is a clause)");
}
