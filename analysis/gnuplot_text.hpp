// Text from data (specs, metric names, ids) into a gnuplot script, as a string expression that
// gnuplot reads as literal text and never runs. gnuplot 5.4 runs `back-quoted` text as a shell
// command inside double-quoted strings (and backslash escapes are interpreted there), so data
// never goes between double quotes. Inside single quotes gnuplot takes every byte literally
// but three: the quote itself, a NUL (it ends the line; the rest is dropped) and a line feed
// (it ends the command). gnuplot's own escape for a quote (two quotes) is not used: 5.4 reads
// a string that starts with it as an empty string followed by another token. So the text is
// written as single-quoted pieces holding none of the three, joined by gnuplot's `.` with the
// constants "'" and "\n" (written by futolab, never from data); NUL is shown as U+FFFD.
// The byte-by-byte check against the real gnuplot is tests/analysis/gnuplot_text_test.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// A gnuplot string expression whose value is `text` (NUL → U+FFFD), in parentheses when it
// joins several pieces, so it stands wherever gnuplot takes a string: `set title E`,
// `plot … title E`, `set output E`, `here.E`.
std::string gnuplot_string(std::string_view text);

// A title, axis label or legend entry from data: its invisible characters shown (<U+202E>, as
// in the tables: a bidi control would reorder a legend), and every "]]>" written "]]<U+003E>"
// (the marker visible_text uses), then gnuplot_string. gnuplot's SVG terminal escapes '<' and
// '&' but writes '>' as it is, and "]]>" in XML text makes the file ill-formed (XML 1.0 §2.4),
// so browsers and xmllint refuse the whole picture.
std::string gnuplot_label(std::string_view text);

// A title of several lines (a scatter figure's two): each line from data shown as gnuplot_label
// shows it (a line feed in data is <U+000A>), the lines joined by gnuplot's own line break, the
// constant "\n" futolab writes, which every terminal draws as a new line (the SVG terminal as
// a <text> element per line). Joined before they were shown, the layout's line break printed
// as <U+000A> in every figure (red-team round 28, C F4).
std::string gnuplot_label_lines(const std::vector<std::string>& lines);

}  // namespace futolab
