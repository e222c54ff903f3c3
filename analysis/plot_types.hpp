// The plot types of `futolab analyze --plot` and `futolab report --plot`, written once: the
// CLI choices and help text read this table, and study.cpp's switch over PlotType has no
// default (-Werror=switch), so a new plot type is one row, its builder in plots.hpp (or its
// own file) and one case.
#pragma once

#include "core/vocabulary.hpp"

#include <string>
#include <vector>

namespace futolab {

enum class PlotType { cactus, ecdf, growth, scatter, phase, uniqueness, critical };

inline constexpr Vocabulary<PlotType, 7> kPlotTypes{{{PlotType::cactus, "cactus"},
                                                     {PlotType::ecdf, "ecdf"},
                                                     {PlotType::growth, "growth"},
                                                     {PlotType::scatter, "scatter"},
                                                     {PlotType::phase, "phase"},
                                                     {PlotType::uniqueness, "uniqueness"},
                                                     {PlotType::critical, "critical"}}};

// Names as typed on the command line → types; InputError naming the valid ones otherwise.
inline std::vector<PlotType> plot_types_named(const std::vector<std::string>& names) {
    std::vector<PlotType> out;
    for (const std::string& name : names) out.push_back(value_in(kPlotTypes, name, "plot type"));
    return out;
}

}  // namespace futolab
