#include "analysis/compare_gate.hpp"

#include "analysis/text_table.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {

std::vector<std::string> change_kinds() {
    std::vector<std::string> kinds{"status", "missing"};
    for (const std::string& c : counter_columns()) kinds.push_back(c);
    return kinds;
}

namespace {

std::string spec_mode_text(const std::string& spec, const std::string& mode) {
    return mode.empty() ? spec : spec + " " + mode;
}

void slower_violations(const RunComparison& c, double percent, std::vector<std::string>& out) {
    const double allowed = 1.0 + percent / 100.0;
    for (const SpecTimes& t : c.times)
        if (t.instances > 0 && t.low > allowed)
            out.push_back(fmt::format("{}: NEW / BASE {} [{}, {}] over {} instances: slower than +{} % over the whole "
                                      "95 % interval",
                                      spec_mode_text(t.spec, t.mode), number_text(t.ratio), number_text(t.low),
                                      number_text(t.high), t.instances, number_text(percent)));
}

std::size_t changes_of(const RunComparison& c, const std::string& kind) {
    if (kind == "status") return c.status_changes.size();
    if (kind == "missing")
        return c.only_base.size() + c.only_new.size() + c.specs_only_base.size() + c.specs_only_new.size();
    return static_cast<std::size_t>(std::count_if(c.counter_changes.begin(), c.counter_changes.end(),
                                                  [&](const RunChange& r) { return r.what == kind; }));
}

}  // namespace

std::vector<std::string> gate_violations(const RunComparison& comparison, const CompareThresholds& thresholds) {
    std::vector<std::string> out;
    if (thresholds.slower_percent) slower_violations(comparison, *thresholds.slower_percent, out);
    for (const std::string& kind : thresholds.fail_on)
        if (const std::size_t n = changes_of(comparison, kind))
            out.push_back(kind == "missing"
                              ? fmt::format("--fail-on-change missing: {} run{} or spec{} in one file only", n,
                                            n == 1 ? "" : "s", n == 1 ? "" : "s")
                              : fmt::format("--fail-on-change {}: changed in {} run{}", kind, n, n == 1 ? "" : "s"));
    return out;
}

}  // namespace futolab
