// Issue #25, "data never becomes code": a results CSV whose spec cells hold gnuplot, shell and
// HTML payloads (tests/data/hostile/specs.csv) goes through `analyze --plots` and `report` with
// the real gnuplot; nothing of it may run (no file named pwned* appears anywhere) and every
// figure gets its own safe file name inside the plot folder.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

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
    CHECK(r.out.find("## Paired comparison per instance against x@m $(touch pwned_dollar) \\\\ {}^\\_\\& (") !=
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
