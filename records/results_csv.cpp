#include "records/results_csv.hpp"

#include "core/message_text.hpp"
#include "core/verify.hpp"
#include "records/build_identity.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"
#include "records/header_names.hpp"
#include "solvers/registry/registry.hpp"
#include "records/machine.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace futolab {

ResultRow make_result_row(std::string experiment, const Puzzle& puzzle, const SolverSpec& solver,
                          std::uint64_t seed, int repeat, const Mode& mode, const RunResult& run,
                          std::size_t run_index) {
    ResultRow row;
    row.experiment = std::move(experiment);
    row.instance = puzzle.id();
    row.instance_hash = puzzle.hash();
    row.n = puzzle.n();
    row.h = puzzle.num_givens();
    row.k = puzzle.num_relations();
    row.solver = solver.name;
    row.options = solver.canonical_options();
    row.seed = seed;
    row.repeat = repeat;
    row.mode = mode.name();
    row.status = run.result.status;
    row.counters = run.result.counters;
    row.unknown_counters = run.result.unknown;
    row.wall_ns = run.wall_ns;
    row.cpu_ns = run.cpu_ns;
    if (!run.result.solution.empty()) row.solution = solution_to_text(puzzle.n(), run.result.solution);
    row.run = run_index;
    row.message = run.result.message;
    row.max_rss_kb = run.max_rss_kb;
    row.tool_cpu_ns = run.result.tool_cpu_ns;
    row.tool_max_rss_kb = run.result.tool_max_rss_kb;
    row.build = this_build().cell();
    row.deterministic = counters_deterministic(solver);
    return row;
}

namespace {

// The names of the rows of kColumns (records/columns.hpp) that `keep` accepts, in file order.
template <class Keep>
std::vector<std::string> column_names(Keep keep) {
    std::vector<std::string> c;
    for (const Column& column : kColumns)
        if (keep(column)) c.emplace_back(column.name);
    return c;
}

}  // namespace

const std::vector<std::string>& csv_base_columns() {
    static const std::vector<std::string> columns = column_names([](const Column& c) { return c.base; });
    return columns;
}

const std::vector<std::string>& csv_integer_columns() {
    static const std::vector<std::string> columns =
        column_names([](const Column& c) { return c.type == ColumnType::integer; });
    return columns;
}

const std::vector<std::string>& csv_ranged_columns() {
    static const std::vector<std::string> columns{"n", "h", "k", "repeat"};
    return columns;
}

CsvLayout csv_layout(std::vector<std::string> params) { return {std::move(params), host_name()}; }

const CsvLayout& plain_layout() {
    static const CsvLayout layout = csv_layout();  // const once made: safe to share between threads
    return layout;
}

std::vector<std::string> csv_columns(const CsvLayout& layout) {
    std::vector<std::string> c = column_names([](const Column&) { return true; });
    for (const std::string& p : layout.params) c.push_back(std::string(kParamPrefix) + p);
    return c;
}

std::string csv_header_line(const CsvLayout& layout) {
    std::string out;
    for (const std::string& c : csv_columns(layout)) out += (out.empty() ? "" : ",") + c;
    return out + "\n";
}

namespace {

// A column an older futolab may not have written: a later one of kColumns (not a param column).
bool later_column(std::string_view name) {
    const Column* column = column_named(name);
    return column != nullptr && !column->base && !name.starts_with(kParamPrefix);
}

}  // namespace

std::string header_difference(const std::vector<std::string>& found, const CsvLayout& layout, bool older) {
    // A name as written, a space at its end said (header_names.hpp): 'nodes ' reads as 'nodes'.
    const auto at = [&found](std::size_t i) { return i < found.size() ? quoted_name(found[i]) : std::string("'(none)'"); };
    std::size_t i = 0;
    for (const std::string& column : csv_columns(layout)) {
        if (i < found.size() && found[i] == column) {
            ++i;
        } else if (!older || !later_column(column)) {
            return fmt::format("column {} is {}, this experiment writes '{}'", i + 1, at(i), column);
        }
    }
    return i < found.size() ? fmt::format("column {} is {}, this experiment writes '(none)'", i + 1, at(i)) : "";
}

