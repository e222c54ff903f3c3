// The backends, one row each in one table (registry.cpp). No static self-registration: a
// static library would drop unreferenced registrars silently. The row's name is also the
// backend's folder, its CSV `solver` value and its benchmark prefix.
#pragma once

#include "solvers/command/declaration.hpp"
#include "solvers/kernel.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace futolab {

// A backend's look in every figure: an Okabe–Ito colour and a gnuplot point type (1–15 of the
// cairo terminals, never 6, the ring that marks a value at a limit); analysis/palette.hpp draws
// with it, handed over by app/. No two rows have the same look (tests/solvers/registry_test.cpp).
struct PlotLook {
    std::string_view colour;  // "#rrggbb"
    int point = 7;
};

struct BackendInfo {
    std::string_view name;
    std::string_view description;
    PlotLook look;
    std::span<const OptionSpec> options;
    std::unique_ptr<Solver> (*make)(const SolverSpec& spec);
    // Runs a tool outside the binary as a child process (slower per run: the conformance suite
    // gives it its own, smaller instance sets).
    bool external = false;
    // Optional kernels (kernel.hpp); null when the backend offers none. make_clue_kernel may
    // also return null for options it does not serve incrementally (then callers count to 2).
    std::unique_ptr<SearchKernel> (*make_kernel)(const SolverSpec& spec) = nullptr;
    std::unique_ptr<ClueKernel> (*make_clue_kernel)(const SolverSpec& spec, int n, const std::vector<int>& square,
                                                    std::span<const SquareClue> clues) = nullptr;
    // Whether the spec's counters are deterministic (SPEC §4); null: always (every backend but
    // a racing portfolio, whose counters are those of whichever member answered first).
    bool (*deterministic)(const SolverSpec& spec) = nullptr;
    // Made from a declaration in the config (`commands:`, solvers/command/declaration.hpp), not
    // from its name alone: the bare name makes a solver whose every run is an error saying so,
    // so tests that run every row by its name leave such a row out.
    bool declared = false;
};

std::span<const BackendInfo> backend_table();
// "NAME:key=value,…" parsed and validated against NAME's row: unknown backend, key or value →
// InputError listing the valid ones. Fills defaults.
SolverSpec parse_solver_spec(std::string_view text);
// The same, with "command:name=NAME" resolved against the commands a config declares
// (solvers/command/declaration.hpp).
SolverSpec parse_solver_spec(std::string_view text, std::span<const command::Declaration> declared);
// Throws InputError listing the valid names.
const BackendInfo& backend_info(std::string_view name);
std::unique_ptr<Solver> make_solver(const SolverSpec& spec);
// The spec's backend's kernels (kernel.hpp), or null when its row offers none.
std::unique_ptr<SearchKernel> make_search_kernel(const SolverSpec& spec);
std::unique_ptr<ClueKernel> make_clue_kernel(const SolverSpec& spec, int n, const std::vector<int>& square,
                                             std::span<const SquareClue> clues);

// The backends that run an external tool as a child process (minizinc, clpfd, ilp): a
// process start per run, so microbenchmarks and the all-backend count of L(5) leave them out.
bool is_external_backend(std::string_view name);

// Whether a run of `spec` gives the same counters on every run and machine (its row's
// `deterministic` column: compare gates only on deterministic counters).
bool counters_deterministic(const SolverSpec& spec);

// Whether `message` is one a run of `spec` that finished (solved, unique, multiple, unsat,
// counted) writes: none, but a portfolio's, which names the member that answered
// (portfolio::is_answer_message). A message says why a run failed or stopped (SPEC §4).
bool is_finished_message(const SolverSpec& spec, std::string_view message);

}  // namespace futolab
