#include "experiments/results_csv.hpp"

#include "core/verify.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

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
    row.status = std::string(status_name(run.result.status));
    row.counters = run.result.counters;
    row.unknown_counters = run.result.unknown;
    row.wall_ns = run.wall_ns;
    row.cpu_ns = run.cpu_ns;
    if (!run.result.solution.empty()) row.solution = solution_to_text(puzzle.n(), run.result.solution);
    row.run = run_index;
    row.message = run.result.message;
    return row;
}

const std::vector<std::string>& csv_columns() {
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> c{"experiment", "instance", "instance_hash", "n", "h", "k", "solver",
                                   "options", "seed", "repeat", "mode", "status"};
        for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
            c.emplace_back(name);
        });
        for (const char* tail : {"wall_ns", "cpu_ns", "solution", "run", "message", "grade", "output"}) c.emplace_back(tail);
        return c;
    }();
    return columns;
}

std::string csv_quote(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
    std::string out = "\"";
    for (char ch : field) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + "\"";
}

std::string csv_header_line() {
    std::string out;
    for (const std::string& c : csv_columns()) out += (out.empty() ? "" : ",") + c;
    return out + "\n";
}

// One buffer, no temporary strings: this runs once per run, and for tiny runs it was a
// noticeable part of the runner's overhead. Compiled format strings skip fmt's run-time
// parsing (callgrind: 10.7k instructions per row before, see the closing note of issue #5).
std::string csv_line(const ResultRow& r) {
    fmt::memory_buffer buf;
    auto out = std::back_inserter(buf);
    fmt::format_to(out, FMT_COMPILE("{},{},{},{},{},{},{},{},{},{},{},{}"), csv_quote(r.experiment), csv_quote(r.instance),
                   r.instance_hash, r.n, r.h, r.k, csv_quote(r.solver), csv_quote(r.options), r.seed, r.repeat,
                   r.mode, r.status);
    for_each_counter(r.counters, r.unknown_counters, [&](std::string_view, std::uint64_t v, bool known) {
        if (known)
            fmt::format_to(out, FMT_COMPILE(",{}"), v);
        else
            buf.push_back(',');  // SPEC §4: unknown is empty, never 0
    });
    fmt::format_to(out, FMT_COMPILE(",{},{},{},{},{},{},{}\n"), r.wall_ns, r.cpu_ns, csv_quote(r.solution), r.run,
                   csv_quote(r.message), r.grade, csv_quote(r.output));
    return fmt::to_string(buf);
}

}  // namespace futolab
