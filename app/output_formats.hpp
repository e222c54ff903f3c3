// The output formats of the commands that print their own listings (`grade --format`,
// `solve --format`): the tables their options, --help and the tests read. Formats of analysis
// tables live beside their renderers (analysis/text_table.hpp, analysis/compare_report.hpp).
#pragma once

#include "core/vocabulary.hpp"

namespace futolab::app {

enum class GradeFormat { text, csv };
inline constexpr HelpedVocabulary<GradeFormat, 2> kGradeFormats{{
    {GradeFormat::text, "text", "id grade gac_nodes per line"},
    {GradeFormat::csv, "csv", "id,instance_hash,n,h,k,grade,gac_nodes"},
}};

enum class SolveFormat { pretty, csv };
inline constexpr HelpedVocabulary<SolveFormat, 2> kSolveFormats{{
    {SolveFormat::pretty, "pretty", "grids and counters"},
    {SolveFormat::csv, "csv", "SPEC §5 columns"},
}};

}  // namespace futolab::app
