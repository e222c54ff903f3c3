// futolab solve [-s SOLVER]… [--count K|all] [--time-limit SEC] [--cpu-limit SEC] [--node-limit N] [--seed S]
//               [--format csv|pretty] INPUT…
// Every instance × every solver, one run each. Solutions are re-verified by run_solver
// before they are printed; a backend error makes the exit code 1. A run that answered past
// --time-limit/--cpu-limit is printed as `run` writes it, a timeout (the limit rule). The first SIGINT/SIGTERM
// stops the running search or tool as at a time limit (its temporary folder removed, its
// processes killed), prints nothing for that run and exits 1; a second exits at once (130),
// and the next futolab removes what that left (solvers/external/owner.hpp).
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/number_options.hpp"
#include "app/option_rules.hpp"
#include "app/output_formats.hpp"
#include "app/vocabulary_option.hpp"
#include "core/files.hpp"
#include "core/formats/formats.hpp"
#include "core/visible_text.hpp"
#include "experiments/config.hpp"
#include "experiments/limit_rule.hpp"
#include "experiments/task_kinds.hpp"
#include "sandbox/interrupt.hpp"
#include "records/output_guard.hpp"
#include "records/results_csv.hpp"
#include "solvers/command/declaration.hpp"
#include "solvers/run/oracle.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <string_view>

