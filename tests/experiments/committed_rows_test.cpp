// The committed results CSVs stay valid under resume's and merge's row checks (issue #45,
// round 11): check_row_facts (the cell forms of experiments/cell_forms.hpp, the status facts,
// the solution's form) accepts every row futolab wrote. A rule that refused one of them would
// call a real run's row forged.
#include "experiments/row_facts.hpp"

#include "experiments/task_kinds.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

// The one cell a futolab of that time wrote otherwise: 0, where a square kind's row now leaves
// what the kind does not count empty (SPEC §4, round 14, B F7: a 0 let a gate on it pass
// unmeasured). The committed critical CSVs are older (before the `build` column); resume of an
// old build's file is refused anyway, and analyze reads them as they are (below).
void as_written_now(futolab::CsvTable& t) {
    const std::size_t mode = t.column("mode", "t");
    for (std::vector<std::string>& row : t.rows)
        for (const futolab::TaskInfo& kind : futolab::kTasks) {
            if (kind.name != row[mode]) continue;
            unsigned index = 0;
            futolab::for_each_counter(futolab::Counters{}, 0, [&](std::string_view name, std::uint64_t, bool) {
                const bool empty = (kind.empty_counters & (futolab::CounterMask{1} << index++)) != 0;
                if (std::string& cell = row[t.column(name, "t")]; empty && cell == "0") cell.clear();
            });
        }
}

}  // namespace

TEST_CASE("every row of the committed results CSVs passes resume's and merge's row checks", "[resume][merge][records][long]") {
    // One file of each kind: solve and count sweeps of every backend and isolation (external
    // tools included), critical sets, a greedy and a local search.
    for (const char* file : {"results/throughput/throughput.csv", "results/critical/critical-12.csv",
                             "results/critical-bound/critical-bound.csv", "results/isolation/thread/isolation-fidelity-external.csv",
                             "results/isolation/fork/isolation-fidelity.csv", "results/solver-comparison/solver-comparison.csv",
                             "results/oracle/portfolio-planted.csv", "results/seed-solvers/seed-solvers.csv"}) {
        const std::string path = std::string(FUTOLAB_SOURCE_DIR "/") + file;
        INFO(path);
        futolab::CsvTable t = futolab::read_csv_file(path);
        REQUIRE_FALSE(t.rows.empty());
        as_written_now(t);
        for (std::size_t r = 0; r < t.rows.size(); ++r) futolab::check_row_facts(t, r, path, "refusing");
        // What analyze reads of them is what they say (its counters cells included).
        const auto analyzed = futolab::test::run_cli(std::string("analyze ") + path + " --table summary", FUTOLAB_SOURCE_DIR);
        INFO(analyzed.err);
        CHECK(analyzed.exit_code == 0);
    }
}
