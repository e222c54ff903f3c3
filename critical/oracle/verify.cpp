#include "critical/oracle/verify.hpp"

#include "critical/oracle/incremental.hpp"
#include "critical/oracle/oracle.hpp"

#include <optional>
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
        v.why = std::string(kSecondSolution);
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
            v.why = redundant_clue_why(i);
        }
        without[static_cast<std::size_t>(i)] = 1;
    }
    return v;
}

// Whether every clue of the set is shown necessary by its witness, so that verification asks
// the backend one question only.
bool all_witnessed(const ClueUniverse& u, const ClueSet& set, const Witnesses* witnesses) {
    if (witnesses == nullptr) return false;
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)] && !is_witness(u, set, i, (*witnesses)[static_cast<std::size_t>(i)])) return false;
    return true;
}

}  // namespace

std::string redundant_clue_why(int clue) {
    return "clue " + std::to_string(clue) + " is redundant: the set without it is still uniquely completable";
}

Verification verify_critical_set(const ClueUniverse& u, const ClueSet& set, std::string_view backend,
                                 const Witnesses* witnesses) {
    if (witnesses != nullptr && witnesses->size() != static_cast<std::size_t>(u.size()))
        throw std::logic_error("verify_critical_set: one witness entry per clue of the universe expected");
    // An incremental kernel pays for every clue of the universe up front (~30 ms at 12×12 for
    // sat); it is built only when more than the one uniqueness question will be asked.
    std::optional<IncrementalOracle> incremental;
    if (!all_witnessed(u, set, witnesses)) incremental = IncrementalOracle::of(backend, u);
    if (incremental) {
        Verification v = verify_with(u, set, witnesses, [&](const ClueSet& s) { return incremental->unique(s); });
        v.backend = incremental->label();
        v.checks = incremental->checks();
        return v;
    }
    UniquenessOracle oracle(backend);
    Verification v = verify_with(u, set, witnesses, [&](const ClueSet& s) { return oracle.unique(u, s); });
    v.backend = oracle.spec();
    v.checks = oracle.checks();
    return v;
}

}  // namespace futolab::critical
