#include "solvers/registry/registry.hpp"

#include "core/error.hpp"
#include "solvers/backtracking/backtracking.hpp"
#include "solvers/bitmask/bitmask.hpp"
#include "solvers/clpfd/clpfd.hpp"
#include "solvers/command/command.hpp"
#include "solvers/fault/fault.hpp"
#include "solvers/fc/fc.hpp"
#include "solvers/gac/gac.hpp"
#include "solvers/gecode/gecode.hpp"
#include "solvers/ilp/ilp.hpp"
#include "solvers/minizinc/minizinc.hpp"
#include "solvers/portfolio/portfolio.hpp"
#include "solvers/sat/sat.hpp"

#include <fmt/format.h>

namespace futolab {
namespace {

// The portfolio makes its members through the registry's own functions (solvers/factory.hpp).
std::unique_ptr<Solver> make_portfolio(const SolverSpec& spec) {
    return portfolio::make(spec, {&parse_solver_spec, &make_solver});
}

// One row per backend. Adding a backend = one row here + its folder (CMake finds the folder).
// Looks: filled and open shapes alternate so that two backends on the same point (backtracking
// and bitmask build the same tree) both stay visible; a colour two rows share has two shapes.
std::span<const BackendInfo> table() {
    static const BackendInfo rows[] = {
        {"backtracking", "chronological backtracking, row-major, checks against assigned cells (BT)", {"#D55E00", 7},
         backtracking::options(), backtracking::make},
        {"bitmask", "the same tree as backtracking over row/column bitmasks", {"#E69F00", 4}, bitmask::options(),
         bitmask::make},
        {"fc", "forward checking over bitset domains, static or MRV order", {"#56B4E9", 5}, fc::options(), fc::make},
        {"gac", "maintained arc consistency: AC-3 or Regin alldifferent, bounds on relations", {"#009E73", 9},
         gac::options(), gac::make, false, gac::make_kernel},
        {"gecode", "the same model in Gecode 6 (reference industrial solver)", {"#0072B2", 12}, gecode::options(),
         gecode::make},
        {"sat", "CNF (direct + order encoding) solved by CaDiCaL; counts by blocking clauses", {"#D55E00", 14},
         sat::options(), sat::make, false, nullptr, sat::make_clue_kernel},
        {"portfolio", "complementary backends: raced on threads, first answer wins, or in sequence at node budgets (e.g. gac and sat)",
         {"#009E73", 15}, portfolio::options(), make_portfolio, false, nullptr, nullptr, portfolio::deterministic},
        {"minizinc", "models/futoshiki.mzn run by the minizinc tool (child process)", {"#CC79A7", 13}, minizinc::options(),
         minizinc::make, true},
        {"clpfd", "SWI-Prolog CLP(FD) model models/futoshiki.pl run by swipl (child process)", {"#CC79A7", 11},
         clpfd::options(), clpfd::make, true},
        {"ilp", "0-1 integer programme solved by the CBC binary, no-good cuts to count (child process)", {"#0072B2", 10},
         ilp::options(), ilp::make, true},
        {"command", "any solver run by a command line declared under 'commands:' (child process): command:name=NAME",
         {"#E69F00", 8}, command::options(), command::make, true, nullptr, nullptr, nullptr, true},
    };
    return rows;
}

// The test-only backend solvers/fault: not in the table (never listed, benchmarked or run by
// the conformance tests), found by name only when FUTOLAB_TEST_FAULTS=1.
const BackendInfo* hidden_backend(std::string_view name) {
    // No look: never drawn (app/ draws the rows of the table only).
    static const BackendInfo fault_row{"fault", "test-only: commits a fault on purpose", {}, fault::options(), fault::make};
    return name == fault_row.name && fault::enabled() ? &fault_row : nullptr;
}

}  // namespace

std::span<const BackendInfo> backend_table() { return table(); }

const BackendInfo& backend_info(std::string_view name) {
    for (const BackendInfo& b : table())
        if (b.name == name) return b;
    if (const BackendInfo* hidden = hidden_backend(name)) return *hidden;
    std::string valid;
    for (const BackendInfo& b : table()) valid += (valid.empty() ? "" : ", ") + std::string(b.name);
    throw InputError(fmt::format("unknown solver '{}' (valid: {})", name, valid));
}

std::unique_ptr<Solver> make_solver(const SolverSpec& spec) { return backend_info(spec.name).make(spec); }

std::unique_ptr<SearchKernel> make_search_kernel(const SolverSpec& spec) {
    const BackendInfo& row = backend_info(spec.name);
    return row.make_kernel != nullptr ? row.make_kernel(spec) : nullptr;
}

std::unique_ptr<ClueKernel> make_clue_kernel(const SolverSpec& spec, int n, const std::vector<int>& square,
                                             std::span<const SquareClue> clues) {
    const BackendInfo& row = backend_info(spec.name);
    return row.make_clue_kernel != nullptr ? row.make_clue_kernel(spec, n, square, clues) : nullptr;
}

bool counters_deterministic(const SolverSpec& spec) {
    const BackendInfo& row = backend_info(spec.name);
    return row.deterministic == nullptr || row.deterministic(spec);
}

bool is_finished_message(const SolverSpec& spec, std::string_view message) {
    if (spec.name == "portfolio") return portfolio::is_answer_message(spec, message, {&parse_solver_spec, &make_solver});
    return message.empty();
}

bool is_external_backend(std::string_view name) {
    for (const BackendInfo& b : table())
        if (b.name == name) return b.external;
    return false;
}

SolverSpec parse_solver_spec(std::string_view text) {
    SpecText parts = split_spec(text, "solver spec");
    const std::span<const OptionSpec> table = backend_info(parts.name).options;
    return resolve_spec_text(std::move(parts.name), table, parts.options);
}

SolverSpec parse_solver_spec(std::string_view text, std::span<const command::Declaration> declared) {
    const SpecText parts = split_spec(text, "solver spec");
    return parts.name == command::kBackend ? command::parse_spec(parts, declared) : parse_solver_spec(text);
}

}  // namespace futolab
