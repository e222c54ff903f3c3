// futolab critical … (issue #4): placeholder until the generators land.
#include "app/commands.hpp"

#include <stdexcept>

namespace futolab::app {

void add_critical(CLI::App& app, Action& run) {
    CLI::App* cmd = app.add_subcommand("critical", "Find critical clue sets of solved squares (JSONL; planned: issue #4)");
    cmd->allow_extras();
    cmd->callback([&run] { run = []() -> int { throw std::runtime_error("'futolab critical' is not implemented yet (issue #4)"); }; });
}

}  // namespace futolab::app
