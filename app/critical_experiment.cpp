#include "app/critical_experiment.hpp"

#include "app/critical_modes.hpp"
#include "app/load.hpp"
#include "app/outputs_together.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/status.hpp"
#include "core/visible_text.hpp"
#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/runner.hpp"
#include "records/csv_reader.hpp"
#include "records/output_guard.hpp"
#include "records/results_file.hpp"
#include "records/output_lock.hpp"
#include "records/table_schema.hpp"
#include "records/sidecar.hpp"
#include "sandbox/interrupt.hpp"
#include "solvers/external/temp_dir.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <typeinfo>

namespace futolab::app {

void check_out_not_linked(const std::string& out, std::string_view why) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_symlink(out, ec)) return;
    const fs::file_status target = fs::status(out, ec);
    if (fs::is_regular_file(target) || fs::is_directory(target) || !fs::exists(target))
        throw InputError(fmt::format("critical: --out {}: is a symbolic link; {}, so give the file's own path",
                                     out, why));
}

namespace {

// The private folder of a CSV that does not outlive the command (external/temp_dir.hpp).
constexpr const char* kScratchPrefix = "critical-search";

// The rows in run-matrix order (records/outputs.hpp's order), each read by the mode's report.
struct RowsRead {
    std::string records;
    bool failed = false;  // a row the report says failed
};

// `message` as about the command's options (CriticalExperiment::options_of_keys): its place in
// the rendered config left out, a key the mode renders named as the option it renders it from.
std::string as_options(std::string message, const CriticalExperiment& run) {
    const std::string config = std::string(kCriticalConfig) + ":";
    if (const std::size_t end = message.find(": ", config.size()); message.starts_with(config) && end != std::string::npos &&
        message.find_first_not_of("0123456789:", config.size()) == end + 1)  // LINE:COLUMN: and the space
        message.erase(0, end + 2);
    for (const auto& [key, option] : run.options_of_keys)
        if (message.starts_with(key + ":")) return option + message.substr(key.size());
    return message;
}

// Runs `step`, a step of the driver's on the rendered config: a refusal or failure it throws is
// said as about the command's options (as_options), as the same kind (InputError: exit 2). An
// exception of another kind (a lock not made, a stop) is thrown as it is.
template <typename Step>
auto about_options(const CriticalExperiment& run, Step&& step) -> decltype(step()) {
    try {
        return step();
    } catch (const std::runtime_error& e) {
        const std::string said = as_options(e.what(), run);
        if (said == e.what()) throw;
        if (typeid(e) == typeid(InputError)) throw InputError(said);
        if (typeid(e) == typeid(std::runtime_error)) throw std::runtime_error(said);
        throw;
    }
}

RowsRead read_rows(const std::string& csv, const CriticalExperiment& experiment) {
    const CsvTable t = read_csv_file(csv);
    const std::size_t run = t.column("run", csv), output = t.column("output", csv), status = t.column("status", csv),
                      instance = t.column("instance", csv), message = t.column("message", csv), cpu = t.column("cpu_ns", csv),
                      n = t.column("n", csv);
    std::map<std::size_t, std::size_t> by_run;  // run → row
    for (std::size_t r = 0; r < t.rows.size(); ++r) by_run.emplace(whole_number_cell(t, r, run, csv), r);
    RowsRead out;
    for (const auto& [index, r] : by_run) {
        const std::vector<std::string>& row = t.rows[r];
        const std::string said = as_options(row[message], experiment);  // a shard's checkpoint folder as --checkpoint
        const CriticalRow read{.instance = row[instance],
                               .n = whole_number_cell(t, r, n, csv),
                               .status = status_named(row[status]),
                               .status_text = row[status],
                               .message = said,
                               .output = row[output],
                               .cpu_ns = row[cpu].empty() ? 0 : static_cast<std::int64_t>(whole_number_cell(t, r, cpu, csv, INT64_MAX))};
        out.failed = experiment.report(read, out.records) || out.failed;
    }
    return out;
}

// Why `out` is written as a stream, its results CSV a temporary file ("" when the CSV lies beside
// it): it is standard output, this process's standard output or error by another name, a device
// (/dev/null, /dev/full, a terminal) or under /proc, where no CSV can be made. A regular file (or
// a name not there yet) anywhere else has its CSV beside it, under /dev too: /dev/shm is a tmpfs
// (red-team round 17, A F2: any path under /dev got a temporary CSV without a word, and --resume
// then called the regular file not one). A symbolic link to a file, a folder or nothing is
// refused (red-team round 12, A4: it silently got a temporary CSV, so the search could not be
// resumed): the CSV lies beside the name given, not its target.
std::string stream_reason(const std::string& out) {
    namespace fs = std::filesystem;
    if (out.empty() || out == "-") return "is standard output";
    if (const int stream = own_stream_of(out); stream >= 0)
        return stream == STDOUT_FILENO ? "is this command's standard output" : "is this command's standard error";
    std::error_code ec;
    if (fs::is_symlink(out, ec)) {
        check_out_not_linked(out, "its results CSV (and --resume) lies beside the name given");
        return "is a symbolic link to a device";
    }
    if (fs::exists(out, ec) && !fs::is_regular_file(out, ec))
        return fs::is_character_file(out, ec) ? "is a character device" : "is not a regular file";
    const std::string folder = fs::weakly_canonical(fs::absolute(out, ec), ec).parent_path().string();
    return folder == "/proc" || folder.starts_with("/proc/") ? "is under /proc, where no results CSV can be made" : "";
}

bool csv_beside(const std::string& out) { return stream_reason(out).empty(); }

// `said`, a failure of the run, as about the search's scratch results when it names a file in
// their folder, which the command removes as it ends: "cannot write FOLDER/results.csv: File too
// large (… the file ends with the last whole record)" pointed at a file already gone and
// promised records in it, and said nothing of --out, which got none (red-team spot check of
// round 30, G5). Any other failure is said as it was.
std::string as_scratch_failure(const std::string& said, const std::filesystem::path& folder, const std::string& out) {
    const std::string inside = folder.string() + "/";
    const std::size_t at = said.find(inside);
    if (at == std::string::npos) return said;
    const std::string shown = out == "-" ? "standard output" : visible_text(out);
    const std::string where = "the search's scratch results (in a temporary folder of TMPDIR, removed as the command ends)";
    std::string reason = said;
    if (const std::size_t colon = said.find(": ", at); said.starts_with("cannot write ") && at == 13 && colon != std::string::npos) {
        reason = said.substr(colon + 2);
        if (reason.ends_with(kRecordTakenOut)) reason.resize(reason.size() - kRecordTakenOut.size());
        return fmt::format("cannot write {}: {}: nothing was written to {}", where, reason, shown);
    }
    return fmt::format("{} ({}: nothing was written to {})", said, where, shown);
}

// The option of each key of the methods the command renders (app/cmd_critical.cpp); a key
// missing here is named as the method's own.
std::string_view option_of(std::string_view key) {
    static const std::map<std::string_view, std::string_view> options{
        {"objective", "--objective"}, {"use", "--use"}, {"order", "--order"}, {"iterations", "--iterations"},
        {"time_ms", "--time-limit"}, {"verify", "--verify-with"}, {"shrink", "--no-shrink"},
        {"cycle_seeds", "--no-cycle-seeds"}, {"probe_seeds", "--probe-seeds"}, {"certificate", "--certificate"},
        {"split", "--split"}, {"time_limit", "--time-limit"}, {"patience", "--patience"}, {"temperature", "--temperature"},
        {"max_remove", "--max-remove"}, {"node_limit", "--node-limit"}, {"sample", "--sample"}, {"below", "--below"},
        {"engine", "--engine"}, {"threads", "--jobs"}, {"seed_sets", "--seed-sets"}, {"oracle", "--oracle"}};
    const auto it = options.find(key);
    return it == options.end() ? key : it->second;
}

// A method key's value as its option gives it ("": the option's absence renders it): the flags
// that turn a search option off (--no-shrink) or on (--certificate FILE) as given or not, a time
// limit of 0 and the other defaults that stand for "none" as not given.
std::string typed_value(std::string_view key, const std::string& value) {
    if (key == "shrink" || key == "cycle_seeds") return value == "no" ? "given" : "";
    if (key == "certificate") return value == "yes" ? "given" : "";
    if (key == "time_ms") return value == "0" || value.empty() ? "" : value + "ms";
    if (key == "time_limit" || key == "below" || key == "iterations") return value == "0" ? "" : value;
    if (key == "split") return value == "balanced" ? "" : value;
    return value;
}

// The options that render a mode's instances: source (app/cmd_critical.cpp), each with its value
// as typed ("": not given). --count and --sampler are listed only beside --n, which they refine.
using TypedOptions = std::vector<std::pair<std::string_view, std::string>>;

TypedOptions source_options(const ExperimentConfig& c) {
    if (c.instances.size() != 1) return {};
    const InstanceSource& s = c.instances[0];
    const auto order = [](int n) { return n > 0 ? std::to_string(n) : std::string(); };
    switch (s.kind) {
    case InstanceSource::Kind::critical_squares: {
        const CriticalSquaresSource& q = s.critical_squares;
        TypedOptions out{{"--n", order(q.n)}, {"--seed", std::to_string(q.seed)}, {"--square", q.square}, {"--input", q.file}};
        if (q.n > 0) out.insert(out.end(), {{"--count", std::to_string(q.count)}, {"--sampler", std::string(latin_sampler_name(q.sampler))}});
        return out;
    }
    case InstanceSource::Kind::critical_orders: {
        const CriticalOrdersSource& o = s.critical_orders;
        const TaskInfo& kind = task_info(c.task);
        TypedOptions out{{"--n", order(o.n)}};
        if (kind.order_seed) out.emplace_back("--seed", std::to_string(o.seed));
        if (kind.start_puzzles) out.emplace_back("--input", o.file);
        if (kind.start_puzzles && o.n > 0) out.emplace_back("--count", std::to_string(o.count));
        return out;
    }
    case InstanceSource::Kind::classes: {
        const ClassesSource& k = s.classes;
        return {{"--n", order(k.n)}, {"--shard", k.first == 0 && k.stride == 1 ? "" : fmt::format("{}/{}", k.first, k.stride)}};
    }
    default: return {};
    }
}

// The mode, as the flags that select it (a mode is named as its task: critical_modes.hpp).
std::string mode_flags(Task task) {
    for (const CriticalMode& m : critical_modes())
        if (m.name == task_name(task)) return m.flag.empty() ? "the default search" : critical_mode_flags(m);
    return fmt::format("task {}", task_name(task));
}

std::string seconds_given(double seconds) { return seconds > 0 ? fmt::format("{}", seconds) : ""; }

// "--objective (h+k there, k here)" for each option of the search that made `csv` (its sidecar's
// config) that this one gives otherwise, each once, with its values as the option takes them
// ("not given" for an option left out); another mode is named as that alone, its options being
// another mode's. "" when none is found (then the driver's own check names the hashes). --resume
// refused with two hashes named no option (F11); then every kind of source was compared, which
// named --n and --count twice with values no one gave, swapped ("--n (n 0 there, 4 here), …,
// --n (n 4 there, 0 here)"), and an option not given as an empty value (red-team round 18, B F4).
std::string search_difference(const std::string& csv, const ExperimentConfig& is) {
    std::error_code ec;
    if (!std::filesystem::exists(sidecar_path(csv), ec)) return "";
    ExperimentConfig was;
    try {
        const SidecarFacts made = read_sidecar(csv);
        if (made.identity.config_file != kCriticalConfig || made.identity.config_text == is.text) return "";
        was = parse_config(made.identity.config_text, kCriticalConfig);
    } catch (const InputError&) {
        return "";  // a sidecar the driver refuses with its own message
    }
    if (was.task != is.task) return fmt::format("the mode ({} there, {} here)", mode_flags(was.task), mode_flags(is.task));
    std::vector<std::string> differ;
    std::set<std::string_view> named;  // one option may render two keys (--time-limit: time_ms or limits.time)
    const auto add = [&](std::string_view option, const std::string& then, const std::string& now) {
        if (then == now || !named.insert(option).second) return;
        const auto typed = [](const std::string& value) { return value.empty() ? std::string("not given") : value; };
        differ.push_back(fmt::format("{} ({} there, {} here)", option, typed(then), typed(now)));
    };
    const TypedOptions then = source_options(was), now = source_options(is);
    for (const auto& [option, value] : then)
        for (const auto& [other, here] : now)
            if (other == option) add(option, value, here);
    if (was.solvers.size() == 1 && is.solvers.size() == 1) {
        const std::map<std::string, std::string> &a = was.solvers[0].options, &b = is.solvers[0].options;
        std::set<std::string> keys;  // a key the method does not render is at its default
        for (const auto& [key, _] : a) keys.insert(key);
        for (const auto& [key, _] : b) keys.insert(key);
        const auto value = [](const std::map<std::string, std::string>& options, const std::string& key) {
            const auto it = options.find(key);
            return typed_value(key, it == options.end() ? "" : it->second);
        };
        for (const std::string& key : keys) add(option_of(key), value(a, key), value(b, key));
    }
    add("--time-limit", seconds_given(was.limits.time_seconds), seconds_given(is.limits.time_seconds));
    add("--cpu-limit", seconds_given(was.limits.cpu_seconds), seconds_given(is.limits.cpu_seconds));
    add("--out", was.output, is.output);
    return fmt::format("{}", fmt::join(differ, ", "));
}

// What `runs` runs of the kind are of, for the summary line: squares, orders, symmetry classes
// or (a kind that takes start puzzles: from the empty board or a start) runs.
std::string runs_noun(const TaskInfo& kind, std::uint64_t runs) {
    const std::string_view noun = kind.inputs == TaskInput::classes         ? "class"
                                  : kind.inputs == TaskInput::few_relations   ? "shard"
                                  : kind.inputs != TaskInput::critical_orders ? "square"
                                  : kind.start_puzzles                       ? "run"
                                                                             : "order";
    return std::string(noun) + (runs == 1 ? "" : noun.ends_with('s') ? "es" : "s");
}

// The option that placed the results CSV, as messages name it: "--out" or the mode's own.
std::string csv_option_name(const CriticalExperiment& run) {
    return run.csv_option.empty() ? "--out" : run.csv_option.substr(0, run.csv_option.find(' '));
}

// The option that placed the results CSV, with its value, as refusals name it: "--out FILE".
std::string csv_place(const CriticalExperiment& run) {
    return run.csv_option.empty() ? "--out " + run.out : run.csv_option;
}

// The results CSV, its sidecar and its schema are none of this command's --input files, by any
// name (a hard or symbolic link, a ./ spelling), resumed or not: refused naming the option,
// before the CSV is judged as one critical made or not (`critical --input sq.csv --out sq.jsonl`
// was "not one futolab critical made … move it away", and with --resume the rendered config's
// critical_squares.file key was named). The rendered config itself is no file; --out, which may
// be the input (`--input g.jsonl --out g.jsonl`: read whole, then written), is checked as --out.
void check_csv_not_input(const std::string& csv, const CriticalExperiment& run, const ExperimentConfig& config) {
    for (const std::string& file : {csv, sidecar_path(csv), schema_path(csv)})
        for (const ConfigInput& in : config_inputs(config)) {
            std::error_code ec;
            if (in.path == config.path || !std::filesystem::equivalent(file, in.path, ec) || ec) continue;
            throw InputError(fmt::format("critical: {} ({}the results CSV of {}) is this command's --input {}: refusing to "
                                         "overwrite it; give {}",
                                         file, file == csv ? "" : "beside ", csv_place(run), in.path,
                                         run.csv_elsewhere));
        }
}

// A results CSV already there, before a search that is not a resume: only one futolab critical
// made is replaced (--force; --few-relations makes its CSV again each time), never another
// experiment's results, --force or not. Each refusal names the option that placed the CSV, with
// its value (red-team round 19, B F4: a CSV in a --checkpoint folder was blamed on an --out with
// an empty value and a --force not given, and "give another --out" changed nothing). A CSV a
// search killed before its first sidecar left (its header alone, no sidecar) holds no results:
// the driver makes it again, --force or not. A file whose first line says what it is (a
// certificate, a few-relations checkpoint file or table: kept_file_kind) is named as that (round
// 22 left open: a certificate at o.csv was "not one futolab critical made").
void check_csv_replaceable(const std::string& csv, const CriticalExperiment& run, const ExperimentConfig& config) {
    std::error_code ec;
    if (!std::filesystem::exists(csv, ec)) return;  // removed by the driver once nothing can refuse the run (start_over)
    if (left_before_first_sidecar(csv, csv_layout(sweep_axes(config)))) return;  // the layout the driver writes
    const std::string place = csv_place(run);
    if (!std::filesystem::exists(sidecar_path(csv), ec) || read_sidecar(csv).identity.config_file != kCriticalConfig) {
        // Its files go with it: a sidecar left there without its CSV is refused in turn.
        std::vector<std::string> files{csv};
        for (const std::string& file : results_companions(csv)) files.push_back(file);
        const std::string kind = kept_file_kind(csv);
        throw InputError(fmt::format("critical: {} (the results CSV of {}) is {}: neither replaced nor resumed, --force "
                                     "or not; give {}, or move {} away",
                                     csv, place, kind.empty() ? "not one futolab critical made" : kind,
                                     run.csv_elsewhere, fmt::join(files, ", ")));
    }
    if (!run.force)
        throw InputError(fmt::format("critical: {} (the results CSV of {}) exists already: --resume goes on with it, "
                                     "--force searches again from scratch (replacing it), or give {}",
                                     csv, place, run.csv_elsewhere));
}

// A certificate made from all the rows (CertificateStep), before either output is written: none
// if no certificate is asked for, or if `stop` came while it was made; a failure to make it is
// kept in `failure`, for after --out is written.
std::optional<std::string> certificate_of_rows(const CertificateStep& step, const Interrupt& stop, std::exception_ptr& failure) {
    if (!step.make) return std::nullopt;
    try {
        return step.make(stop);
    } catch (...) {
        failure = std::current_exception();
        return std::nullopt;
    }
}

// --out, written from the rows once the run is over, has no lock of its own: the results CSV's
// stands for it (run_experiment keeps it held), and a redirected standard output's. A lock
// removed or replaced since lets another futolab lock that CSV and write --out: then --out is not
// written, exit 1 (red-team round 17, A F5: one search's records overwrote another's --out, both
// exit 0).
void check_out_held(const std::string& out, const OutputLock& csv_lock, const OutputLock* stream_lock) {
    csv_lock.check_held_for(out);
    if (stream_lock) stream_lock->check_held_for(out == "-" ? "standard output" : out);
}

// The certificate `text` among the outputs put in place with --out, while its own lock (reserved
// from the search's start) is still this search's.
void add_certificate(OutputsTogether& outputs, const CertificateStep& step, const std::string& text) {
    const std::string shown = step.path.empty() || step.path == "-" ? "standard output" : step.path;
    outputs.add(step.path, text, [&step, shown] {
        if (step.lock != nullptr) step.lock->check_held_for(shown);
    }, true);
}

// What a stop after the last run leaves unwritten, as the line that says so names it.
std::string_view left_unwritten(const CriticalExperiment& run) {
    if (run.records_of_all && run.certificate.make) return ": neither --out nor the certificate written";
    if (run.records_of_all) return ": --out not written";
    return run.certificate.make ? ": the certificate not written" : "";
}

// Makes the folder of --out as its spelling names it, before any work. The results CSV goes
// beside --out's normal form (normal_path), whose folder the driver makes: `nosub/../x.jsonl`
// had its CSV written in `.` and --out failed for want of `nosub` once the search was over,
// exit 1. The folder is made as generate's --out and --certificate have theirs made.
void make_out_folder(const std::string& out) {
    const std::string folder = std::filesystem::path(out).parent_path().string();
    if (!folder.empty()) create_output_folder(folder, "--out");
}

}  // namespace

