// One solved square in, one verified critical set out: the search (local_search.hpp), the
// independent verification (critical/oracle/verify.hpp) and the JSONL record (report.hpp). The CLI and the
// tests both go through here.
#pragma once

#include "core/instance.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/greedy/local_search.hpp"
#include "critical/oracle/verify.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "solvers/run/oracle.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace futolab::critical {

struct PipelineOptions {
    SearchOptions search;
    std::string verify_backend{kCriticalVerifySpec};  // solvers/run/oracle.hpp
};

struct PipelineOutput {
    std::optional<Instance> record;  // empty: the full allowed universe is not uniquely completable
    bool verified = false;           // uniquely completable and critical, by the verify backend
    std::string why;                 // the verification failure, if any
};

// `seed` is the square's seed (recorded in meta); the search draws from stream_seed(seed, 0) (core/random.hpp).
PipelineOutput critical_set_of(int n, const std::vector<int>& square, const PipelineOptions& options,
                               std::uint64_t seed, const std::string& id, const Json& extra = Json::object());

// A zero-given critical puzzle by the puzzle-space search (critical/zero_given/zero_given.hpp), as a clue set of
// its solution's universe (so that critical/oracle/verify.hpp and report.hpp apply unchanged). `seed` is
// recorded in meta; the search draws from stream_seed(seed, 0) (core/random.hpp). `start`: optional h = 0
// puzzle to begin from. record is empty only if the search found nothing in its budget.
PipelineOutput zero_given_set(int n, const ZeroGivenOptions& options, const std::string& verify_backend,
                              std::uint64_t seed, const std::string& id,
                              const std::optional<Orientation>& start = std::nullopt);

// The record zero_given_set writes of a verified set `set` of universe `u` (its solution's), with
// the search's options and figures (`r`; its seconds as meta.time_ms) and whether it began from a
// start puzzle. Resume and merge make it again from a row's record (experiments/order_outputs.hpp).
Instance zero_given_record(const ClueUniverse& u, const ClueSet& set, const std::string& id, const Verification& v,
                           const ZeroGivenOptions& options, std::uint64_t seed, bool from_start, const ZeroGivenResult& r);

// The relation clues of `o` in the universe of a square that satisfies it.
ClueSet clue_set_of(const ClueUniverse& u, const Orientation& o);

// The two optimal sets of an exhaustive run (min 2h+3k, then min k with h = 0), verified,
// with the run's figures in meta.
std::vector<Instance> exhaustive_records(const ExhaustiveResult& result, const std::string& verify_backend,
                                         bool& all_verified);

}  // namespace futolab::critical
