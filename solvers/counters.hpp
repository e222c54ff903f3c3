// The search counters of SPEC §4, defined once. FUTOLAB_COUNTERS is the single list that
// generates the struct, the CSV columns and the benchmark counters, so they cannot drift.
// Every backend counts them the same way (definitions also in the README):
#pragma once

#include <cstdint>
#include <string_view>

// The order is the CSV column order of SPEC §5.
#define FUTOLAB_COUNTERS(X)                                                                        \
    X(solutions, "solutions found")                                                               \
    X(nodes, "branching decisions tried below the root: each value tried for a variable "         \
             "(d-way), or each alternative of a binary branch")                                    \
    X(fails, "nodes at which a conflict or a domain wipe-out was detected (plus 1 if the root "    \
             "itself fails)")                                                                      \
    X(checks, "binary constraint checks (a value tested against one other cell's value)")         \
    X(propagations, "values removed from domains by propagation (not by branching)")              \
    X(max_depth, "deepest node reached (a node's depth = decisions on its path; root = 0)")

namespace futolab {

struct Counters {
#define FUTOLAB_COUNTER_FIELD(name, doc) std::uint64_t name = 0;
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_FIELD)
#undef FUTOLAB_COUNTER_FIELD

    // Sums, except max_depth, which is a maximum.
    Counters& operator+=(const Counters& other) {
        const std::uint64_t depth = max_depth > other.max_depth ? max_depth : other.max_depth;
#define FUTOLAB_COUNTER_ADD(name, doc) name += other.name;
        FUTOLAB_COUNTERS(FUTOLAB_COUNTER_ADD)
#undef FUTOLAB_COUNTER_ADD
        max_depth = depth;
        return *this;
    }
    friend bool operator==(const Counters&, const Counters&) = default;
};

// Visits (name, doc, value) for each counter in the fixed order.
template <class F>
void for_each_counter(const Counters& c, F&& f) {
#define FUTOLAB_COUNTER_VISIT(name, doc) f(std::string_view(#name), std::string_view(doc), c.name);
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_VISIT)
#undef FUTOLAB_COUNTER_VISIT
}

}  // namespace futolab
