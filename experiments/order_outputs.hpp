// What the output records of the order kinds (construct, exhaustive: one run per order of a
// `critical_orders:` source) must be for resume and merge to keep their rows (called by
// output_facts.hpp's OutputFacts::check). Both kinds compute one deterministic thing of the
// order, cheaply, so the record is made again and compared whole:
//   - construct: the chain construction of the method's split, verified by the method's
//     backend, equal to the row's record except meta.certificate; with certificate=yes that
//     certificate passes futolab's own checker (its DRUP proof by unit propagation, every
//     exchange witness) and certifies the record's square and relations; with certificate=no
//     the record carries none, and with certificate=yes its text is the run's;
//   - exhaustive: both minima over every square of the order (n <= 4: at most 0.6 s, once per
//     order and backend), each record equal to the row's except meta.time_ms (the search's
//     time, one value for both), and the row's nodes the search's; its status error exactly where
//     the backend fails a witness again;
//   - exact-sample: the sample is not searched again (minutes at n = 6), but everything it fixes
//     cheaply is: the record's square is the canonical square of its `class` among the classes
//     the row's seed draws (sample_classes), its clues a critical set verified again by the
//     method's backend, its id, `classes`, `squares`, `sample_seed`, objective, backend and
//     `minimum` (the set's cost) what the run writes; the search's figures are whole numbers
//     (times non-negative), its counters ones its classes' searches can reach
//     (class_search_facts.hpp, check_sample_class_effort), no meta key beyond what it writes,
//     `class_minima` counts every class
//     once, each key a minimum some class has and none below the minimum, as many "none" as the
//     run leaves without a set, `classes_at_minimum` and `squares_at_minimum` agree with it
//     and the classes' orbits, the class times are a distribution, a frontier's records are its
//     corners as frontier_facts.hpp holds them, and the row's nodes and
//     checks are the record's nodes and oracle queries; an error row's records are held to the
//     same, one of them failing its verification again (else its run writes solved);
//   - free-square: the search is not run again (under a time limit it is not reproducible, and
//     a long one costs its whole budget again), but its set is verified again by the method's
//     backend (uniquely completable, every relation needed), and the record is the one the run
//     writes for that set: id the row's instance, relations only, meta.seed the row's seed, the
//     method's options (patience, temperature, max_remove, node_limit, the oracle), where it
//     started (the empty board or the instance's start puzzle, free_square_from_empty), cost its
//     k; the search's figures whole numbers (accepted <= iterations <= the method's), time_ms a
//     time, and the row's nodes its checks.
// Whatever the status, check_order_row holds the row to what its kind's run writes for it.
#pragma once

#include "core/formats/formats.hpp"
#include "critical/construction/chain_construction.hpp"
#include "experiments/methods.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "generators/grade.hpp"
#include "solvers/options.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace futolab {

// The messages of the order kinds' error rows (their runs write them, resume and merge hold the
// rows to them): a construction, a witness (exhaustive, exact-sample) or a free-square set (then
// its reason follows) that failed its verification.
inline constexpr std::string_view kConstructUnverified = "the set failed its verification";
inline constexpr std::string_view kWitnessUnverified = "a witness failed its verification";
inline constexpr std::string_view kFreeSquareUnverified = "verification failed: ";

// Why a construct run of `method` at order n fails before it constructs anything (its error
// row's message: a split the order cannot take, a certificate past kMaxCnfOrder), or "" where it
// constructs. tasks/construct.cpp writes it; resume and merge make it again.
std::string construct_failure(const ConstructMethod& method, int n);

// The meta.certificate a construct run with certificate=yes writes: the lines of the
// construction's zero-given certificate (zero_given_certificate.hpp), each as its JSON value.
Json construct_certificate(const critical::ChainConstruction& c);

// A row of an order kind held to what its run writes for the row's status, before its record
// is (called for every status by OutputFacts::check): a status the kind's run writes
// (task_kinds.hpp, run_statuses); a row without a record (exact-sample's multiple, free-square's
// timeout, an error before or without a record) h = k = 0, solutions 0, the kind's uncounted
// counters empty and those its run writes for that status present; an error row as its run
// writes it: construct's made again (its message, or the construction its backend fails to
// verify), exhaustive's and exact-sample's with the records that failed their verification,
// free-square's without one, a reason its verification gives in the message.
void check_order_row(const RowCells& row, Task task, const SolverSpec& method);

void check_construct_output(const RowCells& row, const Instance& record, const SolverSpec& method);

// One exhaustive search's records (without meta.time_ms) and nodes, made again.
struct ExhaustiveMade {
    std::vector<Instance> records;
    std::uint64_t nodes = 0;
    bool verified = false;  // both witnesses pass the backend (else the run writes error)
};

// `made`: the searches made so far, by order and backend (one per order in a resume).
void check_exhaustive_output(const RowCells& row, const std::vector<Instance>& records, const SolverSpec& method,
                             std::map<std::string, ExhaustiveMade>& made);

// An exact-sample row without a record (status multiple): its message is the run's; without
// `below`, every class its seed draws is left ambiguous by its comparisons (gac, counting to 2:
// objective k; the other objectives' clues always determine a square, so they never say it);
// with `below`, "none cheaper" is not searched again.
void check_exact_sample_multiple(const RowCells& row, Grader& grader, const SolverSpec& method, std::uint64_t seed);

// `seed`: the row's seed, which drew the sample; `grader` counts the squares the summary and a
// frontier's corners say something of (frontier_facts.hpp). An error row's records are held to
// the same, one of them failing its verification again.
void check_exact_sample_output(const RowCells& row, const std::vector<Instance>& records, const SolverSpec& method,
                               std::uint64_t seed, Grader& grader);

void check_free_square_output(const RowCells& row, const Instance& record, const SolverSpec& method);

}  // namespace futolab
