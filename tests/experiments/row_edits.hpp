// A finished sweep in DIR/base, a copy of it with one row edited, and what resume and merge say
// of it: the tests of what the square tasks' rows may hold (greedy_rows_test, square_rows_test).
#pragma once

#include "core/instance.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace futolab::test {

inline CsvTable table_of(const std::filesystem::path& csv) { return read_csv_file(csv.string()); }

inline std::string cell(const CsvTable& t, std::size_t row, const std::string& column) {
    return t.rows.at(row).at(t.column(column, "t"));
}

// The row of `instance` (rows are written in the order the runs end).
inline std::size_t row_of(const CsvTable& t, const std::string& instance) {
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        if (cell(t, r, "instance") == instance) return r;
    FAIL("no row of " << instance);
    return 0;
}

// An edit of the table of one CSV.
using TableEdit = std::function<void(CsvTable&)>;

inline void edit_table(const std::filesystem::path& csv, const TableEdit& edit) {
    CsvTable t = table_of(csv);
    edit(t);
    write_csv_table(csv, t);
}

// Cells of row `row` set (a column "meta.KEY" sets the output record's meta KEY to the JSON value).
inline TableEdit cells_set(std::size_t row, const std::vector<std::pair<std::string, std::string>>& cells) {
    return [row, cells](CsvTable& t) {
        for (const auto& [column, value] : cells) {
            if (column.starts_with("meta.")) {
                std::string& output = t.rows.at(row).at(t.column("output", "t"));
                Json record = Json::parse(output);
                record["meta"][column.substr(5)] = Json::parse(value);
                output = record.dump();
            } else {
                t.rows.at(row).at(t.column(column, "t")) = value;
            }
        }
    };
}

// Row `row`'s output record changed by `edit`.
inline TableEdit record_edited(std::size_t row, std::function<void(Json&)> edit) {
    return [row, edit](CsvTable& t) {
        std::string& output = t.rows.at(row).at(t.column("output", "t"));
        Json record = Json::parse(output);
        edit(record);
        output = record.dump();
    };
}

// Every record of row `row`'s output (one a line) with meta time_ms set to time(the row's
// wall_ns in milliseconds).
inline TableEdit times_set(std::size_t row, const std::function<double(double wall_ms)>& time) {
    return [row, time](CsvTable& t) {
        std::string& output = t.rows.at(row).at(t.column("output", "t"));
        const double wall_ms = std::stod(t.rows.at(row).at(t.column("wall_ns", "t"))) / 1e6;
        std::string edited, line;
        for (std::istringstream in(output); std::getline(in, line);) {
            Json record = Json::parse(line);
            record["meta"]["time_ms"] = time(wall_ms);
            edited += (edited.empty() ? "" : "\n") + record.dump();
        }
        output = edited;
    };
}

// Row `row`'s output record without its first relation, its `k` cell lowered with it (so only
// what the record claims is left to refuse).
inline TableEdit relation_dropped(std::size_t row) {
    return [row](CsvTable& t) {
        std::string& output = t.rows.at(row).at(t.column("output", "t"));
        Json record = Json::parse(output);
        record["lt"].erase(record["lt"].begin());
        output = record.dump();
        t.rows.at(row).at(t.column("k", "t")) = std::to_string(record["lt"].size());
    };
}

inline void edit_row(const std::filesystem::path& csv, std::size_t row,
                     const std::vector<std::pair<std::string, std::string>>& cells) {
    edit_table(csv, cells_set(row, cells));
}

// DIR/base/NAME.csv copied to DIR/o and edited: resume (of DIR/cfg.yaml) and merge refuse it,
// each with exit 2 naming the file, line of row `row` and `says`.
inline void refused_by_both(const std::filesystem::path& dir, const std::string& name, std::size_t row, const TableEdit& edit,
                            const std::string& says) {
    namespace fs = std::filesystem;
    INFO("expecting: " << says);
    fs::remove_all(dir / "o");
    fs::remove_all(dir / "m");
    fs::copy(dir / "base", dir / "o");
    edit_table(dir / "o" / (name + ".csv"), edit);
    // The row's first line: a row after a multi-line cell (an output of several records) is further on.
    const std::string where = name + ".csv:" + std::to_string(table_of(dir / "o" / (name + ".csv")).lines.at(row)) + ":";
    const auto resumed = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 2);
    CHECK(has(resumed.err, where));
    CHECK(has(resumed.err, says));
    const auto merged = run_cli("merge o/" + name + ".csv --out m/" + name + ".csv", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 2);
    CHECK(has(merged.err, where));
    CHECK(has(merged.err, says));
    CHECK_FALSE(fs::exists(dir / "m" / (name + ".csv")));
}

inline void refused_by_both(const std::filesystem::path& dir, const std::string& name, std::size_t row,
                            const std::vector<std::pair<std::string, std::string>>& cells, const std::string& says) {
    INFO(cells.front().first << " = " << cells.front().second);
    refused_by_both(dir, name, row, cells_set(row, cells), says);
}

// DIR/base/NAME.csv as it is: resume and merge take it. A test may have edited the base's rows
// into ones a run writes (a row the sandbox made memout, an error row of a lost run): the run
// that wrote such rows exported their records, not the ones edited away, so the base's export,
// made before the edit, is left out (the resume writes it again); a stale export is refused on
// its own (records/outputs.hpp, not_an_export). `edit`, if given, is made to the copy first.
inline void accepted_by_both(const std::filesystem::path& dir, const std::string& name, const TableEdit& edit = nullptr) {
    namespace fs = std::filesystem;
    fs::remove_all(dir / "o");
    fs::remove_all(dir / "m");
    fs::copy(dir / "base", dir / "o");
    if (edit) edit_table(dir / "o" / (name + ".csv"), edit);
    fs::remove(dir / "o" / (name + ".jsonl"));
    const auto resumed = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    const auto merged = run_cli("merge o/" + name + ".csv --out m/" + name + ".csv", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    CHECK_FALSE(has(merged.err, "checked against the other rows"));  // against the instances
}

// `config` as DIR/cfg.yaml is refused by `run` (exit 2, saying `says`) before anything is
// written; its message (stderr) is returned.
inline std::string config_refused(const std::filesystem::path& dir, const std::string& config, const std::string& says) {
    std::ofstream(dir / "cfg.yaml") << config;
    const auto r = run_cli("run -q cfg.yaml --out o", dir.string());
    INFO(config << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, says));
    CHECK_FALSE(std::filesystem::exists(dir / "o"));
    return r.err;
}

// A finished sweep of `config` (DIR/cfg.yaml) in DIR/base, DIR a fresh folder of `suite`.
inline std::filesystem::path sweep_in(const std::string& suite, const std::string& name, const std::string& config) {
    const std::filesystem::path dir = fresh_dir(suite, name);
    std::ofstream(dir / "cfg.yaml") << config;
    const auto made = run_cli("run -q cfg.yaml --out base", dir.string());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    return dir;
}

}  // namespace futolab::test
