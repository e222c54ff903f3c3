// The results CSV of SPEC §5: one row per run, header first, RFC 4180 quoting. Its columns,
// their order, types and meanings are the one list kColumns (records/columns.hpp): the SPEC
// columns, then futolab's own (`run`, `message`, `grade`, `output`), then SPEC §5's later ones,
// then one `param_<name>` column per generate sweep axis of the experiment (empty for file
// instances). The param columns depend on the config, so the header is built per experiment
// (CsvLayout); readers find columns by name, and files without the later columns (older
// futolab) still read. The schema beside every results CSV is generated from the same list
// (records/table_schema.hpp).
#pragma once

#include "core/grades.hpp"
#include "core/isolation.hpp"
#include "core/numbers.hpp"
#include "core/puzzle.hpp"
#include "records/csv_quote.hpp"
#include "core/status.hpp"
#include "solvers/options.hpp"
#include "solvers/run/run.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
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
    Status status = Status::error;  // written by name (core/status.hpp)
    Counters counters;
    CounterMask unknown_counters = 0;  // written as empty fields (SPEC §4)
    std::int64_t wall_ns = 0, cpu_ns = 0;
    std::string solution;  // "2 1 4 3/4 2 3 1/..." or empty
    std::size_t run = 0;   // index in the experiment's run matrix
    std::string message;   // why, for status error
    std::optional<Grade> grade;  // written by name (core/grades.hpp); none: empty
    std::string output;    // one JSONL instance, or empty
    std::string spec;      // SolverSpec::spec() (SPEC §3); the runner copies the matrix's
    std::int64_t max_rss_kb = -1;  // peak resident set of the run's process; -1: unknown (empty)
    int core = -1;                 // pinned runs: the CPU the worker was on (sched_getcpu) as the
                                   // run ended, its pinned CPU; -1: not pinned (empty)
    std::optional<Isolation> isolation;  // written by name (core/isolation.hpp); none: not a sweep run (empty)
    double time_limit_ms = 0, cpu_limit_ms = 0;  // the limits the run had (limit_ms); 0: none (empty)
    std::uint64_t memory_limit_kb = 0;           // 0: none (empty)
    std::string build;  // the build that ran it (build_identity.hpp cell()): this binary by default
    std::int64_t calibration_ns = -1;  // the sweep's calibration workload near this run (-1: none, empty)
    bool deterministic = true;  // the spec's counters are the same on every run (SPEC §4; 1 or 0)
    int session = -1;           // the worker session that ran it (runner.cpp; -1: none, empty)
    std::int64_t tool_cpu_ns = 0;      // not a column: the part of cpu_ns its tools used, as wait4 saw it
    std::int64_t tool_max_rss_kb = -1; // not a column: the largest peak of those tools (-1: none)
    std::span<const double> params;  // nominal sweep values in CsvLayout::params order (points
                                     // into the run matrix); empty or NaN: none (empty cells)
};

// What is the same for every row of one results file: its param columns and its host.
struct CsvLayout {
    std::vector<std::string> params;  // sweep axis names, e.g. {"givens", "relations"}
    std::string host;                 // the `host` of every row: the machine writing them
};

// A layout for this machine (host_name()) with the given sweep axes.
CsvLayout csv_layout(std::vector<std::string> params = {});
// The layout without param columns on this machine (for `solve --format csv`).
const CsvLayout& plain_layout();

ResultRow make_result_row(std::string experiment, const Puzzle& puzzle, const SolverSpec& solver,
                          std::uint64_t seed, int repeat, const Mode& mode, const RunResult& run,
                          std::size_t run_index = 0);


// The columns every results file starts with (SPEC §5 and futolab's up to `output`): what
// older futolab wrote, and what readers of any version may rely on.
const std::vector<std::string>& csv_base_columns();
std::vector<std::string> csv_columns(const CsvLayout& layout = plain_layout());
// The columns futolab writes as whole numbers in plain digits (or empty where unknown): the
// integer rows of kColumns. A reader that gets anything else there (5.17E+18, 9.0, 1,234)
// reads a file another program re-saved.
const std::vector<std::string>& csv_integer_columns();
// The integer columns resume and merge hold to the experiment's own ranges, each stated when a
// cell is out of it (n a side from 2 to 64, h and k at most its cells and neighbouring pairs:
// experiments/row_facts.hpp; repeat from 1 to the config's repeats): their form is checked with
// the others', their range by those checks, past 2^64 − 1 too (check_whole_number_columns).
const std::vector<std::string>& csv_ranged_columns();
std::string csv_header_line(const CsvLayout& layout = plain_layout());               // with trailing newline
// Why `found` is not the header a results CSV of `layout` has ("" if it is): the first column
// that differs, "column 38 is 'param_givens', this experiment writes '(none)'". Resume and merge
// ask it alike: merge took a column the config never writes (`extra`, a `param_givens` of a
// config without that sweep axis) into the merged CSV, and a file without `session` (red-team
// round 23, C F10). With `older` (a file another futolab binary wrote), a header without some of
// the later columns (kColumns' non-base ones, which older futolab did not write yet) passes too;
// every other column is there, in its place.
std::string header_difference(const std::vector<std::string>& found, const CsvLayout& layout, bool older = false);
std::string csv_line(const ResultRow& row, const CsvLayout& layout = plain_layout());  // with trailing newline
// The cells of `columns` as csv_line writes them for `row`, by column name: what resume and
// merge compare a row read back with (limits are reals, and only the writer knows their digits).
std::map<std::string, std::string> written_cells(const ResultRow& row, const CsvLayout& layout,
                                                 std::span<const char* const> columns);

// Identifies a run across resumes and shards: instance id + hash, solver with canonical
// options, seed, repeat and the build's name (the columns instance, instance_hash, solver,
// options, seed, repeat and the name part of `build`). A file holds each key once (SPEC §5).
std::string run_key(const std::string& instance, const std::string& instance_hash, const std::string& solver,
                    const std::string& options, std::uint64_t seed, std::uint64_t repeat, std::string_view build);  // RFC 4180: quote if needed, double quotes

}  // namespace futolab
