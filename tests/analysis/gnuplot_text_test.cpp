// Data never becomes gnuplot code: gnuplot_string's output, read back by the real gnuplot,
// is the text itself for every byte and every character class that gnuplot treats specially
// (back-quotes, @macros, $, \, quotes, {}, #, ;, newlines, NUL), and nothing is run.
#include "analysis/gnuplot_text.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

using futolab::gnuplot_string;
namespace fs = std::filesystem;

namespace {

bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

// The texts to check: every byte on its own, and payloads that would run or expand.
std::vector<std::string> hostile_texts() {
    std::vector<std::string> out;
    for (int b = 1; b < 256; ++b) out.push_back("<" + std::string(1, static_cast<char>(b)) + ">");
    out.push_back("fc`touch pwned_bq`");
    out.push_back("\"`touch pwned_dq`\"");
    out.push_back("'; system(\"touch pwned_sq\"); '");
    out.push_back("x'.system(\"touch pwned_concat\").'y");
    out.push_back("a = 'q'\n@a `touch pwned_nl`\nsystem(\"touch pwned_nl2\")");
    out.push_back("@a @ARG0 $0 $HOME ${x} \\ \\n \\\\ {}^_&%#;");
    out.push_back("ends with a backslash \\");
    out.push_back("'");
    out.push_back("''");
    out.push_back("'''");
    out.push_back("''.system(\"touch pwned_empty\").''");
    out.push_back("'`touch pwned_lead`'");
    out.push_back("");
    out.push_back("\r\n\r");
    out.push_back(std::string("nul\0`touch pwned_nul`", 20));
    return out;
}

// What gnuplot should print: the text, NUL shown as U+FFFD.
std::string shown(const std::string& text) {
    std::string out;
    for (char ch : text) out += ch == '\0' ? std::string("\xEF\xBF\xBD") : std::string(1, ch);
    return out;
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("gnuplot_string: single-quoted pieces, quotes and line breaks as constants", "[plots][quoting]") {
    CHECK(gnuplot_string("fc") == "'fc'");
    CHECK(gnuplot_string("") == "\"\"");
    CHECK(gnuplot_string("it's") == "('it'.\"'\".'s')");
    CHECK(gnuplot_string("'") == "\"'\"");
    CHECK(gnuplot_string("a\nb") == "('a'.\"\\n\".'b')");
    CHECK(gnuplot_string(std::string("a\0b", 3)) == "'a\xEF\xBF\xBD" "b'");
    CHECK(gnuplot_string("`x` @m $y \"z\"") == "'`x` @m $y \"z\"'");
    for (const std::string& text : hostile_texts()) {
        const std::string q = gnuplot_string(text);
        INFO(q);
        CHECK(q.find('\n') == std::string::npos);  // one script line, whatever the text
        CHECK(q.find('\0') == std::string::npos);
        CHECK(q.find("''") == std::string::npos);  // never gnuplot's own quote escape
    }
}

TEST_CASE("gnuplot reads gnuplot_string back as the text and runs nothing", "[plots][quoting]") {
    if (!have_gnuplot()) FAIL("gnuplot is not installed (scripts/install-deps.sh installs it)");
    const fs::path dir = fs::temp_directory_path() / "futolab-gnuplot-text-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::string script = "set print 'printed.txt'\n", expected;
    for (const std::string& text : hostile_texts()) {
        script += "print " + gnuplot_string(text) + "\n";
        expected += shown(text) + "\n";
    }
    // The same texts where the plots use them: titles, labels, legend entries.
    script += "set terminal svg\nset output 'p.svg'\nset title " + gnuplot_string("`touch pwned_title`\n@a") +
              " noenhanced\nset xlabel " + gnuplot_string("$(touch pwned_x)") +
              " noenhanced\nset key noenhanced\nplot x title " + gnuplot_string("a'`touch pwned_key`\nb") +
              ", keyentry with points title " + gnuplot_string("'`touch pwned_keyentry`") + "\nunset output\n";
    std::ofstream(dir / "t.gp", std::ios::binary) << script;
    const std::string cmd = "cd '" + dir.string() + "' && gnuplot t.gp 2>err.txt";
    CHECK(std::system(cmd.c_str()) == 0);
    INFO(slurp(dir / "err.txt"));
    CHECK(slurp(dir / "printed.txt") == expected);
    const std::string svg = slurp(dir / "p.svg");
    CHECK(svg.find("`touch pwned_title`") != std::string::npos);
    CHECK(svg.find("a'`touch pwned_key`") != std::string::npos);
    for (const auto& entry : fs::directory_iterator(dir))
        CHECK(entry.path().filename().string().find("pwned") == std::string::npos);
    fs::remove_all(dir);
}

// A label from data never makes the SVG ill-formed: gnuplot writes '>' as it is, so "]]>" (not
// allowed in XML text) is written "]]<U+003E>"; bidi controls are shown as in the tables. (The
// name does not spell the marker: CTest's test discovery reads an unbalanced bracket in a test
// name as list quoting, and every later test of the file became one.)
TEST_CASE("gnuplot_label: shown, and no CDATA end marker reaches the SVG", "[plots][quoting]") {
    using futolab::gnuplot_label;
    CHECK(gnuplot_label("fc") == "'fc'");
    CHECK(gnuplot_label("a]]>b") == "'a]]<U+003E>b'");
    CHECK(gnuplot_label("]]]>]]>>") == "']]]<U+003E>]]<U+003E>>'");
    CHECK(gnuplot_label("a>b]]") == "'a>b]]'");
    CHECK(gnuplot_label("x\xE2\x80\xAEy") == "'x<U+202E>y'");
    if (!have_gnuplot()) FAIL("gnuplot is not installed (scripts/install-deps.sh installs it)");
    const fs::path dir = fs::temp_directory_path() / "futolab-gnuplot-label-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "t.gp", std::ios::binary)
        << "set terminal svg\nset output 'p.svg'\nset title " + gnuplot_label("t]]>") + " noenhanced\nset key noenhanced\n" +
               "plot x title " + gnuplot_label("a]]>b <&>") + "\nunset output\n";
    const std::string cmd = "cd '" + dir.string() + "' && gnuplot t.gp 2>err.txt";
    CHECK(std::system(cmd.c_str()) == 0);
    const std::string svg = slurp(dir / "p.svg");
    CHECK(svg.find("a]]&lt;U+003E>b &lt;&amp;>") != std::string::npos);
    CHECK(svg.find("]]>") == std::string::npos);
    if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
        const std::string lint = "xmllint --noout '" + (dir / "p.svg").string() + "'";
        CHECK(std::system(lint.c_str()) == 0);
    }
    fs::remove_all(dir);
}

// A title of two lines (scatter figures): the line break between them is gnuplot's "\n", a line
// feed inside a line is data, shown (red-team round 28, C F4).
TEST_CASE("gnuplot_label_lines: each line shown and gnuplot's own line break between them", "[plots][quoting]") {
    using futolab::gnuplot_label_lines;
    CHECK(gnuplot_label_lines({"one"}) == "'one'");
    CHECK(gnuplot_label_lines({"a b", "c"}) == "('a b'.\"\\n\".'c')");
    CHECK(gnuplot_label_lines({"a\nb", "it's]]>"}) == "('a<U+000A>b'.\"\\n\".'it'.\"'\".'s]]<U+003E>')");
    if (!have_gnuplot()) FAIL("gnuplot is not installed (scripts/install-deps.sh installs it)");
    const fs::path dir = fs::temp_directory_path() / "futolab-gnuplot-lines-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "t.gp", std::ios::binary)
        << "set terminal svg\nset output 'p.svg'\nset title " + gnuplot_label_lines({"first <1>", "second\n2"}) +
               " noenhanced\nplot x notitle\nunset output\n";
    const std::string cmd = "cd '" + dir.string() + "' && gnuplot t.gp 2>err.txt";
    CHECK(std::system(cmd.c_str()) == 0);
    const std::string svg = slurp(dir / "p.svg");
    CHECK(svg.find("<text>first &lt;1></text>") != std::string::npos);
    CHECK(svg.find("<text>second&lt;U+000A>2</text>") != std::string::npos);
    fs::remove_all(dir);
}
