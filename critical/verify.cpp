#include "critical/verify.hpp"

#include "critical/oracle.hpp"

#include <string>

namespace futolab::critical {

Verification verify_critical_set(const ClueUniverse& u, const ClueSet& set, std::string_view backend) {
    UniquenessOracle oracle(backend);
    Verification v;
    v.backend = oracle.spec();
    v.uniquely_completable = oracle.unique(u, set);
    if (!v.uniquely_completable) {
        v.why = "the set has a second solution";
        v.checks = oracle.checks();
        return v;
    }
    v.critical = true;
    ClueSet without = set;
    for (int i = 0; i < u.size() && v.critical; ++i) {
        if (!set[i]) continue;
        without[i] = 0;
        if (oracle.unique(u, without)) {
            v.critical = false;
            v.why = "clue " + std::to_string(i) + " is redundant: the set without it is still uniquely completable";
        }
        without[i] = 1;
    }
    v.checks = oracle.checks();
    return v;
}

}  // namespace futolab::critical
