// The HTML report's escaping (its SVG inlining: svg_inline_test.cpp); the page itself is
// tested in a real browser by report_browser.sh.
#include "analysis/html_report.hpp"
#include "analysis/study.hpp"
#include "paired_study.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace futolab;
using futolab::test::paired_study;

TEST_CASE("html_escape turns every markup character into an entity", "[report]") {
    CHECK(html_escape("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;");
    CHECK(html_escape("a & \"b\" 'c'") == "a &amp; &quot;b&quot; &#39;c&#39;");
    CHECK(html_escape("fc:var=static") == "fc:var=static");
}

TEST_CASE("the report holds every table with exact values and the sidecar, escaped", "[report]") {
    const Study study = paired_study();
    const std::string page =
        html_report(study, {{"cactus-nodes", "<svg id=\"x\"></svg>"}}, {{"r.csv", "experiment: \"<b>x</b>\"\n"}}, "9.9");
    CHECK(page.find("<table class=\"data\" id=\"summary\">") != std::string::npos);
    CHECK(page.find("<table class=\"data\" id=\"paired\">") != std::string::npos);
    CHECK(page.find("<table class=\"data\" id=\"instances\">") != std::string::npos);
    CHECK(page.find("<th>speedup_vs_baseline</th>") != std::string::npos);
    CHECK(page.find("data-v=\"0.0078125\"") != std::string::npos);  // fc's Wilcoxon p, exact
    // ... and shown to three significant digits, not three decimals (0.008: red-team round 28, C F5)
    CHECK(page.find("data-v=\"0.0078125\">0.00781</td>") != std::string::npos);
    CHECK(page.find("&lt;b&gt;x&lt;/b&gt;") != std::string::npos);
    CHECK(page.find("<b>x</b>") == std::string::npos);
    CHECK(page.find("<svg id=\"fig0-x\"></svg>") != std::string::npos);  // the figure's ids are its own
    CHECK(page.find("25 runs") != std::string::npos);  // the virtual best's copies are not runs
    CHECK(page.find("http") == std::string::npos);     // nothing to fetch
    // A figure's caption says what is plotted (its title, escaped), then its file name; a line
    // feed in it is data (a scatter figure's two title lines come joined by "; "), shown.
    const std::string captioned = html_report(study, {{"growth-nodes", "<svg></svg>", "Median <nodes>; by n"}}, {}, "9.9");
    CHECK(captioned.find("<figcaption>Median &lt;nodes&gt;; by n <span class=\"note\">(growth-nodes)</span></figcaption>") !=
          std::string::npos);
    const std::string fed = html_report(study, {{"growth-nodes", "<svg></svg>", "a\nb"}}, {}, "9.9");
    CHECK(fed.find("<figcaption>a&lt;U+000A&gt;b <span") != std::string::npos);
}

// Issue #25: every byte value through html_escape leaves no markup character, and a page
// built from hostile data has exactly one script element: its own.
TEST_CASE("html_escape leaves no markup character of any byte, and data never opens a script", "[report][hostile]") {
    std::string every;
    for (int b = 0; b < 256; ++b) every += static_cast<char>(b);
    const std::string out = html_escape(every + "</script><!--]]>`${x}`\\");
    for (const char ch : {'<', '>', '"', '\''}) CHECK(out.find(ch) == std::string::npos);
    for (std::size_t p = out.find('&'); p != std::string::npos; p = out.find('&', p + 1)) {
        const std::string entity = out.substr(p, out.find(';', p) - p + 1);
        CHECK((entity == "&amp;" || entity == "&lt;" || entity == "&gt;" || entity == "&quot;" || entity == "&#39;"));
    }
    StudyRequest request;
    request.inputs = {FUTOLAB_SOURCE_DIR "/tests/data/hostile/specs.csv"};
    request.by = {"spec"};
    request.metrics = {"nodes"};
    request.baseline = "bitmask";
    request.instances = true;
    const Study study = run_study(request);
    const std::string sidecar = "experiment: \"</script><script>alert(1)</script>\"\nconfig: \"<!-- `x` </script>\"\n";
    const std::string page = html_report(study, {{"</script>", ""}}, {{"</script>.csv", sidecar}}, "</script>");
    std::size_t scripts = 0;
    for (std::size_t p = page.find("<script"); p != std::string::npos; p = page.find("<script", p + 1)) ++scripts;
    CHECK(scripts == 1);
    CHECK(page.find("</script>") == page.rfind("</script>"));  // only the page's own end tag
    CHECK(page.find("<!--") == std::string::npos);
    CHECK(page.find("<img") == std::string::npos);
}

// Red-team round 25, C F3: a page made with --where named no filter: its header said "75 runs"
// of a file of 150, as if that were the whole file. Now the header line names every filter
// (escaped: they are typed text) and how many runs of how many they kept.
TEST_CASE("a report of filtered rows says which filters kept how many runs", "[report][where]") {
    const auto page_of = [](const std::vector<std::string>& where) {
        StudyRequest request;
        request.inputs = {futolab::test::analysis_csv("paired.csv")};
        request.by = {"spec"};
        request.metrics = {"nodes"};
        for (const std::string& w : where) request.filters.push_back(parse_row_filter(w));
        const Study study = run_study(request);
        return std::pair{where_note(study), html_report(study, {}, {{"r.csv", ""}}, "9.9")};
    };
    auto [note, page] = page_of({});
    CHECK(note.empty());
    CHECK(page.find("rows kept by") == std::string::npos);
    CHECK(page.find("r.csv — 25 runs.") != std::string::npos);
    std::tie(note, page) = page_of({"spec=fc"});
    CHECK(note == "rows kept by --where spec=fc: 8 of 25 runs");
    CHECK(page.find("r.csv — 8 runs (<b>rows kept by --where spec=fc: 8 of 25 runs</b>; every table and figure is of "
                    "those runs)") != std::string::npos);
    std::tie(note, page) = page_of({"spec!=gac", "nodes<=9"});  // several: all of them, in order
    CHECK(page.find("rows kept by --where spec!=gac --where nodes&lt;=9: ") != std::string::npos);
    std::tie(note, page) = page_of({"spec!=x<img src=y>&"});  // typed text, escaped
    CHECK(note == "rows kept by --where spec!=x<img src=y>&: 25 of 25 runs");  // a filter that kept every run is said too
    CHECK(page.find("--where spec!=x&lt;img src=y&gt;&amp;: 25 of 25 runs") != std::string::npos);
    CHECK(page.find("<img") == std::string::npos);
}