std::string normal_path(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    // The folders resolved as the kernel resolves them, a `..` after a symlink in the folder the
    // link leads to: lexically, `lnk/../x.jsonl` put critical's results CSV, sidecar and lock in
    // `.` while --out, opened by the kernel, was written beside the link's target, over another
    // search's (red-team round 25, A F6). A part not there yet is taken as spelled (`nosub/..`).
    const fs::path full = fs::absolute(path, ec);
    const fs::path name = full.filename();
    if (ec || name.empty() || name == "." || name == "..") return path;
    const fs::path folder = fs::weakly_canonical(full.parent_path(), ec);
    const fs::path cwd = fs::weakly_canonical(fs::current_path(ec), ec);
    if (ec) return path;
    const fs::path relative = (folder / name).lexically_relative(cwd);
    return !relative.empty() && *relative.begin() != ".." ? relative.string() : (folder / name).string();
}

bool report_greedy_row(const CriticalRow& row, std::string& records) {
    bool failed = false;
    if (row.status == Status::multiple)
        std::cerr << fmt::format("futolab critical: {}: the clues the search may use do not determine the square; skipped\n",
                                 visible_text(row.instance));
    else if (row.status != Status::critical) {
        std::cerr << fmt::format("futolab critical: {}: {}: {}\n", visible_text(row.instance), row.status_text,
                                 visible_text(row.message));
        failed = true;
    }
    if (!row.output.empty()) records.append(row.output).append("\n");
    return failed;
}

