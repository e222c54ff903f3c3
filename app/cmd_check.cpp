// futolab check INPUT… [--solution TEXT]: validates every instance (exit 2 with a one-line
// message on the first invalid one) and verifies candidate solutions: the one given with
// --solution (single instance only) and any `solution` stored in the input (JSONL).
// A wrong solution is a negative answer, not bad input: exit 1.
// With --expect MANIFEST the inputs are results CSVs, checked against futolab-bench's expected
// answers (app/check_expect.hpp).
#include "analysis/same_runs.hpp"
#include "app/check_expect.hpp"
#include "app/commands.hpp"
#include "app/load.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/verify.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <iostream>
#include <sstream>

namespace futolab::app {
namespace {

struct CheckArgs {
    std::vector<std::string> inputs;
    std::string solution;
    std::string expect;              // a futolab-bench manifest: the inputs are results CSVs
    std::vector<std::string> tiers;  // with expect: the tiers the run covers (default all)
};

std::vector<int> stored_solution(const Instance& in) {
    std::vector<int> grid;
    for (const auto& row : in.solution) grid.insert(grid.end(), row.begin(), row.end());
    return grid;
}

// Prints the verdict; returns false if the solution is wrong.
bool report_solution(const Puzzle& p, const std::vector<int>& grid, const char* what, const Interrupt& stop) {
    if (auto why = verify_solution(p, grid)) {
        write_stdout_record(fmt::format("{}: {} is wrong: {}\n", visible_text(p.id()), what, *why), stop);
        return false;
    }
    write_stdout_record(fmt::format("{}: {} verifies\n", visible_text(p.id()), what), stop);
    return true;
}

int check(const CheckArgs& args) {
    // core/files.hpp: standard input is read once, before anything is read; by --expect and the
    // inputs too (`check --expect - -` gave both the one text read: red-team round 26, C F7).
    std::vector<NamedInput> read = numbered_inputs(args.inputs);
    if (!args.expect.empty()) read.insert(read.begin(), NamedInput{"--expect", args.expect});
    refuse_stdin_twice(read);
    if (!args.expect.empty()) {
        std::ostringstream printed;  // written once made (app/load.hpp: a signal is a stop request)
        const int code = check_expect(args.expect, args.tiers, args.inputs, printed);
        // A copy of an input (or a shard beside its merge) counts its runs twice: said, as by compare.
        for (const std::string& w : same_runs_warnings(args.inputs, args.inputs, "counted twice"))
            std::cerr << visible_text("futolab: warning: " + w, LineBreaks::shown) << "\n";
        write_stdout_text(printed.str());
        return code;
    }
    if (!args.tiers.empty()) throw InputError("check: --tier applies only with --expect");
    // One line at a time, SIGINT, SIGTERM and SIGHUP a stop request from the read on and between
    // two lines (exit 1, "interrupted"), as for every write of records (red-team round 16, A F1).
    Interrupt stop;
    const SignalScope signals(stop);
    const auto loaded = load_instances(args.inputs, stop);
    if (!args.solution.empty() && loaded.size() != 1)
        throw InputError(fmt::format("--solution needs exactly one instance, the input has {}", loaded.size()));
    // Read before anything is printed: malformed text is bad input (exit 2) with no "valid" line
    // before it, as a malformed input file is.
    const std::vector<int> solution =
        args.solution.empty() ? std::vector<int>{} : solution_from_text(loaded.front().second.n(), args.solution, {"--solution"});
    bool all_right = true;
    for (const auto& [in, p] : loaded) {
        write_stdout_record(fmt::format("{}: valid, n={} h={} k={} hash={}\n", visible_text(p.id()), p.n(), p.num_givens(),
                                        p.num_relations(), p.hash()),
                            stop);
        if (!in.solution.empty()) all_right &= report_solution(p, stored_solution(in), "stored solution", stop);
    }
    if (!args.solution.empty()) all_right &= report_solution(loaded.front().second, solution, "solution", stop);
    return all_right ? 0 : 1;
}

}  // namespace

void add_check(CLI::App& app, Action& run) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* cmd = app.add_subcommand("check", "Validate instances and verify candidate solutions");
    cmd->add_option("inputs", args->inputs, "Instance files (- for stdin); with --expect, results CSVs")->required();
    auto* solution =
        cmd->add_option("--solution", args->solution, "A candidate solution to verify, e.g. \"2 1 4 3/4 2 3 1/...\"");
    cmd->add_option("--expect", args->expect,
                    "A futolab-bench manifest (bench/v1/manifest.json): check the results CSVs' answers against it "
                    "(wrong status or solution, missing instances, instances not in it; exit 1 if any)")
        ->excludes(solution);
    cmd->add_option("--tier", args->tiers, "With --expect: the tiers the run covers (default all), repeatable or comma-separated")
        ->delimiter(',')
        ->allow_extra_args(false);
    cmd->callback([args, &run] { run = [args] { return check(*args); }; });
}

}  // namespace futolab::app
