// The second oracle for the Régin propagator: the same theory (Régin, AAAI-94) written with
// Boost.Graph's general algorithms instead of bitsets, so a bug in the fast path cannot hide
// in a shared helper. Maximum matching by Edmonds' algorithm
// (boost::edmonds_maximum_cardinality_matching) on the variable–value graph; matching edges
// oriented variable → value and the others value → variable; an edge survives iff it is in the
// matching, or its ends share a strong component (boost::strong_components), or its value is
// reachable from a free value (breadth-first search).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace futolab::gac::test {

// domains[x] = bitset of values 0..num_values−1. Returns the consistent values of each variable
// (exactly those in some all-different assignment), or nullopt if no such assignment exists.
std::optional<std::vector<std::uint64_t>> boost_regin(const std::vector<std::uint64_t>& domains, int num_values);

}  // namespace futolab::gac::test
