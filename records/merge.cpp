#include "records/merge.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/shell_words.hpp"
#include "core/visible_text.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"
#include "records/header_names.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"
#include "records/outputs.hpp"
#include "records/read_lock.hpp"
#include "records/results_head.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"
#include "records/sidecar_numbers.hpp"
#include "records/table_schema.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>

#include <sys/stat.h>

namespace futolab {
namespace {

// Each input one shard of one sharding (round 8: a shard's sidecar copied over another's, two
// claims of shard 1 of 2, merged as "12 of 12 runs"; shards of 2 and of 3 merged with 8
// duplicates and 5 missing), named by its sidecar.
void check_shard_claims(const std::vector<std::string>& inputs, const std::vector<SidecarFacts>& each) {
    std::map<int, std::size_t> claimed;  // shard index → the input that claims it
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const SidecarFacts& f = each[i];
        if (f.shard_count != each.front().shard_count)
            throw InputError(fmt::format("{}: its sidecar says {}, {}'s {} ({}): refusing to merge shards of two shardings",
                                         inputs[i], shard_words(f), inputs.front(), shard_words(each.front()),
                                         sidecar_at(f, "run.shard_count")));
        // Read counted from 0 whichever numbering a sidecar was written in, so shards of an older
        // futolab (counted from 1) and of this one join as long as each shard is claimed once.
        if (const auto [at, added] = claimed.emplace(f.shard_index, i); !added)
            throw InputError(fmt::format("{}: its sidecar says {}, as {}'s does ({}): refusing to merge one shard twice (a "
                                         "sidecar copied from another shard?)",
                                         inputs[i], shard_words(f), inputs[at->second], sidecar_at(f, "run.shard_index")));
    }
}

// The inputs two shards skipped (--skip-invalid) are one list: the merged sidecar keeps the
// first's (red-team round 17, B F4's class: a list edited in one shard was merged unseen). The
// index of the first item in which `a` differs from `b`, nullopt if none does.
std::optional<std::size_t> skipped_difference(const std::vector<SkippedInput>& a, const std::vector<SkippedInput>& b) {
    const auto at = std::mismatch(a.begin(), a.end(), b.begin(), b.end(),
                                  [](const SkippedInput& x, const SkippedInput& y) { return x.id == y.id && x.error == y.error; });
    if (at.first == a.end() && at.second == b.end()) return std::nullopt;
    return static_cast<std::size_t>(at.first - a.begin());
}

// One file named twice (round 11, F21: `merge X X` was said to hold "a sidecar copied from
// another shard?"): also through another path or a link.
void check_distinct_inputs(const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            std::error_code ec;
            if (std::filesystem::equivalent(inputs[i], inputs[j], ec) && !ec)
                throw InputError(fmt::format("{}: the same file as input {} ({}): a file given twice; refusing to merge it "
                                             "with itself",
                                             inputs[i], j + 1, inputs[j]));
        }
}

// The inputs other than `out`: one that --force lets the merged CSV replace is replaced with its
// sidecar, schema and outputs, which are then the merged CSV's, not an input's kept beside it.
std::vector<std::string> inputs_but(const std::string& out, const std::vector<std::string>& inputs) {
    std::vector<std::string> others;
    for (const std::string& input : inputs) {
        std::error_code ec;
        if (!std::filesystem::equivalent(out, input, ec) || ec) others.push_back(input);
    }
    return others;
}

// A CSV whose sidecar says `state: running` and that has other names (hard links): a run may
// write it under one of them, holding the lock beside that name, which cannot be found from
// here (round 9, R8). Merging a live shard would count a partial one as complete.
void refuse_other_names(const std::string& path, const SidecarFacts& f) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || st.st_nlink <= 1) return;
    throw InputError(fmt::format("{}: its sidecar says state: running ({}), and the file has {} names (hard links): whether "
                                 "a futolab still writes it under another name cannot be checked: refusing to merge it "
                                 "(merge the run's own file, or a copy once it has ended)",
                                 path, sidecar_at(f, "run.state"), st.st_nlink));
}

