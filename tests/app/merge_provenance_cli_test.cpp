// What merge holds a shard's sidecar and file to before it merges (red-team round 27): its config
// text to its config_hash before the text is read, a problem in that text named at the sidecar's
// own line (C F2: `q.yaml:2:7` was blamed); standard input refused by any name, whatever files
// the folder holds (C F10); this futolab's sidecar without run.first_started refused, by merge and
// resume (B F4); one binary with one build description and a machine.host among its hosts (B F2);
// a live run's CSV found by the lock on the file itself, renamed or without its name's lock (A F5).
#include "cli_runner.hpp"
#include "small_sweep.hpp"
#include "core/files.hpp"
#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Two shards of a small count sweep in DIR/sh, its config DIR/s.yaml (small_sweep.hpp).
fs::path sweep(const std::string& name) { return futolab::test::two_shard_sweep("merge-provenance", name); }

const char* kShards = futolab::test::kTwoShards;

std::string sidecar_of(const fs::path& d, int shard) {
    return (d / "sh" / fmt::format("ms.shard-{}-of-2.csv.meta.yaml", shard)).string();
}

void put(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// `text` with the first match of `from` replaced by `to`.
std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
    return std::regex_replace(text, std::regex(from), to, std::regex_constants::format_first_only);
}

// The line (1-based) of `text` on which `part` first is.
int line_of(const std::string& text, const std::string& part) {
    const std::size_t at = text.find(part);
    REQUIRE(at != std::string::npos);
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

}  // namespace

TEST_CASE("merge checks a shard's config text against its hash before it reads the text", "[merge][sidecar]") {
    const fs::path d = sweep("config-text");
    const std::string path = sidecar_of(d, 0), kept = slurp(path);
    struct Case {
        std::string from, to;  // an edit of the config text
        std::string said;      // what is wrong with it, once the hash is made to match
        int column;            // where in the edited text line
    };
    for (const Case& c : {Case{"\n  seed: 1\n", "\n  seed: 05\n", "seed: '05' has a leading zero", 9},
                          Case{"solvers: \\[ gac, fc \\]", "solvers: [ gac, fc ]]", "malformed YAML", 0},
                          Case{"\n  repeats: 2\n", "\n  repeats: two\n", "repeats", 0}}) {
        INFO(c.to);
        const std::string edited = replaced(kept, c.from, c.to);
        REQUIRE(edited != kept);
        put(path, edited);
        // The text no longer hashes to config_hash: said at the sidecar's config_hash, not at s.yaml.
        auto r = run_cli(std::string("merge ") + kShards + " --out m.csv", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "ms.shard-0-of-2.csv.meta.yaml:" + std::to_string(line_of(edited, "config_hash:")) + ":"));
        CHECK(has(r.err, "(edited?): refusing to merge it"));
        CHECK_FALSE(has(r.err, "s.yaml:"));
        // Its hash edited too: the text's problem named at the sidecar's line of it.
        const futolab::SidecarFacts f = futolab::read_sidecar((d / "sh" / "ms.shard-0-of-2.csv").string());
        const std::string hash = fmt::format("{:016x}", futolab::fnv1a64(f.identity.config_text));
        put(path, replaced(edited, "config_hash: [0-9a-f]+", "config_hash: " + hash));
        r = run_cli(std::string("merge ") + kShards + " --out m.csv", d.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        const std::string at = fmt::format("ms.shard-0-of-2.csv.meta.yaml:{}", line_of(edited, c.to.substr(1, 6)));
        CHECK(has(r.err, "futolab: sh/" + at + (c.column ? ":" + std::to_string(c.column) : "")));
        CHECK(has(r.err, "in its config text (s.yaml as it was): " + c.said));
        CHECK_FALSE(has(r.err, "futolab: s.yaml:"));
        CHECK_FALSE(fs::exists(d / "m.csv"));
    }
    put(path, kept);
    CHECK(run_cli(std::string("merge ") + kShards + " --out m.csv", d.string()).exit_code == 0);
    fs::remove_all(d);
}

