// The results CSV of SPEC §5: one row per run, header first, RFC 4180 quoting. The counter
// columns come from FUTOLAB_COUNTERS, so the header cannot drift from the counters. After the
// SPEC columns come futolab's own: `run` (the run's index in the experiment matrix, so shards
// merge back into matrix order), `message` (why a run ended in `error`), `grade` (the
// instance's difficulty grade, generators/grade.hpp: always for generate and critical tasks,
// for solve and count with `grade: true`) and `output` (generate and critical tasks: the
// produced puzzle or clue set as one JSONL line, SPEC §2.2).
#pragma once

#include "core/puzzle.hpp"
#include "solvers/options.hpp"
#include "solvers/run.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct ResultRow {
    std::string experiment;
    std::string instance;
    std::string instance_hash;
    int n = 0, h = 0, k = 0;
    std::string solver;   // backend name
    std::string options;  // canonical options
    std::uint64_t seed = 0;
    int repeat = 0;
    std::string mode;
    std::string status;
    Counters counters;
    CounterMask unknown_counters = 0;  // written as empty fields (SPEC §4)
    std::int64_t wall_ns = 0, cpu_ns = 0;
    std::string solution;  // "2 1 4 3/4 2 3 1/..." or empty
    std::size_t run = 0;   // index in the experiment's run matrix
    std::string message;   // why, for status error
    std::string grade;     // fc, ac, gac, search, multiple, unsat, or empty
    std::string output;    // one JSONL instance, or empty
};

ResultRow make_result_row(std::string experiment, const Puzzle& puzzle, const SolverSpec& solver,
                          std::uint64_t seed, int repeat, const Mode& mode, const RunResult& run,
                          std::size_t run_index = 0);

const std::vector<std::string>& csv_columns();
std::string csv_header_line();              // with trailing newline
std::string csv_line(const ResultRow& row);  // with trailing newline
std::string csv_quote(std::string_view field);  // RFC 4180: quote if needed, double quotes

}  // namespace futolab