// The first timing key in which `was` differs from `is` ("timing.warmup"), "" if none does.
std::string timing_difference(const TimingProtocol& was, const TimingProtocol& is) {
    if (was.order != is.order) return "timing.order";
    if (was.warmup != is.warmup) return "timing.warmup";
    return was.pin != is.pin ? "timing.pin" : "";
}

// Every build a sidecar describes, with where it does: its `futolab:` block and its `builds:`.
std::vector<std::pair<const BuildIdentity*, std::string>> described_builds(const SidecarFacts& f) {
    std::vector<std::pair<const BuildIdentity*, std::string>> all{{&f.driver, sidecar_at(f, "futolab")}};
    for (std::size_t i = 0; i < f.builds.size(); ++i) all.emplace_back(&f.builds[i], sidecar_item_at(f, "builds", i));
    return all;
}

// One binary (one binary_hash) has one build description (red-team round 27, B F2: a shard's
// compiler, flags and version string edited were merged, and the merged sidecar stated them
// beside its `builds:` entry of the same binary saying otherwise): within each sidecar (its
// `futolab:` block and its `builds:`) and across the shards, every description of one binary
// agrees, or the shard is refused naming both places. A binary of no hash ("": unread) is not held.
void check_build_descriptions(const std::string& path, const SidecarFacts& f, const std::vector<SidecarFacts>& each,
                              std::size_t i) {
    for (const auto& [mine, mine_at] : described_builds(f))
        for (std::size_t j = 0; j <= i; ++j)
            for (const auto& [other, other_at] : described_builds(each[j])) {
                if (mine->binary_hash.empty() || mine->binary_hash != other->binary_hash) continue;
                if (const std::string key = description_difference(*mine, *other); !key.empty())
                    throw InputError(fmt::format("{}: its sidecar describes binary {} with another {} ({}) than {} does: "
                                                 "one binary has one build description (edited?): refusing to merge it",
                                                 path, mine->binary_hash, key, mine_at, other_at));
            }
}

