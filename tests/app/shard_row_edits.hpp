// One row of a two-shard sweep edited, then what `run --resume` (of its shard) and `merge` (of
// both shards) say: the set-up of the CLI tests that hold a row's cells to what its run writes
// (node_limit_rows_cli_test, memout_error_rows_cli_test). The sweep's config is `s.yaml` in
// `from`, its shards `sh/NAME.shard-I-of-2.csv`.
#pragma once

#include "cli_runner.hpp"
#include "records/csv_reader.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace futolab::test {

struct ShardEdit {
    CliResult resume, merge;
    std::string place;  // "NAME.shard-I-of-2.csv:LINE:COLUMN: column 'C' is '"
};

using Cells = std::vector<std::pair<std::string, std::string>>;

// `from` copied to `d`; the first row of `spec` with `status` (in shard 0, else shard 1: the runs
// fall to the shards by their index) gets `cells` (the first names the column the refusal names).
inline ShardEdit edit_shard_row(const std::filesystem::path& from, const std::filesystem::path& d, const std::string& name,
                                const std::string& spec, const std::string& status, const Cells& cells) {
    std::filesystem::copy(from, d, std::filesystem::copy_options::recursive);
    const std::string shards = "sh/" + name + ".shard-0-of-2.csv sh/" + name + ".shard-1-of-2.csv";
    for (const std::string index : {"0", "1"}) {
        const std::string file = name + ".shard-" + index + "-of-2.csv";
        CsvTable t = read_csv_file((d / "sh" / file).string());
        std::size_t r = 0;
        const auto wanted = [&](std::size_t i) {
            return t.rows[i][t.column("spec", "t")] == spec && t.rows[i][t.column("status", "t")] == status;
        };
        while (r < t.rows.size() && !wanted(r)) ++r;
        if (r == t.rows.size()) continue;
        for (const auto& cell : cells) t.rows[r][t.column(cell.first, "t")] = cell.second;
        write_csv_table(d / "sh" / file, t);
        ShardEdit o;
        const std::string& column = cells.front().first;
        o.place = file + ":" + std::to_string(t.lines[r]) + ":" + std::to_string(t.column(column, "t") + 1) + ": column '" +
                  column + "' is '";
        o.resume = run_cli("run -q s.yaml --out sh --shard " + index + "/2 --resume", d.string());
        o.merge = run_cli("merge " + shards + " --out m.csv", d.string());
        return o;
    }
    FAIL("no '" << status << "' row of " << spec << " in the sweep");
    return {};
}

// Both refuse the edit, exit 2, at its place, saying `says`.
inline void refused(const ShardEdit& o, const std::string& says) {
    INFO(o.resume.err);
    INFO(o.merge.err);
    CHECK(o.resume.exit_code == 2);
    CHECK(has(o.resume.err, o.place));
    CHECK(has(o.resume.err, says));
    CHECK(has(o.resume.err, "refusing to resume; use a new --out"));
    CHECK(o.merge.exit_code == 2);
    CHECK(has(o.merge.err, o.place));
    CHECK(has(o.merge.err, says));
    CHECK(has(o.merge.err, "refusing to merge it"));
}

// Both take it.
inline void taken(const ShardEdit& o) {
    INFO(o.resume.err);
    INFO(o.merge.err);
    CHECK(o.resume.exit_code == 0);
    CHECK(o.merge.exit_code == 0);
}

}  // namespace futolab::test
