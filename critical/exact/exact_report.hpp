// The JSONL records of the exact search (SPEC §5c): one witness per objective, or one per point
// of the (h, k) frontier, each verified critical by an independent backend before it is
// written, with meta.exact = true, meta.objective and meta.minimum.
#pragma once

#include "core/instance.hpp"
#include "critical/clue_universe.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/exact_square.hpp"

#include <string>
#include <vector>

namespace futolab::critical {

ClueSet to_clue_set(const ClueMask& mask, int clues);

// The frontier's corner points: h_max where the minimum k drops (h = h_max exactly there).
std::vector<std::size_t> frontier_corners(const std::vector<GlobalOptimum>& frontier);

// A sample's figures (exact_sample): per-class CPU and wall seconds (mean, median, p90, p99,
// max, total) and the number of classes at each per-class minimum ("none": no set).
Json sample_summary(const ExactResult& r);

// Records for the result; `verified` is false if any witness failed its verification (it is
// still returned, with the flags in meta, so the caller can report it).
std::vector<Instance> exact_records(const ExactResult& r, const std::string& verify_backend, bool& verified);

// The record of a per-square result with a set (r.feasible), verified by `verify_backend`;
// meta: exact, objective, minimum (exact only), lower_bound, upper_bound, timed_out and the
// search's figures (CPU seconds first among them), then the keys of `extra`. `verified` is
// false if the set failed its verification.
Instance square_record(const SquareOptimum& r, const std::string& id, const std::string& verify_backend, const Json& extra,
                       bool& verified);

}  // namespace futolab::critical
