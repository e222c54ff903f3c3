#include "analysis/gnuplot_text.hpp"

#include "core/visible_text.hpp"

#include <string>
#include <vector>

namespace futolab {

std::string gnuplot_string(std::string_view text) {
    std::vector<std::string> parts;  // joined by gnuplot's string concatenation '.'
    std::string piece;
    const auto flush = [&] {
        if (!piece.empty()) parts.push_back("'" + piece + "'");
        piece.clear();
    };
    for (const char ch : text) {
        if (ch == '\'' || ch == '\n') {
            flush();
            parts.emplace_back(ch == '\'' ? "\"'\"" : "\"\\n\"");  // constants futolab writes
        } else if (ch == '\0') {
            piece += "\xEF\xBF\xBD";  // U+FFFD: gnuplot would cut the line at a NUL
        } else {
            piece += ch;
        }
    }
    flush();
    if (parts.empty()) return "\"\"";
    if (parts.size() == 1) return parts.front();
    std::string out = "(";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "." : "") + parts[i];
    return out + ")";
}

namespace {

// `text` as a label shows it: visible, "]]>" written "]]<U+003E>"; no line feed is left.
std::string shown_label(std::string_view text) {
    std::string shown = visible_text(text);
    const std::string_view cdata_end = "]]>";
    for (std::size_t at = 0; (at = shown.find(cdata_end, at)) != std::string::npos; at += 2)
        shown.replace(at + 2, 1, "<U+003E>");
    return shown;
}

}  // namespace

std::string gnuplot_label(std::string_view text) { return gnuplot_string(shown_label(text)); }

std::string gnuplot_label_lines(const std::vector<std::string>& lines) {
    std::string joined;  // its only line feeds are those between the lines: gnuplot_string's "\n"
    for (std::size_t i = 0; i < lines.size(); ++i) joined += (i ? "\n" : "") + shown_label(lines[i]);
    return gnuplot_string(joined);
}

}  // namespace futolab
