// The one list of the results CSV's columns (SPEC §5), in file order, each with its type, unit,
// whether it may be empty, and its meaning. Everything that names columns is generated from
// it: the header (results_csv.hpp csv_columns), the columns every file starts with
// (csv_base_columns), the whole-number columns readers check (csv_integer_columns) and the
// machine-readable schema written beside every results CSV (table_schema.hpp). The counter
// rows come from FUTOLAB_COUNTERS (core/counters.hpp), so a counter added there is a column,
// a checked integer and a schema field at once. The writer (results_csv.cpp csv_line) writes
// the cells in this order; tests/records/columns_test.cpp reads a written row back by name.
#pragma once

#include "core/counters.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Frictionless Table Schema types (https://datapackage.org/standard/table-schema/):
// integer = plain decimal digits; number = a decimal such as 1500 or 0.5; string = any text.
enum class ColumnType { integer, number, string };

// A column whose cells come from a closed vocabulary (the schema lists it as an enum).
enum class ColumnWords { none, status, grade, isolation };

struct Column {
    std::string_view name;
    ColumnType type;
    std::string_view unit;  // ns, ms, KiB; "" for a count or a label
    bool required;          // never empty in a row futolab writes
    bool base;              // in every results file, also those of older futolab (csv_base_columns)
    std::string_view meaning;
    ColumnWords words = ColumnWords::none;
};

#define FUTOLAB_COUNTER_COLUMN(name, doc) \
    {#name, ColumnType::integer, "", false, true, doc " (empty: the backend does not report it, SPEC §4)"},

inline constexpr Column kColumns[] = {
    // name             type                 unit   required base  meaning
    {"experiment",      ColumnType::string,  "",    true,  true,  "the experiment's name (config `name:`; `solve` for futolab solve --format csv)"},
    {"instance",        ColumnType::string,  "",    false, true,  "the instance's id (file stem, JSONL `id`, or the generator's name for it)"},
    {"instance_hash",   ColumnType::string,  "",    true,  true,  "16 hex digits: a stable hash of the canonical instance (the same puzzle has it in every format)"},
    {"n",               ColumnType::integer, "",    true,  true,  "the grid's side"},
    {"h",               ColumnType::integer, "",    true,  true,  "givens: cells with a value"},
    {"k",               ColumnType::integer, "",    true,  true,  "inequality relations"},
    {"solver",          ColumnType::string,  "",    true,  true,  "the backend's name (futolab list)"},
    {"options",         ColumnType::string,  "",    false, true,  "the backend's options resolved: all keys, sorted, defaults filled in (key=value,…)"},
    {"seed",            ColumnType::integer, "",    true,  true,  "the run's seed (a sweep derives 63-bit seeds, so a signed 64-bit reader holds them)"},
    {"repeat",          ColumnType::integer, "",    true,  true,  "the repetition of this (instance, solver) pair, from 1"},
    {"mode",            ColumnType::string,  "",    true,  true,  "first, count:K (count up to K; K = 2 decides uniqueness), count:all, or the task's name (generate, critical, exact)"},
    {"status",          ColumnType::string,  "",    true,  true,  "how the run ended (SPEC §4; docs/analysis.md: finished, censored or failed)", ColumnWords::status},
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_COLUMN)
    {"wall_ns",         ColumnType::integer, "ns",  true,  true,  "wall-clock time of the run"},
    {"cpu_ns",          ColumnType::integer, "ns",  true,  true,  "CPU time of the run's whole process tree (external tools included)"},
    {"solution",        ColumnType::string,  "",    false, true,  "the first solution found: rows separated by '/', values by spaces (2 1 4 3/4 2 3 1/…); empty if none"},
    {"run",             ColumnType::integer, "",    true,  true,  "the run's index in the experiment's run matrix (shards merge back into this order)"},
    {"message",         ColumnType::string,  "",    false, true,  "why the run ended in error, timeout, crash or memout; empty otherwise"},
    {"grade",           ColumnType::string,  "",    false, true,  "the instance's difficulty grade (docs/generators.md); empty if not graded", ColumnWords::grade},
    {"output",          ColumnType::string,  "",    false, true,  "generate and critical tasks: the puzzle or clue set made, as JSON Lines (one object a line, docs/formats.md; an exact task's witnesses one a line); empty otherwise"},
    {"spec",            ColumnType::string,  "",    false, false, "the solver as the experiment asked for it: name and the options given, keys sorted (SPEC §3); tables and compare group by it"},
    {"max_rss_kb",      ColumnType::integer, "KiB", false, false, "peak resident memory of the run (empty: unknown, as in thread isolation)"},
    {"host",            ColumnType::string,  "",    false, false, "the machine that ran it"},
    {"core",            ColumnType::integer, "",    false, false, "the CPU the run's worker was pinned to (pin: true); empty if not pinned"},
    {"isolation",       ColumnType::string,  "",    false, false, "where the run executed (docs/isolation.md); empty if not a sweep run", ColumnWords::isolation},
    {"time_limit_ms",   ColumnType::number,  "ms",  false, false, "the run's wall-time limit; empty: none"},
    {"cpu_limit_ms",    ColumnType::number,  "ms",  false, false, "the run's CPU-time limit; empty: none"},
    {"memory_limit_kb", ColumnType::integer, "KiB", false, false, "the run's memory limit; empty: none"},
    {"build",           ColumnType::string,  "",    false, false, "the futolab build that ran it: name, commit, build type, binary content hash"},
    {"calibration_ns",  ColumnType::integer, "ns",  false, false, "the sweep's calibration workload timed near this run (compare's drift check); empty: none"},
    {"deterministic",   ColumnType::integer, "",    true,  false, "1 if the spec's counters are the same on every run (SPEC §4), 0 if not (a racing portfolio, or method critical bounded by time_ms)"},
    {"session",         ColumnType::integer, "",    false, false, "the worker session that ran it (compare's variance between sessions); empty: none"},
};

#undef FUTOLAB_COUNTER_COLUMN

// The columns after all of these, one per swept generator parameter of the experiment (their
// names depend on the config): `param_` + the parameter's name.
inline constexpr std::string_view kParamPrefix = "param_";
inline constexpr Column kParamColumn{"param_<name>", ColumnType::number, "", false, false,
                                     "the nominal value of a swept generator parameter (param_givens, param_relations, "
                                     "…; one column per sweep axis of the config); empty for file instances"};

// The row of a column name (a param_ name gives kParamColumn); nullptr for a name futolab
// does not write.
const Column* column_named(std::string_view name);

// True if `header` starts with the base columns, in order: a results CSV of any futolab.
bool has_base_columns(const std::vector<std::string>& header);

}  // namespace futolab
