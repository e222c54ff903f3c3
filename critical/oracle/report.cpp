#include "critical/oracle/report.hpp"

namespace futolab::critical {

Instance set_record(const ClueUniverse& u, const ClueSet& set, const std::string& id, const Verification& v,
                    const Json& extra) {
    Instance in = u.to_instance(set, id);
    const ClueCounts c = count_clues(u, set);
    Json meta = Json::object();
    meta["h"] = c.h;
    meta["k"] = c.k;
    meta["h+k"] = c.h + c.k;
    meta["2h+3k"] = 2 * c.h + 3 * c.k;
    meta["bound"] = weighted_bound(u.n());
    meta["slack"] = 2 * c.h + 3 * c.k - weighted_bound(u.n());
    meta["uniquely_completable"] = v.uniquely_completable;
    meta["critical"] = v.critical;
    meta["verified_by"] = v.backend;
    if (v.witnesses > 0) meta["verified_witnesses"] = v.witnesses;
    for (const auto& [key, value] : extra.items()) meta[key] = value;
    in.meta = std::move(meta);
    return in;
}

}  // namespace futolab::critical
