// Zero-given critical puzzles (issue #4, h = 0): only relations between adjacent cells, a
// unique solution, every relation necessary, and as few relations k as possible.
//
// critical/greedy/local_search.hpp minimises the relations of ONE fixed square, which finds nothing when that
// square's full comparison set does not determine it (most random squares for n ≥ 8), and
// whose best k depends mostly on the square drawn. This search works in puzzle space instead,
// with the solution free to change:
//
//   repair  while the puzzle has several solutions, take two of them that order some adjacent
//           pair differently and add a relation on such a pair, oriented as one of the two
//           (chosen at random) orders it. It removes at least one solution, so the loop ends
//           unless every remaining solution orders every pair alike (no relation can separate
//           them: a dead end, the move or start is dropped).
//   strip   greedy removal (critical/greedy/greedy.hpp's argument: uniqueness is monotone, so one pass leaves
//           every relation necessary, i.e. a critical puzzle). The solution no longer moves.
//   start   repair from the empty puzzle, then strip (or a given zero-given puzzle).
//   move    remove 1..max_remove relations of the current critical puzzle, repair, strip.
//           The first repair step knows where the other solutions are: each one reverses a
//           removed relation, so those pairs are tried first. Accepted if k did not grow, or
//           with the Metropolis probability exp(−Δk / T) (simulated annealing: Kirkpatrick,
//           Gelatt & Vecchi, "Optimization by simulated annealing", Science 220, 1983).
//           Restart from a new start after `patience` moves without a new best of the run.
//
// The uniqueness oracle is `gac` count-to-2 (as in critical/oracle/oracle.hpp), with a random value order
// seeded from the search's generator so that the solution it reports varies; "another
// solution" comes from first-solution searches with one relation of the known solution
// reversed. Deterministic per seed when bounded by iterations only.
#pragma once

#include "critical/cell_pairs.hpp"
#include "solvers/run/oracle.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace futolab::critical {

struct ZeroGivenOptions {
    std::uint64_t iterations = 0;  // moves in all (0 = no bound)
    // Seconds (0 = no bound); with both 0, one start, no moves. Its deadline bounds each oracle
    // question too (CountOracle::set_deadline): a question past it ends the search with the best
    // puzzle found before it, or none.
    double time_limit = 0;
    int patience = 300;            // moves without a new best of the run before a restart
    int max_remove = 2;            // a move removes 1..max_remove relations
    double temperature = 0.4;      // Metropolis acceptance of a k that grew (0 = never)
    int max_repair = 12;           // relations a move may add before it is dropped
    std::string backend{kSeededOracleSpec};  // the oracle (solvers/run/oracle.hpp); its value order must accept a seed
    // Nodes per oracle search (0 = none). Count-to-2 on a sparse relation set can take
    // exponential time at n = 9; a start or move that meets an undecided check is dropped,
    // so every result is still decided (and critical) without exception.
    std::uint64_t node_limit = 200000;
    // The outside stop (the experiment runner's interrupt, Limits::stop; null = none): once
    // set, the search throws OracleStopped (solvers/run/oracle.hpp) from its oracle, whose
    // searches poll it (a node_limit of 0 leaves a question unbounded).
    const std::atomic<bool>* stop = nullptr;
};

// How many starts that found nothing (a dead end, an undecided check) a search makes at most: its
// iterations, or 1000 where only a time bounds it (else no start succeeding would loop forever).
// Each such start, and each move, ends in one dead end at most: resume and merge hold a record's
// dead_ends to it.
inline std::uint64_t max_failed_starts(const ZeroGivenOptions& options) { return options.iterations > 0 ? options.iterations : 1000; }

struct ZeroGivenResult {
    bool found = false;
    std::vector<int> square;  // the unique solution
    Orientation relations;    // critical, unique solution `square`
    std::uint64_t moves = 0, accepted = 0, restarts = 0, dead_ends = 0, checks = 0;
    std::uint64_t undecided = 0;  // starts or moves dropped at the node limit
    double seconds = 0;
};

// `start`: a uniquely solvable zero-given puzzle to begin from (it is stripped first);
// otherwise every run starts from the empty puzzle. Restarts always start from empty. Throws
// OracleStopped once options.stop is set.
ZeroGivenResult search_zero_given(int n, const ZeroGivenOptions& options, std::uint64_t seed,
                                  const std::optional<Orientation>& start = std::nullopt);

}  // namespace futolab::critical
