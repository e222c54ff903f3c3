// Backend `clpfd`: SWI-Prolog's CLP(FD) library (Triska 2012) on models/futoshiki.pl (compiled
// into the library), the approach of the project report futolab's seed studies come from:
// `Vs ins 1..N`, all_distinct/1 on rows and columns, #< per relation, labeling/2 with
// leftmost or ff, and findnsols/4 for at most K solutions (findall/3 for all). Run as
//   swipl -f none --no-packs futoshiki.pl -- puzzle.term LABELING K
// in a child process (solvers/external: argument vector, the run's time and memory limits, its
// own temporary directory). The puzzle goes in as one term written by futolab from integers
// only, and the model reads it with read_term/2, so nothing of the input file is ever run.
// Every solution printed is parsed and verified, and repeats are rejected.
//
// Counters: solutions (futolab's own count of the verified solutions) and checks = SWI-Prolog's
// logical inferences (statistics(inferences)) spent posting the model and labeling: the
// machine-independent cost Prolog reports, as constraint checks are the classic one elsewhere;
// not comparable with other backends' checks. nodes, fails, propagations, max_depth: empty
// (labeling/2 does not report them). A node limit is refused (error row).
#include "solvers/clpfd/clpfd.hpp"

#include "solvers/clpfd/answer.hpp"
#include "solvers/external/outcome.hpp"
#include "solvers/option_table.hpp"
#include "solvers/external/process.hpp"
#include "solvers/external/solutions.hpp"
#include "solvers/external/temp_dir.hpp"

#include <fmt/format.h>

namespace futolab::clpfd {
namespace {

struct Config {
    std::string labeling = "leftmost";  // the labeling/2 option, passed to the model as it is
};

const OptionTable<Config>& table() {
    static const OptionTable<Config> t{
        choice<Config>("labeling", [](Config& c) -> auto& { return c.labeling; }, {{"leftmost", "leftmost"}, {"ff", "ff"}},
                       "labeling/2 variable order: leftmost (row-major) or ff (first fail: smallest domain first)"),
    };
    return t;
}

constexpr external::ToolName kTool{"swipl", "swi-prolog-nox"};

// Solutions wanted: K, or 0 for all.
std::string wanted(const Mode& mode) { return std::to_string(mode.stop_after()); }

SolveResult judge(const Puzzle& puzzle, const Mode& mode, const std::string& text) {
    const Answer answer = parse_answer(text);
    if (!answer.error.empty()) return external::failed_result(Status::error, answer.error);
    external::SolutionCollector solutions(puzzle);
    for (const std::string& s : answer.solutions)
        if (auto why = solutions.add(s)) return external::failed_result(Status::error, "clpfd: " + *why);
    const std::uint64_t limit = mode.stop_after();
    if (limit != 0 && solutions.count() > limit)
        return external::failed_result(Status::error,
                                       fmt::format("clpfd printed {} solutions, {} were asked for", solutions.count(), limit));
    SolveResult r = external::completed_result(
        kTool, solutions, mode, counter_bits({Counter::nodes, Counter::fails, Counter::propagations, Counter::max_depth}));
    r.counters.checks = answer.inferences;
    return r;
}

class ClpfdSolver final : public Solver {
public:
    explicit ClpfdSolver(std::string labeling) : labeling_(std::move(labeling)) {}

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        if (auto refused = external::refuse_node_limit(request, "clpfd")) return *refused;
        const external::TempDir dir("clpfd");
        const auto model = dir.write("futoshiki.pl", model_text());
        const auto data = dir.write("puzzle.term", puzzle_term(puzzle));
        // -f none, --no-packs: no user init file or add-on packs, the same run everywhere. Names
        // relative to the folder the tool runs in: no character of TMPDIR reaches its parser.
        return external::run_and_judge(
            kTool, {"swipl", "-f", "none", "--no-packs", model.filename().string(), "--", data.filename().string(), labeling_,
                    wanted(request.mode)},
            dir.path(), request.limits, [&](const std::string& out) { return judge(puzzle, request.mode, out); });
    }

private:
    std::string labeling_;
};

}  // namespace

// puzzle(N, [given(R, C, V), ...], [lt(R1, C1, R2, C2), ...]). — 1-based, integers only.
std::string puzzle_term(const Puzzle& p) {
    const int n = p.n();
    std::string givens, lts;
    for (int cell = 0; cell < p.cells(); ++cell)
        if (p.given(cell) != 0)
            givens += fmt::format("{}given({},{},{})", givens.empty() ? "" : ",", cell / n + 1, cell % n + 1, p.given(cell));
    for (const Relation& r : p.relations())
        lts += fmt::format("{}lt({},{},{},{})", lts.empty() ? "" : ",", r.lo / n + 1, r.lo % n + 1, r.hi / n + 1, r.hi % n + 1);
    return fmt::format("puzzle({}, [{}], [{}]).\n", n, givens, lts);
}

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make(const SolverSpec& spec) { return std::make_unique<ClpfdSolver>(table().decode(spec).labeling); }

}  // namespace futolab::clpfd
