// Tables as LaTeX for a paper (`analyze --format latex`): booktabs rules (\toprule, \midrule,
// \bottomrule; the document needs \usepackage{booktabs}), text columns left-aligned, numbers
// right-aligned as Markdown rounds them (three significant digits), a median that is only a
// lower bound as "$\geq$ x", no value as "--". Every string from data (specs, instance ids,
// column names, captions) goes through latex_escape: it cannot become LaTeX code.
#pragma once

#include "analysis/text_table.hpp"

#include <string>
#include <string_view>

namespace futolab {

// Text that LaTeX's text mode prints literally: the ten special characters \ { } $ & # ^ _ % ~
// and < > | (which the default OT1 font encoding would print as other glyphs) as commands;
// [ ] * braced (after \\ or a booktabs rule they would be an optional argument or a star);
// ' ` " as the typed characters, and -- ,, kept apart (not ligatures); invisible characters
// and line breaks shown as <U+XXXX> (core/visible_text.hpp). Anything else (letters, digits,
// UTF-8 text) as it is: the document's inputenc reads it.
std::string latex_escape(std::string_view text);
std::string cell_latex(const Cell& cell);
// A tabular; with a caption, wrapped in a table float with that caption.
std::string table_latex(const TextTable& table, const std::string& caption = "");

}  // namespace futolab
