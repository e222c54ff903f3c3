// Issue #25, "data never becomes code": a results CSV whose spec cells hold gnuplot, shell and
// HTML payloads (tests/data/hostile/specs.csv) goes through `analyze --plots` and `report` with
// the real gnuplot; nothing of it may run (no file named pwned* appears anywhere) and every
// figure gets its own safe file name inside the plot folder.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kHostile = FUTOLAB_SOURCE_DIR "/tests/data/hostile/specs.csv";

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-data-not-code-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir / "work");
    return dir;
}

// Every file under `dir` (and the test data folder) that a payload would create: the payloads
// run `touch pwned_*`; the spec `../../escaped` would put a figure two folders up.
std::vector<std::string> planted(const fs::path& dir) {
    std::vector<std::string> out;
    for (const fs::path& root : {dir, fs::path(FUTOLAB_SOURCE_DIR "/tests/data")})
        for (const auto& e : fs::recursive_directory_iterator(root))
            if (const std::string name = e.path().filename().string();
                name.rfind("pwned", 0) == 0 || name.rfind("escaped", 0) == 0)
                out.push_back(e.path().string());
    return out;
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t p = 0; (p = text.find(part, p)) != std::string::npos; p += part.size()) ++n;
    return n;
}

void require_gnuplot() {
    if (std::system("command -v gnuplot >/dev/null 2>&1") != 0)
        FAIL("gnuplot is not installed (scripts/install-deps.sh installs it): the payloads would not be tried");
}

}  // namespace

