// The search counters of SPEC §4, defined once. FUTOLAB_COUNTERS is the single list that
// generates the struct, the CSV columns and the benchmark counters, so they cannot drift.
// Every backend counts them the same way (definitions also in docs/solvers.md):
#pragma once

#include <cstdint>
#include <initializer_list>
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

// One bit per counter, in the FUTOLAB_COUNTERS order. A CounterMask marks the counters a
// backend does not know (SPEC §4: a counter an external tool does not report is empty in the
// CSV, never 0); in-process backends know every counter, so their mask is 0.
enum class Counter : unsigned {
#define FUTOLAB_COUNTER_ENUM(name, doc) name,
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_ENUM)
#undef FUTOLAB_COUNTER_ENUM
};
using CounterMask = std::uint32_t;
constexpr CounterMask counter_bit(Counter c) { return CounterMask{1} << static_cast<unsigned>(c); }
constexpr CounterMask counter_bits(std::initializer_list<Counter> cs) {
    CounterMask m = 0;
    for (Counter c : cs) m |= counter_bit(c);
    return m;
}

// Visits (name, doc, value) for each counter in the fixed order.
template <class F>
void for_each_counter(const Counters& c, F&& f) {
#define FUTOLAB_COUNTER_VISIT(name, doc) f(std::string_view(#name), std::string_view(doc), c.name);
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_VISIT)
#undef FUTOLAB_COUNTER_VISIT
}

// Visits (name, value, known) for each counter in the fixed order; known is false for the
// counters in `unknown`.
template <class F>
void for_each_counter(const Counters& c, CounterMask unknown, F&& f) {
#define FUTOLAB_COUNTER_VISIT_KNOWN(name, doc) \
    f(std::string_view(#name), c.name, (unknown & counter_bit(Counter::name)) == 0);
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_VISIT_KNOWN)
#undef FUTOLAB_COUNTER_VISIT_KNOWN
}

}  // namespace futolab
