// Backend `minizinc`: the shipped model models/futoshiki.mzn (compiled into the library) on
// the puzzle exported as MiniZinc data (core/formats, dzn writer), run by the `minizinc`
// driver as a child process (solvers/external: argument vector, the run's time and memory
// limits, its own temporary directory):
//   minizinc --solver gecode --statistics [-n K | -a] futoshiki.mzn puzzle.dzn
// first solution: no -n; count to K: -n K; count all: -a. Every solution printed is parsed
// and verified, and repeats are rejected (external/solutions.hpp), so the count is futolab's
// own; the search was complete when fewer than K came with "==========" or UNSATISFIABLE.
//
// Counters (from the solver's --statistics block; Debian's minizinc runs fzn-gecode):
//  - nodes = Gecode's `nodes` − 1: like the `gecode` backend, the root is not a node;
//  - fails = `failures`; max_depth = `peakDepth`;
//  - checks, propagations: empty (unknown). MiniZinc's `propagations` statistic counts
//    propagator executions, not values removed, so it is not mapped;
//  - when MiniZinc decides the puzzle while flattening (e.g. "model inconsistency detected")
//    no solver runs, and nodes, fails and max_depth are empty too.
// The tree is Gecode's on the flattened model with the FlatZinc default search, not the
// `gecode` backend's tree: the counters are the tool's, comparable only with themselves.
// A node limit is refused (error row): MiniZinc has no portable node budget.
#include "solvers/minizinc/minizinc.hpp"

#include "core/formats/formats.hpp"
#include "solvers/external/outcome.hpp"
#include "solvers/option_table.hpp"
#include "solvers/external/process.hpp"
#include "solvers/external/solutions.hpp"
#include "solvers/external/temp_dir.hpp"
#include "solvers/minizinc/output.hpp"

#include <fmt/format.h>

namespace futolab::minizinc {
namespace {

struct Config {
    std::string solver = "gecode";  // passed to --solver as it is
};

const OptionTable<Config>& table() {
    static const OptionTable<Config> t{
        choice<Config>("solver", [](Config& c) -> auto& { return c.solver; }, {{"gecode", "gecode"}},
                       "the MiniZinc solver configuration (--solver): gecode is what Debian's minizinc ships"),
    };
    return t;
}

constexpr external::ToolName kTool{"minizinc", "minizinc"};

}  // namespace

// The data file. The id is left out: nothing from the input file reaches the tool's text.
std::string data_text(const Puzzle& puzzle) {
    Instance in = puzzle.to_instance();
    in.id.clear();
    in.meta = nullptr;
    in.extra = nullptr;
    in.solution.clear();
    return write_instances({in}, Format::dzn);
}

namespace {

std::vector<std::string> arguments(const std::string& solver, const Mode& mode, const std::string& model,
                                   const std::string& data) {
    std::vector<std::string> a{"minizinc", "--solver", solver, "--statistics"};
    if (mode.kind == Mode::Kind::count && mode.limit == 0) {
        a.emplace_back("--all-solutions");
    } else if (mode.kind == Mode::Kind::count) {
        a.emplace_back("--num-solutions");
        a.push_back(std::to_string(mode.limit));
    }
    a.push_back(model);
    a.push_back(data);
    return a;
}

// Reads the counters from the statistics; error set if one is present but malformed.
void read_counters(const Output& out, SolveResult& r, std::string& error) {
    const auto nodes = stat_uint(out, "nodes", error);
    const auto fails = stat_uint(out, "failures", error);
    const auto depth = stat_uint(out, "peakDepth", error);
    r.unknown = counter_bits({Counter::checks, Counter::propagations});
    if (nodes) r.counters.nodes = *nodes > 0 ? *nodes - 1 : 0;
    else r.unknown |= counter_bit(Counter::nodes);
    if (fails) r.counters.fails = *fails;
    else r.unknown |= counter_bit(Counter::fails);
    if (depth) r.counters.max_depth = *depth;
    else r.unknown |= counter_bit(Counter::max_depth);
}

// The result of a run that exited normally: its output judged line by line.
SolveResult judge(const Puzzle& puzzle, const Mode& mode, const std::string& text) {
    const Output out = parse_output(text);
    if (!out.error.empty()) return external::failed_result(Status::error, out.error);
    external::SolutionCollector solutions(puzzle);
    for (const std::string& s : out.solutions)
        if (auto why = solutions.add(s)) return external::failed_result(Status::error, "minizinc: " + *why);
    const std::uint64_t wanted = mode.stop_after();
    const bool stopped_at_limit = wanted != 0 && solutions.count() == wanted;
    if (wanted != 0 && solutions.count() > wanted)
        return external::failed_result(Status::error, fmt::format("minizinc printed {} solutions, {} were asked for",
                                                                  solutions.count(), wanted));
    if (!stopped_at_limit && !out.complete && !out.unsat)
        return external::failed_result(Status::error, "minizinc ended without finishing the search or saying why");
    SolveResult r = external::completed_result(kTool, solutions, mode, 0);
    std::string error;
    read_counters(out, r, error);
    if (!error.empty()) return external::failed_result(Status::error, error);
    return r;
}

class MiniZincSolver final : public Solver {
public:
    explicit MiniZincSolver(std::string solver) : solver_(std::move(solver)) {}

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        if (auto refused = external::refuse_node_limit(request, "minizinc")) return *refused;
        const external::TempDir dir("minizinc");
        const auto model = dir.write("futoshiki.mzn", model_text());
        const auto data = dir.write("puzzle.dzn", data_text(puzzle));
        // Names relative to the folder the tool runs in: no character of TMPDIR reaches its parser.
        return external::run_and_judge(kTool,
                                       arguments(solver_, request.mode, model.filename().string(), data.filename().string()),
                                       dir.path(),
                                       request.limits,
                                       [&](const std::string& out) { return judge(puzzle, request.mode, out); });
    }

private:
    std::string solver_;
};

}  // namespace

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make(const SolverSpec& spec) { return std::make_unique<MiniZincSolver>(table().decode(spec).solver); }

}  // namespace futolab::minizinc