TEST_CASE("merge refuses standard input by any name whatever files the folder holds", "[merge][stdin]") {
    const fs::path d = sweep("stdin");
    const std::string csv = "sh/ms.shard-0-of-2.csv";
    for (int planted = 0; planted < 2; ++planted) {
        if (planted) {  // a file named `-` and a sidecar `-.meta.yaml` here decide nothing
            fs::copy_file(d / csv, d / "-");
            fs::copy_file(d / (csv + ".meta.yaml"), d / "-.meta.yaml");
        }
        for (const std::string& args : {std::string("-"), std::string("- -"), std::string("/dev/stdin"),
                                        std::string("/dev/fd/0"), csv + " -"}) {
            INFO(planted << " " << args);
            const auto r = run_cli("merge " + args + " --out m.csv < " + csv, d.string());
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, ": standard input cannot be merged (input "));
            CHECK(has(r.err, "a shard CSV is read with its sidecar beside it"));
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK_FALSE(fs::exists(d / "m.csv"));
            CHECK_FALSE(fs::exists(d / ".m.csv.lock"));
        }
    }
    fs::remove_all(d);
}

TEST_CASE("merge and resume refuse this futolab's sidecar without run.first_started", "[merge][clocks][sidecar]") {
    const fs::path d = sweep("first-started");
    for (int shard : {0, 1}) {
        const std::string path = sidecar_of(d, shard), kept = slurp(path);
        put(path, replaced(kept, "\n  first_started: [^\n]*", ""));
        const auto r = run_cli(std::string("merge ") + kShards + " --out m.csv", d.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, fmt::format("ms.shard-{}-of-2.csv.meta.yaml:", shard)));
        CHECK(has(r.err, "run.first_started is missing, which futolab "));
        CHECK(has(r.err, "always writes (edited?): refusing to merge it"));
        CHECK_FALSE(fs::exists(d / "m.csv"));
        put(path, kept);
    }
    // A resume: refused, and the sidecar is not written back without it.
    REQUIRE(run_cli("run -q s.yaml --out all", d.string()).exit_code == 0);
    const std::string path = (d / "all" / "ms.csv.meta.yaml").string();
    const std::string without = replaced(slurp(path), "\n  first_started: [^\n]*", "");
    put(path, without);
    const auto r = run_cli("run -q s.yaml --out all --resume", d.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "run.first_started is missing"));
    CHECK(has(r.err, "refusing to resume"));
    CHECK(slurp(path) == without);
    // Merged sidecars may lack it (a merge of a shard that names none): merged again.
    REQUIRE(run_cli(std::string("merge ") + kShards + " --out m.csv", d.string()).exit_code == 0);
    put((d / "m.csv.meta.yaml").string(), replaced(slurp((d / "m.csv.meta.yaml").string()), "\n  first_started: [^\n]*", ""));
    CHECK(run_cli("merge m.csv --out m2.csv", d.string()).exit_code == 0);
    fs::remove_all(d);
}

