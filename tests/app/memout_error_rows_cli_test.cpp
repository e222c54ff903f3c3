// Resume and merge hold a solve or count row's memout and error to what the runs write
// (experiments/status_facts.hpp, check_censored_status; censored_facts.hpp; red-team round 27,
// B F1): a memout that kept its solution and counters, one whose message named a memory limit
// the sweep never had or none at all, an error with its message emptied were resumed and merged.
// Exit 2 naming the file, line and column; the shards as futolab wrote them (a tool's real memout
// under limits.memory, a failing and a missing command's errors) resume and merge.
#include "cli_runner.hpp"
#include "shard_row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Two shards of a count:2 sweep of four 4x4 Tatham puzzles in process isolation, under
// limits.memory 192 MiB (`memory`: above what futolab itself needs under the sanitizers) or none: gac, and with the limit a command that allocates
// 400 MiB (memout: "… ran out of memory (limit 196608 kB, …)"), one that fails and one whose
// program does not exist (error, each with its message).
fs::path sweep(const std::string& name, bool memory) {
    const fs::path dir = futolab::test::fresh_dir("memout-error-rows", name);
    std::ifstream tatham(FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham");
    std::ofstream easy(dir / "e.tatham");
    std::string line;
    for (int i = 0; i < 4 && std::getline(tatham, line); ++i) easy << line << "\n";
    easy.close();
    std::ofstream(dir / "hog.py") << "x = bytearray(400 * 1024 * 1024)\nfor i in range(0, len(x), 4096): x[i] = 1\nprint('UNSAT')\n";
    std::ofstream(dir / "fail.py") << "import sys\nsys.stderr.write('fail.py: cannot read it\\n')\nsys.exit(3)\n";
    std::ofstream(dir / "s.yaml")
        << "name: me\nseed: 1\nmode: { count: 2 }\nisolation: process\n"
        << (memory ? "limits: { time: 20s, memory: 192MiB }\n" : "limits: { time: 20s }\n")
        << "instances:\n  - file: e.tatham\ncommands:\n"
           "  - name: hog\n    argv: [python3, \"{cwd}/hog.py\", \"{instance}\"]\n"
           "  - name: fail\n    argv: [python3, \"{cwd}/fail.py\", \"{instance}\"]\n"
           "  - name: missing\n    argv: [no-such-tool-futolab, \"{instance}\"]\n"
        << (memory ? "solvers: [ gac, \"command:name=hog\", \"command:name=fail\", \"command:name=missing\" ]\n"
                   : "solvers: [ gac ]\n");
    for (const char* shard : {"0/2", "1/2"}) {
        const auto made = run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string());
        INFO(made.err);
        REQUIRE(made.exit_code == 0);
    }
    return dir;
}

const fs::path& limited() {
    static const fs::path d = sweep("limited", true);
    return d;
}

const fs::path& unlimited() {
    static const fs::path d = sweep("unlimited", false);
    return d;
}

using futolab::test::Cells;
using futolab::test::refused;
using futolab::test::ShardEdit;
using futolab::test::taken;

// The first row of `spec` with `status` of the sweep `from`, its cells edited (the first names
// the column the refusal names), then what resume (of that shard) and merge (of both) say.
ShardEdit edited(const fs::path& from, const std::string& name, const std::string& spec, const std::string& status,
                 const Cells& cells) {
    return futolab::test::edit_shard_row(from, futolab::test::fresh_dir("memout-error-rows", name), "me", spec, status, cells);
}

const Cells kLost{{"solutions", "0"}, {"nodes", "0"}, {"fails", "0"}, {"checks", "0"}, {"propagations", "0"},
                  {"max_depth", "0"},  {"solution", ""}};

Cells with(Cells first, const Cells& rest) {
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

}  // namespace

