// Helpers of the experiment-driver tests (runner_test.cpp, fault_test.cpp): scratch folders,
// the standard test config and the rows of a results CSV keyed by run.
#pragma once

#include "../app/cli_runner.hpp"
#include "../support/sanitized.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace futolab::test {

inline const std::string kRoot = FUTOLAB_SOURCE_DIR;

// A fresh scratch folder per test and build tree.
inline std::string scratch(const std::string& name) { return fresh_dir("runner", name).string(); }

// The standard sweep's instances: two Tatham files (n = 5 and 6, 75 puzzles each). Under a
// sanitizer (support/sanitized.hpp) the n = 5 file alone: what those tests look for (races,
// kills, resume, merge) needs two workers and a few hundred runs, not 900, and the sweeps were
// much of the tsan and asan steps' time.
inline constexpr const char* kSweepFiles = kSanitized ? "n05.tatham" : "n0[56].tatham";
inline constexpr std::size_t kSweepPuzzles = kSanitized ? 75 : 150;
inline constexpr std::size_t kSweepRuns = kSweepPuzzles * 3 * 2;  // x 3 solvers x 2 repeats

// The standard sweep (kSweepRuns runs: 900, 450 under a sanitizer), node-limited so rows are
// reproducible; `files` the Tatham files it reads (a case about two inputs names both).
inline std::string write_config(const std::string& dir, const std::string& extra = "", const std::string& files = kSweepFiles) {
    const std::string path = dir + "/cfg.yaml";
    std::ofstream(path) << "name: runner-test\nseed: 5\nrepeats: 2\nmode: { count: 2 }\n"
                           "limits: { nodes: 300000 }\ninstances:\n  - file: "
                        << kRoot << "/corpora/tatham-dev/" << files << "\n"
                        << "solvers: [ \"bitmask\", \"fc:var=static\", \"gac\" ]\n"
                        << "output: " << dir << "/out/results.csv\n"
                        << extra;
    return path;
}

// run index -> the row without its time columns; fails on a duplicate run.
inline std::map<std::string, std::vector<std::string>> rows_by_run(const std::string& csv) {
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    // The measured columns: times, the peak memory of the run's process (process isolation)
    // and the calibration timing near the run; and where and when the run ran (`isolation`,
    // `session`: the same rows come from every mode and any timing of the sessions).
    const std::size_t run = t.column("run", csv), wall = t.column("wall_ns", csv), cpu = t.column("cpu_ns", csv),
                      rss = t.column("max_rss_kb", csv), where = t.column("isolation", csv),
                      calibration = t.column("calibration_ns", csv), session = t.column("session", csv);
    std::map<std::string, std::vector<std::string>> out;
    for (auto row : t.rows) {
        const std::string key = row[run];
        row[wall] = row[cpu] = row[rss] = row[where] = row[calibration] = row[session] = "";
        INFO("run " << key);
        CHECK(out.emplace(key, row).second);
    }
    return out;
}

// Replaces the first `from` in the file with `to` (a test planting a change); the text must be there.
inline void replace_in_file(const std::string& path, const std::string& from, const std::string& to) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// Every occurrence of `from` in the file at `path` replaced by `to`; how many there were.
inline std::size_t replace_all_in_file(const std::string& path, const std::string& from, const std::string& to) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t count = 0;
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size(), ++count)
        text.replace(at, from.size(), to);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    return count;
}

// The results CSV `csv` and its sidecar as another binary (hash 0123456789abcdef) of the same
// commit would have written them: every description of the binary in the sidecar (its `futolab:`
// block and `builds:`, which one binary writes alike) and the rows' `build` cells.
inline void as_another_binary(const std::string& csv) {
    const std::string meta = csv + ".meta.yaml";
    std::ifstream in(meta, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t at = text.find("binary_hash: ");
    REQUIRE(at != std::string::npos);
    const std::string hash = text.substr(at + 13, 16);
    REQUIRE(replace_all_in_file(meta, "binary_hash: " + hash, "binary_hash: 0123456789abcdef") >= 1);
    replace_all_in_file(csv, ":" + hash + ",", ":0123456789abcdef,");
}

}  // namespace futolab::test
