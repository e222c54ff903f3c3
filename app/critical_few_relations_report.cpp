#include "app/critical_few_relations_report.hpp"

#include "core/formats/formats.hpp"
#include "core/visible_text.hpp"
#include "experiments/few_relations_record.hpp"

#include <fmt/format.h>

#include <iostream>

namespace futolab::app {

bool FewRelationsReport::row(const CriticalRow& row, std::string&) {
    if (row.status != Status::counted) {
        std::cerr << fmt::format("futolab critical: {}: {}: {}\n", visible_text(row.instance), row.status_text,
                                 visible_text(row.message));
        return true;
    }
    const std::vector<Instance> records =
        parse_instances(std::string(row.output), std::string(row.instance), Format::jsonl);
    const FewRelationsRecord r = read_few_relations_record(records.at(0));
    const critical::FewRelationsShard& s = r.shard;
    std::cerr << fmt::format("shard {}/{}: {} canonical sets, {} puzzles, {} unique, {:.1f} s CPU{}\n", s.shard, s.shards,
                             s.count.pair_sets, s.count.puzzles, s.count.unique, s.count.cpu_seconds,
                             r.from_checkpoint ? " (from its file)" : "");
    shards.push_back(s);
    from_files += r.from_checkpoint ? 1 : 0;
    return false;
}

}  // namespace futolab::app
