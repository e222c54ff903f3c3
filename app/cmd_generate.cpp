// futolab generate … (issue #4): placeholder until the generators land.
#include "app/commands.hpp"

#include <stdexcept>

namespace futolab::app {

void add_generate(CLI::App& app, Action& run) {
    CLI::App* cmd = app.add_subcommand("generate", "Generate random and uniquely solvable instances (JSONL; planned: issue #4)");
    cmd->allow_extras();
    cmd->callback([&run] { run = []() -> int { throw std::runtime_error("'futolab generate' is not implemented yet (issue #4)"); }; });
}

}  // namespace futolab::app