TEST_CASE("merge holds one binary to one build description and a host to its hosts", "[merge][builds]") {
    const fs::path d = sweep("builds");
    struct Case {
        int shard;
        std::string from, to, said;
    };
    for (const Case& c : {Case{0, "compiler: ", "compiler: X", "with another compiler"},
                          Case{1, "compiler: ", "compiler: X", "with another compiler"},
                          Case{0, "\n  flags: [^\n]*", "\n  flags: \" -O0\"", "with another flags"},
                          Case{1, "version: 0\\.", "version: 9.", "with another version"},
                          Case{0, "\n    version: 0\\.", "\n    version: 9.", "with another version"},
                          Case{1, "\n  host: [^\n]*", "\n  host: elsewhere", "machine.host 'elsewhere' is none of its "
                                                                              "machine.hosts"}}) {
        const std::string path = sidecar_of(d, c.shard), kept = slurp(path);
        put(path, replaced(kept, c.from, c.to));
        REQUIRE(slurp(path) != kept);
        const auto r = run_cli(std::string("merge ") + kShards + " --out m.csv", d.string());
        INFO(c.shard << " " << c.to << "\n" << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, c.said));
        CHECK(has(r.err, "(edited?)"));
        CHECK_FALSE(fs::exists(d / "m.csv"));
        put(path, kept);
    }
    // Red-team round 29, B7: one shard merged alone, its futolab: block's binary_hash (or the
    // block's whole build) edited: taken for another binary's, and merge skipped remaking its
    // instances with a warning. The block and its one build, self, are one binary's.
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"binary_hash: [0-9a-f]{16}", "binary_hash: 0123456789abcdef"},
                                   {"binary_hash: [0-9a-f]{15}", "binary_hash: 000000000000000"}}) {
        const std::string path = sidecar_of(d, 1), kept = slurp(path);
        put(path, replaced(kept, from, to));
        REQUIRE(slurp(path) != kept);
        const auto r = run_cli("merge sh/ms.shard-1-of-2.csv --out m.csv", d.string());
        INFO(to << "\n" << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, ": its futolab: block (sh/ms.shard-1-of-2.csv.meta.yaml:"));
        CHECK(has(r.err, "and its one build, self (sh/ms.shard-1-of-2.csv.meta.yaml:"));
        CHECK(has(r.err, "refusing to merge it (edited?)"));
        CHECK_FALSE(fs::exists(d / "m.csv"));
        put(path, kept);
    }
    const auto alone = run_cli("merge sh/ms.shard-1-of-2.csv --out m.csv", d.string());  // unedited: merged, runs missing
    CHECK(alone.exit_code == 1);
    CHECK(has(alone.err, "runs missing"));
    CHECK_FALSE(has(alone.err, "not made again"));
    fs::remove(d / "m.csv");
    fs::remove(d / "m.csv.meta.yaml");
    fs::remove(d / "m.csv.schema.json");
    // The same edit in every description of both shards is one description: merged as it says.
    for (int shard : {0, 1})
        put(sidecar_of(d, shard), std::regex_replace(slurp(sidecar_of(d, shard)), std::regex("compiler: "), "compiler: Y"));
    const auto r = run_cli(std::string("merge ") + kShards + " --out m.csv", d.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    fs::remove_all(d);
}

// Red-team round 29, B2: a resume took a sidecar whose futolab: block was edited where the binary
// is still this one (its version, compiler or flags), or whose machine.host is none of its
// machine.hosts, and wrote over the edit. Refused as merge refuses them, the CSV and sidecar kept.
TEST_CASE("resume holds its sidecar to this binary's description and to itself", "[resume][builds]") {
    const fs::path d = sweep("resume-edits");
    struct Case {
        std::string from, to, said;
    };
    for (const Case& c : {Case{"compiler: ", "compiler: X", "describes this binary"},
                          Case{"\n  flags: [^\n]*", "\n  flags: \" -O0\"", "with another flags"},
                          Case{"\n  host: [^\n]*", "\n  host: elsewhere", "machine.host 'elsewhere' is none of its machine.hosts"},
                          Case{"\n    compiler: ", "\n    compiler: X", "its one build, self ("},
                          // No futolab writes these; `hosts: []` turned the rows' host check off (round 30, F9).
                          Case{"\n  hosts: \\[[^\n]*\\]", "\n  hosts: []", "is empty: a sweep's sidecar lists at least the host"},
                          Case{"\n  hosts: \\[([^\n,]*)\\]", "\n  hosts: [$1, $1]", "' twice"},
                          Case{"\n  hosts: \\[[^\n]*\\]", "\n  hosts: ~", "is empty: a sweep's sidecar lists at least the host"},
                          Case{"\n  hosts: \\[([^\n,]*)\\]", "\n  hosts: [$1, \"\"]", "'' is no host name"},
                          Case{"\n  hosts: \\[([^\n,]*)\\]", "\n  hosts: [$1, \"$1 \"]", " ' is no host name"}}) {
        const std::string path = sidecar_of(d, 0), kept = slurp(path);
        const std::string csv = (d / "sh" / "ms.shard-0-of-2.csv").string(), rows = slurp(csv);
        put(path, replaced(kept, c.from, c.to));
        REQUIRE(slurp(path) != kept);
        const std::string edited = slurp(path);
        const auto r = run_cli("run -q s.yaml --out sh --shard 0/2 --resume", d.string());
        INFO(c.to << "\n" << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, c.said));
        CHECK(has(r.err, "(edited?)"));
        if (c.to == "compiler: X")  // named at the edited key's own line (red-team round 30)
            CHECK(has(r.err, fmt::format("(sh/ms.shard-0-of-2.csv.meta.yaml:{}:", line_of(edited, "compiler: X"))));
        CHECK(slurp(path) == edited);
        CHECK(slurp(csv) == rows);
        put(path, kept);
    }
    {  // No build at all is named as an empty list (red-team round 30: "made by builds , not self").
        const std::string path = sidecar_of(d, 0), kept = slurp(path);
        put(path, replaced(kept, "\nbuilds:\n(?:  [^\n]*\n)+", "\nbuilds: []\n"));
        REQUIRE(slurp(path) != kept);
        const auto r = run_cli("run -q s.yaml --out sh --shard 0/2 --resume", d.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "made by builds [] (none), not self"));
        put(path, kept);
    }
    // Unedited, the resume goes on (nothing left to run).
    CHECK(run_cli("run -q s.yaml --out sh --shard 0/2 --resume", d.string()).exit_code == 0);
    fs::remove_all(d);
}