namespace futolab::app {
namespace {

struct SolveArgs {
    std::vector<std::string> inputs;
    // The default a user who names no solver gets: robust on hard random instances and
    // deterministic (solvers/portfolio/portfolio.hpp, schedule=sequence; issue #28).
    std::vector<std::string> solvers{std::string(kDefaultSolveSpec)};
    std::string count;
    double time_limit = 0;
    double cpu_limit = 0;
    std::uint64_t node_limit = 0;
    std::uint64_t seed = 0;
    SolveFormat format = SolveFormat::pretty;
    std::string commands;  // a YAML file whose `commands:` the -s command:name=NAME specs name
};

// Whether a -s spec names the command backend (`command:name=NAME`): the one solver --commands
// declares for. Its name is the text before the first ':', as the registry reads it.
bool runs_a_command(const std::string& spec) {
    return std::string_view(spec).substr(0, spec.find(':')) == command::kBackend;
}

// The options another one leaves unused (issue #45): refused, naming both. --commands read and
// then ignored by `-s gac` said nothing (red-team round 28, C F6).
const std::vector<OptionRule<SolveArgs>>& solve_rules() {
    static const std::vector<OptionRule<SolveArgs>> rules{
        {"--commands", "without a -s command:name=NAME solver", [](const SolveArgs& a) -> std::string {
             return std::any_of(a.solvers.begin(), a.solvers.end(), runs_a_command)
                        ? ""
                        : "does not apply without a -s command:name=NAME solver (it only declares the commands such a "
                          "solver runs)";
         }},
    };
    return rules;
}

// The puzzle with the solution's values shown as givens, in grid text.
std::string solved_grid(const Puzzle& p, const std::vector<int>& solution) {
    Instance shown = p.to_instance();
    shown.givens.clear();
    for (int cell = 0; cell < p.cells(); ++cell) shown.givens.push_back({cell / p.n(), cell % p.n(), solution[cell]});
    shown.solution.clear();
    return write_instances({shown}, Format::futo);
}

// The row's status and message, not the run's: the limit rule may have made a past-limit answer a
// timeout, whose message keeps the answer and which shows no grid (as a timeout row carries none).
std::string pretty_text(const ResultRow& row, const Puzzle& p, const RunResult& run) {
    std::string text = fmt::format("{}  {}  {}", visible_text(row.instance),
                                   row.options.empty() ? row.solver : row.solver + ":" + row.options, status_name(row.status));
    for_each_counter(row.counters, row.unknown_counters, [&text](std::string_view name, std::uint64_t v, bool known) {
        text += known ? fmt::format("  {}={}", name, v) : fmt::format("  {}=?", name);  // ?: the tool does not say
    });
    text += fmt::format("  time={:.3f}ms\n", static_cast<double>(row.wall_ns) / 1e6);
    if (!row.message.empty()) text += "  " + visible_text(row.message) + "\n";
    if (outcome_of(row.status) == RunOutcome::finished && !run.result.solution.empty())
        text += visible_text(solved_grid(p, run.result.solution), LineBreaks::kept) + "\n";
    return text;
}

// --count K|all, K a whole number from 1 (2 = uniqueness test).
Mode mode_of(const std::string& count) {
    if (count.empty() || count == "first") return Mode::first();
    if (count == "all") return Mode::count_all();
    return Mode::count_to(parse_uint_in(count, "--count", {1, kMaxWhole, "or 'all'"}));
}

int solve(const SolveArgs& args) {
    // core/files.hpp: standard input is read once, before anything is read; by the inputs and
    // --commands too (`solve - --commands -` gave both the one text read: red-team round 26, C F7).
    std::vector<NamedInput> read = numbered_inputs(args.inputs);
    if (!args.commands.empty()) read.push_back(NamedInput{"--commands", args.commands});
    refuse_stdin_twice(read);
    std::vector<SolverSpec> specs;
    const std::vector<command::Declaration> commands = args.commands.empty() ? std::vector<command::Declaration>{}
                                                                            : load_commands(args.commands);
    std::map<std::string, std::string> spelled;  // resolved text → the first spelling of it
    for (const std::string& s : args.solvers) {
        specs.push_back(parse_solver_spec(s, commands));
        // As a config's `solvers:` (experiments/config.cpp): `-s fc -s fc:var=mrv` ran every
        // puzzle twice under two labels of one solver.
        const auto [first, added] = spelled.emplace(specs.back().text(), s);
        if (!added)
            throw InputError(fmt::format("--solver {}: '{}' and '{}' resolve to the same options ({}): the same solver "
                                         "twice; keep one", s, first->second, s, specs.back().text()));
    }
    const Mode mode = mode_of(args.count);
    Interrupt interrupt;
    Limits limits;
    limits.time_seconds = args.time_limit;
    limits.cpu_seconds = args.cpu_limit;
    limits.nodes = args.node_limit;
    limits.stop = interrupt.flag();
    const SolveRequest request{mode, limits, args.seed};
    const SignalScope signals(interrupt);  // from the read on (load_puzzles)
    const std::vector<Puzzle> puzzles = load_puzzles(args.inputs, interrupt);
    check_stdout_records("solve");  // its results onto an experiment's CSV or sidecar (round 12)
    const bool csv = args.format == SolveFormat::csv;
    if (csv) write_stdout_record(csv_header_line(), interrupt);
    int exit_code = 0;
    std::size_t run_index = 0;
    for (const Puzzle& p : puzzles) {
        for (const SolverSpec& spec : specs) {
            const RunResult run = run_solver(*make_solver(spec), p, request);
            if (interrupt.requested()) {  // the run was cut short: not a result
                std::cerr << "futolab: interrupted\n";
                return 1;
            }
            ResultRow row = make_result_row("solve", p, spec, args.seed, 1, mode, run, run_index++);
            row.spec = spec.spec();
            row.time_limit_ms = limit_ms(args.time_limit);  // SPEC §5: an empty cell is "no limit"
            row.cpu_limit_ms = limit_ms(args.cpu_limit);
            // The rule for a run past its limit, the one `run` applies (experiments/limit_rule.hpp,
            // docs/isolation.md): an answer past --time-limit/--cpu-limit is a timeout in every
            // format, so solve and run give one measurement one status (red-team round 26, C F10).
            apply_limit_rule(row, limits, task_info(mode.kind == Mode::Kind::count ? Task::count : Task::solve));
            // Each result is out before the next run; a lost one stops here. A signal during the
            // write is "interrupted", never "Interrupted system call" (red-team round 16, 063).
            write_stdout_record(csv ? csv_line(row) : pretty_text(row, p, run), interrupt);
            if (run.result.status == Status::error) {
                std::cerr << visible_text(fmt::format("futolab: {} with {}: {}", p.id(), spec.text(), run.result.message),
                                          LineBreaks::shown)
                          << "\n";
                exit_code = 1;
            }
        }
    }
    return exit_code;
}

}  // namespace

void add_solve(CLI::App& app, Action& run) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* cmd = app.add_subcommand("solve", "Solve, count or decide uniqueness of every instance");
    cmd->footer("The first SIGINT/SIGTERM/SIGHUP stops the running search or tool (its processes killed, its temporary "
                "folder removed), prints no row for it and exits 1; a second signal exits at once (130), and the next "
                "futolab removes what that left behind. See docs/isolation.md (external tools).");
    cmd->add_option("inputs", args->inputs, "Instance files (- for stdin)")->required();
    cmd->add_option("-s,--solver", args->solvers, "NAME[:key=value,...], repeatable (default portfolio:schedule=sequence: gac, then sat for a hard first solution; see futolab list)");
    cmd->add_option("--count", args->count, "Count solutions up to K (2 = uniqueness test), or 'all'");
    add_duration(cmd, "--time-limit", args->time_limit,
                 "Wall-time limit per run: seconds, or 500ms, 2m, 1h (0 = none; at most 9.2e9 s)");
    add_duration(cmd, "--cpu-limit", args->cpu_limit,
                 "CPU-time limit per run (the search's thread and every process it starts): seconds, or 500ms, 2m "
                 "(0 = none); a run stopped by it is timeout, its message says which limit fired");
    add_whole(cmd, "--node-limit", args->node_limit, {0, kMaxWhole, "0 = none"}, "Node limit per run (0 = none)");
    // Not refused where no spec reads it (red-team round 30, F7, kept by decision): it is the
    // row's `seed`, and a seed sweep runs over deterministic and randomised backends alike.
    add_whole(cmd, "--seed", args->seed, {},
              "Seed for what is randomised (gac val=random, sat's CaDiCaL, a command's {seed}), 0 to 2^64-1; recorded in "
              "each row, and ignored by a backend that draws nothing");
    add_word(cmd, "--format", args->format, kSolveFormats, "Output: " + word_help(kSolveFormats));
    cmd->add_option("--commands", args->commands,
                    "YAML file (e.g. an experiment config) whose 'commands:' declare the solvers -s command:name=NAME runs "
                    "(docs/solvers.md)");
    cmd->footer(cmd->get_footer() + "\n" + option_rules_help(solve_rules()));
    cmd->callback([args, cmd, &run] {
        refuse_clashes("solve", solve_rules(), *args, given_options(*cmd));
        run = [args] { return solve(*args); };
    });
}

}  // namespace futolab::app
