// Text from data made visible before it is printed. Characters that print as nothing yet
// change what a reader sees (bidi controls such as U+202E reorder the rest of a line; a line
// or paragraph separator, CR or LF splits a table row; zero-width characters make two labels
// look alike) are written as "<U+202E>"; a byte that is not part of valid UTF-8 as "<0xFF>".
// Every table writer (analysis/text_table.hpp, latex_table.hpp, html_report.hpp' html_escape,
// compare_report.hpp) passes data through this before its own escaping.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// Whether a code point is shown as <U+XXXX>: C0 controls (tab and line feed included), DEL,
// C1 controls, the soft hyphen, U+061C, U+180E, U+200B–U+200F, U+2028–U+202E, U+2060–U+2064,
// U+2066–U+206F, U+FEFF and U+FFF9–U+FFFB.
bool is_invisible(char32_t code_point);

// How line breaks are treated: `shown` for a cell or a one-line label; `kept` for a block of
// text (a config in <pre>), where LF and tab keep their meaning and only the others are shown.
enum class LineBreaks { shown, kept };

std::string visible_text(std::string_view text, LineBreaks breaks = LineBreaks::shown);

}  // namespace futolab
