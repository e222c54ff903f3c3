// The metadata sidecar `<csv>.meta.yaml` (SPEC §5): the config verbatim and its hash, futolab
// version and git commit, compiler and flags, CPU model, core count, host, the CPU frequency
// governor and turbo state where readable, the timing protocol (order, warm-up, the CPUs
// the workers were pinned to), start/end time, command line, the run's shard and progress,
// and for a merged CSV the host and CPU of every shard. Written at the start and rewritten
// at the end.
#pragma once

#include "core/formats/formats.hpp"
#include "records/build_identity.hpp"
#include "records/machine.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// What made a CSV: the experiment's name, its config file, that file's text verbatim and its
// hash (the resume contract). The driver fills it from its ExperimentConfig
// (experiments/config.hpp, identity_of); merge copies it from the shards' sidecars.
// One input file the experiment read, pinned by its content (issue #25 §2): a corpus edited
// between a run and its resume (or between two shards) is refused, naming the file.
struct InputFile {
    std::string path;  // as the config's glob expanded it
    std::string hash;  // 16 hex digits of FNV-1a over its bytes
    bool operator==(const InputFile&) const = default;
};

struct ExperimentIdentity {
    std::string name;
    std::string config_file;
    std::string config_hash;
    std::string config_text;
    bool config_given = true;  // read from a sidecar: false if it has no `config` key
    std::vector<InputFile> inputs;  // every file instance source, in the order read
};

// "what differs" between two input lists, naming the first file that differs; empty if equal.
std::string input_difference(const std::vector<InputFile>& was, const std::vector<InputFile>& is);

// The timing protocol of SPEC §6 as the sidecar records it.
struct TimingProtocol {
    std::string order = "sequential";  // sequential, interleaved or shuffled
    int warmup = 0;
    bool pin = false;
};

// Where one shard of a merged CSV ran.
struct ShardMachine {
    std::string file;  // the shard CSV as given to merge
    std::string host;
    std::string cpu;
    // Every host that wrote rows into that CSV (a shard resumed on another machine holds rows of
    // two: issue #45, round 8); a row's `host` cell must be one of them. A sidecar written before
    // the list: its one `host` (empty: no host known, nothing to check).
    std::vector<std::string> hosts;
    // Its `cores` (the CPUs online when the sidecar was written: a tool's process tree ran on at
    // most these, experiments/clock_facts.hpp); nullopt where it says none (a merge's shards).
    std::optional<std::uint64_t> cores;
};

// One `--redo` of the CSV (SPEC §5): when, which statuses, how many rows left to be re-run.
struct RedoRecord {
    std::string at;  // ISO 8601 UTC
    std::vector<std::string> statuses;
    std::size_t rows = 0;
};

struct RunInfo {
    std::string command_line;
    int jobs = 1;
    int shard_index = 0, shard_count = 1;  // shard I of N, counted from 0 (run.shard_numbering)
    std::size_t total_runs = 0;    // the whole matrix
    std::size_t shard_runs = 0;    // this shard's share
    std::size_t completed = 0;     // rows in the CSV of this shard
    std::string started, finished;  // ISO 8601 UTC
    // ISO 8601 UTC: when the CSV's first run started; a resume keeps it, so every row of the CSV
    // was made between it and `finished` (a row's clocks are held to that span: resume_rows.hpp,
    // experiments/clock_facts.hpp). Empty: not known (not written).
    std::string first_started;
    std::string state;             // running, finished, interrupted, failed
    std::vector<SkippedInput> skipped_inputs;  // left out by --skip-invalid
    std::vector<int> pinned_cpus;  // pin: true: worker j ran on pinned_cpus[j] (the CSV `core`)
    std::vector<ShardMachine> shards;  // a merge: the machine of every shard (else empty)
    // A sweep: the hosts that wrote rows into the CSV before this run (a resume's sidecar's list);
    // the sidecar's `machine.hosts` is this list with this machine's host added.
    std::vector<std::string> hosts;
    std::string isolation, memory_limit;  // process or thread; how limits.memory is enforced
    int memory_poll_ms = 0;  // how often a tool's process tree is polled for memory (0: not stated)
    TimingProtocol timing;
    std::vector<RedoRecord> redone;  // every --redo of this CSV, oldest first (absent if none)
    // The binary whose driver ran the sweep (`futolab:`): this one, except for a merge, which
    // keeps its shards' (merged_by then names the merging binary).
    BuildIdentity driver = this_build();
    std::optional<BuildIdentity> merged_by;
    // The builds whose workers made the rows (`builds:`): `self` alone, or an A/B sweep's.
    std::vector<BuildIdentity> builds{this_build()};
    // The machine's CPU use while the sweep ran (absent until it ends): the cores other
    // processes kept busy, and futolab's own (compare prints both sides').
    std::optional<LoadFigure> load;
};