TEST_CASE("resume and merge take the memout and error rows futolab wrote", "[resume][merge][memout]") {
    const futolab::CsvTable t0 = futolab::read_csv_file((limited() / "sh" / "me.shard-0-of-2.csv").string());
    const futolab::CsvTable t1 = futolab::read_csv_file((limited() / "sh" / "me.shard-1-of-2.csv").string());
    std::vector<std::string> seen;  // spec: status: message
    for (const futolab::CsvTable* t : {&t0, &t1})
        for (const auto& row : t->rows)
            if (row[t->column("spec", "t")] != "gac")
                seen.push_back(row[t->column("spec", "t")] + ": " + row[t->column("status", "t")] + ": " +
                               row[t->column("message", "t")]);
    const auto holds = [&](const std::string& text) {
        for (const std::string& s : seen)
            if (s.starts_with(text)) return true;
        return false;
    };
    INFO(seen.size());
    CHECK(holds("command:name=hog: memout: command:name=hog ran out of memory (limit 196608 kB, "));
    CHECK(holds("command:name=fail: error: command:name=fail exited with status 3: fail.py: cannot read it"));
    CHECK(holds("command:name=missing: error: command:name=missing: 'no-such-tool-futolab' is not an executable program"));
    taken(edited(limited(), "as-written", "gac", "unique", {{"status", "unique"}}));
    // A failed allocation of the run's own search: "out of memory", its counters 0, in any sweep.
    taken(edited(limited(), "bad-alloc", "gac", "unique", with({{"status", "memout"}, {"message", "out of memory"}}, kLost)));
    taken(edited(unlimited(), "bad-alloc-unlimited", "gac", "unique",
                 with({{"status", "memout"}, {"message", "out of memory"}}, kLost)));
}

TEST_CASE("resume and merge refuse a memout row whose message no run writes or names a limit the sweep never had",
          "[resume][merge][memout]") {
    for (const char* m : {"", "memory limit (1 GiB)", "x"})
        refused(edited(unlimited(), std::string("message-") + (*m ? m : "empty"), "gac", "unique",
                       with({{"message", m}, {"status", "memout"}}, kLost)),
                "where a 'memout' run of gac writes 'out of memory'");
    for (const char* m : {"out of memory: killed by SIGKILL (Killed) at a peak of 1048576 kB",
                          "out of memory: the memory cgroup's OOM killer ended the run's process (SIGKILL (Killed))"})
        refused(edited(unlimited(), std::string("kill-") + m[15], "gac", "unique", with({{"message", m}, {"status", "memout"}}, kLost)),
                "where the run had no memory limit (the config sets no limits.memory)");
    refused(edited(limited(), "tool-limit", "command:name=hog", "memout",
                   {{"message", "command:name=hog ran out of memory (limit 1048576 kB, the tool's peak resident set 8212 kB)"}}),
            "where the run's limit is limits.memory (196608 kB)");
}

TEST_CASE("resume and merge refuse a memout row that kept the solution and counters of a search it lost",
          "[resume][merge][memout]") {
    // Its solution taken out, a count of 0 and the search's other counters kept.
    refused(edited(unlimited(), "kept", "gac", "unique",
                   {{"nodes", "5"}, {"solutions", "0"}, {"solution", ""}, {"status", "memout"}, {"message", "out of memory"}}),
            "where a 'memout' run that ran out of memory before it answered counts nothing");
    refused(edited(limited(), "kept-solution", "gac", "unique", {{"solution", "1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1"}, {"status", "memout"},
                                                                   {"message", "out of memory"}}),
            "lost its search (it keeps none)");
    refused(edited(limited(), "tool-counted", "command:name=hog", "memout", {{"nodes", "7"}}),
            "counts nothing: every counter 0");
}

TEST_CASE("resume and merge refuse an error row with its message emptied", "[resume][merge][error]") {
    for (const char* spec : {"command:name=fail", "command:name=missing"})
        refused(edited(limited(), std::string("error-") + spec[13], spec, "error", {{"message", ""}}),
                "empty, where an error's run says what failed");
    refused(edited(unlimited(), "gac-error", "gac", "unique", with({{"message", ""}, {"status", "error"}}, kLost)),
            "empty, where an error's run says what failed");
}
