// Backend `command`: a solver outside futolab, in any language, run as a child process from the
// argument vector its declaration gives (declaration.hpp; never through a shell), in a private
// temporary folder that holds the instance file in the declared format (no id, no solution:
// only the puzzle), under the run's wall, CPU (the tool's whole process tree) and memory
// limits, with every process it leaves behind killed (solvers/external/process.hpp, as for
// minizinc, clpfd and ilp). Its stdout is parsed by a fixed grammar (answer.hpp), judged
// against the puzzle (verdict.hpp: every grid verified, every claim of a complete search
// re-checked by run_solver), and its counters read by the declared regexes
// (counter_rules.hpp). A node limit is refused (error row), as for the other tools.
//
// Checklist (solvers/solver.hpp): re-entrant (each solve has its own folder and process);
// counters the tool does not report are unknown (empty), never 0; the status is the tool's
// word, named in claimed_by.
#include "solvers/command/command.hpp"

#include "solvers/command/argv_template.hpp"
#include "solvers/command/counter_rules.hpp"
#include "solvers/command/declaration.hpp"
#include "solvers/command/verdict.hpp"
#include "solvers/external/outcome.hpp"
#include "solvers/external/process.hpp"
#include "solvers/external/temp_dir.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <optional>

namespace futolab::command {
namespace {

// The instance file's text: the canonical puzzle alone (no id, meta or solution: nothing of
// the input file but the puzzle reaches the tool, and never the answer).
std::string instance_text(const Puzzle& puzzle, Format format) {
    Instance in = puzzle.to_instance();
    in.id.clear();
    in.meta = nullptr;
    in.extra = nullptr;
    in.solution.clear();
    return write_instances({in}, format);
}

class CommandSolver final : public Solver {
public:
    explicit CommandSolver(Declaration d)
        : decl_(std::move(d)), who_("command:name=" + decl_.name), rules_(compile_rules(decl_.counters)) {}

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        if (auto refused = external::refuse_node_limit(request, who_)) return *refused;
        const external::TempDir dir("command");
        const auto file = dir.write("instance" + std::string(format_info(decl_.format).extensions.front()),
                                    instance_text(puzzle, decl_.format));
        const TemplateValues values{file.string(), std::to_string(request.mode.stop_after()),
                                    std::to_string(request.seed), std::filesystem::current_path().string()};
        external::ProcessSpec spec;
        for (const std::string& element : decl_.argv) spec.argv.push_back(expand(element, values));
        spec.dir = dir.path();
        spec.time_seconds = request.limits.time_seconds;
        spec.memory_bytes = request.limits.memory_bytes;
        spec.cpu_seconds = request.limits.cpu_seconds;
        spec.stop = request.limits.stop;
        // A tool that ignores SIGTERM is killed 0.2 s after its limit, before a warm worker's
        // watchdog (limit + 0.5 s from the run's start) kills the worker instead and leaves
        // the tool's children to init.
        spec.grace_seconds = 0.2;
        const external::ProcessResult p = external::run_process(spec);
        SolveResult r = judge(puzzle, request.mode, p, spec.memory_bytes);
        r.tool_cpu_ns = p.cpu_ns;
        r.tool_max_rss_kb = p.max_rss_kb;
        return r;
    }

private:
    SolveResult judge(const Puzzle& puzzle, const Mode& mode, const external::ProcessResult& p,
                      std::uint64_t memory_bytes) const {
        if (!p.started)
            return external::failed_result(
                Status::error, fmt::format("{}: '{}' is not an executable program (on PATH or at that path)", who_,
                                           external::printable_line(decl_.argv.front())));
        if (auto failed = external::process_failure(p, {who_, ""}, memory_bytes)) return *failed;
        SolveResult r = judge_answer(puzzle, mode, parse_answer(p.out), who_);
        if (outcome_of(r.status) == RunOutcome::failed) return r;
        if (auto why = read_counters(rules_, p.out, p.err, r.counters, r.unknown))
            return external::failed_result(Status::error, who_ + ": " + *why);
        return r;
    }

    Declaration decl_;
    std::string who_;
    std::vector<CounterRule> rules_;
};

// The bare `command` (parse_solver_spec("command"), no declaration): every run says how to
// declare one.
class Undeclared final : public Solver {
public:
    SolveResult solve(const Puzzle&, const SolveRequest&) override {
        return external::failed_result(Status::error, "command: no command declared (declare one under 'commands:' in "
                                                      "the config, or pass --commands FILE to solve, and name it "
                                                      "command:name=NAME)");
    }
};

}  // namespace

std::span<const OptionSpec> options() { return {}; }

std::unique_ptr<Solver> make(const SolverSpec& spec) {
    if (std::optional<Declaration> d = declaration_of(spec)) return std::make_unique<CommandSolver>(std::move(*d));
    return std::make_unique<Undeclared>();
}

}  // namespace futolab::command
