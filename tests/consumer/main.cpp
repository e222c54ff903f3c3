// Uses the installed library: builds the Conjure 4x4, decides uniqueness with `gac`,
// prints the verified solution.
#include <futolab_version.hpp>
#include <core/instance.hpp>
#include <core/puzzle.hpp>
#include <core/verify.hpp>
#include <solvers/registry/registry.hpp>
#include <solvers/run/run.hpp>

#include <iostream>

int main() {
    futolab::Instance in;
    in.n = 4;
    in.givens = {{0, 0, 2}, {1, 1, 2}};
    in.lt = {{0, 0, 1, 0}, {3, 1, 2, 1}, {2, 2, 2, 3}, {2, 3, 3, 3}};
    const futolab::Puzzle puzzle = futolab::Puzzle::compile(in);
    auto solver = futolab::make_solver(futolab::parse_solver_spec("gac"));
    const auto run = futolab::run_solver(*solver, puzzle, {futolab::Mode::count_to(2), {}, 0});
    std::cout << "futolab " << FUTOLAB_VERSION << ": " << futolab::status_name(run.result.status) << " "
              << futolab::solution_to_text(4, run.result.solution) << "\n";
    return run.result.status == futolab::Status::unique ? 0 : 1;
}