// Checks that every input exists, is no live run's, and comes from the same config, each
// sidecar with the config text its hash pins; returns the first one's facts, with the machines
// of all of them (a merged sidecar keeps every shard's host and CPU). `each`: every input's own.
SidecarFacts check_same_config(const std::vector<std::string>& inputs, std::vector<SidecarFacts>& each,
                               std::vector<std::string>& notes) {
    for (const std::string& path : inputs)
        if (!std::filesystem::exists(path)) throw InputError(path + ": no such file");
    check_distinct_inputs(inputs);
    for (const std::string& path : inputs) each.push_back(read_sidecar(path));
    SidecarFacts first = each.front();
    first.machines.clear();
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string& path = inputs[i];
        const SidecarFacts& f = each[i];
        check_config_text(f, path, "merge it");
        check_first_started(f, "merge it");  // its rows' clocks are bounded by it (red-team round 27, B F4)
        // Its lock is free (merge_results holds it shared): the run that wrote it has ended —
        // unless it writes it under another name (a hard link), whose lock cannot be found.
        if (f.state == "running") refuse_other_names(path, f);
        if (f.state == "running")
            notes.push_back(fmt::format("{}: its sidecar says state: running, but no futolab writes it (killed?): merged "
                                        "as it is; `run --resume` completes it",
                                        visible_text(path)));  // printed as is: a line feed in the name, one line still
        if (const std::string why = input_difference(first.identity.inputs, f.identity.inputs); !why.empty())
            throw InputError(fmt::format("{}: read other inputs than {}: {} ({})", path, inputs.front(), why,
                                         sidecar_item_at(f, "inputs", first_input_difference(f.identity.inputs,
                                                                                             first.identity.inputs))));
        if (f.identity.config_hash != first.identity.config_hash)
            throw InputError(fmt::format("{}: comes from another config (hash {}, not {} as {}; {})", path, f.identity.config_hash,
                                         first.identity.config_hash, inputs.front(), sidecar_at(f, "config_hash")));
        // One config makes one matrix and one protocol: a shard's sidecar that says otherwise
        // was edited (round 7: the first file's total was taken, "12 of 13 runs").
        if (f.total_runs != first.total_runs)
            throw InputError(fmt::format("{}: its sidecar says the experiment has {} runs, {}'s says {} ({}): refusing to merge",
                                         path, f.total_runs, inputs.front(), first.total_runs, sidecar_at(f, "run.total_runs")));
        // Timings of two isolations pooled by every analysis (as a resume refuses): shards run
        // with another --isolation, or another memory limit mechanism, are not one experiment.
        if (f.isolation != first.isolation || f.memory_limit != first.memory_limit)
            throw InputError(fmt::format("{}: ran in isolation '{}' (memory limit '{}'), {} in '{}' ('{}'; {}): refusing to merge "
                                         "shards of two isolations",
                                         path, f.isolation, f.memory_limit, inputs.front(), first.isolation, first.memory_limit,
                                         sidecar_at(f, f.isolation != first.isolation ? "run.isolation" : "run.memory_limit")));
        if (const std::string key = timing_difference(f.timing, first.timing); !key.empty())
            throw InputError(fmt::format("{}: its sidecar's timing (order, warmup, pin) differs from {}'s ({}): refusing to merge",
                                         path, inputs.front(), sidecar_at(f, key)));
        if (const auto at = skipped_difference(read_skipped_inputs(path), read_skipped_inputs(inputs.front())))
            throw InputError(fmt::format("{}: its sidecar's skipped_inputs differ from {}'s ({}): refusing to merge", path,
                                         inputs.front(), sidecar_item_at(f, "skipped_inputs", *at)));
        // The merged sidecar names the builds of its rows (issue #41): shards of two binaries
        // would make it lie about half of them.
        if (const std::string why = build_difference_in(f, first.driver, first.builds); !why.empty())
            throw InputError(fmt::format("{}: made by {}, unlike {}: refusing to merge shards of two builds", path, why,
                                         inputs.front()));
        check_build_descriptions(path, f, each, i);
        if (const std::string edit = sidecar_edit_problem(f); !edit.empty())
            throw InputError(fmt::format("{}: {}: refusing to merge it (edited?)", path, edit));
        first.machines.insert(first.machines.end(), f.machines.begin(), f.machines.end());
    }
    check_shard_claims(inputs, each);
    return first;
}

// Shards of one config have one header; it starts with the base columns whatever the
// futolab version that wrote it (older files lack the later columns, and are merged as
// they are). A header of futolab's with one of them misspelt is named at that column, as the
// later columns are (red-team round 26, C F11: `grad` made it "not a futolab results CSV").
void check_header(const CsvTable& t, const std::vector<std::string>& first, const std::string& path) {
    if (!has_base_columns(t.header)) {
        check_looks_like_results_header(t.header, path);
        throw InputError(fmt::format("{}: {}: refusing to merge it", path, header_difference(t.header, plain_layout(), true)));
    }
    if (t.header != first) throw InputError(path + ": its header differs from the first file's");
}

// The merge's command line as a shell reads it back (core/shell_words.hpp), for a caller that
// passes none: what re-runs this merge (a sidecar said "futolab merge (2 shard files)", which
// no shell runs).
std::string merge_command(const std::vector<std::string>& inputs, const std::string& out, bool force) {
    std::vector<std::string> words{"merge"};
    words.insert(words.end(), inputs.begin(), inputs.end());
    words.insert(words.end(), {"--out", out});
    if (force) words.emplace_back("--force");
    return shell_command("futolab", words);
}