TEST_CASE("merge refuses a live run's CSV renamed or without its name's lock", "[merge][locks]") {
    const fs::path d = sweep("live");
    // A run holds its CSV's identity lock (an flock on the file itself) while it writes it.
    const auto held_by_writer = [](const fs::path& csv) {
        const int fd = ::open(csv.c_str(), O_RDONLY | O_CLOEXEC);
        REQUIRE(fd >= 0);
        REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
        return fd;
    };
    fs::create_directories(d / "moved");
    for (const char* name : {"ms.shard-0-of-2.csv", "ms.shard-0-of-2.csv.meta.yaml"})
        fs::rename(d / "sh" / name, d / "moved" / name);
    const std::string moved = "moved/ms.shard-0-of-2.csv";
    for (const std::string& inputs : {moved, moved + " sh/ms.shard-1-of-2.csv", "sh/ms.shard-1-of-2.csv " + moved}) {
        INFO(inputs);
        const int fd = held_by_writer(d / moved);
        const auto r = run_cli("merge " + inputs + " --out m.csv", d.string());
        ::close(fd);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, moved + ": another futolab is writing this file under another name"));
        CHECK_FALSE(fs::exists(d / "m.csv"));
    }
    // Its writer gone, it merges.
    const auto r = run_cli("merge " + moved + " sh/ms.shard-1-of-2.csv --out m.csv", d.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    fs::remove_all(d);
}

// Red-team round 30 spot check: analyze took a run cell far past the sweep's runs (2^63 in a
// 6-run sweep) that merge refuses, and for 2^64 - 1 quoted as expected a run the overflow made.
// Every reader of a sweep's rows holds the run cell to the sidecar's total_runs.
TEST_CASE("a run cell past the sweep's runs is too large for every reader", "[merge][analyze]") {
    const fs::path d = sweep("run-range");
    const std::string csv = (d / "sh" / "ms.shard-0-of-2.csv").string(), rows = slurp(csv);
    for (const std::string run : {"9223372036854775808", "18446744073709551615"}) {
        // The first row's run cell replaced, every other cell written as it was.
        futolab::CsvTable t = futolab::read_csv_file(csv);
        t.rows.at(0).at(t.column("run", csv)) = run;
        std::string text;
        for (const std::vector<std::string>* row : {&t.header, &t.rows[0]})
            for (std::size_t c = 0; c < row->size(); ++c) text += (c ? "," : "") + futolab::csv_quote((*row)[c]) + (c + 1 == row->size() ? "\n" : "");
        put(csv, text + rows.substr(rows.find('\n', rows.find('\n') + 1) + 1));
        for (const std::string& command : {"analyze " + csv, "merge " + std::string(kShards) + " --out m.csv"}) {
            const auto r = run_cli(command, d.string());
            INFO(command << "\n" << r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "column 'run': '" + run + "' is too large (at most "));
            CHECK_FALSE(has(r.err, "writes '"));
        }
    }
    put(csv, rows);
    fs::remove_all(d);
}
