// The reading the certificate checkers share (critical/exact/certificate_read.hpp): a DRAT proof
// ends at its empty clause (lemma_after_end: a lemma after it is refused, in the exact
// certificates as in the --construct ones; CaDiCaL's deletions after it are not), a header's
// version is read in one wording for every format (read_format_version), and the two-pass
// checkers' first pass leaves the stream where it found it (form_pass_then_rewind).
#include "critical/exact/certificate_read.hpp"
#include "critical/exact/certificate.hpp"

#include "core/error.hpp"
#include "certificate_verdicts.hpp"
#include "json_lines.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace futolab;
using namespace futolab::critical;

using futolab::test::lines_of;
using futolab::test::verdict;

namespace {

const std::string kSource = "t.cert";

// The version a header's `"version": TEXT` reads as, or the refusal's message (the value read
// inside its object, as a header's is: at.typed knows it there).
std::string version_read(const std::string& text, std::int64_t newest) {
    const At at{kSource, 1};
    const Json head = parse_line("{\"version\": " + text + "}", at);
    try {
        return std::to_string(read_format_version(head.at("version"), at, newest));
    } catch (const InputError& e) {
        return e.what();
    }
}

// The drat certificate of order 3 for `objective` (k or frontier), written once per process.
const std::vector<Json>& order3_drat(ExactObjective objective) {
    static std::vector<Json> lines[2];
    std::vector<Json>& made = lines[objective == ExactObjective::frontier ? 1 : 0];
    if (made.empty()) {
        std::ostringstream out;
        write_certificate(out, exact_minimum(3, objective), ProofKind::drat);
        made = lines_of(out.str());
    }
    return made;
}

// Whether a DRAT proof holds an empty clause (CaDiCaL writes none where unit propagation alone
// refutes the formula: only deletions; such a proof has no line it ends at).
bool ends_at_empty_clause(const std::string& drat) {
    std::istringstream in(drat);
    for (std::string line; std::getline(in, line);)
        if (line.find_first_not_of(' ') != std::string::npos && line[line.find_first_not_of(' ')] == '0') return true;
    return false;
}

}  // namespace

TEST_CASE("certificate read: lemma_after_end names the first lemma after the empty clause", "[critical][certificate]") {
    const std::string after = "a lemma after the empty clause of line ";
    CHECK(lemma_after_end("") == "");
    CHECK(lemma_after_end("0\n") == "");
    CHECK(lemma_after_end("0") == "");
    CHECK(lemma_after_end("1 0\n-1 0\n0\n") == "");
    CHECK(lemma_after_end("1 0\n0\nd 1 0\nd -1 2 0\n") == "");  // CaDiCaL's deletions as it closes
    CHECK(lemma_after_end("0\n\n   \nc a comment\n") == "");
    CHECK(lemma_after_end("1 2 0\n") == "");  // no empty clause at all: nothing ends (the check judges it)
    CHECK(lemma_after_end("0\n1 0\n") == "proof line 2: " + after + "1 (the proof ends there)");
    CHECK(lemma_after_end("0\n0\n") == "proof line 2: " + after + "1 (the proof ends there)");
    CHECK(lemma_after_end("0\n0") == "proof line 2: " + after + "1 (the proof ends there)");
    CHECK(lemma_after_end("1 0\n  0\nd 1 0\n\nc x\n-2 0\n") == "proof line 6: " + after + "2 (the proof ends there)");
    CHECK(lemma_after_end("-1 0\n0 \n 3 -4 0\n0\n") == "proof line 3: " + after + "2 (the proof ends there)");
}

