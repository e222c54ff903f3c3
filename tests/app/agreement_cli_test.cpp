// Agreement end to end (SPEC §5a): analyze, report and compare list the instances where runs
// that decided them disagree, and --fail-on-disagreement exits 1 on one, 2 when no instance
// was decided twice, else 0. The CSVs are written here: a planted disagreement (minizinc says
// `multiple` where gac and fc say `unique`), one where all agree, one where nothing is decided
// twice.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

using futolab::test::has;
using futolab::test::without_self_compare_notes;

namespace {

// Asked when used, not at static initialisation: tests/main.cpp gives each test process its own
// TMPDIR only once main runs, and a folder fixed before that was shared by the test processes
// CTest runs at once (one of them once read the other's half-written page).
fs::path scratch() { return fs::temp_directory_path() / "futolab-agreement-cli"; }

// A results CSV; each row "instance,hash,spec,seed,mode,status,solutions".
std::string write_csv(const std::string& name, const std::vector<std::string>& rows) {
    fs::create_directories(scratch());
    const std::string path = (scratch() / name).string();
    std::ofstream out(path);
    out << "experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,nodes,wall_ns,cpu_ns,spec\n";
    for (const std::string& r : rows) {
        const std::size_t a = r.find(','), b = r.find(',', a + 1), c = r.find(',', b + 1), d = r.find(',', c + 1);
        const std::string spec = r.substr(b + 1, c - b - 1);
        out << "t," << r.substr(0, b) << ",4,6,3," << spec << ",," << r.substr(c + 1, d - c - 1) << ",1," << r.substr(d + 1)
            << ",5,1000000,1000000," << spec << "\n";
    }
    return path;
}

const std::string kHostile = "\"<img src=x onerror=alert(1)>\"";

// i1: minizinc's `multiple` against gac's and fc's `unique`; the hostile id: fc `unsat` against
// gac `solved`; i2: all agree.
std::string planted() {
    return write_csv("planted.csv", {"i1,0000000000000001,gac,1,count:2,unique,1", "i1,0000000000000001,fc,2,count:2,unique,1",
                                     "i1,0000000000000001,fc,3,count:2,unique,1", "i1,0000000000000001,minizinc,4,count:2,multiple,2",
                                     kHostile + ",00000000000000ff,gac,5,first,solved,1", kHostile + ",00000000000000ff,fc,6,first,unsat,0",
                                     "i2,0000000000000002,gac,7,count:2,unique,1", "i2,0000000000000002,fc,8,count:2,unique,1"});
}

std::string agreeing() {
    return write_csv("agree.csv", {"i1,0000000000000001,gac,1,count:2,unique,1", "i1,0000000000000001,minizinc,2,count:2,unique,1",
                                   "i2,0000000000000002,gac,3,count:all,counted,3", "i2,0000000000000002,fc,4,count:all,counted,3",
                                   "i2,0000000000000002,fc,5,count:all,timeout,1"});
}

// Every instance decided once: the other runs hit a limit, failed, or ran another mode.
std::string decided_once() {
    return write_csv("once.csv", {"i1,0000000000000001,gac,1,count:2,unique,1", "i1,0000000000000001,minizinc,2,count:2,timeout,1",
                                  "i2,0000000000000002,gac,3,count:2,crash,", "i2,0000000000000002,fc,4,count:2,multiple,2",
                                  "i2,0000000000000002,fc,5,first,solved,1"});
}

// BASE and NEW agree inside themselves; NEW's gac says `multiple` where BASE's said `unique`.
std::pair<std::string, std::string> versions() {
    return {write_csv("base.csv", {"i1,0000000000000001,gac,1,count:2,unique,1", "i2,0000000000000002,gac,2,count:2,unique,1"}),
            write_csv("new.csv", {"i1,0000000000000001,gac,1,count:2,multiple,2", "i2,0000000000000002,gac,2,count:2,unique,1"})};
}

const std::string kGateFail = "futolab: --fail-on-disagreement: solvers that decided them disagree on 2 instances\n";
const std::string kGateUnmeasured =
    "futolab: --fail-on-disagreement: agreement not measured: no instance was decided by two runs or more in one mode\n";
const std::string kRowI1 = "| i1 | 0000000000000001 | count:2 | unique ← fc ×2, gac; multiple ← minizinc | 4 |";

}  // namespace

