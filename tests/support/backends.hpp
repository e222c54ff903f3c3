// The backend list as the registry's table has it (header-only): tests that check a message
// listing the valid solvers derive the list here, so a new backend row needs no test edit.
#pragma once

#include "solvers/registry/registry.hpp"

#include <string>

namespace futolab::test {

// "backtracking, bitmask, …": every row's name in table order.
inline std::string backend_list() {
    std::string out;
    for (const BackendInfo& b : backend_table()) out += (out.empty() ? "" : ", ") + std::string(b.name);
    return out;
}

}  // namespace futolab::test
