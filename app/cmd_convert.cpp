// futolab convert INPUT --to FORMAT [--out FILE|DIR]: every instance is validated, then
// written in the target format. A single-instance format with several instances needs
// --out DIR and gets one file per instance, named after its id. --out naming a folder (one
// that exists, or ending in '/') always means that: a single instance, in any format, goes to
// DIR/<its id as a safe name>.<extension>; several instances in a format that holds them all
// need a file name instead, and the message says so.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/output_folder.hpp"
#include "app/output_locks.hpp"
#include "core/counted.hpp"
#include "core/error.hpp"
#include "core/file_names.hpp"
#include "core/formats/formats.hpp"
#include "core/made_folders.hpp"
#include "records/output_guard.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>

namespace futolab::app {
namespace {

struct ConvertArgs {
    std::string input, to, out;
    bool force = false;  // --force: an output may replace the input, a results CSV or a sidecar
};

// One file per instance, named after its id through safe_file_stem (core/file_names.hpp):
// `a/b` and `a_b` get two names, a long id a short one. Two instances with the same id would
// write one file twice, so they are refused, naming both.
std::vector<std::string> file_names(const std::vector<Instance>& instances, const std::string& dir,
                                    std::string_view extension) {
    std::vector<std::string> out;
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < instances.size(); ++i) {
        const std::string name = safe_file_stem(instances[i].id) + std::string(extension);
        const auto [it, added] = seen.emplace(name, i);
        if (!added)
            throw InputError(fmt::format("{}: instances {} and {} both have the id '{}' (or ids that give the same file "
                                         "name {}): one file per id needs distinct ids",
                                         instances[i].source.empty() ? "input" : instances[i].source, it->second + 1, i + 1,
                                         instances[i].id, name));
        out.push_back((std::filesystem::path(dir) / name).string());
    }
    return out;
}

// `--out DIR` names a folder: one that exists, or a path ending in '/'.
bool names_folder(const std::string& out) {
    std::error_code ec;
    return !out.empty() && out != "-" && (out.back() == '/' || std::filesystem::is_directory(out, ec));
}

// `out` as a folder's name: without the endings of a file kind's, which a folder owns none of
// (core/formats/formats.hpp, OutputKind::folder): "new.dzn" → "new/", "new.v2" → "new.v2/".
std::string as_folder(const std::string& out) {
    std::filesystem::path name(out);
    while (name.has_stem() && name.has_extension() && !foreign_extension_problem(name.string(), OutputKind::folder).empty())
        name.replace_extension();
    return name.string() + "/";
}

// The folder the user may have meant, for the message: "--out new.dzn" → ", e.g. --out new/".
std::string suggested_folder(const std::string& out) {
    std::error_code ec;
    if (out.empty() || out == "-" || std::filesystem::exists(out, ec)) return "";
    return ", e.g. --out " + as_folder(out);
}

// The other way out of a missing folder, for check_output_folder_there: a one-instance format
// writes several instances into a folder, which a name ending in '/' makes. Asked before the
// input is read (a missing folder was found at the write, after it: red-team round 24), so
// the count of instances is not known yet.
std::string new_folder_advice(const std::string& out, const FormatInfo& to) {
    if (to.multi_instance) return "";
    return fmt::format(", or give --out {} to write one file per instance into a folder it makes", as_folder(out));
}

// After the write of file `failed` of `paths` failed (a full disk, an I/O error): the files written
// before it that were not there before (`was_there`) are removed again, so a failed convert into
// a folder leaves it as it found it (red-team round 29, A3: a full disk left part of the files,
// with a message naming only the one that failed). Says what it did, for the message.
std::string undo_written(const std::vector<std::string>& paths, const std::vector<bool>& was_there, std::size_t failed) {
    std::size_t removed = 0, replaced = 0;
    for (std::size_t i = 0; i < failed; ++i) {
        std::error_code ec;
        if (was_there[i]) ++replaced;
        else if (std::filesystem::remove(paths[i], ec)) ++removed;
    }
    std::string said = fmt::format("{} written before it removed again", counted(removed, "file"));
    if (replaced > 0) said += fmt::format("; {} that replaced one already there (--force) left as written", counted(replaced, "file"));
    return said;
}

// One file per instance in `dir`, named after its id (the instances' own names, as the user
// expects of a folder), every output checked in one go before the first is written.
void write_per_instance(const ConvertArgs& args, const std::vector<Instance>& instances, Format to) {
    const std::vector<std::string> paths = file_names(instances, args.out, format_info(to).extensions.front());
    std::vector<NamedOutput> outputs;
    for (const std::string& path : paths) outputs.push_back({.option = "--out", .path = path, .inputs_kind = true});
    check_output_paths(outputs, {args.input}, args.force);
    std::error_code ec;
    make_folders(args.out, ec);  // removed again if the command is refused (core/made_folders.hpp)
    if (ec) throw std::runtime_error(fmt::format("--out {}: cannot create the folder: {}", args.out, ec.message()));
    // One stop request for all of them: a signal ends the files there, each written whole or not at all.
    Interrupt stop;
    const SignalScope signals(stop);
    std::vector<bool> was_there;
    for (const std::string& path : paths) was_there.push_back(std::filesystem::exists(path, ec));
    for (std::size_t i = 0; i < instances.size(); ++i) {
        if (stop.requested()) throw std::runtime_error(fmt::format("interrupted: {} of {} files written", i, instances.size()));
        try {
            write_output(paths[i], write_instances({instances[i]}, to), stop);
        } catch (const std::runtime_error& e) {
            if (stop.requested()) throw;  // a stop keeps the files written whole before it
            throw std::runtime_error(fmt::format("{} ({})", e.what(), undo_written(paths, was_there, i)));
        }
    }
}

// Where each instance's text ends in `text` (write_instances of all of them, in order), so that a
// stop ends standard output between two instances only (red-team round 27, A F4: all 60 grids
// went in one write, and a stop with the reader stalled cut puzzle 56 in the middle). An instance
// is its own text, after a blank line between two (futo); where they do not make up `text` (usp's
// count line first), the whole text is one record.
RecordEnds instance_ends(const std::vector<Instance>& instances, Format to, std::string_view text) {
    RecordEnds ends;
    std::size_t at = 0;
    for (const Instance& instance : instances) {
        const std::string one = write_instances({instance}, to);
        if (text.substr(at, one.size()) != one && text.substr(at, 1) == "\n") ++at;
        if (text.substr(at, one.size()) != one) return {text.size()};
        ends.push_back(at += one.size());
    }
    if (at != text.size()) return {text.size()};
    return ends;
}

// A file name whose extension belongs to another format than --to ("x.jsonl" for futo) would
// be read back as that format and refused: say so before writing (issue #45). So would a YAML
// or a results CSV's companion name (red-team round 26, C F2: `--to jsonl --out x.csv.meta.yaml`
// was written): the one rule every output's name is held to (core/formats/formats.hpp).
void check_extension(const std::string& out, const FormatInfo& to) {
    if (const std::string why = foreign_extension_problem(out, to.format); !why.empty())
        throw InputError(fmt::format("convert: --out {} {}, not of --to {} ({})", out, why, to.name,
                                     fmt::join(to.extensions, ", ")));
}

// --out as a file (or standard output), refused for all that needs none of the input before it
// is read (a big or slow input was read whole before a refusal of its extension: red-team
// round 26): its folder there, an extension of its format, and the output guard (a FIFO,
// a folder, the input itself, a results CSV). With several instances in a one-instance format
// no file is written there, and the input's count says so once read: any of these refusals is
// as true then, --out being no folder either way.
void check_file_out(const ConvertArgs& args, const FormatInfo& to) {
    check_output_folder_there(args.out, "--out", "convert", new_folder_advice(args.out, to));
    // --force: instances over instances, under a name of --to's format only (red-team round 27,
    // A F6: `--to futo --out e4.jsonl` over the input e4.jsonl advised --force, then refused it).
    const bool own_name = args.out.empty() || args.out == "-" || foreign_extension_problem(args.out, to.format).empty();
    check_output_path(args.out, {args.input}, args.force, "--out", true, own_name);
    // After what is there (an input's companion, a kept file), whose refusal says more.
    if (!args.out.empty() && args.out != "-") check_extension(args.out, to);
}

int convert(const ConvertArgs& args) {
    if (args.force && (args.out.empty() || args.out == "-"))  // it would be ignored (issue #45)
        throw InputError("convert: --force does not apply without --out (it lets an output replace a file)");
    const Format to = format_from_name(args.to);
    const FormatInfo& info = format_info(to);
    const bool folder = names_folder(args.out);
    if (folder) check_output_folder(args.out, "--out");  // `d/` where d is a FIFO or a file: say what d is
    else check_file_out(args, info);
    std::error_code ec;
    const bool folder_there = std::filesystem::is_directory(args.out, ec);  // before its lock makes it
    // One writer per output from before the input is read (red-team round 26, A F2: two converts
    // onto one file or folder both wrote, exit 0): the file's lock, or the folder's.
    const std::unique_ptr<OutputLock> lock = folder ? lock_folder_output(args.out, "--out") : lock_file_output(args.out, "--out");
    std::vector<Instance> instances;
    {
        Interrupt stop;  // the read's: a signal ends it, "interrupted" (each write below takes its own)
        const SignalScope signals(stop);
        for (auto& [instance, puzzle] : load_instances({args.input}, stop)) instances.push_back(std::move(instance));
    }
    if (lock) lock->check_held_for(args.out.empty() || args.out == "-" ? "standard output" : args.out);  // removed meanwhile: not written
    if (!folder && (info.multi_instance || instances.size() <= 1)) {
        const std::string text = write_instances(instances, to);
        write_output(args.out, text, false, instance_ends(instances, to, text));
        return 0;
    }
    if (info.multi_instance && instances.size() > 1)  // into a folder
        // `d/` may not exist yet: then what is wrong is that it names one (round 9 said "is a folder").
        throw InputError(fmt::format("--out {}: {}, and format '{}' writes all {} instances into one file: give a file "
                                     "name (e.g. {})",
                                     args.out, folder_there ? "is a folder" : "names a folder (it ends with /)",
                                     info.name, instances.size(),
                                     (std::filesystem::path(args.out) / ("NAME" + std::string(info.extensions.front()))).string()));
    // Only a name that says "folder" makes one: `--out new.dzn` made a folder new.dzn/ (round
    // 10), although --help says a folder must exist or end in '/'.
    if (!folder)
        throw InputError(fmt::format("{}: {} instances, but format '{}' holds one per file: give --out DIRECTORY/ (a "
                                     "folder that exists, or a name ending in '/' to make one{})",
                                     args.input, instances.size(), info.name, suggested_folder(args.out)));
    write_per_instance(args, instances, to);
    return 0;
}

}  // namespace

void add_convert(CLI::App& app, Action& run) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* cmd = app.add_subcommand("convert", "Convert instances between formats (validating them)");
    cmd->add_option("input", args->input, "Input file, or - for stdin (format from extension or content)")
        ->required();
    std::string targets;  // from the format table, so the help cannot drift from it
    for (const FormatInfo& f : format_table()) targets += (targets.empty() ? "" : ", ") + std::string(f.name);
    cmd->add_option("--to", args->to, "Target format: " + targets)->required();
    cmd->add_option("--out", args->out,
                    "Output file (default stdout), or a directory (existing, or ending in /): one file per "
                    "instance, named after its id made a safe file name (see README); needed for several "
                    "instances in a one-instance format");
    cmd->add_flag("--force", args->force, "Replace an output even if it is the input, a results CSV or a sidecar");
    cmd->callback([args, &run] { run = [args] { return convert(*args); }; });
}

}  // namespace futolab::app
