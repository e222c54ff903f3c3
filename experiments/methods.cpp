#include "experiments/methods.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <vector>

namespace futolab {
namespace {

const std::vector<OptionSpec>& unique_table() {
    static const std::vector<OptionSpec> table{
        {"use", {"both", "numbers", "relations"}, "both", "clue kinds the puzzle may use"},
        {"grade", {"any", "fc", "ac", "gac", "search"}, "any", "target difficulty grade (retries new squares)"},
        {"attempts", {"<uint>"}, "100", "squares tried for the target grade"},
    };
    return table;
}

// iterations = 0 and time_ms = 0: one greedy pass for objective greedy, else 200 passes, as
// `futolab critical` does. Bounding by iterations keeps the run deterministic; time_ms does not.
const std::vector<OptionSpec>& critical_table() {
    static const std::vector<OptionSpec> table{
        {"objective", {"greedy", "h+k", "2h+3k", "k", "h"}, "greedy", "what the search minimises"},
        {"use", {"both", "numbers", "relations"}, "both", "clue kinds the set may use"},
        {"iterations", {"<uint>"}, "0", "greedy passes (0: 1 for greedy, else 200)"},
        {"time_ms", {"<uint>"}, "0", "search time bound per square in ms (0: none; not deterministic)"},
        {"oracle", {"gac", "gecode"}, "gac", "uniqueness oracle of the search"},
        {"verify", {"gecode", "gac", "fc"}, "gecode", "backend of the independent verification"},
    };
    return table;
}

}  // namespace

std::string_view method_name(Task task) {
    if (task == Task::generate) return "unique";
    if (task == Task::critical) return "critical";
    return "";
}

std::span<const OptionSpec> method_options(Task task) {
    if (task == Task::generate) return unique_table();
    if (task == Task::critical) return critical_table();
    return {};
}

SolverSpec parse_method_spec(Task task, std::string_view text) {
    SpecText parts = split_spec(text, "method");
    if (parts.name != method_name(task))
        throw InputError(fmt::format("task {} has one method, '{}', not '{}'", task_name(task), method_name(task),
                                     parts.name));
    SolverSpec spec;
    spec.name = std::move(parts.name);
    spec.options = resolve_options(spec.name, method_options(task), parts.options);
    return spec;
}

}  // namespace futolab
