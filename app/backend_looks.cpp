#include "app/backend_looks.hpp"

#include "solvers/registry/registry.hpp"

namespace futolab::app {

BackendLooks backend_looks() {
    BackendLooks looks;
    for (const BackendInfo& row : backend_table())
        looks.push_back({std::string(row.name), std::string(row.look.colour), row.look.point});
    return looks;
}

}  // namespace futolab::app
