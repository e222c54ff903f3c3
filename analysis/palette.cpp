#include "analysis/palette.hpp"

#include "analysis/paired.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace futolab {
namespace {

// Okabe–Ito without yellow, black last (kept for the virtual best solver).
constexpr std::array<std::string_view, 6> kColours{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00"};
constexpr std::string_view kBlack = "#000000";

std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

// Point types for variants and unknown backends: the shapes no backend has (all but the ring
// if the backends have used them up).
std::vector<int> free_points(const BackendLooks& backends) {
    std::vector<int> free, all;
    for (int p = 1; p <= kPointTypes; ++p) {
        if (p == kLimitRing) continue;
        all.push_back(p);
        if (std::none_of(backends.begin(), backends.end(), [p](const BackendLook& b) { return b.point == p; }))
            free.push_back(p);
    }
    return free.empty() ? all : free;
}

}  // namespace

SeriesLook look_of(const std::string& spec, const BackendLooks& backends) {
    // Dashed: it coincides with the best spec on each instance and must not hide it.
    if (spec == kVirtualBest) return {std::string(kBlack), 3, 2};
    // An A/B sweep's series, "SPEC @ BUILD" (analysis/study.cpp): the spec's colour and point
    // type, so a solver reads as one across builds, its dash turned by the build's place among
    // the sweep's builds (kBuildPrefix entries of `backends`; a build not there by its name's
    // hash): the unknown name "fc @ b" drew in the colour and marker of "backtracking @ a" (spot
    // check of round 31, J8).
    if (const std::size_t at = spec.rfind(" @ "); at != std::string::npos) {
        SeriesLook look = look_of(spec.substr(0, at), backends);
        const std::string build = std::string(kBuildPrefix) + spec.substr(at + 3);
        std::uint64_t turn = fnv1a(build);
        std::uint64_t place = 0;
        for (const BackendLook& b : backends)
            if (b.name.starts_with(kBuildPrefix) && b.name == build) turn = place;
            else if (b.name.starts_with(kBuildPrefix)) ++place;
        look.dash = 1 + static_cast<int>((static_cast<std::uint64_t>(look.dash - 1) + turn) % 5);
        return look;
    }
    const std::string_view name = std::string_view(spec).substr(0, spec.find(':'));
    const bool variant = name.size() != spec.size();
    const std::uint64_t h = fnv1a(spec);
    const std::vector<int> points = free_points(backends);
    SeriesLook look{std::string(kColours[fnv1a(name) % kColours.size()]), points[h % points.size()], 1};
    for (const BackendLook& b : backends)
        if (b.name == name) look = {b.colour, variant ? look.point : b.point, 1};
    if (variant) look.dash = 2 + static_cast<int>((h / points.size()) % 3);
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
