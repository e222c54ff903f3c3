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

// Text safe in LaTeX's text mode: the ten special characters \ { } $ & # ^ _ % ~ and < > |
// (which the default OT1 font encoding would print as other glyphs) as commands, control
// characters (a line break inside a quoted CSV cell) as spaces.
std::string latex_escape(std::string_view text);
std::string cell_latex(const Cell& cell);
// A tabular; with a caption, wrapped in a table float with that caption.
std::string table_latex(const TextTable& table, const std::string& caption = "");

}  // namespace futolab
