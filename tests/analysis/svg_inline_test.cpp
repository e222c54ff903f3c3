// SVG pictures inlined into the report page (analysis/svg_inline.hpp, red-team round 12, F21):
// gnuplot quotes attributes with ' and gives every picture the same ids, so a page of several
// plots held gpDot, gpPt0… once per figure, and the heading and the table of "Runs and limits"
// were both id="runs". Every id of the page is now used once, and every reference inside a
// figure names an id of that figure.
#include "analysis/html_report.hpp"
#include "analysis/study.hpp"
#include "analysis/svg_inline.hpp"
#include "paired_study.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace futolab;
using futolab::test::paired_study;

namespace {

// What gnuplot 5.4's svg terminal writes, cut down: both quote styles, point symbols defined
// once and drawn by <use>, a filter referenced by url(#…), a '>' inside a value.
const std::string kGnuplotSvg = R"svg(<?xml version="1.0" encoding="utf-8"  standalone="no"?>
<svg
 width="600" height="400" viewBox="0 0 600 400"
 xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<title>Gnuplot</title>
<g id="gnuplot_canvas">
<defs>
	<circle id='gpDot' r='0.5'/>
	<path id='gpPt0' d='M-1,0 h2 M0,-1 v2'/>
	<circle id='gpPt5' cx='0' cy='0' r='1'/>
	<use xlink:href='#gpPt5' id='gpPt6' fill='currentColor'/>
	<filter id='textbox' filterUnits='objectBoundingBox'><feFlood flood-color='white'/></filter>
</defs>
<g><use href="#gpDot" x="1" y="2"/><use xlink:href='#gpPt6' transform='translate(3,4) scale(2.25)'/></g>
<text filter='url(#textbox)' data-note='a > b'>3</text>
<rect style="fill: url('#gpPt0')"/>
</g>
</svg>
)svg";

// Text and a comment that look like ids and references, but are not markup.
const std::string kDecoys = "<!-- id='gpDot' in a comment -->\n<text>id='gpPt0' href='#gpDot' url(#textbox)</text>\n";

std::string with_decoys(std::string svg) { return svg.insert(svg.rfind("</g>"), kDecoys); }

// Every value of an id attribute in `page`, in order, read by a pattern of its own (not by the
// code under test).
std::vector<std::string> ids_of(const std::string& page) {
    static const std::regex id(R"(\sid=(["'])([^"']*)\1)");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(page.begin(), page.end(), id); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[2].str());
    return out;
}

// Every id a reference in `page` names: href="#x", xlink:href='#x', url(#x), url('#x').
std::vector<std::string> references_of(const std::string& page) {
    static const std::regex ref(R"(href=["']#([^"']*)["']|url\(['"]?#([^)'"]*))");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(page.begin(), page.end(), ref); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1].matched ? (*it)[1].str() : (*it)[2].str());
    return out;
}

}  // namespace

TEST_CASE("inline_svg: gnuplot's ids and references get the prefix, in either quote style", "[report][svg]") {
    const std::string out = inline_svg(kGnuplotSvg, "fig3-");
    CHECK(out.rfind("<svg", 0) == 0);  // no XML prolog inside the page
    CHECK(out.find("<?xml") == std::string::npos);
    CHECK(ids_of(out) == std::vector<std::string>{"fig3-gnuplot_canvas", "fig3-gpDot", "fig3-gpPt0", "fig3-gpPt5", "fig3-gpPt6",
                                                  "fig3-textbox"});
    CHECK(out.find("<use xlink:href='#fig3-gpPt5' id='fig3-gpPt6' fill='currentColor'/>") != std::string::npos);
    CHECK(out.find("<use href=\"#fig3-gpDot\" x=\"1\" y=\"2\"/>") != std::string::npos);
    CHECK(out.find("xlink:href='#fig3-gpPt6' transform='translate(3,4) scale(2.25)'") != std::string::npos);
    CHECK(out.find("filter='url(#fig3-textbox)' data-note='a > b'") != std::string::npos);
    CHECK(out.find("style=\"fill: url('#fig3-gpPt0')\"") != std::string::npos);
    // Nothing else changed: the prefix is all that was added.
    std::string back = out;
    for (std::size_t p; (p = back.find("fig3-")) != std::string::npos;) back.erase(p, 5);
    CHECK(back == kGnuplotSvg.substr(kGnuplotSvg.find("<svg")));
    // Text and comments are not markup: copied as they are.
    CHECK(inline_svg(with_decoys(kGnuplotSvg), "fig3-").find(kDecoys) != std::string::npos);
    CHECK(inline_svg("no picture", "fig0-").empty());
}

TEST_CASE("inline_svg: a prefix that is not [A-Za-z0-9_-] is refused (it becomes markup)", "[report][svg]") {
    for (const char* prefix : {"a\"b", "x'", "p>", "f g", "#"}) CHECK_THROWS_AS(inline_svg(kGnuplotSvg, prefix), std::invalid_argument);
}

TEST_CASE("report page: every id is used once, and each reference names an id of its own figure (round 12, F21)",
          "[report][svg]") {
    const Study study = paired_study();
    const std::vector<ReportPlot> plots{{"a", kGnuplotSvg}, {"b", kGnuplotSvg}, {"c", ""}, {"d", kGnuplotSvg}};
    const std::string page = html_report(study, plots, {{"r.csv", ""}}, "9.9");
    const std::vector<std::string> ids = ids_of(page);
    std::map<std::string, int> uses;
    for (const std::string& id : ids) ++uses[id];
    for (const auto& [id, n] : uses) {
        INFO("id " << id);
        CHECK(n == 1);
    }
    CHECK(uses.count("runs") == 1);  // the table; its heading is runs-section
    CHECK(uses.count("runs-section") == 1);
    CHECK(uses.count("fig3-gpDot") == 1);  // the figures keep their index, with or without a picture
    // Each figure's references name ids of that figure: fig<i>- on both sides.
    const std::set<std::string> known(ids.begin(), ids.end());
    std::size_t references = 0, figure = 0;
    for (std::size_t at = page.find("<figure>"); at != std::string::npos; at = page.find("<figure>", at + 1), ++figure) {
        const std::string inside = page.substr(at, page.find("</figure>", at) - at);
        for (const std::string& r : references_of(inside)) {
            INFO("figure " << figure << ": reference #" << r);
            CHECK(r.rfind("fig" + std::to_string(figure) + "-", 0) == 0);
            CHECK(known.count(r) == 1);
            ++references;
        }
    }
    CHECK(figure == 4);
    CHECK(references_of(page).size() == references);  // none outside the figures
    CHECK(references == 3 * 5);  // five references in each of the three pictures
}
