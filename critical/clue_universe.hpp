// The clue universe of a solved square L (SPEC §1): its n² numbers and its 2n(n−1) adjacent
// comparisons, each oriented as L orients it. A clue set is a membership vector over the
// universe; converting it to an Instance gives a puzzle whose solutions include L.
#pragma once

#include "core/clue_use.hpp"
#include "core/instance.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace futolab::critical {

// Which clues a search may use (--use): the one definition in core/clue_use.hpp.
using futolab::ClueUse;
using futolab::clue_use_from_name;
using futolab::clue_use_name;

struct Clue {
    bool is_number = true;
    int cell = 0;   // number: the cell; relation: the smaller cell (value(cell) < value(other))
    int other = 0;  // relation: the larger cell; number: unused
};

using ClueSet = std::vector<std::uint8_t>;  // 1 = clue i is in the set (not vector<bool>: fast indexing)

class ClueUniverse {
public:
    // square: row-major n*n values 1..n forming a Latin square (not checked here; see generators/latin/square.hpp).
    ClueUniverse(int n, std::vector<int> square);

    int n() const { return n_; }
    const std::vector<int>& square() const { return square_; }
    int size() const { return static_cast<int>(clues_.size()); }  // n² + 2n(n−1)
    const Clue& clue(int i) const { return clues_[i]; }
    bool allowed(int i, ClueUse use) const;

    ClueSet full(ClueUse use) const;  // every allowed clue
    // The puzzle of a clue set: givens + lt (sorted as the universe is), solution = L.
    Instance to_instance(const ClueSet& set, const std::string& id = "") const;
    // Its clues only, written over `in`'s givens and lt, whose buffers are reused (a
    // critical-set search fills one per question): nothing else of `in` is touched.
    void clues_into(const ClueSet& set, Instance& in) const;

private:
    int n_;
    std::vector<int> square_;
    std::vector<Clue> clues_;  // numbers first (cell order), then relations (horizontal, vertical)
};

struct ClueCounts {
    int h = 0, k = 0;
};
ClueCounts count_clues(const ClueUniverse& u, const ClueSet& set);

}  // namespace futolab::critical
