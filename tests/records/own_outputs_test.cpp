// A command's outputs against the files it writes itself (red-team round 13, F3 and F6):
// `critical --exact … --out o.jsonl --certificate o.csv.meta.yaml` replaced the run's own
// sidecar, and `--certificate o.csv` or `merge s1.csv s2.csv --out s1.csv --force` were blamed
// on "another futolab (pid N)" that was the command itself.
#include "records_cli.hpp"
#include "core/error.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"
#include "records/read_lock.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

fs::path fresh(const std::string& name) { return futolab::test::fresh_dir("own-outputs", name); }

std::string refusal(const std::vector<NamedOutput>& outputs) {
    try {
        check_output_paths(outputs, {}, false);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("an output that is one of the command's own files is refused, before anything else", "[records][outputs][own]") {
    const fs::path dir = fresh("own");
    const std::string csv = (dir / "o.csv").string();
    const auto own = [&](const std::string& what, const std::string& path) {
        return NamedOutput{.option = what, .path = path, .results_of = "", .own = true};
    };
    const std::vector<NamedOutput> mine{own("the sidecar of --out's results CSV", csv + ".meta.yaml"),
                                        own("--out's results CSV", csv)};
    // Not there yet, there already (a resume), or the same file spelled another way: each is
    // the command's own, and the message says so (not "a metadata sidecar", not "another futolab").
    for (int round = 0; round < 2; ++round) {
        for (const std::string& cert : {csv + ".meta.yaml", (dir / "." / "o.csv.meta.yaml").string()}) {
            std::vector<NamedOutput> outputs{{"--certificate", cert}};
            outputs.insert(outputs.end(), mine.begin(), mine.end());
            CHECK(refusal(outputs) == "--certificate " + cert + ": is also the sidecar of --out's results CSV " + csv +
                                          ".meta.yaml: two outputs of one command cannot be one file");
        }
        std::ofstream(csv + ".meta.yaml") << "experiment: x\n";
        std::ofstream(csv) << "x\n";
    }
    // The own files themselves are only compared: an earlier run's sidecar there is no refusal.
    std::vector<NamedOutput> outputs{{"--certificate", (dir / "c.cert").string()}};
    outputs.insert(outputs.end(), mine.begin(), mine.end());
    CHECK(refusal(outputs).empty());
}

TEST_CASE("a lock this process holds is never another futolab's", "[records][outputs][own-lock]") {
    const fs::path dir = fresh("lock");
    const std::string csv = (dir / "s1.csv").string();
    std::ofstream(csv) << "x\n";
    {
        const OutputLock lock(csv);
        // Reading its own output (merge --force onto an input) is no conflict.
        CHECK_NOTHROW(ReadLock(csv));
        // A second lock on it in this process: named as this command's own output.
        try {
            const OutputLock again(csv);
            FAIL("locked twice");
        } catch (const InputError& e) {
            CHECK(std::string(e.what()) ==
                  csv + ": this command writes it already, as another of its outputs: two outputs of one command cannot be "
                        "one file");
        }
    }
    // Released: a fresh lock is taken, and reading is fine.
    CHECK_NOTHROW(OutputLock(csv));
    CHECK_NOTHROW(ReadLock(csv));
}
