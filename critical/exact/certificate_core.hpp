// The unavoidable sets a certificate stores (both formats: certificate.hpp, all squares of an
// order; square_certificate.hpp, one square): its refutation's core, each set once. The writer
// and the checker apply one rule, so the checker can hold a file's lists to what its claim needs
// (red-team round 25, B F3: a set twice, or one the refutation does not use, was accepted and
// counted as if the search had stored it). The checker applies it to version 2 files only: a
// version 1 file predates the rule (certificate_read.hpp read_version).
//
// A refutation here is a deterministic branch and bound over a list of sets that marks the
// sets it relies on (HittingProblem::used). Its core is the list of marked sets. The core is
// narrowed again while it refutes alone: what is stored is a list whose refutation marks every
// set of it, or, when the marked ones stop refuting alone, the last list that did.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace futolab::critical {

// Each set once: the index where a set was first seen (a clue mask of any width).
template <class Mask>
class SetsSeen {
public:
    // The index of the set first seen equal to `set`, or `j` (the set's own) if none was.
    std::size_t first_of(const Mask& set, std::size_t j) {
        std::array<std::uint64_t, Mask::kWords> key{};
        for (int w = 0; w < Mask::kWords; ++w) key[static_cast<std::size_t>(w)] = set.w[w];
        return seen_.emplace(key, j).first->second;
    }

private:
    std::map<std::array<std::uint64_t, Mask::kWords>, std::size_t> seen_;
};

// The indices of `sets` with each set once (its first place): a search's pool may hold a set
// twice (seeded and found again), and a certificate stores it once.
template <class Mask>
std::vector<std::size_t> distinct_sets(const std::vector<Mask>& sets) {
    SetsSeen<Mask> seen;
    std::vector<std::size_t> out;
    for (std::size_t j = 0; j < sets.size(); ++j)
        if (seen.first_of(sets[j], j) == j) out.push_back(j);
    return out;
}

template <class Mask>
std::vector<Mask> sets_at(const std::vector<Mask>& sets, const std::vector<std::size_t>& at) {
    std::vector<Mask> out;
    for (std::size_t j : at) out.push_back(sets[j]);
    return out;
}

// The writer's side. `uses(list)` runs the refutation on a list of sets: the flags of the sets
// it marked, or nullopt if it does not refute. The indices into `sets` of the list to store,
// from `start` (each set once: distinct_sets) narrowed to the marked sets while they refute
// alone; nullopt if `start` itself is not refuted.
template <class Mask, class Uses>
std::optional<std::vector<std::size_t>> own_core(const std::vector<Mask>& sets, const std::vector<std::size_t>& start, Uses&& uses) {
    std::optional<std::vector<std::uint8_t>> used = uses(sets_at(sets, start));
    if (!used) return std::nullopt;
    std::vector<std::size_t> core = start;
    for (;;) {
        std::vector<std::size_t> next;
        for (std::size_t j = 0; j < core.size(); ++j)
            if ((*used)[j]) next.push_back(core[j]);
        if (next.size() == core.size()) return core;  // every set marked: its own core
        used = uses(sets_at(sets, next));
        if (!used) return core;  // the marked sets do not refute alone: the last list that does
        core = std::move(next);
    }
}

// The checker's side: the first set of a file's list that its refutation did not mark (`used`),
// when the marked sets refute alone (`refutes(list)`): a set the writer does not store (nullopt:
// none such, the list is what own_core leaves).
template <class Mask, class Refutes>
std::optional<std::size_t> extra_set(const std::vector<Mask>& sets, const std::vector<std::uint8_t>& used, Refutes&& refutes) {
    std::vector<Mask> marked;
    std::optional<std::size_t> first;
    for (std::size_t j = 0; j < sets.size(); ++j) {
        if (used[j]) marked.push_back(sets[j]);
        else if (!first) first = j;
    }
    if (!first || !refutes(marked)) return std::nullopt;
    return first;
}

}  // namespace futolab::critical
