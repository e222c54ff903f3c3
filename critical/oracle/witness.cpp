#include "critical/oracle/witness.hpp"

#include "generators/latin/square.hpp"

namespace futolab::critical {
namespace {

bool holds(const ClueUniverse& u, const Clue& clue, const std::vector<int>& m) {
    const auto at = [&](int cell) { return m[static_cast<std::size_t>(cell)]; };
    return clue.is_number ? at(clue.cell) == u.square()[static_cast<std::size_t>(clue.cell)] : at(clue.cell) < at(clue.other);
}

}  // namespace

bool is_witness(const ClueUniverse& u, const ClueSet& set, int clue, const std::vector<int>& m) {
    const int n = u.n();
    if (m.size() != static_cast<std::size_t>(n * n) || !is_latin_square(n, m) || m == u.square()) return false;
    if (clue < 0 || clue >= u.size() || !set[static_cast<std::size_t>(clue)]) return false;
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)] && holds(u, u.clue(i), m) != (i != clue)) return false;
    return true;
}

bool is_second_solution(const ClueUniverse& u, const ClueSet& set, const std::vector<int>& m) {
    const int n = u.n();
    if (m.size() != static_cast<std::size_t>(n * n) || !is_latin_square(n, m) || m == u.square()) return false;
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)] && !holds(u, u.clue(i), m)) return false;
    return true;
}

}  // namespace futolab::critical
