#include "critical/verify.hpp"

#include "critical/oracle.hpp"
#include "critical/sat_oracle.hpp"
#include "solvers/options.hpp"

#include <stdexcept>
#include <string>

namespace futolab::critical {
namespace {

// Unique completion, then every clue necessary, asked of any oracle with unique(set).
template <class Unique>
Verification verify_with(const ClueUniverse& u, const ClueSet& set, const Witnesses* witnesses, Unique&& unique) {
    Verification v;
    v.uniquely_completable = unique(set);
    if (!v.uniquely_completable) {
        v.why = "the set has a second solution";
        return v;
    }
    v.critical = true;
    ClueSet without = set;
    for (int i = 0; i < u.size() && v.critical; ++i) {
        if (!set[static_cast<std::size_t>(i)]) continue;
        if (witnesses != nullptr && is_witness(u, set, i, (*witnesses)[static_cast<std::size_t>(i)])) {
            ++v.witnesses;
            continue;
        }
        without[static_cast<std::size_t>(i)] = 0;
        if (unique(without)) {
            v.critical = false;
            v.why = "clue " + std::to_string(i) + " is redundant: the set without it is still uniquely completable";
        }
        without[static_cast<std::size_t>(i)] = 1;
    }
    return v;
}

// `sat` with its default options (given as "sat" or spelled out canonically): its encoding,
// used incrementally. Other options of sat keep the one-solver-per-check backend.
bool incremental_sat(std::string_view backend) {
    static const std::string kDefault = parse_solver_spec("sat").text();
    return backend == kIncrementalSat || parse_solver_spec(backend).text() == kDefault;
}

}  // namespace

Verification verify_critical_set(const ClueUniverse& u, const ClueSet& set, std::string_view backend,
                                 const Witnesses* witnesses) {
    if (witnesses != nullptr && witnesses->size() != static_cast<std::size_t>(u.size()))
        throw std::logic_error("verify_critical_set: one witness entry per clue of the universe expected");
    if (incremental_sat(backend)) {
        SatUniquenessOracle oracle(u);
        Verification v = verify_with(u, set, witnesses, [&](const ClueSet& s) { return oracle.unique(s); });
        v.backend = "sat (incremental)";
        v.checks = oracle.checks();
        return v;
    }
    UniquenessOracle oracle(backend);
    Verification v = verify_with(u, set, witnesses, [&](const ClueSet& s) { return oracle.unique(u, s); });
    v.backend = oracle.spec();
    v.checks = oracle.checks();
    return v;
}

}  // namespace futolab::critical
