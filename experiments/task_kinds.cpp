#include "experiments/task_kinds.hpp"

#include <vector>

namespace futolab {

std::string kinds_accepting(TaskKey key) {
    std::vector<std::string_view> names;
    for (const TaskInfo& kind : kTasks)
        if (accepts(kind, key)) names.push_back(kind.name);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + std::string(names[i]);
    return out;
}

}  // namespace futolab