// The most worker threads a sweep takes (`run --jobs`; its 0, all cores, is resolved before the
// sidecar is written): a sidecar's run.jobs is read from 1 to this.
inline constexpr int kMaxJobs = 4096;
// The run.state words: those a sweep writes (`running` from its start, then how it ended), and
// those of a merged CSV (`merged-incomplete`: runs missing from every shard).
inline constexpr std::string_view kRunStates[] = {"running", "finished", "interrupted", "failed"};
inline constexpr std::string_view kMergedStates[] = {"merged", "merged-incomplete"};

struct SidecarFacts {  // what merge and resume check
    ExperimentIdentity identity;  // config_file: the config's path when the CSV was made
    std::string version;      // futolab's (futolab.version)
    BuildIdentity driver;     // futolab: the binary that ran the sweep (its name is "self")
    std::vector<BuildIdentity> builds;  // builds: (sidecars before issue #41: the driver alone)
    // Counted from 0 whatever the file says: a sidecar without `shard_numbering: from 0` counted
    // its shard_index from 1 (run --shard before one numbering), read as index − 1.
    int shard_index = 0, shard_count = 1;
    bool shard_from_one = false;  // written so: messages say what it wrote (shard_words)
    std::size_t total_runs = 0;
    std::vector<ShardMachine> machines;  // its own machine, or, for a merged CSV, its shards'
    TimingProtocol timing;
    std::string isolation;  // thread, process or fork; empty in sidecars of older futolab
    std::string memory_limit;  // how limits.memory was enforced (run.memory_limit); may be empty
    bool merged = false;       // written by `futolab merge` (it lists its shards' machines)
    std::string state;         // run.state: running, finished, … (empty in sidecars without it)
    // run.started, run.first_started and run.finished as written (first_started empty in a
    // sidecar without it: an older futolab's, a merge of a shard without one (records/merge.hpp);
    // finished empty while the run goes on).
    std::string started, first_started, finished;
    // run.jobs, run.shard_runs and run.completed (nullopt in a sidecar without the key): the
    // worker threads, this shard's runs and the rows the CSV held when the sidecar was written.
    std::optional<std::uint64_t> jobs, shard_runs, completed;
    std::optional<LoadFigure> load;  // run.load_*: absent in older sidecars and running sweeps
    // Its `redone` list, oldest first (empty if none): each item's keys are marked
    // ("redone[0].at", "redone[0].statuses[1]", "redone[0].rows"), held to the sweep by resume
    // and merge (experiments/sidecar_protocol.hpp, redone_problem).
    std::vector<RedoRecord> redone;
    // "X.meta.yaml:36:15" of each key a later check compares with the config or the other shards
    // ("run.total_runs"; a missing key's map), so its refusal names the line: sidecar_at.
    std::map<std::string, std::string, std::less<>> marks;
    // The sidecar read, and where its config text's first line is in it: a `|` block's line and
    // indent (0 where the text is a quoted scalar or absent), so a problem a config parser finds in
    // that text is named at the sidecar's line, not the config file's (red-team round 27, C F2).
    std::string file;
    int config_line = 0, config_indent = 0;
};

