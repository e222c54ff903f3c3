#include "core/status.hpp"

namespace futolab {

std::string_view status_name(Status status) { return name_in(kStatuses, status); }

RunOutcome outcome_of(Status status) {
    const StatusWord* w = row_of(kStatuses, status);
    return w ? w->outcome : RunOutcome::failed;  // every value has a row (tested)
}

bool is_verdict(Status status) {
    const StatusWord* w = row_of(kStatuses, status);
    return w && w->verdict;
}

std::optional<Status> status_named(std::string_view name) {
    const StatusWord* w = row_named(kStatuses, name);
    return w ? std::optional<Status>(w->value) : std::nullopt;
}

}  // namespace futolab
