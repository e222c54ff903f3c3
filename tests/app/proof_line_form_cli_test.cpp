// critical --check-certificate reads a DRAT/DRUP proof line exactly as CaDiCaL and futolab write
// it (red-team round 27, C F5): a leading, trailing or doubled space, a blank line, a comment line
// or a last line with no newline was accepted (the lemmas are the same) while a tab was refused;
// each is now malformed, exit 2, one line naming the file, line, proof and proof line, in exact
// certificates (also where the claim would be rejected) and --construct ones alike.
#include "tests/app/certificate_cli.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

using futolab::Json;
using futolab::test::checked;
using futolab::test::fresh_dir;
using futolab::test::made;
using futolab::test::write;
namespace fs = std::filesystem;

namespace {

const std::string kSpacing = "not a clause (one space between tokens, none before the first or after the 0)";
const std::string kBlank = "a blank line (every proof line is a clause)";
const std::string kComment = "a comment line (every proof line is a clause: CaDiCaL writes no comments)";
const std::string kNewline = "not ended by a newline (every proof line is)";

}  // namespace

TEST_CASE("critical --check-certificate: an exact proof line spaced otherwise than CaDiCaL writes it is exit 2",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("proof-line-form", "exact");
    const std::vector<Json> good = made(dir, "critical --exact --n 3 --objective h+k", "e3.cert");
    checked(dir, "e3.cert", 0, "certificate accepted");
    const std::string drat = good[1]["proofs"][0]["drat"];
    const std::size_t end = drat.find('\n');
    const std::string first = drat.substr(0, end), rest = drat.substr(end + 1);  // "-59 0", the others
    const std::string lits = first.substr(0, first.rfind(' '));
    const auto lines = std::count(drat.begin(), drat.end(), '\n');
    const std::vector<std::pair<std::string, std::string>> edits = {
        {" " + first + "\n" + rest, "1: " + kSpacing},           // the report's e19
        {first + " \n" + rest, "1: " + kSpacing},                // e20
        {lits + "  0\n" + rest, "1: " + kSpacing},               // e13
        {lits + "\t0\n" + rest, "1: " + kSpacing},               // e21, refused before too
        {first + "\r\n" + rest, "1: " + kSpacing},
        {first + "\n\n" + rest, "2: " + kBlank},                 // e25
        {first + "\n" + rest + "\n", std::to_string(lines + 1) + ": " + kBlank},  // a blank line at the end
        {"c edited\n" + drat, "1: " + kComment},
        {drat.substr(0, drat.size() - 1), std::to_string(lines) + ": " + kNewline},
    };
    for (const auto& [proof, why] : edits) {
        std::vector<Json> t = good;
        t[1]["proofs"][0]["drat"] = proof;
        write(dir / "bad.cert", t);
        checked(dir, "bad.cert", 2, "bad.cert:2: proof 0: drat: proof line " + why + "\n");
        t[0]["minimum"] = t[0]["minimum"].get<int>() - 1;  // a rejected claim: malformed first
        write(dir / "bad.cert", t);
        checked(dir, "bad.cert", 2, "bad.cert:2: proof 0: drat: proof line " + why + "\n");
    }
    // A deletion spaced otherwise: "d  8 1 0" (the report's e22).
    const std::size_t deletion = drat.find("\nd ");
    REQUIRE(deletion != std::string::npos);
    const auto at = std::to_string(2 + std::count(drat.begin(), drat.begin() + static_cast<std::ptrdiff_t>(deletion), '\n'));
    std::vector<Json> t = good;
    t[1]["proofs"][0]["drat"] = std::string(drat).insert(deletion + 2, " ");
    write(dir / "bad.cert", t);
    checked(dir, "bad.cert", 2, "bad.cert:2: proof 0: drat: proof line " + at + ": " + kSpacing + "\n");
}

TEST_CASE("critical --check-certificate: a --construct proof not as written is exit 2", "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("proof-line-form", "construct");
    for (const char* n : {"4", "6"}) {
        INFO("n=" << n);
        const std::string cert = std::string("c") + n + ".cert";
        const std::vector<Json> good = made(dir, std::string("critical --construct --n ") + n, cert);
        REQUIRE(good[1]["drat"] == "0\n");
        checked(dir, cert, 0, "certificate accepted");
        for (const auto& [proof, why] : std::vector<std::pair<std::string, std::string>>{
                 {" 0\n", "1: " + kSpacing},  // the report's c4-lead
                 {"0 \n", "1: " + kSpacing},
                 {"0\t\n", "1: " + kSpacing},
                 {"0", "1: " + kNewline},  // the report's c4-nonl
             }) {
            std::vector<Json> t = good;
            t[1]["drat"] = proof;
            write(dir / "bad.cert", t);
            checked(dir, "bad.cert", 2, "bad.cert:2: drat: proof line " + why + "\n");
        }
        std::vector<Json> t = good;
        t[0]["proof_lines"] = 2;
        for (const std::string proof : {"\n0\n", "c x\n0\n"}) {
            t[1]["drat"] = proof;
            write(dir / "bad.cert", t);
            checked(dir, "bad.cert", 2, "bad.cert:2: drat: proof line 1: " + (proof[0] == 'c' ? kComment : kBlank) + "\n");
        }
    }
}