namespace {

// Appends a real number (a limit in ms, a sweep parameter) as a plain decimal: the shortest
// digits that read back as the same double, in fixed notation (C++17 [charconv.to.chars]).
// fmt's "{}" switched to exponent form below 1e-4 (a 1e-9 s limit was "1e-06"), the form the
// SPEC calls re-saving damage and analyze's own CSV never writes (round 11).
void put_decimal(fmt::memory_buffer& buf, double v) {
    char text[400];  // the longest fixed form of a finite double (about 330 characters)
    const auto [end, ec] = std::to_chars(text, text + sizeof text, v, std::chars_format::fixed);
    if (ec == std::errc()) buf.append(std::string_view(text, static_cast<std::size_t>(end - text)));
}

// Whether a field needs csv_quote's quotes. One pass with four compares a character:
// string_view::find_first_of calls memchr over the set once per character of the field
// (callgrind: about a fifth of a row's instructions went there).
bool needs_quotes(std::string_view field) {
    for (const char ch : field)
        if (ch == ',' || ch == '"' || ch == '\r' || ch == '\n') return true;
    return false;
}

// Appends a field with csv_quote's quoting, without a temporary string.
void put_field(fmt::memory_buffer& buf, std::string_view field) {
    if (!needs_quotes(field)) {
        buf.append(field);
        return;
    }
    buf.push_back('"');
    for (char ch : field) {
        if (ch == '"') buf.push_back('"');
        buf.push_back(ch);
    }
    buf.push_back('"');
}

void put_comma_field(fmt::memory_buffer& buf, std::string_view field) {
    buf.push_back(',');
    put_field(buf, field);
}

}  // namespace

// One buffer, no temporary strings: this runs once per run, and for tiny runs it was a
// noticeable part of the runner's overhead. Compiled format strings skip fmt's run-time
// parsing (callgrind: 10.7k instructions per row before, see the closing note of issue #5).
std::string csv_line(const ResultRow& r, const CsvLayout& layout) {
    fmt::memory_buffer buf;
    auto out = std::back_inserter(buf);
    put_field(buf, r.experiment);
    put_comma_field(buf, r.instance);
    fmt::format_to(out, FMT_COMPILE(",{},{},{},{}"), r.instance_hash, r.n, r.h, r.k);
    put_comma_field(buf, r.solver);
    put_comma_field(buf, r.options);
    fmt::format_to(out, FMT_COMPILE(",{},{},{},{}"), r.seed, r.repeat, r.mode, status_name(r.status));
    for_each_counter(r.counters, r.unknown_counters, [&](std::string_view, std::uint64_t v, bool known) {
        if (known)
            fmt::format_to(out, FMT_COMPILE(",{}"), v);
        else
            buf.push_back(',');  // SPEC §4: unknown is empty, never 0
    });
    fmt::format_to(out, FMT_COMPILE(",{},{}"), r.wall_ns, r.cpu_ns);
    put_comma_field(buf, r.solution);
    fmt::format_to(out, FMT_COMPILE(",{}"), r.run);
    put_comma_field(buf, r.message);
    put_comma_field(buf, r.grade ? grade_name(*r.grade) : std::string_view());
    put_comma_field(buf, r.output);
    put_comma_field(buf, r.spec);
    buf.push_back(',');
    if (r.max_rss_kb >= 0) fmt::format_to(out, FMT_COMPILE("{}"), r.max_rss_kb);
    put_comma_field(buf, layout.host);
    buf.push_back(',');
    if (r.core >= 0) fmt::format_to(out, FMT_COMPILE("{}"), r.core);
    put_comma_field(buf, r.isolation ? name_in(kIsolations, *r.isolation) : std::string_view());
    for (double limit : {r.time_limit_ms, r.cpu_limit_ms}) {
        buf.push_back(',');
        if (limit > 0) put_decimal(buf, limit);
    }
    buf.push_back(',');
    if (r.memory_limit_kb > 0) fmt::format_to(out, FMT_COMPILE("{}"), r.memory_limit_kb);
    put_comma_field(buf, r.build);
    buf.push_back(',');
    if (r.calibration_ns >= 0) fmt::format_to(out, FMT_COMPILE("{}"), r.calibration_ns);
    buf.append(std::string_view(r.deterministic ? ",1" : ",0"));
    buf.push_back(',');
    if (r.session >= 0) fmt::format_to(out, FMT_COMPILE("{}"), r.session);
    for (std::size_t i = 0; i < layout.params.size(); ++i) {
        buf.push_back(',');
        if (i < r.params.size() && !std::isnan(r.params[i])) put_decimal(buf, r.params[i]);
    }
    buf.push_back('\n');
    return fmt::to_string(buf);
}

std::string run_key(const std::string& instance, const std::string& instance_hash, const std::string& solver,
                    const std::string& options, std::uint64_t seed, std::uint64_t repeat, std::string_view build) {
    return fmt::format("{}|{}|{}|{}|{}|{}|{}", instance, instance_hash, solver, options, seed, repeat, build);
}

std::map<std::string, std::string> written_cells(const ResultRow& row, const CsvLayout& layout,
                                                 std::span<const char* const> columns) {
    const CsvTable t = parse_csv(csv_header_line(layout) + csv_line(row, layout), "the row futolab writes");
    std::map<std::string, std::string> cells;
    for (const char* column : columns) cells[column] = t.rows.at(0).at(t.column(column, "its header"));
    return cells;
}

}  // namespace futolab
