// A merge holds --out's lock while it reads its inputs, which may take long; a lock removed or
// replaced meanwhile (another futolab may have locked the name and written there) means the
// merged CSV, its sidecar, schema and outputs are not written (red-team round 22, A F4's class:
// a few-relations shard file was written so). The lock is spoiled from the row check merge
// calls once an input is read, so no timing decides the case.
#include "records/merge.hpp"
#include "records/output_lock.hpp"
#include "records/outputs.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"
#include "records_cli.hpp"  // fresh_dir, run_cli, sweep_config

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

// A whole experiment's results CSV with its sidecar, made by futolab run in `dir`.
std::string whole_sweep(const fs::path& dir) {
    const auto made = futolab::test::run_cli("run -q " + futolab::test::sweep_config(dir.string()), dir.string());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    return (dir / "out" / "r.csv").string();
}

// Removes the lock file, or puts something else in its place.
void spoil_lock(const std::string& lock, const std::string& how) {
    fs::remove(lock);
    if (how == "a folder") fs::create_directory(lock);
    if (how == "another file") std::ofstream(lock) << "1\n";
}

}  // namespace

TEST_CASE("merge writes nothing when its lock is removed or replaced while it reads its inputs", "[merge][records][locks]") {
    const fs::path dir = futolab::test::fresh_dir("merge-lock", "spoiled");
    const std::string csv = whole_sweep(dir);
    for (const std::string how : {"removed", "a folder", "another file"}) {
        INFO(how);
        const std::string out = (dir / ("m-" + std::to_string(how.size()) + ".csv")).string();
        const OutputLock lock(out);
        const auto spoil = [&](const CsvTable&, const std::string&, const SidecarFacts&) { spoil_lock(lock_path(out), how); };
        CHECK_THROWS_WITH(merge_results({csv}, out, false, spoil, &lock),
                          out + ": not written: " + lock_path(out) +
                              ": removed or replaced while futolab held it: stopping, since another futolab could now "
                              "lock it and write the same file");
        for (const std::string& file : {out, sidecar_path(out), schema_path(out), outputs_path(out)}) CHECK_FALSE(fs::exists(file));
    }
    // Its lock kept, the same merge writes.
    const std::string out = (dir / "m.csv").string();
    const OutputLock lock(out);
    CHECK(merge_results({csv}, out, false, {}, &lock).rows == 75);
    CHECK(fs::exists(out));
}
