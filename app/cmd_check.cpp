// futolab check INPUT… [--solution TEXT]: validates every instance (exit 2 with a one-line
// message on the first invalid one) and verifies candidate solutions: the one given with
// --solution (single instance only) and any `solution` stored in the input (JSONL).
// A wrong solution is a negative answer, not bad input: exit 1.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "core/error.hpp"
#include "core/verify.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <iostream>

namespace futolab::app {
namespace {

struct CheckArgs {
    std::vector<std::string> inputs;
    std::string solution;
};

std::vector<int> stored_solution(const Instance& in) {
    std::vector<int> grid;
    for (const auto& row : in.solution) grid.insert(grid.end(), row.begin(), row.end());
    return grid;
}

// Prints the verdict; returns false if the solution is wrong.
bool report_solution(const Puzzle& p, const std::vector<int>& grid, const char* what) {
    if (auto why = verify_solution(p, grid)) {
        std::cout << fmt::format("{}: {} is wrong: {}\n", visible_text(p.id()), what, *why);
        return false;
    }
    std::cout << fmt::format("{}: {} verifies\n", visible_text(p.id()), what);
    return true;
}

int check(const CheckArgs& args) {
    const auto loaded = load_instances(args.inputs);
    if (!args.solution.empty() && loaded.size() != 1)
        throw InputError(fmt::format("--solution needs exactly one instance, the input has {}", loaded.size()));
    bool all_right = true;
    for (const auto& [in, p] : loaded) {
        std::cout << fmt::format("{}: valid, n={} h={} k={} hash={}\n", visible_text(p.id()), p.n(), p.num_givens(),
                                 p.num_relations(), p.hash());
        if (!in.solution.empty()) all_right &= report_solution(p, stored_solution(in), "stored solution");
    }
    if (!args.solution.empty()) {
        const Puzzle& p = loaded.front().second;
        all_right &= report_solution(p, solution_from_text(p.n(), args.solution, {"--solution"}), "solution");
    }
    return all_right ? 0 : 1;
}

}  // namespace

void add_check(CLI::App& app, Action& run) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* cmd = app.add_subcommand("check", "Validate instances and verify candidate solutions");
    cmd->add_option("inputs", args->inputs, "Instance files (- for stdin)")->required();
    cmd->add_option("--solution", args->solution, "A candidate solution to verify, e.g. \"2 1 4 3/4 2 3 1/...\"");
    cmd->callback([args, &run] { run = [args] { return check(*args); }; });
}

}  // namespace futolab::app