std::string sidecar_path(const std::string& csv_path);
// The text of `csv_path`'s sidecar (read_text_file's rules: a regular file, bounded). One that is
// a FIFO or a device is refused as the CSV's companion, read beside it, not as an argument that
// "- with a redirect" could give (red-team round 31, H6).
std::string read_sidecar_text(const std::string& csv_path);
// Where the sidecar the facts were read from holds `key` (a dotted path: "run.total_runs"), as
// "X.meta.yaml:36:15"; "its sidecar" for facts not read from a file.
std::string sidecar_at(const SidecarFacts& facts, std::string_view key);
// Where it holds item `i` of the list `list` ("inputs", "builds", "skipped_inputs"): the item's
// mark, or the list's when it has no item i (the list is shorter, or missing).
std::string sidecar_item_at(const SidecarFacts& facts, std::string_view list, std::size_t i);
// The index of the first input in which the two lists differ (the shorter's size if one is the
// other's start; the size if they are equal): the item a refusal of input_difference names.
std::size_t first_input_difference(const std::vector<InputFile>& a, const std::vector<InputFile>& b);
// A sidecar's shard in messages, counted from 0: "shard 1 of 4", and for a sidecar of the older
// numbering also what it wrote: "shard 1 of 4 (written as 2 of 4, counted from 1)".
std::string shard_words(const SidecarFacts& facts);
void write_sidecar(const std::string& csv_path, const ExperimentIdentity& made_by, const RunInfo& info);
// The text write_sidecar writes, for a writer that puts the sidecar in place with other files
// (merge: core/atomic_file.hpp, commit_together).
std::string sidecar_text(const ExperimentIdentity& made_by, const RunInfo& info);
// For when write_sidecar itself fails on a full disk after a failed run: sets `run.state` of
// the sidecar in place from `running` to `state` (at most 7 letters, e.g. "failed"), which
// needs no new disk space, so the sidecar never says `running` for a run that has ended.
// Returns false if it could not (no sidecar, no `state: running` line, the write refused).
bool mark_sidecar_state(const std::string& csv_path, std::string_view state);
// Throws InputError: "X.meta.yaml: no such file", or naming what is missing or malformed.
SidecarFacts read_sidecar(const std::string& csv_path);
// Resume and merge check rows against the sidecar's config text, so it must be there and be the
// text its config_hash pins (issue #45, rounds 7 and 8: an edited text was resumed, and a missing
// one blamed the config file). Throws InputError "X.meta.yaml: key 'config' is missing (the
// config text)" or "…: its config text hashes to H, not to its config_hash C (edited?): refusing
// to `verb`".
void check_config_text(const SidecarFacts& facts, const std::string& csv_path, std::string_view verb);
// Where line `line`, column `column` (1-based; 0: unknown) of the sidecar's config text is in
// the sidecar itself ("X.meta.yaml:57:9"); the `config` key's mark where the text is no block.
std::string sidecar_config_at(const SidecarFacts& facts, int line, int column);
// A sweep's sidecar written by this futolab (the same binary, or the same clean commit) always
// names run.first_started, which bounds its rows' clocks (experiments/clock_facts.hpp): one
// without it was edited, and read as an older futolab's it bounded nothing (red-team round 27,
// B F4). Throws InputError "X.meta.yaml:L:C: run.first_started is missing, which futolab V always
// writes (edited?): refusing to VERB". A merged sidecar, or an older or other futolab's, passes.
void check_first_started(const SidecarFacts& facts, std::string_view verb);
// The hosts a row of a CSV with this sidecar may name: every host of every machine (empty: none
// known, as in sidecars that name no host).
std::vector<std::string> row_hosts(const SidecarFacts& facts);
// The same from the sidecar's text (`path`: the sidecar, for messages; `csv_path`: its CSV).
// Throws InputError for anything malformed (fuzzed: tests/fuzz/sidecar_fuzz.cpp).
SidecarFacts parse_sidecar(const std::string& text, const std::string& path, const std::string& csv_path);

// SPEC §5: `--resume` appends only to a CSV made by the same config (hash), the same inputs
// and the same builds (commit, dirty flag, build type and binary hash of the driver and of
// every build of an A/B sweep: build_difference). Throws an InputError naming what differs ("out.csv: made by config 3f2a…
// (fc-vs-bt.yaml as it was), not 9c1d…: refusing to resume; use a new --out") before
// anything is written. A CSV with rows but no sidecar is refused too (nothing says what made
// it); an absent or empty CSV has nothing to mix with and passes.
void check_resumable(const std::string& csv_path, const ExperimentIdentity& config,
                     const std::vector<BuildIdentity>& builds = {this_build()},
                     const BuildIdentity& driver = this_build());
// Why the builds a sidecar names (`was`) are not `is` ("" if they are the same binaries, by
// name and in order): "futolab A (…) made it, not futolab B (…)".
std::string build_difference(const BuildIdentity& was_driver, const std::vector<BuildIdentity>& was,
                             const BuildIdentity& is_driver, const std::vector<BuildIdentity>& is);
// The same for the sidecar `was` was read from against the builds `is_driver` and `is`, followed
// by where that sidecar holds the build that differs: "futolab A (…), not futolab B (…)
// (X.meta.yaml:5:3)"; "" if they are the same.
std::string build_difference_in(const SidecarFacts& was, const BuildIdentity& is_driver, const std::vector<BuildIdentity>& is);
// The first field in which two descriptions of one binary differ: "version", "compiler",
// "flags", "git_commit" or "build_type" ("" if none does). One binary has one description.
std::string description_difference(const BuildIdentity& a, const BuildIdentity& b);
// What a sweep's sidecar says against itself, "" if nothing: (1) a machine.host that is none of
// its machine.hosts (a run adds its host to the list it writes; red-team round 27, B F2);
// (2) in a sweep of one build (`builds:` its `self` alone), a `futolab:` block that is not that
// build, field for field: both are written from the one binary that ran it (red-team round 29,
// B7: one digit of the block's binary_hash edited made merge take the shard for another binary's
// and skip remaking its instances). Each names where. merge refuses a shard for it, a resume the
// CSV (B2: the edit was accepted and written over). A merged sidecar (its shards' machines) is not held.
std::string sidecar_edit_problem(const SidecarFacts& f);
// The `redone` list of a CSV's sidecar (empty if it has none or there is no sidecar).
std::vector<RedoRecord> read_redone(const std::string& csv_path);
// The `skipped_inputs` list of a sidecar (empty if it has none).
std::vector<SkippedInput> read_skipped_inputs(const std::string& csv_path);
std::string utc_now_iso8601();

}  // namespace futolab
