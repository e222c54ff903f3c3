// futolab merge CSV… --out FILE: joins shard CSVs (same config hash required) in run order.
// Exit 1 if runs are missing or duplicated (the merged file is still written).
#include "app/commands.hpp"
#include "app/counted.hpp"
#include "core/visible_text.hpp"
#include "experiments/config.hpp"
#include "experiments/held_rows.hpp"
#include "experiments/merge_matrix.hpp"
#include "experiments/merged_rows.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/sidecar_protocol.hpp"
#include "experiments/task_kinds.hpp"
#include "records/output_guard.hpp"
#include "records/results_file.hpp"
#include "records/output_lock.hpp"
#include "records/build_identity.hpp"
#include "records/merge.hpp"
#include "records/outputs.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <iostream>
#include <optional>
#include <regex>
#include <stdexcept>

namespace futolab::app {
namespace {

struct MergeArgs {
    std::vector<std::string> inputs;
    std::string out;
    bool force = false;
    std::string command_line;  // the merged sidecar's run.command: this command, shell-quoted (main.cpp)
};

std::string first_few(const std::vector<std::size_t>& runs) {
    std::string s;
    for (std::size_t i = 0; i < runs.size() && i < 10; ++i) s += (i ? ", " : "") + std::to_string(runs[i]);
    return runs.size() > 10 ? s + ", ..." : s;
}

// The config a shard's sidecar holds, with the builds its runs had (experiments/held_rows.hpp:
// the commands that read a results CSV held to its sidecar take it so too).
// A problem in that text is the sidecar's, named at its own line (red-team round 27, C F2: an
// edited sidecar sent the user to `q.yaml:2:7`, a valid file on disk): the parser names the config
// file as it was ("q.yaml:2:7: …"), which is mapped to the sidecar's line of that text.
ExperimentConfig config_of(const SidecarFacts& made_by) {
    try {
        return sweep_config_of(made_by);
    } catch (const InputError& e) {
        const std::string said = e.what(), file = made_by.identity.config_file + ":";
        if (file.size() == 1 || said.rfind(file, 0) != 0) throw;
        std::smatch at;  // "2:7: problem", "2: problem" or "problem"
        const std::string rest = said.substr(file.size());
        const bool placed = std::regex_search(rest, at, std::regex("^([0-9]{1,9})(?::([0-9]{1,9}))?: "));
        const int line = placed ? std::stoi(at[1]) : 0, column = placed && at[2].matched ? std::stoi(at[2]) : 0;
        std::string problem = placed ? at.suffix().str() : rest;
        problem.erase(0, problem.find_first_not_of(' '));
        throw InputError(fmt::format("{}: in its config text ({} as it was): {}", sidecar_config_at(made_by, line, column),
                                     made_by.identity.config_file, problem));
    }
}

// The files the runs of the shard `path` read, as its sidecar names them from the folder its run
// ran in, found from here as MergedMatrix::prepare finds them (experiments/merge_matrix.hpp,
// locate_run_files; experiments/run_matrix.hpp, config_inputs: its config, its instances files,
// its builds' binaries), with the futolab that ran them; none if its sidecar or config does not
// read (merge_results refuses the shard, saying why). Merged from another folder, these were
// looked for there: `--out ../proj/corpora/p.tatham` replaced the runs' instances file.
std::vector<ConfigInput> runs_inputs(const std::string& path) {
    try {
        const SidecarFacts facts = locate_run_files(read_sidecar(path), path).facts;
        std::vector<ConfigInput> read = config_inputs(config_of(facts));
        for (const BuildIdentity& b : facts.builds)
            if (b.name == kSelfBuild) read.push_back({b.path, "the futolab binary that ran its runs"});
        return read;
    } catch (const InputError&) {
        return {};
    }
}

// The files merge writes: the merged CSV, its sidecar and schema, and the export of its
// `output` cells where the shards' task fills them (`<stem>.jsonl`), with how a refusal names each.
std::vector<std::pair<std::string, std::string>> merged_files(const std::string& out, const std::string& shard) {
    std::vector<std::pair<std::string, std::string>> files{
        {out, ""}, {sidecar_path(out), "its sidecar "}, {schema_path(out), "its column schema "}};
    try {
        if (fills(task_info(config_of(read_sidecar(shard)).task), TaskColumn::output))
            files.emplace_back(outputs_path(out), "its exported outputs ");
    } catch (const InputError&) {
    }
    return files;
}

bool same_inode(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// Nothing merge writes is a file the merged runs read, by any name (device and inode: a hard or
// symbolic link, `./`), --force or not: --force lets the merged CSV replace an earlier results
// CSV, never the corpus, config or binary the runs came from, as run refuses them at `output:`
// (red-team round 25, A F1: `merge … --out n05.tatham` replaced the shards' instances file, exit 0).
void check_out_not_runs_input(const MergeArgs& args) {
    const std::vector<std::pair<std::string, std::string>> files = merged_files(args.out, args.inputs.front());
    for (const std::string& shard : args.inputs) {
        const std::vector<ConfigInput> read = runs_inputs(shard);
        for (const auto& [file, whose] : files)
            for (const ConfigInput& in : read)
                if (same_inode(file, in.path))
                    throw InputError(fmt::format("--out {}: {}is the input {} of the merged runs ({}, as the sidecar of {} "
                                                 "names it): refusing to overwrite it, --force or not (write the merged CSV "
                                                 "elsewhere)",
                                                 args.out, whose.empty() ? "" : whose + file + " ", in.path, in.what, shard));
    }
}

// Each shard's sidecar what a sweep of its config writes, as resume holds it (the merged
// sidecar copies its experiment, isolation, timing, total_runs and skipped inputs), and each
// row a run of that config, as it would write it, with the instance cells of every other row of
// its instance and of the instance itself (issue #45).
// A stop request is asked before each shard's check, the last of them just before the write:
// one by then leaves --out as it was.
MergeRowCheck row_check(MergedInstances& instances, MergedMatrix& matrix, const Interrupt& stop) {
    return [&instances, &matrix, &stop](const CsvTable& t, const std::string& path, const SidecarFacts& made_by) {
        if (stop.requested()) throw std::runtime_error("interrupted: nothing written");
        const ExperimentConfig config = config_of(made_by);
        for (const std::string& why : {sidecar_protocol_problem(made_by, config, matrix.runs(made_by)),
                                       skipped_inputs_problem(made_by, read_skipped_inputs(path), matrix.skipped(made_by)),
                                       redone_problem(made_by, config)})
            if (!why.empty()) throw InputError(fmt::format("{}: its sidecar says {}: refusing to merge it", path, why));
        check_rows_of_config(t, path, config, made_by);
        instances.check(t, path, config);
        matrix.check(t, path, config, made_by);
        // Its progress against its rows, once they are known to be its config's runs.
        if (const std::string why = sidecar_progress_problem(made_by, t.rows.size(), matrix.runs(made_by)); !why.empty())
            throw InputError(fmt::format("{}: its sidecar says {}: refusing to merge it", path, why));
    };
}

int merge(const MergeArgs& args) {
    // SIGINT, SIGTERM and SIGHUP are a stop request from the start, as in every command that
    // writes (the default action ended merge with exit 143 and nothing said): exit 1,
    // "interrupted", the files at --out whole, old or new.
    Interrupt stop;
    const SignalScope signals(stop);
    refuse_standard_input(args.inputs);  // before any input's sidecar is looked for (red-team round 27, C F10)
    check_file_output(args.out, "--out", "a merged results CSV (its sidecar and lock go beside it)", false);
    check_out_not_runs_input(args);  // first of the files' checks, as run asks it first at `output:`
    // A FIFO or folder: refused before its lock is made; --force advised only where the name is a
    // results CSV's (a shard file's .yaml name was advised --force, which was then refused).
    check_output_path(args.out, args.inputs, args.force, "--out", true, results_format_problem(args.out).empty());
    // Named for what it holds, as a run's `output:` (red-team round 26, C F2: `--out m.jsonl` wrote
    // a results CSV that every puzzle reader then took for JSON Lines), --force or not; asked once
    // what is there has been (an input's companion, a kept file), whose refusals say more.
    // A refusal is made visible where it is printed (app/main.cpp): its name goes in raw, or a line
    // feed in it printed as <U+003C>U+000A>, a marker's '<' escaped again.
    if (const std::string why = results_format_problem(args.out); !why.empty())
        throw InputError(fmt::format("merge: --out {} {}", args.out, why));
    check_outputs_file(args.out, args.inputs, args.force, ", or --force");  // the exported `<stem>.jsonl` beside it too
    check_results_names(args.out);  // its sidecar's and schema's too, before the lock is made
    const OutputLock lock(args.out);  // no run or other merge writes in that folder meanwhile
    MergedInstances instances;
    MergedMatrix matrix;
    {  // before merge_results takes its inputs' read locks (a refused first input: merge_results says why)
        std::optional<SidecarFacts> first;
        try {
            first = read_sidecar(args.inputs.front());
        } catch (const InputError&) {
        }
        if (first) {
            // Its config text is the one its hash pins before it is read (red-team round 27, C F2).
            check_config_text(*first, args.inputs.front(), "merge it");
            const LocatedShard shard = locate_run_files(*first, args.inputs.front());
            matrix.prepare(config_of(shard.facts), shard, args.inputs.front());
        }
    }
    const MergeReport r =
        merge_results(args.inputs, args.out, args.force, row_check(instances, matrix, stop), &lock, args.command_line);
    if (stop.requested()) {  // during the write, which ended whole
        std::cerr << fmt::format("futolab: merge: interrupted after {} was written\n", visible_text(args.out));
        return 1;
    }
    // What is printed here, not thrown, shows its names itself, as the errors show theirs (red-team
    // round 26): merge_results' notes already do; the matrix's quotes an input's name or message raw.
    for (const std::string& note : r.notes) std::cerr << "futolab: warning: " << note << "\n";
    if (!matrix.note().empty()) std::cerr << "futolab: warning: " << visible_text(matrix.note()) << "\n";
    // The name shown as the errors show it: a line feed in it made a second line (round 26, B F7).
    // Counted as one or more ("from 1 files", "1 runs missing" were printed: red-team round 27).
    std::cout << fmt::format("{}: {} of {} from {}\n", visible_text(args.out), r.rows, counted(r.expected, "run"),
                             counted(args.inputs.size(), "file"));
    if (r.missing != 0)
        std::cerr << fmt::format("futolab: {} missing (run {}{})\n", counted(r.missing, "run"), first_few(r.first_missing),
                                 r.missing > r.first_missing.size() ? ", ..." : "");
    if (!r.duplicates.empty())
        std::cerr << fmt::format("futolab: {}, first copy kept (run {})\n", counted(r.duplicates.size(), "duplicate run"),
                                 first_few(r.duplicates));
    return r.missing == 0 && r.duplicates.empty() ? 0 : 1;
}

}  // namespace

void add_merge(CLI::App& app, Action& run, const std::string& command_line) {
    auto args = std::make_shared<MergeArgs>();
    args->command_line = command_line;
    CLI::App* cmd = app.add_subcommand("merge", "Join the shard CSVs of one experiment, checking they belong together");
    cmd->add_option("inputs", args->inputs, "Shard CSVs (each with its .meta.yaml sidecar)")->required();
    cmd->add_option("--out", args->out, "The merged CSV (an existing results CSV or sidecar is not replaced; a regular file, "
                    "not a FIFO)")->required();
    cmd->add_flag("--force", args->force, "Replace --out even if it is a results CSV, a sidecar or one of the inputs (never a file "
                  "the runs read: their config, instances or builds)");
    cmd->callback([args, &run] { run = [args] { return merge(*args); }; });
}

}  // namespace futolab::app