// The exact certificates' proofs end at their empty clause too (check_proof_forms, the first
// pass): a lemma after it is refused at the class's line, naming the proof and its lines, also
// where the header's claim is rejected; deletions after it are accepted.
TEST_CASE("certificate read: an exact certificate's lemma after the empty clause is refused", "[critical][certificate]") {
    std::size_t ended = 0;
    for (ExactObjective objective : {ExactObjective::k_only, ExactObjective::frontier}) {
        const std::vector<Json>& good = order3_drat(objective);
        INFO(exact_objective_name(objective));
        REQUIRE(verdict(good) == "accepted");
        for (std::size_t line = 1; line < good.size(); ++line) {
            const Json& proofs = good[line]["proofs"];
            for (std::size_t p = 0; p < proofs.size(); ++p) {
                const std::string drat = proofs[p]["drat"];
                if (!ends_at_empty_clause(drat)) continue;
                ++ended;
                const auto lines = std::count(drat.begin(), drat.end(), '\n');
                const std::string at = fmt::format("test.cert:{}: proof {}: drat: proof line {}: a lemma after the empty clause of line ", line + 1, p, lines + 1);
                INFO("line " << line + 1 << " proof " << p << ": " << drat);
                std::vector<Json> t = good;
                t[line]["proofs"][p]["drat"] = drat + "1 0\n";
                CHECK_THAT(verdict(t), Catch::StartsWith(at));
                t[line]["proofs"][p]["drat"] = drat + "0\n";  // a second empty clause
                CHECK_THAT(verdict(t), Catch::StartsWith(at));
                t[line]["proofs"][p]["drat"] = drat + "d 1 0\n";  // a deletion after it, as CaDiCaL writes
                CHECK(verdict(t) == "accepted");
                if (objective != ExactObjective::k_only) continue;
                t = good;  // the claim one lower is rejected (its witness costs more), but the file is malformed first
                t[0]["minimum"] = t[0]["minimum"].get<int>() - 1;
                REQUIRE_THAT(verdict(t), Catch::StartsWith("rejected: "));
                t[line]["proofs"][p]["drat"] = drat + "-2 0\n";
                CHECK_THAT(verdict(t), Catch::StartsWith(at));
            }
        }
    }
    CHECK(ended > 0);
}

TEST_CASE("certificate read: a version is read in one wording for every format", "[critical][certificate]") {
    CHECK(version_read("1", 1) == "1");
    CHECK(version_read("1", 2) == "1");
    CHECK(version_read("2", 2) == "2");
    CHECK(version_read("2", 1) == "t.cert:1: field 'version': 2 is not a version this futolab reads (1)");
    CHECK(version_read("0", 1) == "t.cert:1: field 'version': 0 is not a version this futolab reads (1)");
    CHECK(version_read("3", 2) == "t.cert:1: field 'version': 3 is not a version this futolab reads (1 or 2)");
    CHECK(version_read("-1", 2) == "t.cert:1: version -1 is too small (at least 0)");
    CHECK(version_read("1.0", 1) == "t.cert:1: version must be a whole number in plain digits, got 1.0");
    CHECK(version_read("\"1\"", 1) == "t.cert:1: version must be a whole number in plain digits, got \"1\"");
    CHECK(version_read("18446744073709551617", 2) == "t.cert:1: version 18446744073709551617 is too large (at most 9223372036854775807)");
}

TEST_CASE("certificate read: the form pass leaves the stream where it found it", "[critical][certificate]") {
    const std::string text = "line one\nline two\n";
    for (std::size_t skip : {std::size_t{0}, std::size_t{5}}) {
        std::istringstream in(text);
        in.seekg(static_cast<std::streamoff>(skip));
        std::string seen;
        form_pass_then_rewind(in, "a checker", [&seen](std::istream& s) {  // reads to the end, as a form pass does
            for (std::string line; std::getline(s, line);) seen += line + "|";
        });
        CHECK(seen == (skip == 0 ? "line one|line two|" : "one|line two|"));
        std::string again;
        std::getline(in, again);
        CHECK(again == (skip == 0 ? "line one" : "one"));
    }
    std::istringstream broken("x");
    broken.setstate(std::ios::failbit);  // tellg gives -1, as for a pipe
    bool ran = false;
    CHECK_THROWS_WITH(form_pass_then_rewind(broken, "check_certificate", [&ran](std::istream&) { ran = true; }),
                      "check_certificate: the certificate's stream cannot be read twice (not seekable)");
    CHECK_FALSE(ran);
    std::istringstream malformed("{}\n");  // the first pass's refusal goes out as it is
    CHECK_THROWS_AS(form_pass_then_rewind(malformed, "c", [](std::istream&) { throw InputError("x.cert:1: malformed"); }), InputError);
}
