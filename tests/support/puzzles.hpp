// Small fixed puzzles for tests (header-only).
#pragma once

#include "core/instance.hpp"
#include "core/puzzle.hpp"

#include <string>

namespace futolab::test {

// The empty n×n grid: its solutions are the Latin squares of order n (L(3)=12, L(4)=576, …).
inline Puzzle empty_puzzle(int n) {
    Instance in;
    in.id = "empty-" + std::to_string(n);
    in.n = n;
    return Puzzle::compile(in);
}

}  // namespace futolab::test
