#include "analysis/metric_words.hpp"

#include <array>
#include <string_view>

namespace futolab {
namespace {

struct Words {
    std::string_view column, what, unit;
};

// The SPEC §5 measures and the derived columns of results_table.hpp.
constexpr std::array<Words, 19> kWords{{{"wall_ms", "wall time", "ms"},
                                        {"cpu_ms", "CPU time", "ms"},
                                        {"calibration_ns", "calibration workload", "ns"},
                                        {"wall_ns", "wall time", "ns"},
                                        {"cpu_ns", "CPU time", "ns"},
                                        {"nodes", "search nodes", ""},
                                        {"fails", "failures", ""},
                                        {"checks", "constraint checks", ""},
                                        {"propagations", "values removed by propagation", ""},
                                        {"max_depth", "search depth", ""},
                                        {"solutions", "solutions", ""},
                                        {"max_rss_kb", "peak memory", "kB"},
                                        {"cpu_wall", "CPU time / wall time", ""},
                                        {"h", "given numbers h", ""},
                                        {"k", "given relations k", ""},
                                        {"n", "board size n", ""},
                                        {"score", "weighted clues 2h + 3k", ""},
                                        {"slack", "slack 2h + 3k − 2(n − 1)", ""},
                                        {"givens_frac", "fraction of cells given h / n²", ""}}};

}  // namespace

std::string metric_words(const std::string& column, const std::string& qualifier) {
    std::string what = column, unit;
    for (const Words& w : kWords)
        if (w.column == column) {
            what = std::string(w.what);
            unit = std::string(w.unit);
        }
    if (!qualifier.empty()) what += " " + qualifier;
    return unit.empty() ? what : what + " (" + unit + ")";
}

}  // namespace futolab
