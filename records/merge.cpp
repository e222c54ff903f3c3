#include "records/merge.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"
#include "records/output_guard.hpp"
#include "records/outputs.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>

namespace futolab {
namespace {

// Checks that every input exists and comes from the same config; returns the first one's
// facts, with the machines of all of them (a merged sidecar keeps every shard's host and CPU).
SidecarFacts check_same_config(const std::vector<std::string>& inputs) {
    for (const std::string& path : inputs)
        if (!std::filesystem::exists(path)) throw InputError(path + ": no such file");
    SidecarFacts first = read_sidecar(inputs.front());
    first.machines.clear();
    for (const std::string& path : inputs) {
        const SidecarFacts f = read_sidecar(path);
        if (const std::string why = input_difference(first.identity.inputs, f.identity.inputs); !why.empty())
            throw InputError(fmt::format("{}: read other inputs than {}: {}", path, inputs.front(), why));
        if (f.identity.config_hash != first.identity.config_hash)
            throw InputError(fmt::format("{}: comes from another config (hash {}, not {} as {})", path, f.identity.config_hash,
                                         first.identity.config_hash, inputs.front()));
        // One config makes one matrix and one protocol: a shard's sidecar that says otherwise
        // was edited (round 7: the first file's total was taken, "12 of 13 runs").
        if (f.total_runs != first.total_runs)
            throw InputError(fmt::format("{}: its sidecar says the experiment has {} runs, {}'s says {}: refusing to merge",
                                         path, f.total_runs, inputs.front(), first.total_runs));
        // Timings of two isolations pooled by every analysis (as a resume refuses): shards run
        // with another --isolation, or another memory limit mechanism, are not one experiment.
        if (f.isolation != first.isolation || f.memory_limit != first.memory_limit)
            throw InputError(fmt::format("{}: ran in isolation '{}' (memory limit '{}'), {} in '{}' ('{}'): refusing to merge "
                                         "shards of two isolations",
                                         path, f.isolation, f.memory_limit, inputs.front(), first.isolation,
                                         first.memory_limit));
        if (f.timing.order != first.timing.order || f.timing.warmup != first.timing.warmup || f.timing.pin != first.timing.pin)
            throw InputError(fmt::format("{}: its sidecar's timing (order, warmup, pin) differs from {}'s: refusing to merge",
                                         path, inputs.front()));
        // The merged sidecar names the builds of its rows (issue #41): shards of two binaries
        // would make it lie about half of them.
        if (const std::string why = build_difference(f.driver, f.builds, first.driver, first.builds); !why.empty())
            throw InputError(fmt::format("{}: made by {} (as {}): refusing to merge shards of two builds", path, why,
                                         inputs.front()));
        first.machines.insert(first.machines.end(), f.machines.begin(), f.machines.end());
    }
    return first;
}

// Shards of one config have one header; it starts with the base columns whatever the
// futolab version that wrote it (older files lack the later columns, and are merged as
// they are).
void check_header(const CsvTable& t, const std::vector<std::string>& first, const std::string& path) {
    if (!has_base_columns(t.header))
        throw InputError(path + ": not a futolab results CSV (its header does not start with futolab's columns)");
    if (t.header != first) throw InputError(path + ": its header differs from the first file's");
}

std::string line_of(const std::vector<std::string>& fields) {
    std::string out;
    for (const std::string& f : fields) out += (out.empty() ? "" : ",") + csv_quote(f);
    return out + "\n";
}

}  // namespace

MergeReport merge_results(const std::vector<std::string>& inputs, const std::string& out, bool force,
                          const MergeRowCheck& check_rows) {
    if (inputs.empty()) throw InputError("merge needs at least one CSV");
    check_output_path(out, inputs, force);
    check_output_path(sidecar_path(out), inputs, force, "--out's sidecar");
    check_output_path(schema_path(out), inputs, force, "--out's schema");
    check_output_path(outputs_path(out), inputs, force, "--out's outputs");
    const SidecarFacts facts = check_same_config(inputs);
    std::map<std::size_t, std::vector<std::string>> by_run;
    MergeReport report;
    report.expected = facts.total_runs;
    std::vector<std::string> header;
    for (const std::string& path : inputs) {
        const CsvTable t = read_csv_file(path);
        if (header.empty()) header = t.header;
        check_header(t, header, path);
        const std::size_t run_col = t.column("run", path);
        check_whole_number_columns(t, csv_integer_columns(), path);  // a re-saved shard is refused
        if (facts.total_runs == 0 && !t.rows.empty())
            throw InputError(fmt::format("{}: has rows, but its sidecar says the experiment has 0 runs", path));
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
        if (check_rows) check_rows(t, path, facts);  // the same config, builds and isolation in every shard (checked above)
    }
    report.missing = facts.total_runs - by_run.size();
    for (std::size_t r = 0; r < facts.total_runs && report.first_missing.size() < 10; ++r)
        if (!by_run.count(r)) report.first_missing.push_back(r);
    AtomicFile file(out);
    file.write(line_of(header));
    for (const auto& [run, row] : by_run) file.write(line_of(row));
    file.commit();
    report.rows = by_run.size();

    RunInfo info;
    info.command_line = fmt::format("futolab merge ({} shard files)", inputs.size());
    info.total_runs = info.shard_runs = facts.total_runs;
    info.completed = report.rows;
    info.started = info.finished = utc_now_iso8601();
    info.state = report.missing == 0 ? "merged" : "merged-incomplete";
    info.skipped_inputs = read_skipped_inputs(inputs.front());  // the same in every shard
    info.shards = facts.machines;
    info.timing = facts.timing;
    info.isolation = facts.isolation;  // one for every shard (checked above)
    info.memory_limit = facts.memory_limit;
    info.driver = facts.driver;  // the shards' binary, not the merging one
    info.builds = facts.builds;
    info.merged_by = this_build();
    write_sidecar(out, facts.identity, info);
    export_outputs(out);
    return report;
}

}  // namespace futolab
