#include "app/critical_square_report.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <iostream>

namespace futolab::app {

namespace {

// A square without a set: none determines it (exact), or the limit came first (the row's
// message has the lower bound reached).
void say_no_set(const CriticalRow& row, const std::string& objective) {
    std::cerr << fmt::format("{}: n={} objective={}: {} (cpu {:.1f}s)\n", visible_text(row.instance), row.n, objective,
                             row.status == Status::multiple ? std::string("no uniquely completable set (exact)")
                                                            : visible_text(row.message),
                             row.cpu_seconds());
}

}  // namespace

bool ExactSquareReport::row(const CriticalRow& row, std::string& records) {
    const bool failed = row.status == Status::error || row.status == Status::crash || !row.status;
    if (row.output.empty()) {
        say_no_set(row, objective);
        if (certify && row.status == Status::multiple && no_set.empty()) no_set = row.instance;
        if (certify && row.status != Status::multiple && uncertified.empty())
            uncertified = fmt::format("{}: its search ended ({}) before it found a set", row.instance,
                                      row.status ? status_name(*row.status) : "unknown status");
        return failed;
    }
    Instance record = parse_instances(row.output, std::string(row.instance), Format::jsonl).front();
    const bool exact = record.meta.value("exact", false);
    std::cerr << fmt::format("{}: n={} objective={} {} [{}, {}] (h={}, k={}) cpu {:.1f}s\n", visible_text(row.instance), row.n,
                             objective, exact ? "minimum" : "bounds", record.meta.value("lower_bound", 0),
                             record.meta.value("upper_bound", 0), record.givens.size(), record.lt.size(),
                             row.cpu_seconds());
    if (failed)
        std::cerr << fmt::format("futolab critical: {}: {}\n", visible_text(row.instance), visible_text(row.message));
    if (const auto it = record.meta.find("certificate"); it != record.meta.end()) {
        for (const Json& line : *it) certificate += line.dump() + "\n";
        record.meta.erase(it);
    }
    if (certify && !exact && uncertified.empty())
        uncertified = fmt::format("{}: the search stopped at bounds", row.instance);
    records += write_instances({record}, Format::jsonl);
    return failed;
}

}  // namespace futolab::app
