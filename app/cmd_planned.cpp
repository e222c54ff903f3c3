// Subcommands that later issues fill in. They exist now so that `futolab --help` shows the
// whole tool; running one says which issue brings it and exits 1 (a run-time failure).
#include "app/commands.hpp"

#include <stdexcept>
#include <string>

namespace futolab::app {
namespace {

void add_one(CLI::App& app, Action& run, const std::string& name, const std::string& help, const std::string& issue) {
    CLI::App* cmd = app.add_subcommand(name, help + " (planned: " + issue + ")");
    cmd->allow_extras();
    cmd->callback([&run, name, issue] {
        run = [name, issue]() -> int {
            throw std::runtime_error("'futolab " + name + "' is not implemented yet (" + issue + ")");
        };
    });
}

}  // namespace

void add_planned(CLI::App& app, Action& run) {
    add_one(app, run, "generate", "Generate random and uniquely solvable instances (JSONL)", "issue #4");
    add_one(app, run, "critical", "Find critical clue sets of solved squares (JSONL)", "issue #4");
}

}  // namespace futolab::app
