#include "critical/construction/construction_record.hpp"

#include "critical/clue_universe.hpp"
#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"
#include "critical/oracle/witness.hpp"

#include <fmt/format.h>

#include <map>
#include <stdexcept>
#include <utility>

namespace futolab::critical {

Instance construction_record(const ChainConstruction& c, const std::string& verify_backend, bool& verified) {
    const ClueUniverse u(c.n, c.square);
    std::map<std::pair<int, int>, int> index;  // (smaller cell, larger cell) -> clue index
    for (int i = 0; i < u.size(); ++i)
        if (!u.clue(i).is_number) index[{u.clue(i).cell, u.clue(i).other}] = i;
    ClueSet set(static_cast<std::size_t>(u.size()), 0);
    Witnesses witnesses(static_cast<std::size_t>(u.size()));
    for (std::size_t j = 0; j < c.relations.size(); ++j) {
        const LessThan& lt = c.relations[j];
        const auto it = index.find({lt.r1 * c.n + lt.c1, lt.r2 * c.n + lt.c2});
        if (it == index.end()) throw std::logic_error("a construction relation is not one of L's");
        set[static_cast<std::size_t>(it->second)] = 1;
        witnesses[static_cast<std::size_t>(it->second)] = transposed(c.n, c.square, c.witnesses[j]);
    }
    const Verification v = verify_critical_set(u, set, verify_backend, &witnesses);
    verified = v.uniquely_completable && v.critical;
    const Json extra = {{"construction", "chains"}, {"split", c.split}, {"law", c.n * c.n / 4}};
    return set_record(u, set, fmt::format("construct-n{}-m{}", c.n, c.split), v, extra);
}

}  // namespace futolab::critical