TEST_CASE("analyze --plots runs nothing from the spec cells and names every figure safely", "[cli][analyze][hostile]") {
    require_gnuplot();
    const fs::path dir = fresh_dir("analyze");
    const auto r = run_cli("analyze '" + kHostile + "' --metric nodes --baseline bitmask --plots plots "
                           "--plot cactus,ecdf,growth,scatter",
                           (dir / "work").string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(planted(dir).empty());
    std::size_t scatters = 0;
    for (const auto& e : fs::directory_iterator(dir / "work" / "plots")) {
        const std::string name = e.path().filename().string();
        CHECK(name.size() <= 130);
        if (name.rfind("scatter-", 0) == 0 && e.path().extension() == ".png") ++scatters;
    }
    CHECK(scatters == 11);  // one per spec but the baseline: a:b and a_b apart, the long one too
    // The scripts run again by hand run nothing either.
    const std::string again = "cd '" + (dir / "work").string() + "' && for f in plots/*.gp; do gnuplot \"$f\" 2>/dev/null || exit 1; done";
    CHECK(std::system(again.c_str()) == 0);
    CHECK(planted(dir).empty());
    fs::remove_all(dir);
}

TEST_CASE("report runs nothing from the data and escapes it in the page", "[cli][report][hostile]") {
    require_gnuplot();
    const fs::path dir = fresh_dir("report");
    const auto r = run_cli("report '" + kHostile + "' --metric nodes --baseline bitmask --out r.html", (dir / "work").string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(planted(dir).empty());
    const std::string page = slurp((dir / "work" / "r.html").string());
    CHECK(count(page, "<script") == 1);  // the page's own script, nothing from the data
    CHECK(count(page, "</script") == 1);
    CHECK(page.find("<img") == std::string::npos);
    CHECK(page.find("<svg onload") == std::string::npos);
    CHECK(page.find("<b>bold") == std::string::npos);
    CHECK(page.find("<!--") == std::string::npos);
    CHECK(page.find("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);  // shown as text
    CHECK(page.find("i2&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("analyze: a baseline from the data is escaped in its Markdown heading", "[cli][analyze][hostile]") {
    const auto r = run_cli("analyze '" + kHostile + "' --metric nodes --baseline 'x@m $(touch pwned_dollar) \\ {}^_&'");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("## Paired comparison per instance against x@m \\$(touch pwned_dollar) \\\\ {}^\\_\\& (") !=
          std::string::npos);
}

TEST_CASE("analyze --plots replaces a link at a figure's name, never writes through it", "[cli][analyze][hostile]") {
    require_gnuplot();
    const fs::path dir = fresh_dir("plot-links");
    const fs::path input = dir / "work" / "in.csv", other = dir / "work" / "other.txt";
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv", input);
    std::ofstream(other) << "someone else's file\n";
    const std::string before = slurp(input.string());
    fs::create_directories(dir / "work" / "plots");
    fs::create_symlink(input, dir / "work" / "plots" / "cactus-wall_ms.pdf");   // a symlink to the input
    fs::create_hard_link(other, dir / "work" / "plots" / "cactus-wall_ms.svg");  // another name of a file
    const auto r = run_cli("analyze in.csv --plots plots --plot cactus", (dir / "work").string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(slurp(input.string()) == before);
    CHECK(slurp(other.string()) == "someone else's file\n");
    CHECK_FALSE(fs::is_symlink(dir / "work" / "plots" / "cactus-wall_ms.pdf"));
    CHECK(slurp((dir / "work" / "plots" / "cactus-wall_ms.pdf").string()).rfind("%PDF", 0) == 0);
    fs::remove_all(dir);
}

TEST_CASE("a bidi control in a spec is shown in the figures, as in the tables", "[cli][analyze][hostile]") {
    require_gnuplot();
    const fs::path dir = fresh_dir("plot-bidi");
    std::string text = slurp(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv");
    for (std::size_t at = 0; (at = text.find(",gac,", at)) != std::string::npos; at += 8)
        text.replace(at, 5, ",g\xe2\x80\xae" "ac,");  // U+202E inside the solver's name
    std::ofstream(dir / "work" / "in.csv", std::ios::binary) << text;
    const auto r = run_cli("analyze in.csv --plots plots --plot cactus", (dir / "work").string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string svg = slurp((dir / "work" / "plots" / "cactus-wall_ms.svg").string());
    CHECK(svg.find("g&lt;U+202E") != std::string::npos);  // gnuplot escapes the <, not the >
    CHECK(svg.find("\xe2\x80\xae") == std::string::npos);
    fs::remove_all(dir);
}

// Issue #45, round 6: a spec or instance typed as "<U+2066>" and one holding the character
// U+2066 printed alike in LaTeX, HTML and the figures. Through every output that prints them.
TEST_CASE("a typed <U+2066> and the character U+2066 print apart in every format", "[cli][analyze][hostile]") {
    require_gnuplot();
    const fs::path dir = fresh_dir("typed-marker");
    std::string text = slurp(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv");
    std::string typed = text, real = text;
    for (std::size_t at = 0; (at = typed.find(",gac,", at)) != std::string::npos; at += 12) typed.replace(at, 5, ",g<U+2066>ac,");
    for (std::size_t at = 0; (at = real.find(",gac,", at)) != std::string::npos; at += 8) real.replace(at, 5, ",g\xe2\x81\xa6" "ac,");
    std::ofstream(dir / "work" / "typed.csv", std::ios::binary) << typed;
    std::ofstream(dir / "work" / "real.csv", std::ios::binary) << real;
    const std::string work = (dir / "work").string();
    // As a Markdown cell shows them: compare's text is Markdown too.
    const std::string typed_shown = "g\\<U+003C>U+2066\\>ac", real_shown = "g<U+2066>ac";
    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> formats{
        {"md", {typed_shown, real_shown}},
        {"latex", {"g\\textless{}U+003C\\textgreater{}U+2066\\textgreater{}ac", "g\\textless{}U+2066\\textgreater{}ac"}}};
    for (const auto& [format, shown] : formats) {
        INFO(format);
        const auto t = run_cli("analyze typed.csv --table summary --format " + format, work);
        const auto r = run_cli("analyze real.csv --table summary --format " + format, work);
        REQUIRE(t.exit_code == 0);
        REQUIRE(r.exit_code == 0);
        CHECK(count(t.out, shown.first) > 0);
        CHECK(count(r.out, shown.second) > 0);
        CHECK(count(r.out, "U+003C") == 0);
    }
    for (const char* csv : {"typed.csv", "real.csv"}) {
        const auto r = run_cli(std::string("report ") + csv + " --out " + csv + ".html", work);
        REQUIRE(r.exit_code == 0);
    }
    const std::string typed_page = slurp((dir / "work" / "typed.csv.html").string());
    const std::string real_page = slurp((dir / "work" / "real.csv.html").string());
    CHECK(count(typed_page, "g&lt;U+003C&gt;U+2066&gt;ac") > 0);
    CHECK(count(typed_page, "g&lt;U+2066&gt;ac") == 0);
    CHECK(count(real_page, "g&lt;U+2066&gt;ac") > 0);
    CHECK(count(real_page, "U+003C") == 0);
    const auto c = run_cli("compare typed.csv real.csv", work);
    CHECK(count(c.out, typed_shown) > 0);
    CHECK(count(c.out, real_shown) > 0);
    for (const char* csv : {"typed", "real"}) {
        const auto r = run_cli(std::string("analyze ") + csv + ".csv --plots " + csv + "-plots --plot cactus", work);
        REQUIRE(r.exit_code == 0);
    }
    const std::string typed_svg = slurp((dir / "work" / "typed-plots" / "cactus-wall_ms.svg").string());
    const std::string real_svg = slurp((dir / "work" / "real-plots" / "cactus-wall_ms.svg").string());
    CHECK(count(typed_svg, "g&lt;U+003C>U+2066>ac") > 0);  // gnuplot escapes the <, not the >
    CHECK(count(real_svg, "g&lt;U+2066>ac") > 0);
    CHECK(count(real_svg, "U+003C") == 0);
    fs::remove_all(dir);
}

// A results CSV that is not one of analyze's inputs, at a figure's name, is refused as every other
// file output refuses one (round 21 left open: the figure replaced it, its sidecar orphaned).
TEST_CASE("analyze --plots refuses a results CSV at a figure's name unless --force", "[cli][analyze][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("data-not-code", "plot-results-csv");
    const std::string csv = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv";
    fs::create_directories(dir / "plots");
    const fs::path figure = dir / "plots" / "cactus-wall_ms.png";
    fs::copy_file(csv, figure);
    const std::string analyze = "analyze " + csv + " --plots plots --plot cactus";
    const auto r = run_cli(analyze, dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: --plots plots/cactus-wall_ms.png: is a results CSV: refusing to overwrite it (use another "
                   "--plots folder, or --force)\n");
    CHECK(slurp(figure.string()) == slurp(csv));
    CHECK_FALSE(fs::exists(dir / "plots" / "cactus-wall_ms.gp"));  // refused before anything is made
    CHECK(run_cli(analyze + " --force", dir.string()).exit_code == 0);
    CHECK(slurp(figure.string()) != slurp(csv));
    fs::remove_all(dir);
}

// Issue #45, round 6: an input read from the --plots folder under one of a figure's names
// (cactus-wall_ms-0.dat, cactus-wall_ms.gp, cactus-wall_ms.png) was replaced by the figure.
TEST_CASE("analyze --plots never replaces an input named like one of its files", "[cli][analyze][hostile]") {
    const fs::path dir = fresh_dir("plot-input-names");
    const std::string csv = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv";
    fs::create_directories(dir / "work" / "plots");
    for (const char* name : {"cactus-wall_ms-0.dat", "cactus-wall_ms.gp", "cactus-wall_ms.png", "cactus-wall_ms.log"}) {
        INFO(name);
        const fs::path input = dir / "work" / "plots" / name;
        fs::copy_file(csv, input, fs::copy_options::overwrite_existing);
        for (const std::string& spelled : {std::string("plots/") + name, std::string("./plots//") + name}) {
            const auto r = run_cli("analyze " + spelled + " --plots plots --plot cactus", (dir / "work").string());
            CHECK(r.exit_code == 2);
            CHECK(r.err.find("is the input") != std::string::npos);
            CHECK(slurp(input.string()) == slurp(csv));
        }
        // Through a symlink to it: the file it names is the one that would go.
        fs::create_symlink(input, dir / "work" / "link.csv");
        CHECK(run_cli("analyze link.csv --plots plots --plot cactus", (dir / "work").string()).exit_code == 2);
        CHECK(slurp(input.string()) == slurp(csv));
        fs::remove(dir / "work" / "link.csv");
        fs::remove(input);
    }
    fs::remove_all(dir);
}