// When the merged rows' first run started: the earliest run.first_started of the shards, as a
// resume keeps its first run's (clock_facts.hpp holds the rows of a later merge of this file to
// it). "" (not known, bounding nothing) where a shard's sidecar names none (a merge's before this
// key, an older futolab's), or a start or end after `now`, this merge's time: a shard's clock
// ahead of this machine's would make run.first_started later than run.started, which no sidecar
// reader takes, or the merged span (to `now`) shorter than that shard's, refusing its rows later.
std::string first_started_of(const std::vector<SidecarFacts>& each, const std::string& now) {
    const std::int64_t at = utc_seconds(now);
    std::string earliest;
    for (const SidecarFacts& f : each) {
        if (f.first_started.empty() || utc_seconds(f.first_started) > at) return "";
        if (!f.finished.empty() && utc_seconds(f.finished) > at) return "";
        if (earliest.empty() || utc_seconds(f.first_started) < utc_seconds(earliest)) earliest = f.first_started;
    }
    return earliest;
}

std::string line_of(const std::vector<std::string>& fields) {
    std::string out;
    for (const std::string& f : fields) out += (out.empty() ? "" : ",") + csv_quote(f);
    return out + "\n";
}

// The merged CSV with its column schema, exported outputs (where a row has an `output`) and
// sidecar, each written whole to its temporary file before any is put in place, the sidecar
// last (core/atomic_file.hpp, commit_together): a failure (a full disk) leaves the files at
// `out` as they were, an earlier merge's whole or none (red-team round 26, A F4: the CSV renamed
// first, the schema failed, and the earlier merge's CSV, sidecar and schema were all removed).
// The lock is asked by its name just before (red-team round 22, A F4: removed while the inputs
// were read), as --redo's rewrite, since the file at `out` is about to be replaced by this one.
void write_merged(const std::string& out, const std::vector<std::string>& header,
                  const std::map<std::size_t, std::vector<std::string>>& by_run, const ExperimentIdentity& identity,
                  const RunInfo& info, const OutputLock* held) {
    AtomicFile csv(out);
    csv.write(line_of(header));
    for (const auto& [run, row] : by_run) csv.write(line_of(row));
    AtomicFile schema(schema_path(out));
    schema.write(table_schema_json(header));
    std::map<std::size_t, const std::string*> cells;  // the export's records, as export_outputs takes them
    if (const auto at = std::ranges::find(header, "output"); at != header.end())
        for (const auto& [run, row] : by_run)
            if (const std::string& cell = row[static_cast<std::size_t>(at - header.begin())]; !cell.empty()) cells.emplace(run, &cell);
    std::optional<AtomicFile> exported;  // none: an earlier export stays, as before
    if (!cells.empty()) exported.emplace(outputs_path(out)).write(outputs_text(cells));
    AtomicFile sidecar(sidecar_path(out));
    sidecar.write(sidecar_text(identity, info));
    if (held != nullptr) held->check_name_held_for(out);
    std::vector<AtomicFile*> files{&csv, &schema};
    if (exported) files.push_back(&*exported);
    files.push_back(&sidecar);
    commit_together(files);
}

}  // namespace

// A shard CSV is read with its sidecar beside it, which standard input has none of: `-` (by any of
// its names) read the working folder's `./-` or `./-.meta.yaml` as it, or was "no such file"
// (red-team round 27, C F10). Refused before anything is read, whatever files are there.
void refuse_standard_input(const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (names_standard_input(inputs[i]))
            throw InputError(fmt::format("{}: standard input cannot be merged (input {}): a shard CSV is read with its "
                                         "sidecar beside it; give the shard's file",
                                         inputs[i], i + 1));
}

