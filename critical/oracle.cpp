#include "critical/oracle.hpp"

#include "core/puzzle.hpp"

#include <stdexcept>

namespace futolab::critical {

UniquenessOracle::UniquenessOracle(std::string_view spec) : oracle_(spec) {}

Status UniquenessOracle::count_to_two(const ClueUniverse& u, const ClueSet& set) {
    const OracleAnswer a = oracle_.count_to_two(Puzzle::compile(u.to_instance(set, "critical")));
    if (a.status == Status::unique && a.first != u.square())
        throw std::runtime_error(spec() + ": the unique solution of a clue set is not its square");
    if (a.status != Status::unique && a.status != Status::multiple)
        throw std::runtime_error(spec() + ": count-to-2 of a clue set gave " + std::string(status_name(a.status)));
    return a.status;
}

}  // namespace futolab::critical
