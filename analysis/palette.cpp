#include "analysis/palette.hpp"

#include "analysis/paired.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <string_view>

namespace futolab {
namespace {

// Okabe–Ito without yellow, black last (kept for the virtual best solver).
constexpr std::array<std::string_view, 6> kColours{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00"};
constexpr std::string_view kBlack = "#000000";

struct BackendLook {
    std::string_view name, colour;
    int point;
};

// Filled and open shapes alternate so that two backends on the same point (backtracking and
// bitmask build the same tree) both stay visible.
// Point 6 (the open circle) is kLimitRing, nobody's marker.
constexpr std::array<BackendLook, 8> kBackends{{{"backtracking", "#D55E00", 7},
                                                {"bitmask", "#E69F00", 4},
                                                {"fc", "#56B4E9", 5},
                                                {"gac", "#009E73", 9},
                                                {"gecode", "#0072B2", 12},
                                                {"minizinc", "#CC79A7", 13},
                                                {"clpfd", "#CC79A7", 11},
                                                {"ilp", "#0072B2", 10}}};
// Point types for variants and unknown backends: shapes no backend has.
constexpr std::array<int, 6> kVariantPoints{8, 14, 15, 1, 2, 3};

std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

}  // namespace

SeriesLook look_of(const std::string& spec) {
    // Dashed: it coincides with the best spec on each instance and must not hide it.
    if (spec == kVirtualBest) return {std::string(kBlack), 3, 2};
    const std::string_view name = std::string_view(spec).substr(0, spec.find(':'));
    const bool variant = name.size() != spec.size();
    const std::uint64_t h = fnv1a(spec);
    SeriesLook look{std::string(kColours[fnv1a(name) % kColours.size()]), kVariantPoints[h % kVariantPoints.size()], 1};
    for (const BackendLook& b : kBackends)
        if (b.name == name) look = {std::string(b.colour), variant ? look.point : b.point, 1};
    if (variant) look.dash = 2 + static_cast<int>((h / kVariantPoints.size()) % 3);
    return look;
}

std::string look_style(const SeriesLook& look) {
    return fmt::format("lc rgb '{}' pt {} dt {}", look.colour, look.point, look.dash);
}

std::string palette_colour(std::size_t index) {
    return index < kColours.size() ? std::string(kColours[index]) : index == kColours.size() ? std::string(kBlack)
                                                                                              : "#777777";
}

}  // namespace futolab
