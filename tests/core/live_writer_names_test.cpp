// core/live_writer.hpp, which files a live writer's lock covers, for names of any extension
// (red-team round 26, A F6, and F2's folders): a critical search's --out `x.txt` is written from
// its CSV `x.txt.csv` under that CSV's lock; a run's `output: r.txt` exports `r.jsonl` under
// r.txt's lock; a folder output (analyze --tables/--plots, convert --out DIR/) covers every file in
// it. lock_problem found only `.jsonl` names' CSVs, by `x.jsonl` -> `x.csv` and `x`, so other
// writers wrote these files meanwhile. Another process holds each lock here, as a live futolab.
#include "../records/records_cli.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/live_writer.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

using futolab::lock_problem;
using futolab::test::has;
namespace fs = std::filesystem;

namespace {

fs::path fresh(const std::string& name) { return futolab::test::fresh_dir("live-writer-names", name); }

// Another futolab holding the lock of the output `file`.
struct OtherWriter : futolab::test::OtherProcess {
    explicit OtherWriter(const std::string& file)
        : OtherProcess([file] { return std::make_shared<futolab::OutputLock>(file); }) {}
};

}  // namespace

TEST_CASE("a file of any name is covered by the lock of the results CSV a critical search writes it from",
          "[core][lock]") {
    const fs::path dir = fresh("critical");
    // critical_csv_path (app/critical_experiment.hpp): `x.jsonl`'s CSV is x.csv, any other name's that name + .csv.
    for (const auto& [out, csv] : std::vector<std::pair<std::string, std::string>>{
             {"x.txt", "x.txt.csv"}, {"x", "x.csv"}, {"x.jsonl", "x.csv"}, {"x.csv", "x.csv.csv"}, {"x.tar.gz", "x.tar.gz.csv"}}) {
        const std::string path = (dir / out).string(), locked = (dir / csv).string();
        INFO(out);
        const OtherWriter search(locked);
        CHECK(lock_problem(path) ==
              "another futolab (pid " + search.pid() + ") is writing " + locked + ": wait for it to end, or use another file");
        CHECK(has(futolab::output_kind_problem(path), "is writing " + locked));
        CHECK_THROWS_AS(futolab::write_file_atomically(path, "a page\n"), futolab::InputError);
        CHECK_FALSE(fs::exists(path));
        CHECK(lock_problem((dir / ("y" + out.substr(1))).string()).empty());  // another name is not its
    }
}

TEST_CASE("a run's export is covered by its results CSV's lock whatever that CSV is named", "[core][lock][outputs]") {
    const fs::path dir = fresh("export");
    for (const std::string csv : {"r.txt", "r", "r.csv", "r.jsonl", "r.v2.csv", "r.shard-0-of-2", "r.txt.shard-1-of-3", "a.b.c"}) {
        const std::string path = (dir / csv).string(), exported = futolab::outputs_file_of(path);
        INFO(csv << " exports " << exported);
        {
            const OtherWriter run(path);  // before the CSV is made: only its lock file names it
            CHECK(lock_problem(exported) ==
                  "another futolab (pid " + run.pid() + ") is writing " + path + ": wait for it to end, or use another file");
            const std::vector<std::string> found = futolab::results_files_exporting(exported);
            CHECK(std::find(found.begin(), found.end(), path) != found.end());
        }
        CHECK(lock_problem(exported).empty());  // ended: anyone's
        fs::remove(futolab::lock_path(path));
        std::ofstream(path) << "a results CSV\n";  // the CSV alone, no lock file: found by its own name
        const std::vector<std::string> found = futolab::results_files_exporting(exported);
        CHECK(std::find(found.begin(), found.end(), path) != found.end());
        fs::remove(path);
    }
    // Names no run of r.txt writes: its CSV + .jsonl, a longer stem, another stem.
    const OtherWriter run((dir / "r.txt").string());
    for (const std::string other : {"r.txt.jsonl", "rr.jsonl", "q.jsonl", "r.outputs.jsonl"}) {
        INFO(other);
        CHECK(lock_problem((dir / other).string()).empty());
    }
    CHECK(futolab::results_files_exporting((dir / "r.txt").string()).empty());  // not a .jsonl name: no CSV's export
}

TEST_CASE("every file in a folder another futolab writes into is refused but not those beside or below it", "[core][lock]") {
    const fs::path dir = fresh("folder");
    fs::create_directories(dir / "figs" / "sub");
    const std::string stand_in = futolab::folder_lock_stand_in((dir / "figs").string());
    CHECK(futolab::lock_path(stand_in) == (dir / "figs" / ".futolab-folder.lock").string());
    CHECK(futolab::folder_lock_stand_in("figs/") == "figs/futolab-folder");
    CHECK(futolab::folder_lock_stand_in("") == "./futolab-folder");
    const OtherWriter analyze(stand_in);
    for (const std::string name : {"summary.csv", "cactus-wall_ms.png", "g.jsonl", "x"}) {
        const std::string path = (dir / "figs" / name).string();
        INFO(path);
        CHECK(lock_problem(path) == "another futolab (pid " + analyze.pid() + ") is writing into the folder " +
                                        (dir / "figs").string() + ": wait for it to end, or use another folder");
        CHECK_THROWS_AS(futolab::write_file_atomically(path, "a table\n"), futolab::InputError);
    }
    CHECK(lock_problem((dir / "figs" / "sub" / "x.csv").string()).empty());
    CHECK(lock_problem((dir / "figs.csv").string()).empty());
    CHECK(lock_problem((dir / "x.csv").string()).empty());
}
