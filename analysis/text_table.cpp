#include "analysis/text_table.hpp"

#include "core/numbers.hpp"
#include "core/visible_text.hpp"
#include "records/csv_quote.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace futolab {

SignificantDigits significant_digits(double a, int digits) {
    // The decimal exponent after rounding to `digits` digits: 999.6 is 1.00e+03.
    const std::string scientific = fmt::format("{:.{}e}", a, digits - 1);
    const std::size_t e_at = scientific.find('e');
    const int exponent = std::atoi(scientific.c_str() + e_at + 1);
    if (std::round(a) >= 1e6 || exponent < -3) return {scientific.substr(0, e_at), exponent};
    const bool whole = std::fabs(a - std::round(a)) < 1e-9;
    if (whole || exponent >= digits - 1) return {fmt::format("{:.0f}", a), std::nullopt};
    return {fmt::format("{:.{}f}", a, digits - 1 - exponent), std::nullopt};
}

// Three significant digits as every other table rounds them (red-team round 28, C F5: Markdown
// and the page rounded to three decimals, 0.003085 and 0.004088 both 0.00x, 93.6 as 93.600).
std::string number_text(double v) {
    if (!std::isfinite(v)) return "-";
    if (v == 0) return "0";
    const SignificantDigits s = significant_digits(std::fabs(v), 3);
    const std::string text = s.power ? fmt::format("{}e{}{:02d}", s.digits, *s.power < 0 ? '-' : '+', std::abs(*s.power))
                                     : s.digits;
    return v < 0 ? "-" + text : text;
}

std::string exact_text(double v) {
    if (!std::isfinite(v)) return "";
    return shortest_fixed(v);  // finite: never the empty text
}

namespace {

bool word_character(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; }

// An '@' that can start no link: inside a word ("base@3f2a", a build), with no '.' in the
// name after it. GFM links an email address (a domain has a '.') and GitHub a mention ("@x").
bool plain_at(std::string_view text, std::size_t i) {
    if (i == 0 || !word_character(text[i - 1])) return false;
    const std::size_t end = text.find_first_of(" \t/:,;()<>\"'", i + 1);
    return text.substr(i + 1, end == std::string_view::npos ? end : end - i - 1).find('.') == std::string_view::npos;
}

// The '.' of "www." (any case), where GFM's extended www autolink starts.
bool www_dot(std::string_view text, std::size_t i) {
    if (i < 3) return false;
    for (std::size_t k = i - 3; k < i; ++k)
        if (std::tolower(static_cast<unsigned char>(text[k])) != 'w') return false;
    return true;
}

// The '-' of "GH-26" (any case), GitHub's other spelling of an issue reference.
bool gh_dash(std::string_view text, std::size_t i) {
    if (i < 2 || i + 1 >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i + 1]))) return false;
    return std::tolower(static_cast<unsigned char>(text[i - 2])) == 'g' &&
           std::tolower(static_cast<unsigned char>(text[i - 1])) == 'h';
}

// Whether `text[i]` needs a backslash to print as itself on GitHub.
bool needs_escape(std::string_view text, std::size_t i) {
    const char ch = text[i];
    switch (ch) {
    case '#': return true;  // "#1", "user/repo#1": an issue reference and a cross-reference on it
    case '-': return gh_dash(text, i);
    case '_':  // GFM never reads an '_' between letters or digits as emphasis
        return !(i > 0 && i + 1 < text.size() && word_character(text[i - 1]) && word_character(text[i + 1]));
    case ':': return text.substr(i + 1, 2) == "//";  // "https://x": an extended url autolink
    case '.': return www_dot(text, i);
    case '@': return !plain_at(text, i);
    default: return std::string_view("\\|*`~<>[]&$").find(ch) != std::string_view::npos;  // $: GitHub's math
    }
}

}  // namespace

// Escaped first, made visible after: "<U+202E>" is not an HTML tag or autolink to GFM (a tag
// name has no '+'), so it prints as it is, without backslashes.
std::string markdown_text(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (needs_escape(text, i)) out += '\\';
        out += text[i];
    }
    return visible_text(out);
}

std::string as_is(std::string_view text) { return std::string(text); }

std::string cell_markdown(const Cell& c) {
    if (!c.number) return markdown_text(c.text);
    return (c.at_least && std::isfinite(*c.number) ? "≥ " : "") + number_text(*c.number);
}

// Text shown as every other output shows it (core/visible_text.hpp), but for the line breaks,
// tabs and spaces RFC 4180 quoting keeps whole: a results cell holding ESC [31m was copied raw
// to the CSV, which a terminal acted on, and a label with a byte that is not UTF-8 made the
// CSV no UTF-8 text, which pandas' reader refused (red-team round 27, C F4).
//
// A text that starts with = + - @, a tab or a carriage return is a formula to LibreOffice and
// Excel, which run it when the CSV is opened (an instance id "=HYPERLINK(…)": red-team round 28,
// C F8). Such a text gets a leading ' (OWASP's CSV injection mitigation): the spreadsheet shows
// the text and hides the quote. A text that starts with ' gets one too, so that the prefix can be
// read back: one leading ' taken off gives the text (red-team round 31, H8: ids `=1+1` and
// `'=1+1` were both written `'=1+1`). Numbers are exact_text, never prefixed; the results CSV
// (the data contract programs read, records/) is written elsewhere and never prefixed either.
std::string csv_text(std::string_view text) {
    std::string shown = visible_text(text, LineBreaks::kept);
    if (!shown.empty() && std::string_view("=+-@\t\r'").find(shown.front()) != std::string_view::npos) shown.insert(0, 1, '\'');
    return shown;
}

std::string cell_csv(const Cell& c) { return c.number ? exact_text(*c.number) : csv_text(c.text); }

std::string table_markdown(const TextTable& table) {
    auto line = [](const std::vector<std::string>& cells) {
        std::string s = "|";
        for (const std::string& c : cells) s += " " + c + " |";
        return s + "\n";
    };
    std::vector<std::string> header;
    for (const std::string& h : table.header) header.push_back(markdown_text(h));
    std::string out = line(header) + "|";
    for (std::size_t i = 0; i < table.header.size(); ++i) out += i < table.text_columns ? " --- |" : " ---: |";
    out += "\n";
    for (const auto& row : table.rows) {
        std::vector<std::string> cells;
        for (const Cell& c : row) cells.push_back(cell_markdown(c));
        out += line(cells);
    }
    return out;
}

std::string table_csv(const TextTable& table) {
    auto line = [](const std::vector<std::string>& cells) {
        std::string s;
        for (std::size_t i = 0; i < cells.size(); ++i) s += (i ? "," : "") + csv_quote(cells[i]);
        return s + "\n";
    };
    std::vector<std::string> header;
    for (const std::string& h : table.header) header.push_back(csv_text(h));
    std::string out = line(header);
    for (const auto& row : table.rows) {
        std::vector<std::string> cells;
        for (const Cell& c : row) cells.push_back(cell_csv(c));
        out += line(cells);
    }
    return out;
}

std::string render_table(const TextTable& table, TableFormat format) {
    return format == TableFormat::csv ? table_csv(table) : table_markdown(table);
}

}  // namespace futolab
