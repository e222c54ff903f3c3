// The committed results CSVs stay valid under resume's and merge's row checks (issue #45,
// round 11): check_row_facts (the cell forms of experiments/cell_forms.hpp, the status facts,
// the solution's form) accepts every row futolab wrote. A rule that refused one of them would
// call a real run's row forged.
#include "experiments/row_facts.hpp"

#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("every row of the committed results CSVs passes resume's and merge's row checks", "[resume][merge][records]") {
    // One file of each kind: solve and count sweeps of every backend and isolation (external
    // tools included), critical sets, a greedy and a local search.
    for (const char* file : {"results/throughput/throughput.csv", "results/critical/critical-12.csv",
                             "results/critical-bound/critical-bound.csv", "results/isolation/thread/isolation-fidelity-external.csv",
                             "results/isolation/fork/isolation-fidelity.csv", "results/solver-comparison/solver-comparison.csv",
                             "results/oracle/portfolio-planted.csv", "results/seed-solvers/seed-solvers.csv"}) {
        const std::string path = std::string(FUTOLAB_SOURCE_DIR "/") + file;
        INFO(path);
        const futolab::CsvTable t = futolab::read_csv_file(path);
        REQUIRE_FALSE(t.rows.empty());
        for (std::size_t r = 0; r < t.rows.size(); ++r) futolab::check_row_facts(t, r, path, "refusing");
    }
}