TEST_CASE("analyze lists disagreements and --fail-on-disagreement gates on them", "[cli][analyze][agreement]") {
    const std::string csv = planted();
    auto r = run_cli("analyze " + csv + " --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK(has(r.out, "## Disagreements: instances where runs that decided them give different answers"));
    CHECK(has(r.out, kRowI1));
    // Markdown escapes the id's markup (issue #45): a GFM viewer prints it, never renders it.
    CHECK(has(r.out, "| \\<img src=x onerror=alert(1)\\> | 00000000000000ff | first | solved ← gac; unsat ← fc | 2 |"));
    CHECK_FALSE(has(r.out, "| i2 |"));
    CHECK(r.err == kGateFail);
    // Without the gate: exit 0, the same listing, a warning.
    r = run_cli("analyze " + csv);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, kRowI1));
    CHECK(r.err == "futolab: warning: solvers that decided them disagree on 2 instances\n");
    // As data: --table, and --tables DIR.
    r = run_cli("analyze " + csv + " --table disagreements --format csv");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "instance,instance_hash,mode,answers,runs\n"
                   "<img src=x onerror=alert(1)>,00000000000000ff,first,solved ← gac; unsat ← fc,2\n"
                   "i1,0000000000000001,count:2,\"unique ← fc ×2, gac; multiple ← minizinc\",4\n");  // RFC 4180
    const fs::path tables = scratch() / "tables";
    fs::remove_all(tables);
    REQUIRE(run_cli("analyze " + csv + " --tables " + tables.string()).exit_code == 0);
    CHECK(has(slurp((tables / "disagreements.csv").string()), "i1,0000000000000001,count:2,"));
    // --where keeps the rows it checks: without minizinc, i1 agrees.
    r = run_cli("analyze " + csv + " --where \"spec!=minizinc\" --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK_FALSE(has(r.out, "| i1 |"));
    CHECK(has(r.err, "disagree on 1 instance\n"));
}

TEST_CASE("analyze --fail-on-disagreement: 0 when all agree, 2 when nothing is decided twice", "[cli][analyze][agreement]") {
    auto r = run_cli("analyze " + agreeing() + " --fail-on-disagreement");
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK_FALSE(has(r.out, "Disagreements"));
    r = run_cli("analyze " + agreeing() + " --table disagreements --format csv");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "instance,instance_hash,mode,answers,runs\n");  // none: still a table
    r = run_cli("analyze " + decided_once() + " --fail-on-disagreement");
    CHECK(r.exit_code == 2);
    CHECK(has(r.out, "| gac |"));  // everything else was printed
    CHECK(r.err == kGateUnmeasured);
    CHECK(run_cli("analyze " + decided_once()).exit_code == 0);  // no gate: nothing to say
}

