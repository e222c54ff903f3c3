// The tables `futolab analyze` can print (`--table NAME`, `--tables DIR` writes NAME.csv): one
// row per table with its name (the TextTable's name and the CSV file stem), what it shows,
// what it needs to exist and its heading. The CLI's choices, --help and messages read this.
#pragma once

#include "core/vocabulary.hpp"

#include <array>
#include <string>
#include <string_view>

namespace futolab {

enum class TableKind { summary, paired, fits, instances, sets, noise, disagreements };

struct TableKindWord {
    TableKind value;
    std::string_view name;
    std::string_view help;
    std::string_view needs;    // what must be there for it to exist; "" = always there when asked
    std::string_view heading;  // above it in Markdown, its caption in LaTeX; {}: the baseline
};

inline constexpr std::array<TableKindWord, 7> kTableKinds{{
    {TableKind::summary, "summary", "per group, with the virtual best", "", "Summary"},
    {TableKind::paired, "paired", "per spec against --baseline, paired per instance", "--baseline",
     "Paired comparison per instance against {} (ratio baseline / spec, > 1: spec used less)"},
    {TableKind::fits, "fits", "growth fits of the median per n", "--fit",
     "Growth fits of the median per n (limited medians left out)"},
    {TableKind::instances, "instances", "per instance: median over repeats", "", "Per instance: median over repeats"},
    {TableKind::sets, "sets", "critical-set records per method and n", "critical-set records",
     "Critical-set records per method and n: only sets count in h, k, score and slack"},
    {TableKind::noise, "noise", "median coefficient of variation of wall time across repeats", "repeats",
     "Noise: median coefficient of variation of wall time across repeats, per spec"},
    {TableKind::disagreements, "disagreements", "instances where runs that decided them give different answers", "",
     "Disagreements: instances where runs that decided them give different answers (answer ← spec, ×N: N runs)"},
}};

inline std::string table_name(TableKind kind) { return std::string(name_in(kTableKinds, kind)); }

// "paired needs --baseline, fits needs --fit, …": why an asked-for table may be missing.
inline std::string table_needs_text() {
    std::string out;
    for (const TableKindWord& w : kTableKinds)
        if (!w.needs.empty()) out += (out.empty() ? "" : ", ") + std::string(w.name) + " needs " + std::string(w.needs);
    return out;
}

}  // namespace futolab
