// The count-to-K oracle: one reusable backend that counts a puzzle's solutions up to K
// (K = 2 decides uniqueness, SPEC §4). Generators (unique puzzles, grades), the critical-set
// searches and square completion all ask this one door, so "is it unique?" is decided the same
// way everywhere: run_solver re-verifies every reported solution (run.hpp), and a backend
// error is never mistaken for an answer.
#pragma once

#include "core/puzzle.hpp"
#include "solvers/run.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

struct OracleAnswer {
    Status status = Status::error;  // unique, multiple, unsat (count-to-2), counted/…, node_limit
    std::vector<int> first;         // the first solution found (row-major), empty if none
    std::vector<int> second;        // the second one, if the backend keeps it (gac), else empty
    std::uint64_t nodes = 0;
};

class CountOracle {
public:
    // spec: a solver spec (SPEC §3), "gac" by default; node_limit 0 = none.
    explicit CountOracle(std::string_view spec = "gac", std::uint64_t node_limit = 0);
    CountOracle(const CountOracle&) = delete;
    CountOracle& operator=(const CountOracle&) = delete;

    // Count to k (first solution for k = 1). Throws std::runtime_error if the backend reports
    // an error or a status other than an answer or the node limit (e.g. a time-out it was not
    // given): the caller must not take that for "not unique".
    OracleAnswer count_to(const Puzzle& puzzle, std::uint64_t k, std::uint64_t seed = 0);
    OracleAnswer count_to_two(const Puzzle& puzzle, std::uint64_t seed = 0) { return count_to(puzzle, 2, seed); }

    std::uint64_t queries() const { return queries_; }
    const std::string& spec() const { return spec_; }  // the full canonical spec

private:
    std::unique_ptr<Solver> solver_;
    std::string spec_;
    std::uint64_t node_limit_;
    std::uint64_t queries_ = 0;
};

}  // namespace futolab
