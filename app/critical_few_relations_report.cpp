#include "app/critical_few_relations_report.hpp"

#include "core/counted.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/visible_text.hpp"
#include "experiments/few_relations_record.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <utility>

namespace futolab::app {
namespace {

// Whether `csv` is a results CSV futolab critical made (its sidecar says so): only such a CSV
// holds this count's rows. Anything else, or a sidecar that does not read, is the driver's to
// keep or refuse with its own message (check_csv_replaceable), not this check's.
bool made_by_critical(const std::string& csv) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_regular_file(fs::symlink_status(csv, ec)) || !fs::is_regular_file(fs::symlink_status(sidecar_path(csv), ec)))
        return false;
    try {
        return read_sidecar(csv).identity.config_file == kCriticalConfig;
    } catch (const InputError&) {
        return false;
    }
}

// The shard a counted row's record holds; InputError naming the CSV's line where it does not read back.
critical::FewRelationsShard shard_of_row(const CsvTable& t, std::size_t r, std::size_t output, const std::string& csv) {
    const std::string where = fmt::format("{}:{}: column 'output'", csv, t.lines[r]);
    try {
        const std::vector<Instance> records = parse_instances(t.rows[r][output], where, Format::jsonl);
        if (records.size() != 1) throw InputError(fmt::format("{} records, where the task writes one", records.size()));
        return read_few_relations_record(records.front()).shard;
    } catch (const InputError& e) {
        const std::string said = e.what();
        throw InputError(said.starts_with(where) ? said : fmt::format("{}: {}", where, said));
    }
}

// Why the counts of the shard file `file` are not those of `row`, its shard's row ("" if they
// are), naming the first key that differs and both values: "key 'unique' is 0, where … says 45".
// The times too, as the file writes them (3 decimals; the row keeps every digit): the table,
// the summary and the rewritten CSV take the file's CPU seconds, so a file edited to 99999.000
// beside a row of 0.0003 s was published as the count's CPU, and the CSV held both (red-team
// round 26, B F4).
std::string count_difference(const critical::FewRelationsShard& file, const critical::FewRelationsShard& row, const std::string& whence) {
    if (std::string why = critical::few_relations_counts_difference(file.count, row.count, whence); !why.empty()) return why;
    for (const auto& [key, member] : {std::pair{"seconds", &critical::FewRelationsCount::seconds},
                                      std::pair{"cpu_seconds", &critical::FewRelationsCount::cpu_seconds}}) {
        const std::string is = fmt::format("{:.3f}", file.count.*member), was = fmt::format("{:.3f}", row.count.*member);
        if (is != was) return fmt::format("key '{}' is {}, where {} says {} s", key, is, whence, was);
    }
    return "";
}

}  // namespace

void check_files_against_csv(const std::string& csv, const std::string& dir,
                             const std::vector<std::optional<critical::FewRelationsShard>>& files) {
    if (!made_by_critical(csv)) return;
    const CsvTable t = read_csv_file(csv);  // refused if it does not read: its rows could not be checked
    const std::size_t instance = t.column("instance", csv), status = t.column("status", csv), output = t.column("output", csv);
    for (const std::optional<critical::FewRelationsShard>& file : files) {
        if (!file) continue;
        const std::string name = critical::few_relations_shard_name(file->n, file->k, file->shard, file->shards);
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            if (t.rows[r][instance] != name || status_named(t.rows[r][status]) != Status::counted) continue;
            const std::string whence = fmt::format("the row of its shard in the results CSV ({}:{})", csv, t.lines[r]);
            if (const std::string why = count_difference(*file, shard_of_row(t, r, output, csv), whence); !why.empty())
                throw InputError(fmt::format("{}: {}: a shard file and the row made from it must agree: refusing to take "
                                             "the file; remove it to count its shard again",
                                             critical::few_relations_shard_path(dir, file->n, file->k, file->shard, file->shards),
                                             why));
        }
    }
}

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
    // Counted in agreement with their nouns ("1 canonical sets, 0 puzzles" was printed: round 27).
    std::cerr << fmt::format("shard {}/{}: {}, {}, {} unique, {:.1f} s CPU{}\n", s.shard, s.shards,
                             counted(s.count.pair_sets, "canonical set"), counted(s.count.puzzles, "puzzle"), s.count.unique,
                             s.count.cpu_seconds, r.from_checkpoint ? " (from its file)" : "");
    shards.push_back(s);
    from_files += r.from_checkpoint ? 1 : 0;
    return false;
}

}  // namespace futolab::app
