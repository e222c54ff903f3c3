// futolab grade … (issue #4): placeholder until the generators land.
#include "app/commands.hpp"

#include <stdexcept>

namespace futolab::app {

void add_grade(CLI::App& app, Action& run) {
    CLI::App* cmd = app.add_subcommand("grade", "Grade puzzles: the weakest propagation that solves them (planned: issue #4)");
    cmd->allow_extras();
    cmd->callback([&run] { run = []() -> int { throw std::runtime_error("'futolab grade' is not implemented yet (issue #4)"); }; });
}

}  // namespace futolab::app