std::string critical_csv_path(const std::string& out) {
    const std::filesystem::path path(out);
    if (path.extension() == ".jsonl") return std::filesystem::path(path).replace_extension(".csv").string();
    return out + ".csv";
}

std::string critical_csv_of(const std::string& out) { return csv_beside(out) ? critical_csv_path(out) : ""; }

std::unique_ptr<OutputLock> lock_of_stream_output(const std::string& out) {
    if (out == "-") return lock_of_stream(STDOUT_FILENO);
    const int stream = out.empty() ? -1 : own_stream_of(out);
    return stream >= 0 ? lock_of_stream(stream) : nullptr;
}

int run_critical_experiment(const CriticalExperiment& run) {
    // The signals are stop requests from the command's start (run.stop), else from before the
    // scratch folder is made to its removal: one while the squares are drawn ends the search
    // there (exit 1, "interrupted"), the folder gone.
    std::optional<Interrupt> own_stop;
    std::optional<SignalScope> signals;
    Interrupt& stop = run.stop != nullptr ? *run.stop : own_stop.emplace();
    if (run.stop == nullptr) signals.emplace(stop);
    const std::string stream = run.csv ? (run.csv->empty() ? "is none: the mode keeps no results CSV" : "") : stream_reason(run.out);
    const bool to_stdout = !stream.empty();  // the CSV a temporary file
    if (run.resume && to_stdout)  // what --out is, so a regular file is never called not one (red-team round 17, A F2)
        throw InputError(fmt::format("critical --resume: --out {}: {}, written as a stream with its results CSV a temporary "
                                     "file, so there is nothing to resume: give --out FILE, a regular file (the results "
                                     "CSV beside it is what is resumed)",
                                     run.out.empty() ? "-" : run.out, stream));
    // Standard output: the CSV lives in a private folder, gone when the command ends.
    const std::unique_ptr<external::TempDir> scratch = to_stdout ? std::make_unique<external::TempDir>(kScratchPrefix) : nullptr;
    const std::string csv = to_stdout ? (scratch->path() / "results.csv").string()
                                      : normal_path(run.csv ? *run.csv : critical_csv_path(run.out));
    const ExperimentConfig config = about_options(run, [&] { return parse_config(run.config_of(csv), kCriticalConfig); });
    // Its sidecar and schema each a regular file or nothing, as the driver checks them, --force or
    // not, before the sidecar is read below (a FIFO there was "cannot read", a symlink read through).
    if (!to_stdout) check_csv_not_input(csv, run, config);
    if (!to_stdout) check_results_companions(csv, false, fmt::format("use {}", run.csv_elsewhere));
    if (run.resume)
        if (const std::string differ = search_difference(csv, config); !differ.empty())
            throw InputError(fmt::format("critical --resume: {} was made by a search with other options: {}: refusing to "
                                         "resume; give the same options, or {}",
                                         csv, differ, run.csv_elsewhere));
    // Another live writer's CSV, a lock file, a FIFO or a folder there: refused even with --force.
    if (!to_stdout) check_output_path(csv, {}, true, csv_option_name(run) + "'s results CSV");
    if (!to_stdout && !run.resume) check_csv_replaceable(csv, run, config);
    RunnerOptions options;
    options.jobs = run.jobs;
    options.resume = run.resume;
    options.start_over = run.force;
    options.quiet = !run.progress;
    if (run.progress) options.progress_words = *run.progress;
    options.command_line = run.command_line;
    options.interrupt = &stop;
    options.stopped_runs_advice = to_stdout ? "" : std::string(run.redo_stopped);
    options.export_outputs = false;  // --out gets the records; nothing else beside it but the CSV's files (F2)
    options.keep_lock = true;        // held until --out is written: that lock stands for it too
    options.lock_elsewhere = fmt::format("use {}", run.csv_elsewhere);
    options.recount_checkpoint = false;  // --few-relations counts a shard file again itself (cmd_critical.cpp)
    if (run.writes_out && stream_reason(run.out).empty()) make_out_folder(run.out);
    const std::string out = run.out.empty() ? "-" : run.out;
    // Standard output redirected to a file: its lock from now to the write, as a file --out has
    // its results CSV's (run_experiment's, below).
    const std::unique_ptr<OutputLock> stream_lock = run.writes_out ? lock_of_stream_output(out) : nullptr;
    const RunnerReport r = about_options(run, [&] {
        try {
            return run_experiment(config, options);
        } catch (const std::runtime_error& e) {
            if (!to_stdout || typeid(e) != typeid(std::runtime_error)) throw;
            throw std::runtime_error(as_scratch_failure(e.what(), scratch->path(), out));
        }
    });
    const RowsRead rows = read_rows(r.csv_path, run);
    // After the last row the signals are still stop requests (red-team round 17, A F4: one while
    // --exact --n made its records was dropped, --out and the certificate written, exit 0).
    const std::optional<std::string> all_records =
        run.records_of_all && !r.interrupted ? run.records_of_all(stop) : std::nullopt;
    std::exception_ptr unmade;  // the certificate's failure, thrown once --out is written
    const std::optional<std::string> certificate =
        r.interrupted || stop.requested() ? std::nullopt : certificate_of_rows(run.certificate, stop, unmade);
    const bool interrupted = r.interrupted || stop.requested();
    if (interrupted && !r.interrupted)
        std::cerr << fmt::format("futolab critical: interrupted after the last run{}\n", left_unwritten(run));
    const bool writes_out = run.writes_out && (!run.records_of_all || (all_records && !interrupted));
    const bool writes_certificate = !interrupted && certificate.has_value();
    if (writes_out && interrupted) {
        check_out_held(out, *r.lock, stream_lock.get());
        write_output(out, rows.records, true);  // a stopped search waits for no stuck reader (A4)
    } else if (writes_out || writes_certificate) {
        OutputsTogether outputs(stop);
        if (writes_out)
            outputs.add(out, all_records ? *all_records : rows.records, [&] { check_out_held(out, *r.lock, stream_lock.get()); });
        if (writes_certificate) add_certificate(outputs, run.certificate, *certificate);
        outputs.commit();
    }
    if (!to_stdout)
        std::cerr << fmt::format("futolab critical: {} {}, {}; results {} ({}){}\n", r.shard_runs,
                                 runs_noun(task_info(config.task), r.shard_runs),
                                 run.runs_taken ? run.runs_taken(r.completed, r.skipped)
                                                : fmt::format("{} searched now, {} from the CSV", r.completed, r.skipped),
                                 visible_text(r.csv_path), run.csv_goes_on,
                                 interrupted ? fmt::format("; interrupted: {}", run.go_on) : "");
    if (!interrupted && run.on_complete) run.on_complete(stop);
    if (unmade) std::rethrow_exception(unmade);
    if (writes_certificate) std::cerr << fmt::format("certificate {} written\n", visible_text(run.certificate.path));
    if (!interrupted && stop.requested()) std::cerr << "futolab critical: interrupted after the last write\n";
    return rows.failed || stop.requested() || r.interrupted ? 1 : 0;
}

}  // namespace futolab::app
