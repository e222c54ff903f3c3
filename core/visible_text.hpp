// Text from data made visible before it is printed. Characters that print as nothing yet
// change what a reader sees (bidi controls such as U+202E reorder the rest of a line; a line
// or paragraph separator, CR or LF splits a table row; zero-width characters make two labels
// look alike) are written as "<U+202E>"; a byte that is not part of valid UTF-8 as "<0xFF>".
// So that a label typed as the text "<U+2066>" never prints as the character U+2066 does, a
// literal '<' that starts "<U+" or "<0x" is itself written "<U+003C>": in shown text every
// "<U+" and "<0x" begins a marker, and two different texts never show alike.
// Every table writer (analysis/text_table.hpp, latex_table.hpp, html_report.hpp' html_escape,
// compare_report.hpp) passes data through this before its own escaping.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// Whether a code point is shown as <U+XXXX>: C0 controls (tab and line feed included), DEL,
// C1 controls, Unicode's default-ignorable code points (the soft hyphen, bidi and zero-width
// controls, U+3164 and other fillers, variation selectors, tags), the spaces other than
// U+0020 (U+00A0, U+2000–U+200A, U+202F, U+3000 …), U+2028/U+2029 and U+FFF9–U+FFFB.
bool is_invisible(char32_t code_point);

// Whether `text` shows as nothing: empty, or only U+0020 and is_invisible characters (the other
// spaces, zero-width characters), in valid UTF-8. Such a label, an id "" or "   ", names
// nothing a reader can see or tell apart from another blank one.
bool shows_nothing(std::string_view text);

// The code points of `text` for a message that must name characters that show as nothing:
// "U+0020 U+00A0", at most `max` of them and then "...", a byte that is not UTF-8 as "0xFF".
std::string code_points(std::string_view text, std::size_t max = 8);

// How line breaks are treated: `shown` for a cell or a one-line label, where also a space at
// the start or end or after another space is shown (tables drop or merge those); `kept` for a
// block of text (a config in <pre>, a message), where LF, tab and spaces keep their meaning.
enum class LineBreaks { shown, kept };

std::string visible_text(std::string_view text, LineBreaks breaks = LineBreaks::shown);

// A message (an exception's what()) as printed: visible_text (LineBreaks::shown), a NUL kept as
// C0 80 (core/error.hpp nul_kept) shown as the NUL it stands for, <U+0000>.
std::string visible_message(std::string_view message);

// For text whose data parts went through visible_text already (a compare header): shows any
// invisible character still in it but leaves "<U+"/"<0x" alone. visible_text cannot be applied
// twice (the second pass would escape the first one's markers); this one can.
std::string visible_text_keeping_markers(std::string_view shown, LineBreaks breaks = LineBreaks::shown);

}  // namespace futolab
