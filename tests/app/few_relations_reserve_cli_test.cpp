// A whole few-relations count holds every shard file of it from its start (red-team round 26,
// A F7): it locked a shard's file only when it started that shard, so other commands (and a
// second count of one shard) wrote later shard files meanwhile, and the count then made that
// shard an error row. The count's table lock, held from its start, now covers every shard file of
// the count (core/live_writer.hpp, lock_problem): one lock however many shards (up to 10^6, where
// a lock file per shard held open would pass the descriptors a process may have). Another process
// holding the table's lock stands in for a live count, and one holding a shard file's lock for a
// count of that shard alone (`--shard I/S`): what such a count holds.
#include "../records/records_cli.hpp"
#include "records/csv_reader.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Another futolab holding the lock of `file` (a count's table, or one shard's file) until destroyed.
std::unique_ptr<futolab::test::OtherProcess> holding(const fs::path& file) {
    const std::string path = file.string();
    return std::make_unique<futolab::test::OtherProcess>([path] { return std::make_shared<futolab::OutputLock>(path); });
}

// What a writer of shard file `name` of the count of 4 shards in DIR/ck is told while `count` runs
// it, before its advice (`or`: what else to do).
std::string reserved(const std::string& name, const futolab::test::OtherProcess& count, const std::string& or_else) {
    return name + ": is a shard file of the few-relations count another futolab (pid " + count.pid() +
           ") runs in this folder (it holds ck/n3-k3-of-004.table.md from its start, and with it every shard file of that "
           "count): wait for it to end, or " + or_else;
}

void refused(const futolab::test::CliResult& r, const std::string& said) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, said));
}

}  // namespace

TEST_CASE("a whole few-relations count holds every shard file of it from its start", "[cli][critical][lock]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-reserve", "whole");
    {
        const auto count = holding(dir / "ck" / "n3-k3-of-004.table.md");
        // A count of one of its shards alone, at the start, before it counts anything.
        refused(run_cli("critical --few-relations 3 --n 3 --shard 1/4 --checkpoint ck", dir.string()),
                reserved("ck/n3-k3-shard-001-of-004.yaml", *count, "use another --checkpoint folder"));
        refused(run_cli("critical --few-relations 3 --n 3 --shard 3/4 --checkpoint ck --out s3.jsonl", dir.string()),
                reserved("ck/n3-k3-shard-003-of-004.yaml", *count, "use another --checkpoint folder"));
        // Standard output sent to one of its shard files.
        const std::string ck = fs::canonical(dir / "ck").string();  // as standard output's file is named
        refused(run_cli("solve " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham > ck/n3-k3-shard-002-of-004.yaml", dir.string()),
                "standard output is " + ck + "/n3-k3-shard-002-of-004.yaml: is a shard file of the few-relations count another "
                "futolab (pid " + count->pid() + ") runs in this folder (it holds " + ck + "/n3-k3-of-004.table.md from its "
                "start, and with it every shard file of that count): wait for it to end, or use another file");
        fs::remove(dir / "ck" / "n3-k3-shard-002-of-004.yaml");  // the shell's, empty
        // A config's task few-relations over the same folder: each shard an error row, no file written.
        std::ofstream(dir / "f.yaml") << "name: f\ntask: few-relations\ninstances:\n  - few_relations: { n: 3, k: 3, shards: 4, "
                                         "checkpoint: ck }\nmethods: [ few-relations ]\noutput: r.csv\n";
        const auto run = run_cli("run -q f.yaml", dir.string());
        INFO(run.err);
        const futolab::CsvTable rows = futolab::read_csv_file((dir / "r.csv").string());
        REQUIRE(rows.rows.size() == 4);
        for (const auto& row : rows.rows) {
            CHECK(row[rows.column("status", "r.csv")] == "error");
            CHECK(has(row[rows.column("message", "r.csv")], "is a shard file of the few-relations count another futolab (pid " +
                                                                count->pid() + ") runs in this folder"));
            CHECK(has(row[rows.column("message", "r.csv")], "wait for it to end, or use another checkpoint folder"));
        }
        for (int shard = 0; shard < 4; ++shard)
            CHECK_FALSE(fs::exists(dir / "ck" / ("n3-k3-shard-00" + std::to_string(shard) + "-of-004.yaml")));
        // Another count's shard files (8 shards) are not this count's.
        const auto other = run_cli("critical --few-relations 3 --n 3 --shard 1/8 --checkpoint ck", dir.string());
        INFO(other.err);
        CHECK(other.exit_code == 0);
        CHECK(fs::exists(dir / "ck" / "n3-k3-shard-001-of-008.yaml"));
    }
    // The count over: its shards may be counted again.
    const auto after = run_cli("critical --few-relations 3 --n 3 --shard 1/4 --checkpoint ck", dir.string());
    INFO(after.err);
    CHECK(after.exit_code == 0);
    CHECK(fs::exists(dir / "ck" / "n3-k3-shard-001-of-004.yaml"));
}

TEST_CASE("a whole few-relations count is refused at its start while another writes one of its shard files",
          "[cli][critical][lock]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations-reserve", "shard-live");
    {
        const auto shard = holding(dir / "ck" / "n3-k3-shard-002-of-004.yaml");
        for (const std::string jobs : {"1", "2"}) {
            refused(run_cli("critical --few-relations 3 --n 3 --checkpoint ck --shards 4 --jobs " + jobs, dir.string()),
                    "--checkpoint ck: ck/n3-k3-shard-002-of-004.yaml: another futolab (pid " + shard->pid() +
                        ") is writing it: wait for it to end, or use another --checkpoint folder");
            for (const char* name : {"n3-k3-shard-000-of-004.yaml", "n3-k3-shard-001-of-004.yaml", "n3-k3-of-004.table.md"})
                CHECK_FALSE(fs::exists(dir / "ck" / name));  // refused before any shard ran
        }
        // A count of another number of shards writes other files.
        const auto other = run_cli("critical --few-relations 3 --n 3 --checkpoint ck --shards 3 --jobs 2", dir.string());
        INFO(other.err);
        CHECK(other.exit_code == 0);
        CHECK(fs::exists(dir / "ck" / "n3-k3-of-003.table.md"));
    }
    // Its own shard files, held by its own threads, never refuse the count.
    const auto whole = run_cli("critical --few-relations 3 --n 3 --checkpoint ck --shards 4 --jobs 2", dir.string());
    INFO(whole.err);
    CHECK(whole.exit_code == 0);
    for (int shard = 0; shard < 4; ++shard)
        CHECK(fs::exists(dir / "ck" / ("n3-k3-shard-00" + std::to_string(shard) + "-of-004.yaml")));
    CHECK(fs::exists(dir / "ck" / "n3-k3-of-004.table.md"));
}