TEST_CASE("report lists disagreements at the top, escaped, and gates on them", "[cli][report][agreement]") {
    const std::string html = (scratch() / "r.html").string();
    fs::remove(html);
    auto r = run_cli("report " + planted() + " --out " + html + " --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK(r.err == kGateFail);
    const std::string page = slurp(html);  // written before the gate
    const std::size_t section = page.find("<h2 id=\"disagreements-section\">Disagreements (2)</h2>");
    REQUIRE(section != std::string::npos);
    CHECK(section < page.find("<h2 id=\"runs\">"));
    CHECK(has(page, "<table class=\"data\" id=\"disagreements\">"));
    CHECK(has(page, "<td>i1</td><td>0000000000000001</td><td>count:2</td><td>unique ← fc ×2, gac; multiple ← minizinc</td>"));
    CHECK(has(page, "<td>&lt;img src=x onerror=alert(1)&gt;</td><td>00000000000000ff</td>"));
    CHECK_FALSE(has(page, "<img src=x"));  // data never becomes markup

    r = run_cli("report " + agreeing() + " --out " + html + " --fail-on-disagreement");
    CHECK(r.exit_code == 0);
    CHECK_FALSE(has(slurp(html), "disagreements-section"));
    r = run_cli("report " + decided_once() + " --out " + html + " --fail-on-disagreement");
    CHECK(r.exit_code == 2);
    CHECK(r.err == kGateUnmeasured);
    CHECK(has(slurp(html), "<h2 id=\"summary-section\">"));  // the page is written all the same
    // --compare: each run names its input.
    const auto [base, next] = versions();
    r = run_cli("report " + base + " " + next + " --compare --out " + html + " --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK(has(slurp(html), "<td>unique ← gac (" + base + "); multiple ← gac (" + next + ")</td>"));
}

TEST_CASE("compare lists disagreements in and between its inputs and gates on them", "[cli][compare][agreement]") {
    const auto [base, next] = versions();
    auto r = run_cli("compare " + base + " " + next + " --label v1,v2 --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK(has(r.out, "\n## Disagreements (1)\n"));
    CHECK(has(r.out, "- i1 [0000000000000001] count:2: unique ← gac (v1); multiple ← gac (v2)\n"));
    CHECK(r.err == "futolab: --fail-on-disagreement: solvers that decided them disagree on 1 instance\n");
    // One input's own disagreement is listed too, with each side's runs.
    r = run_cli("compare " + planted() + " " + agreeing() + " --label a,b --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK(has(r.out, "- i1 [0000000000000001] count:2: unique ← fc (a) ×2, gac (a), gac (b), minizinc (b); multiple ← minizinc (a)\n"));
    // compare's text is Markdown: the id prints as text there, not as a tag.
    CHECK(has(r.out, "- \\<img src=x onerror=alert(1)\\> [00000000000000ff] first: solved ← gac (a); unsat ← fc (a)\n"));
    // --format csv prints its table only; the gate still looks.
    r = run_cli("compare " + base + " " + next + " --format csv --table times --fail-on-disagreement");
    CHECK(r.exit_code == 1);
    CHECK_FALSE(has(r.out, "Disagreements"));
}

TEST_CASE("compare --fail-on-disagreement: 0 when all agree, 2 when nothing is decided twice", "[cli][compare][agreement]") {
    auto r = run_cli("compare " + agreeing() + " " + agreeing() + " --fail-on-disagreement");
    CHECK(r.exit_code == 0);
    CHECK(without_self_compare_notes(r.err).empty());
    CHECK_FALSE(has(r.out, "Disagreements"));
    CHECK(run_cli("compare analysis/compare/base.csv analysis/compare/new.csv --fail-on-disagreement").exit_code == 0);
    // Each instance decided on one side only.
    const std::string base = write_csv("once-base.csv", {"i1,0000000000000001,gac,1,count:2,unique,1", "i2,0000000000000002,gac,2,count:2,timeout,1"});
    const std::string next = write_csv("once-new.csv", {"i1,0000000000000001,gac,1,count:2,timeout,1", "i2,0000000000000002,gac,2,count:2,unique,1"});
    r = run_cli("compare " + base + " " + next + " --fail-on-disagreement");
    CHECK(r.exit_code == 2);
    CHECK(r.err == kGateUnmeasured);
    // The same file twice holds each run once, not two answers.
    r = run_cli("compare " + base + " " + base + " --fail-on-disagreement");
    CHECK(r.exit_code == 2);
    CHECK(without_self_compare_notes(r.err) == kGateUnmeasured);
    // Another gate's measured change wins over the one that could not look.
    r = run_cli("compare " + base + " " + next + " --fail-on-disagreement --fail-on-change status");
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, kGateUnmeasured));
}
