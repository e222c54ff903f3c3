#include "analysis/drift.hpp"

#include "analysis/sessions.hpp"
#include "analysis/summary.hpp"
#include "analysis/text_table.hpp"
#include "records/noise.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace futolab {
namespace {

std::string load_text(const std::optional<LoadFigure>& load) {
    if (!load) return "unknown";
    return fmt::format("{:.2f} cores busy with other processes, {:.2f} with futolab", load->other_cores, load->own_cores);
}

}  // namespace

SideMachine side_machine(const ResultsTable& table, const std::optional<LoadFigure>& load) {
    SideMachine m;
    m.load = load;
    std::vector<double> calibration;
    const bool has_calibration = table.has_column("calibration_ns");
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i)) continue;
        ++m.runs;
        if (table.number(i, "cpu_wall") < kBusyCpuWall) ++m.busy;
        if (!has_calibration) continue;
        if (const auto c = table.value(i, "calibration_ns"); c && *c > 0) {
            ++m.calibrated_runs;
            calibration.push_back(*c);
        }
    }
    if (!calibration.empty()) m.calibration_ns = median_of(std::move(calibration));
    return m;
}

Drift estimate_drift(const SideMachine& base, const SideMachine& next, const std::string& base_label,
                     const std::string& new_label, bool same_sweep) {
    Drift d;
    d.base = base;
    d.next = next;
    if (base.calibration_ns && next.calibration_ns) d.factor = *next.calibration_ns / *base.calibration_ns;
    if (same_sweep) {
        d.kind = DriftKind::same_sweep;
        return d;
    }
    for (const auto& [side, label] : {std::pair{&base, &base_label}, std::pair{&next, &new_label}})
        if (side->runs > 0 && side->calibrated_runs < side->runs) {
            d.why = fmt::format("{} has no calibration timings for {} of its {} timed runs (made by a futolab before "
                                "calibration?)",
                                *label, side->runs - side->calibrated_runs, side->runs);
            return d;
        }
    if (!d.factor) {
        d.why = "no timed runs on one side";
        return d;
    }
    if (std::abs(std::log(*d.factor)) > std::log1p(kDriftTolerance)) {
        d.why = fmt::format("the calibration workload took {:.3f}x as long in {} as in {}: the machine ran at another "
                            "speed (beyond ±{:.0f} %)",
                            *d.factor, new_label, base_label, kDriftTolerance * 100);
        return d;
    }
    if (base.load && next.load && std::abs(base.load->other_cores - next.load->other_cores) > kLoadTolerance) {
        d.why = fmt::format("other processes kept {:.2f} cores busy during {} and {:.2f} during {} (more than {} apart)",
                            base.load->other_cores, base_label, next.load->other_cores, new_label, kLoadTolerance);
        return d;
    }
    d.kind = DriftKind::comparable;
    return d;
}

std::string drift_text(const Drift& d, const std::string& base_label, const std::string& new_label) {
    std::string out;
    const std::string factor = d.factor ? fmt::format("NEW / BASE calibration workload {:.3f} (median {:.1f} µs → {:.1f} µs)",
                                                      *d.factor, *d.base.calibration_ns / 1e3, *d.next.calibration_ns / 1e3)
                                        : "no calibration on one side";
    switch (d.kind) {
        case DriftKind::same_sweep:
            out = fmt::format("drift: none to correct (builds of one sweep, their runs interleaved on the same cores); {}\n",
                              factor);
            break;
        case DriftKind::comparable:
            out = fmt::format("drift: {}: within ±{:.0f} %, the machine ran at the same speed; the interval holds how "
                              "much whole sessions (or replicate sweeps) of each side differ\n",
                              factor, kDriftTolerance * 100);
            break;
        case DriftKind::refused:
            out = fmt::format("drift: not comparable: {}; the time ratios below may be the machine's, and "
                              "--fail-if-slower is refused (compare builds in one A/B sweep instead: futolab run --build)\n",
                              markdown_text(d.why));  // names the inputs as given; the labels passed here are escaped
            break;
    }
    out += fmt::format("busy runs (CPU < {:.0f} % of wall): {} {} of {}, {} {} of {}\n", kBusyCpuWall * 100, base_label,
                       d.base.busy, d.base.runs, new_label, d.next.busy, d.next.runs);
    out += fmt::format("machine load: {} {}; {} {}\n", base_label, load_text(d.base.load), new_label, load_text(d.next.load));
    return out;
}

}  // namespace futolab
