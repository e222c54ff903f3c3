#include "app/critical_order_report.hpp"
#include "app/counted.hpp"

#include "core/formats/formats.hpp"
#include "critical/objective.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

namespace futolab::app {

using critical::Objective;
using critical::objective_name;

namespace {

bool failed(const CriticalRow& row) { return row.status == Status::error || row.status == Status::crash || !row.status; }

// A row without records: the run failed before it made any (its message says why).
bool say_failure(const CriticalRow& row) {
    std::cerr << fmt::format("futolab critical: {}: {}: {}\n", visible_text(row.instance), visible_text(row.status_text),
                             visible_text(row.message));
    return true;
}

}  // namespace

bool ConstructReport::row(const CriticalRow& row, std::string& records) {
    if (row.output.empty()) return say_failure(row);
    Instance record = parse_instances(row.output, std::string(row.instance), Format::jsonl).front();
    const bool verified = !failed(row);
    // "1 witness" at n = 2, where the construction has one relation (it said "1 witnesses").
    std::cerr << fmt::format("n={} split={} k={} (floor(n^2/4) = {}): {} by {}, {} {}, {:.2f}s\n", record.n,
                             record.meta.value("split", 0), record.lt.size(), record.n * record.n / 4,
                             verified ? "unique and critical" : "VERIFICATION FAILED", record.meta.value("verified_by", std::string()),
                             record.lt.size(), record.lt.size() == 1 ? "witness" : "witnesses", row.cpu_seconds());
    if (const auto it = record.meta.find("certificate"); it != record.meta.end()) {
        for (const Json& line : *it) certificate += line.dump() + "\n";
        record.meta.erase(it);
    }
    records += write_instances({record}, Format::jsonl);
    return !verified;
}

bool report_exhaustive_row(const CriticalRow& row, std::string& records) {
    if (row.output.empty()) return say_failure(row);
    const std::vector<Instance> made = parse_instances(row.output, std::string(row.instance), Format::jsonl);
    // The records in the order the search writes them: min 2h+3k, then min k with h = 0.
    const auto minimum = [&](Objective objective) -> std::string {
        for (const Instance& r : made)
            if (r.meta.value("objective", std::string()) == objective_name(objective)) return std::to_string(r.meta.value("minimum", 0));
        return "none";
    };
    const Json& meta = made.front().meta;
    std::cerr << fmt::format("n={} squares={} classes={} min(2h+3k)={} bound={} min k(h=0)={} time={:.1f}s\n", row.n,
                             meta.value("squares", 0), meta.value("classes", 0), minimum(Objective::two_h_three_k), meta.value("bound", 0),
                             minimum(Objective::k_only), meta.value("time_ms", 0.0) / 1e3);
    if (failed(row)) std::cerr << fmt::format("futolab critical: {}: {}\n", visible_text(row.instance), visible_text(row.message));
    records += row.output;
    records += "\n";
    return failed(row);
}

bool SampleReport::row(const CriticalRow& row, std::string& records) const {
    if (row.output.empty()) {
        if (row.status != Status::multiple) return say_failure(row);
        std::cerr << fmt::format("n={} objective={} SAMPLE: {}\n", row.n, objective, visible_text(row.message));
        std::cerr << fmt::format("n={} sample of {} (seed {}): cpu {:.1f}s\n", row.n, counted(sample, "square"), seed, row.cpu_seconds());
        return false;
    }
    const std::vector<Instance> made = parse_instances(row.output, std::string(row.instance), Format::jsonl);
    for (const Instance& r : made)
        std::cerr << fmt::format("n={} objective={} SAMPLE upper bound={} (h={}, k={}) class={}\n", row.n, objective,
                                 r.meta.value("minimum", 0), r.givens.size(), r.lt.size(), r.meta.value("class", 0));
    const Json& meta = made.front().meta;
    Json summary = Json::object();
    for (const char* key : {"class_cpu_seconds", "class_seconds", "class_minima"})
        if (meta.contains(key)) summary[key] = meta[key];
    const double seconds = meta.value("time_ms", 0.0) / 1e3;
    const std::size_t classes = meta.value("classes", std::size_t{0});
    std::cerr << "sample " << summary.dump() << "\n";
    std::cerr << fmt::format("n={} sample of {} (seed {}): {}, time={:.1f}s, {:.3f} classes/s\n", row.n, counted(sample, "square"),
                             seed, counted(classes, "class", "es"), seconds, static_cast<double>(classes) / std::max(seconds, 1e-9));
    if (failed(row)) std::cerr << "futolab critical: a witness failed its verification\n";
    records += row.output;
    records += "\n";
    return failed(row);
}

bool report_free_square_row(const CriticalRow& row, std::string& records) {
    if (row.output.empty()) {
        if (row.status != Status::timeout && row.status != Status::error) return say_failure(row);
        std::cerr << fmt::format("futolab critical: {}: {}\n", visible_text(row.instance), visible_text(row.message));
        return row.status == Status::error;
    }
    const Instance record = parse_instances(row.output, std::string(row.instance), Format::jsonl).front();
    std::cerr << fmt::format("{}: k={} moves={} time={:.1f}s\n", visible_text(row.instance), record.meta.value("k", 0),
                             record.meta.value("iterations", std::uint64_t{0}), record.meta.value("time_ms", 0.0) / 1e3);
    records += row.output;
    records += "\n";
    return failed(row);
}

}  // namespace futolab::app
