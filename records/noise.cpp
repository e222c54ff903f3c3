#include "records/noise.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace futolab {

std::optional<double> coefficient_of_variation(std::span<const double> values) {
    if (values.size() < 2) return std::nullopt;
    double sum = 0;
    for (double v : values) sum += v;
    const double mean = sum / static_cast<double>(values.size());
    if (!(mean > 0)) return std::nullopt;
    double squares = 0;
    for (double v : values) squares += (v - mean) * (v - mean);
    return std::sqrt(squares / static_cast<double>(values.size() - 1)) / mean;
}

std::vector<NoiseFigure> noise_by_spec(const std::vector<RepeatGroup>& groups) {
    std::map<std::string, std::vector<double>> cvs;
    for (const RepeatGroup& g : groups)
        if (const auto cv = coefficient_of_variation(g.values)) cvs[g.spec].push_back(*cv);
    std::vector<NoiseFigure> out;
    for (auto& [spec, list] : cvs) {
        std::sort(list.begin(), list.end());
        const std::size_t mid = list.size() / 2;
        const double median = list.size() % 2 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
        out.push_back({spec, median, list.size()});
    }
    return out;
}

std::string format_noise(const std::vector<NoiseFigure>& figures) {
    std::string out;
    for (const NoiseFigure& f : figures)
        out += fmt::format("{}{} {:.1f} % ({} pairs)", out.empty() ? "" : ", ", f.spec, 100 * f.median_cv, f.pairs);
    return out;
}

std::string format_busy(const std::vector<BusyFigure>& figures) {
    std::string out;
    for (const BusyFigure& f : figures)
        if (f.busy > 0) out += fmt::format("{}{} {} of {} runs", out.empty() ? "" : ", ", f.spec, f.busy, f.runs);
    return out;
}

}  // namespace futolab
