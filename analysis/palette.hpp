// One look per solver spec in every figure of every study: colour, point type and dash are a
// function of the spec and the backends' looks alone, never of its position in a file or a plot.
//
// Colours are the Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008; Wong,
// "Points of view: Color blindness", Nature Methods 8, 441, 2011), safe for the common colour
// vision deficiencies, without its yellow (#F0E442 is too pale on white). Each backend has a
// fixed colour and point type, written in its registry row (solvers/registry/registry.cpp) and handed in
// by app/ as BackendLooks: analysis/ does not know which backends exist. Black is reserved for
// the virtual best solver. A spec with options (`fc:var=static`) keeps its backend's colour, so
// a family reads as one, and gets a dashed line and a point type no backend has, chosen by a
// stable hash (FNV-1a) of the spec; an unknown backend gets colour and such a point type by the
// hash of its name. No spec gets kLimitRing: the open circle is only ever the ring around a
// value at a limit.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct SeriesLook {
    std::string colour;  // "#rrggbb"
    int point = 7;       // gnuplot point type (pngcairo/svg/pdfcairo numbering)
    int dash = 1;        // gnuplot dash type, 1 = solid
};

// The gnuplot point type (an open circle) drawn around a value at a limit; no spec's marker.
inline constexpr int kLimitRing = 6;

// A backend's fixed look, from its registry row.
struct BackendLook {
    std::string name;    // the registry key: the spec up to its first ':'
    std::string colour;  // "#rrggbb"
    int point = 7;       // never kLimitRing
};
using BackendLooks = std::vector<BackendLook>;
// An entry named "@ BUILD" (no registry key has a space) is not a backend: the builds of an A/B
// sweep, in the study's order, whose series "SPEC @ BUILD" are drawn apart by dash (look_of).
inline constexpr std::string_view kBuildPrefix = "@ ";

// The gnuplot point types of the cairo terminals: 1 to 15 are distinct shapes.
inline constexpr int kPointTypes = 15;

SeriesLook look_of(const std::string& spec, const BackendLooks& backends);
// gnuplot style text: "lc rgb '#…' pt P dt D".
std::string look_style(const SeriesLook& look);
// Colours for things that are not specs (one per n, one per relations level): the same
// palette in a fixed order.
std::string palette_colour(std::size_t index);

}  // namespace futolab
