#include "experiments/method_counters.hpp"

#include "experiments/methods.hpp"

namespace futolab {

bool method_counts_nodes(Task task, const SolverSpec& method) {
    switch (task) {
    case Task::exact: return exact_method(method).search.engine == critical::HittingEngine::bb;
    case Task::exact_sample: return exact_sample_method(method).search.engine == critical::HittingEngine::bb;
    default: return true;
    }
}

CounterMask method_uncounted(Task task, const SolverSpec& method) {
    const CounterMask kind = task_info(task).empty_counters;
    return method_counts_nodes(task, method) ? kind : kind | counter_bit(Counter::nodes);
}

}  // namespace futolab