MergeReport merge_results(const std::vector<std::string>& inputs, const std::string& out, bool force,
                          const MergeRowCheck& check_rows, const OutputLock* held, const std::string& command_line) {
    if (inputs.empty()) throw InputError("merge needs at least one CSV");
    refuse_standard_input(inputs);
    check_output_path(out, inputs, force, "--out", true);  // --force: a shard CSV replaced by the merged CSV
    const std::vector<std::string> others = inputs_but(out, inputs);
    check_output_path(sidecar_path(out), others, force, "--out's sidecar");
    check_output_path(schema_path(out), others, force, "--out's schema");
    check_output_path(outputs_path(out), others, force, "--out's outputs");
    std::deque<ReadLock> reading;  // no run writes an input while it is read (round 8)
    for (const std::string& path : inputs) reading.emplace_back(path);
    // A file that is no results CSV (a JSON Lines puzzle file, a config) is said to be none, not
    // "its .meta.yaml: no such file" from the sidecar check next (red-team round 25, C F5).
    // A missing input is said to be missing first, not "cannot read" by the head's reader.
    for (const std::string& path : inputs) {
        if (!std::filesystem::exists(path)) throw InputError(path + ": no such file");
        check_futolab_results_file_head(path);  // a CSV of other columns too (red-team round 26, C F11)
    }
    MergeReport report;
    std::vector<SidecarFacts> each;
    const SidecarFacts facts = check_same_config(inputs, each, report.notes);
    std::map<std::size_t, std::vector<std::string>> by_run;
    report.expected = facts.total_runs;
    std::vector<std::string> header;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string& path = inputs[i];
        const CsvTable t = read_csv_file(path);
        if (header.empty()) header = t.header;
        check_header(t, header, path);
        // A killed writer's cut row is left out, as every reader leaves it out, and said so (red-team
        // round 30: analyze, report and compare warned; merge said nothing).
        if (t.truncated)
            report.notes.push_back(fmt::format("{}: the last line is incomplete (a run killed while it was written) and is "
                                               "left out: `run --resume` redoes that run",
                                               visible_text(path)));
        const std::size_t run_col = t.column("run", path);
        // A re-saved shard is refused; the ranges of n, h, k and repeat are the row checks' to state.
        check_whole_number_columns(t, csv_integer_columns(), path,
                                   check_rows ? csv_ranged_columns() : std::vector<std::string>{});
        if (facts.total_runs == 0 && !t.rows.empty())
            throw InputError(fmt::format("{}: has rows, but its sidecar says the experiment has 0 runs ({})", path,
                                         sidecar_at(each[i], "run.total_runs")));
        std::map<std::size_t, int> in_file;  // run index → its line: a run twice in one shard is refused (SPEC §5)
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            // A run index outside the matrix is not a run of this experiment.
            const std::size_t run = whole_number_cell(t, r, run_col, path, facts.total_runs - 1);
            if (const auto [at, added] = in_file.emplace(run, t.lines[r]); !added)
                throw_input_error({path, t.lines[r], 0},
                                  fmt::format("run {} again (line {}): a run twice in one file; refusing to merge it",
                                              run, at->second));
            if (!by_run.emplace(run, t.rows[r]).second) report.duplicates.push_back(run);
        }
        if (check_rows) check_rows(t, path, each[i]);  // the same config, builds and isolation in every shard (checked above)
    }
    reading.clear();  // read whole: a run may start on an input now (its rows here are those read)
    report.missing = facts.total_runs - by_run.size();
    for (std::size_t r = 0; r < facts.total_runs && report.first_missing.size() < 10; ++r)
        if (!by_run.count(r)) report.first_missing.push_back(r);
    report.rows = by_run.size();

    RunInfo info;
    info.command_line = command_line.empty() ? merge_command(inputs, out, force) : command_line;
    info.total_runs = info.shard_runs = facts.total_runs;
    info.completed = report.rows;
    info.started = info.finished = utc_now_iso8601();
    info.first_started = first_started_of(each, info.started);
    info.state = report.missing == 0 ? "merged" : "merged-incomplete";
    info.skipped_inputs = read_skipped_inputs(inputs.front());  // the same in every shard (checked above)
    info.shards = facts.machines;
    info.timing = facts.timing;
    info.isolation = facts.isolation;  // one for every shard (checked above)
    info.memory_limit = facts.memory_limit;
    info.driver = facts.driver;  // the shards' binary, not the merging one
    info.builds = facts.builds;
    info.merged_by = this_build();
    write_merged(out, header, by_run, facts.identity, info, held);
    return report;
}

}  // namespace futolab
