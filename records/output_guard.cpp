#include "records/output_guard.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/live_writer.hpp"
#include "records/outputs.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

namespace futolab {

namespace fs = std::filesystem;

bool is_input_file(const std::string& out, const std::string& input) {
    const std::string& named = input == "-" ? "/dev/stdin" : input;
    std::error_code ec;
    if (fs::exists(out, ec) && fs::exists(named, ec)) return fs::equivalent(out, named, ec) && !ec;
    return input != "-" && fs::weakly_canonical(fs::absolute(out, ec), ec) == fs::weakly_canonical(fs::absolute(input, ec), ec);
}

namespace {

bool same_file(const std::string& a, const std::string& b) { return is_input_file(a, b); }


// The advice names --force only where it works (`force_works`): a name the command refuses
// anyway (of another format's extension: convert's `--to futo --out e4.jsonl`) sent the user
// round a loop, --force refused in turn (red-team round 27, A F6).
[[noreturn]] void refuse(const std::string& option, const std::string& out, const std::string& why, bool force_works) {
    throw InputError(fmt::format("{} {}: {}: refusing to overwrite it (use another file{})", option, out, why,
                                 force_works ? ", or --force" : ""));
}

// The results CSV whose exported outputs (records/outputs.hpp) `out` is, or "": a generate's
// or critical's corpus beside its CSV is that run's data as much as its sidecar (round 10).
std::string results_csv_of_outputs(const std::string& out) {
    if (!out.ends_with(".jsonl")) return "";
    const fs::path p(out);
    // `k.csv`'s, or `k`'s (`output: k`, a shard `k.shard-0-of-2` of it: records/outputs.hpp).
    std::vector<fs::path> candidates{fs::path(p).replace_extension(".csv"), fs::path(p).replace_extension()};
    if (out.ends_with(".outputs.jsonl"))  // the outputs of a CSV itself named .jsonl
        candidates.push_back(fs::path(out.substr(0, out.size() - std::string_view(".outputs.jsonl").size()) + ".jsonl"));
    // A CSV of any other name (`output: k.txt` exports k.jsonl: red-team round 26, A F6), as the
    // folder's names give it.
    for (const std::string& csv : results_files_exporting(out)) candidates.emplace_back(csv);
    for (const fs::path& csv : candidates)
        if (outputs_path(csv.string()) == out && is_results_csv(csv.string())) return csv.string();
    return "";
}

std::size_t longest_part(const std::string& path) {
    std::size_t longest = 0;
    for (const fs::path& part : fs::path(path)) longest = std::max(longest, part.string().size());
    return longest;
}

// The name of the lock file beside `out` is 6 bytes longer (`.NAME.lock`): a name that fits
// when that does not would be written unlocked (its lock cannot be made).
constexpr std::size_t kLockNameExtra = 6;

// Why `out` cannot name a file output, whatever is there now ("" if it may), asked before
// anything is made (red-team round 12, A1 and A6): a name ending in '/' made a folder at the
// output's name (after the whole search, or at a live writer's output, whose last write then
// failed), a name too long came out as the library's "filesystem error: status: …", and a FIFO
// in the folder part was named "a file" after the work.
std::string name_problem(const std::string& out) {
    const fs::path name = fs::path(out).filename();
    if (name.empty()) return "names a folder (it ends with /), not a file: give a file name";
    if (name == "." || name == "..") return fmt::format("names a folder ('{}'), not a file: give a file name", name.string());
    if (const std::string why = name_length_problem(out); !why.empty()) return why;
    if (const std::string folder = fs::path(out).parent_path().string(); !folder.empty())
        return folder_path_problem(folder);  // its folder a FIFO, a file, a link to nothing (round 11, F12)
    return "";
}

// The companion of an input that `out` is, as a message names it ("" if none): its sidecar or
// column schema, or a results CSV's exported outputs (records/outputs.hpp).
std::string input_companion(const std::string& out, const std::vector<std::string>& inputs) {
    for (const std::string& input : inputs) {
        if (input == "-") continue;
        if (same_file(out, sidecar_path(input))) return "the sidecar of the input " + input;
        if (same_file(out, schema_path(input))) return "the column schema of the input " + input;
        if (same_file(out, outputs_path(input)) && is_results_csv(input))
            return "the outputs file of the results CSV " + input + " (an input)";
    }
    return "";
}

// Not even with --force, which replaces an earlier output, never a file kept beside an input: a
// merge read shard A's sidecar after `--out A.csv.meta.yaml --force` had replaced it, failed
// (exit 2 after the write), and shard A could never be merged again (red-team round 16, A F4).
// An input replaced whole (`merge A B --out A --force`) takes its companions with it: the
// caller leaves it out of `inputs` for its output's own companions.
void refuse_input_companion(const std::string& out, const std::vector<std::string>& inputs, const std::string& option) {
    if (const std::string what = input_companion(out, inputs); !what.empty())
        throw InputError(fmt::format("{} {}: is {}: an input's companion files are never replaced, --force or not "
                                     "(write the output elsewhere)", option, out, what));
}

// The names of a results CSV's companions, what each is, and how its content is known.
struct CompanionName {
    std::string_view suffix, kind, known_by;
};
constexpr CompanionName kCompanionNames[] = {
    {".meta.yaml", "a metadata sidecar", "its first line is not a sidecar's 'experiment: …'"},
    {".schema.json", "a results CSV's column schema", "it holds no '\"title\": \"futolab results CSV\"'"}};

// What is at the output `out` when it is a results CSV's sidecar or column schema by its content
// (under any name: a copy or hard link is one all the same), or when its name is a companion's and
// what is there is none, as a refusal says it after "is " ("" otherwise: nothing there, or another
// kind that the checks after this one name). One rule for every command's outputs (merge's
// sidecar and schema, generate's, critical's, convert's and report's --out): the name alone made
// a six-byte "hello" or a link to a text file "a metadata sidecar", and a link to nothing was
// replaced without a word (red-team round 26, A F1); run says "not this experiment's sidecar".
std::string companion_at(const std::string& out) {
    struct stat st {};
    if (::lstat(out.c_str(), &st) != 0) return "";
    const bool link = S_ISLNK(st.st_mode);
    std::error_code ec;
    const std::string target = link ? fs::read_symlink(out, ec).string() : "";
    const std::string kind = file_data_kind(out);  // through a link too
    for (const CompanionName& c : kCompanionNames)
        if (kind == c.kind) return link ? fmt::format("a symbolic link to {}, {}", target, kind) : kind;
    const auto named = std::ranges::find_if(kCompanionNames, [&out](const CompanionName& c) { return out.ends_with(c.suffix); });
    if (named == std::end(kCompanionNames) || !kind.empty()) return "";  // a certificate, a shard file: named after this
    if (link)
        return fmt::format("a symbolic link to {}, {} (not {} futolab made)", target,
                           fs::exists(out, ec) ? "a file of another kind" : "which is not there", named->kind);
    if (!S_ISREG(st.st_mode)) return "";  // a FIFO or folder: output_kind_problem names it
    return fmt::format("a file named as {} but not one futolab made ({})", named->kind,
                       st.st_size == 0 ? "it is empty" : named->known_by);
}

// Standard error by any of its names is where the command's messages go (a file too, when 2>
// sent it there): results written there mix with progress and warnings, and a reader of the
// messages takes them for results (red-team round 28, A F2: `critical --out /dev/stderr`,
// `generate --out /proc/self/fd/2`, `--certificate /dev/fd/2` were written there, exit 0).
void refuse_standard_error(const std::string& out, const std::string& option) {
    if (out.empty() || !names_standard_error(out)) return;
    throw InputError(fmt::format("{} {}: names this command's standard error, where its messages go (a file too, when 2> "
                                 "sends it there): outputs are files, - or /dev/stdout",
                                 option, out));
}

// The guard of one output, without reaping its folder.
void check_one(const std::string& out, const std::vector<std::string>& inputs, bool force, const NamedOutput& o) {
    const std::string& option = o.option;
    refuse_standard_error(out, option);
    if (out == "-" || (!out.empty() && own_stream_of(out) == STDOUT_FILENO)) check_stdout_records(option + " " + out);
    if (out.empty() || out == "-") return;
    if (const std::string why = another_descriptor_problem(out); !why.empty())
        throw InputError(fmt::format("{} {}: {}: outputs are files, - or /dev/stdout", option, out, why));
    if (const std::string why = name_problem(out); !why.empty()) throw InputError(fmt::format("{} {}: {}", option, out, why));
    // Not even with --force: a live writer's file or a lock file (round 9, R1/R2), or the file
    // this command's standard output or error goes to (round 10: two writers of one file).
    if (const std::string why = lock_problem(out); !why.empty()) throw InputError(fmt::format("{} {}: {}", option, out, why));
    refuse_stream_alias(out, fmt::format("{} {}", option, out));
    if (const std::string why = output_kind_problem(out); !why.empty())
        throw InputError(fmt::format("{} {}: {} (outputs are regular files, - for standard output, or /dev/null)",
                                     option, out, why));
    // Its folder a symlink to nothing: the write would fail after the work (round 11, F12).
    refuse_input_companion(out, inputs, option);
    for (const std::string& input : inputs) {
        // `-` is standard input, which a redirect makes a file: that file by identity, as
        // /dev/stdin is (red-team round 31, H1: `convert - --out F < F` replaced F, exit 0).
        if (!is_input_file(out, input)) continue;
        const std::string named = input == "-" ? "- (standard input, redirected from this file)" : input;
        // An input replaced whole by its like only: anything else leaves its data gone and its
        // companions (a sidecar) describing a file that is no longer there. Said with or without
        // --force: first advised, it was then refused (red-team round 27, A F6).
        if (!o.inputs_kind)
            throw InputError(fmt::format("{} {}: is the input {}, and is no file of its kind: refusing to overwrite it, "
                                         "--force or not (--force replaces an input only with its like; use another file)",
                                         option, out, named));
        if (!force) refuse(option, out, "is the input " + named, o.force_works);
    }
    if (force) return;
    // Before the test below, which follows a link: a link to nothing at a sidecar's name is one too.
    if (const std::string what = companion_at(out); !what.empty()) refuse(option, out, "is " + what, o.force_works);
    std::error_code ec;
    if (!fs::exists(out, ec)) return;
    if (is_results_csv(out)) refuse(option, out, "is a results CSV", o.force_works);
    // A shard's counts, a checkpoint's table, a certificate: what standard output is refused onto
    // (red-team round 20, A F3, and round 21, B F2: `generate --out SHARD` or `--out CERT`
    // replaced one, exit 0, where `>> CERT` was refused).
    if (const std::string kind = kept_file_kind(out, o.rewrites_certificate); !kind.empty()) {
        // A search that goes on with its CSV (critical --resume) takes no --force: no hint of it.
        if (!o.rewrites_certificate.empty())
            throw InputError(fmt::format("{} {}: is {}: refusing to overwrite it (use another file)", option, out, kind));
        refuse(option, out, "is " + kind, o.force_works);
    }
    if (const std::string csv = results_csv_of_outputs(out);
        !csv.empty() && !(!o.results_of.empty() && same_file(csv, o.results_of)))
        refuse(option, out, "is the outputs file of the results CSV " + csv + " (its `output` column, exported)",
               o.force_works);
}

std::string folder_of(const std::string& out) {
    const std::string dir = fs::path(out).parent_path().string();
    return dir.empty() ? "." : dir;
}

// The names under which `out` is one file: its device and inode if it exists, and its
// normalised absolute path. A device (/dev/null) has none: two outputs may both discard.
std::vector<std::string> identities(const std::string& out) {
    // Standard output by any name is one stream (round 10: `critical --certificate /dev/stdout`
    // mixed the certificate into the JSONL that went to standard output).
    if (out == "-" || own_stream_of(out) == STDOUT_FILENO) return {"-"};
    if (own_stream_of(out) == STDERR_FILENO) return {"standard error"};
    struct stat st {};
    const bool exists = ::stat(out.c_str(), &st) == 0;
    if (exists && S_ISCHR(st.st_mode)) return {};
    std::error_code ec;
    fs::path path = fs::weakly_canonical(fs::absolute(out, ec), ec);
    if (ec || path.empty()) path = fs::absolute(out, ec).lexically_normal();  // a name too long: "" for every such name
    std::vector<std::string> ids{"path " + path.string()};
    if (exists) ids.push_back(fmt::format("inode {}:{}", st.st_dev, st.st_ino));
    // Not there yet: its folder's identity and its name. A folder bind-mounted under a second
    // name has one identity and two paths (red-team round 14, A F8: `--certificate
    // c/o.csv.meta.yaml` replaced the sidecar a/o.csv.meta.yaml of the run's own results CSV).
    struct stat folder {};
    if (!exists && ::stat(folder_of(out).c_str(), &folder) == 0)
        ids.push_back(fmt::format("in folder {}:{} {}", folder.st_dev, folder.st_ino, fs::path(out).filename().string()));
    return ids;
}

// Whether the file `path` is `out` by one of out's identities.
bool is_file(const std::string& path, const std::vector<std::string>& out) {
    return std::ranges::any_of(identities(path), [&out](const std::string& id) { return std::ranges::find(out, id) != out.end(); });
}

// A folder output is no other output of the command, nor its lock, nor under either.
void check_folder_apart(const NamedOutput& folder, const std::vector<NamedOutput>& outputs) {
    for (const NamedOutput& o : outputs) {
        if (o.folder || o.path.empty() || o.path == "-") continue;
        std::vector<std::pair<std::string, std::string>> files{{o.path, fmt::format("{} {}", o.option, o.path)}};
        if (!o.own)  // an own file's lock is an own output already
            files.emplace_back(lock_path(o.path), fmt::format("the lock file {} of {} {}", lock_path(o.path), o.option, o.path));
        for (const auto& [file, named] : files) {
            const FolderPlace place = folder_place(folder.path, file);
            if (place == FolderPlace::at)
                throw InputError(fmt::format("{} {}: is also {}, a file this command writes: two outputs of one command "
                                             "cannot be one path", folder.option, folder.path, named));
            if (place == FolderPlace::under)
                throw InputError(fmt::format("{} {}: lies under {}, a file this command writes: two outputs of one "
                                             "command cannot be one inside the other", folder.option, folder.path, named));
        }
    }
}

// The words of a command line that may name a file: each word, and what follows the `=` of a
// `--option=value`.
std::vector<std::string> file_words(const std::vector<std::string>& words) {
    std::vector<std::string> out;
    for (const std::string& w : words) {
        if (w.empty() || w == "-") continue;
        out.push_back(w);
        if (const std::size_t eq = w.find('='); w.starts_with("-") && eq != std::string::npos) out.push_back(w.substr(eq + 1));
    }
    return out;
}

// The first line of a few-relations checkpoint folder's `.table.md` (critical/zero_given/
// few_relations_shards.cpp, its columns' start) or of a certificate (critical --certificate:
// a JSON header whose first key is "certificate", its format futolab-…), which
// --check-certificate reads back: a record appended makes it another file.
bool is_few_relations_table_head(std::string_view head) {
    return head.starts_with("| shard | canonical sets | skipped (swap) | puzzles |");
}
constexpr std::string_view kCertificateKey = "{\"certificate\":\"";
bool is_certificate_head(std::string_view head) { return head.starts_with(std::string(kCertificateKey) + "futolab-"); }
// The format a certificate's first line names ("futolab-exact-critical").
std::string_view certificate_format(std::string_view head) {
    head.remove_prefix(kCertificateKey.size());
    return head.substr(0, head.find('"'));
}

// A few-relations shard file of a checkpoint folder, by its first line (written by
// critical/zero_given/few_relations_shards.cpp, write_few_relations_shard: "# futolab critical
// --n 4 --few-relations 4 --shard 0/4: …"): the next command with that --checkpoint reads it,
// and refuses it for good once a line is appended (red-team round 19, A case 197e).
bool is_few_relations_checkpoint_head(std::string_view head) {
    const std::string_view first_line = head.substr(0, head.find('\n'));
    return first_line.starts_with("# futolab critical --n ") && first_line.find(" --few-relations ") != std::string_view::npos &&
           first_line.find(" --shard ") != std::string_view::npos;
}

bool same_inode(const struct stat& a, const std::string& path) {
    struct stat b {};
    return ::stat(path.c_str(), &b) == 0 && S_ISREG(b.st_mode) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

FolderPlace folder_place(const std::string& dir, const std::string& out) {
    const std::vector<std::string> file = identities(out);
    if (file.empty() || file.front() == "-") return FolderPlace::apart;  // a device or a stream: no folder there
    std::error_code ec;
    fs::path at = fs::weakly_canonical(fs::absolute(dir, ec), ec);
    if (ec || at.empty()) at = fs::absolute(dir, ec).lexically_normal();
    if (!at.has_filename()) at = at.parent_path();  // `ck/` is the folder `ck`
    if (is_file(at.string(), file)) return FolderPlace::at;
    while (at.has_relative_path()) {
        at = at.parent_path();
        if (is_file(at.string(), file)) return FolderPlace::under;
    }
    return FolderPlace::apart;
}

void check_output_folder_there(const std::string& out, const std::string& option, std::string_view command,
                               std::string_view or_else) {
    if (out.empty() || out == "-" || own_stream_of(out) >= 0) return;
    // The name's own faults first, as check_output_path names them: a name of a folder (`d/`,
    // `d/.`), one too long, a folder part that is a FIFO or a link to nothing.
    if (const std::string why = name_problem(out); !why.empty()) throw InputError(fmt::format("{} {}: {}", option, out, why));
    const std::string folder = fs::path(out).parent_path().string();
    if (folder.empty()) return;  // the working folder
    struct stat st {};
    // Only a folder not there: one this user may not search is the write's own failure.
    if (::stat(folder.c_str(), &st) == 0 || errno != ENOENT) return;
    throw InputError(fmt::format("{} {}: its folder {} is not there ({} makes no folders: make it first{})", option, out,
                                 folder, command, or_else));
}

void check_outputs_file(const std::string& csv, const std::vector<std::string>& inputs, bool force,
                        std::string_view force_hint) {
    const std::string out = outputs_path(csv);
    const std::string option = csv + "'s outputs";
    check_one(out, {}, true, {.option = option, .path = out, .results_of = csv});  // a live writer's, a lock, a FIFO, a folder: --force or not
    for (const std::string& input : inputs)
        if (is_input_file(out, input))
            throw InputError(fmt::format("{} {}: is the input {}: the instances the runs make would replace it (rename "
                                         "the input, or write the results elsewhere)", option, out, input));
    std::error_code ec;
    if (force || !fs::exists(fs::symlink_status(out, ec)) ||
        (is_results_csv(csv) && fs::exists(sidecar_path(csv), ec)))  // a resume: check_earlier_export once its rows are
        return;
    throw InputError(fmt::format("{} {}: exists, and {} has no results yet whose export it could be: refusing to replace "
                                 "it with the instances the runs make (move it away, or write the results elsewhere{})",
                                 option, out, csv, force_hint));
}

void check_earlier_export(const std::string& csv) {
    const std::string out = outputs_path(csv);
    std::error_code ec;
    // Not there, or not a regular file: a run refuses a symlink by its kind, never reading
    // through it (results_file.hpp, check_results_companions).
    if (!fs::is_regular_file(fs::symlink_status(out, ec))) return;
    if (const std::string why = not_an_export(csv); !why.empty())
        throw InputError(fmt::format("{}'s outputs {}: exists, and is not an earlier export of {} ({}): refusing to replace "
                                     "it with the instances the runs make (move it away, or write the results elsewhere)",
                                     csv, out, csv, why));
}

std::string file_data_kind(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return "";
    if (is_results_csv(path)) return "a results CSV";
    // By content too: a sidecar or schema under another name (a hard link) is one all the same.
    const std::string head = read_file_head(path, 256);
    if (head.starts_with("experiment: ")) return "a metadata sidecar";  // the sidecar's first key (records/sidecar.cpp)
    if (head.find("\"title\": \"futolab results CSV\"") != std::string::npos) return "a results CSV's column schema";
    if (is_few_relations_checkpoint_head(head)) return "a few-relations checkpoint file";
    if (is_few_relations_table_head(head)) return "a few-relations checkpoint table";
    if (is_certificate_head(head)) return "a futolab certificate";
    return "";
}

void check_checkpoint_table(const std::string& path, const std::string& label, bool force) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return;  // not there yet (a name too long is the folder's check)
    const bool file = S_ISREG(st.st_mode);
    if (file && is_few_relations_table_head(read_file_head(path, 256))) return;  // the table an earlier count wrote
    // A folder, FIFO or device is no file to replace, --force or not: the write would fail after the count.
    if (!file && !S_ISLNK(st.st_mode)) {
        const std::string why = output_kind_problem(path);
        throw InputError(fmt::format("{} {}: {}: move it away (the table is a regular file)", label, path,
                                     why.empty() ? "is not a regular file" : why));
    }
    if (force) return;  // a link at its name is replaced, never followed (core/atomic_file.hpp)
    std::string what = file ? file_data_kind(path) : "a symbolic link";
    if (what.empty()) what = "not a few-relations checkpoint table (its first line is not the table's)";
    throw InputError(fmt::format("{} {}: is {}: refusing to overwrite it (the table replaces only an earlier table "
                                 "of this count: move it away, or --force)", label, path, what));
}

std::string stream_data_kind(int stream) {
    struct stat st {};
    if (::fstat(stream, &st) != 0 || !S_ISREG(st.st_mode)) return "";
    const std::string proc = "/proc/self/fd/" + std::to_string(stream);
    if (const std::string kind = file_data_kind(proc); !kind.empty()) return kind;
    std::error_code ec;
    const std::string name = fs::read_symlink(proc, ec).string();
    if (ec) return "";
    if (name.ends_with(".meta.yaml")) return "a metadata sidecar";
    if (name.ends_with(".schema.json")) return "a results CSV's column schema";
    if (is_lock_name(name)) return "a futolab lock file";
    if (const std::string csv = results_csv_of_outputs(name); !csv.empty()) return "the outputs file of the results CSV " + csv;
    return "";
}

std::string stream_holds_data(int stream, const std::vector<std::string>& words) {
    if (const std::string kind = stream_data_kind(stream); !kind.empty()) return kind;
    struct stat st {};
    if (::fstat(stream, &st) != 0 || !S_ISREG(st.st_mode)) return "";
    if (st.st_nlink > 1) return "a file with several names";
    for (const std::string& word : file_words(words)) {
        // Standard error by its own name (`--out /dev/stderr 2> e.txt`) is no data: such an
        // output is refused, and the refusal belongs where messages go (red-team round 28, A F2).
        if (stream == STDERR_FILENO && names_standard_error(word)) continue;
        if (same_inode(st, word)) return word;
        for (const std::string& companion : companions_of(word))
            if (same_inode(st, companion)) return companion;
    }
    return "";
}

void check_file_output(const std::string& out, const std::string& option, const std::string& what, bool devices_ok) {
    if (out.empty()) return;
    struct stat st {};
    const bool device = ::stat(out.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode));
    // `--out /dev/stdout` is standard output by another name (its sidecar and lock would go
    // into /dev), even when the shell sent it to a regular file.
    const bool not_a_file = out == "-" || ((device || own_stream_of(out) >= 0) && !devices_ok);
    if (!not_a_file) return;  // a folder or FIFO gets check_output_path's message
    if (devices_ok)  // the reason given is the rule applied (red-team round 14, A F5)
        throw InputError(fmt::format("{} {}: {} needs a file name or a device, not - (/dev/stdout writes it to standard "
                                     "output)", option, out, what));
    throw InputError(fmt::format("{} {}: {} needs a file (not standard output or a device): give a file name", option,
                                 out, what));
}

namespace {

// Whether the file system refuses `path` as too long: asked of it, and by the limits themselves,
// since a folder not made yet is all it answers for a path through it (ENOENT): a run's output
// folder was made with the lock, and its companion's name refused only then (red-team round 14,
// A F4).
bool too_long(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 && errno == ENAMETOOLONG) return true;
    return longest_part(path) > NAME_MAX || path.size() >= PATH_MAX;
}

}  // namespace

namespace {

// Which of the file system's limits `path` passes, for a message: a part of it longer than a name
// may be, or the whole longer than a path may be (a folder path that leaves no room for the names
// in it is the path's fault, not the name's: red-team round 23, A F1), or a limit of its own.
std::string limit_passed(const std::string& path) {
    if (const std::size_t part = longest_part(path); part > NAME_MAX)
        return fmt::format("a part of {} bytes, where the file system takes at most {} bytes a name", part, NAME_MAX);
    if (path.size() >= PATH_MAX)
        return fmt::format("a path of {} bytes, where the file system takes at most {} bytes a path", path.size(), PATH_MAX - 1);
    return "the file system here refuses it as too long";
}

// What to shorten once `path` is found too long: the name, or the path it lies under.
std::string_view shorter(const std::string& path) { return longest_part(path) > NAME_MAX ? "name" : "path"; }

}  // namespace

std::string name_length_problem(const std::string& out) {
    if (too_long(out)) return fmt::format("name too long ({})", limit_passed(out));
    if (const std::string lock = lock_path(out); too_long(lock))
        return fmt::format("name too long for its lock file beside it (.NAME.lock, {} bytes more: {}): give a shorter {}",
                           kLockNameExtra, limit_passed(lock), shorter(lock));
    // A file written whole goes to a temporary sibling first (core/atomic_file.hpp; round 13, A5).
    if (const std::string temp = longest_temp_path(out); too_long(temp))
        return fmt::format("name too long for its temporary file beside it (NAME.tmp-…, up to {} bytes more: {}): give a "
                           "shorter {}", temp.size() - out.size(), limit_passed(temp), shorter(temp));
    return "";
}

std::string folder_length_problem(const std::string& dir, const std::vector<std::string>& names) {
    if (too_long(dir)) return fmt::format("name too long ({})", limit_passed(dir));
    std::pair<std::string, std::string> longest;  // the longest path made in it that is too long, and what it is
    for (const std::string& name : names) {
        const std::string file = (fs::path(dir) / name).string();
        const std::pair<std::string, std::string> made[]{{file, "its file " + name},
                                                         {lock_path(file), "the lock file of its file " + name},
                                                         {longest_temp_path(file), "the temporary file of its file " + name}};
        for (const auto& one : made)
            if (one.first.size() > longest.first.size() && too_long(one.first)) longest = one;
    }
    if (longest.first.empty()) return "";
    return fmt::format("too long for the files made in it: {} would have {}: give a shorter folder {}", longest.second,
                       limit_passed(longest.first), shorter(longest.first));
}

namespace {

// An empty standard output whose name has a sidecar beside it: `> r.csv` of an experiment's
// results CSV, which the shell emptied before futolab started (red-team round 30: `grade x >
// r.csv` then wrote its lines there, exit 0, where `>>` was refused). The rows are gone already;
// nothing else is written into it, and the message says what happened.
std::string emptied_experiment_csv() {
    std::error_code ec;
    const std::string name = fs::read_symlink("/proc/self/fd/" + std::to_string(STDOUT_FILENO), ec).string();
    if (ec || !fs::is_regular_file(sidecar_path(name), ec)) return "";
    return fmt::format("an experiment's results CSV that the redirect emptied (its sidecar {} is beside it: rerun or "
                       "restore the experiment)",
                       sidecar_path(name));
}

// What standard output's file was when this process first looked, by the file's identity: later
// looks would see what this command has printed into it since (a few-relations table printed to
// a file made that file look like a checkpoint table, and the command then refused its own
// standard output). A file is judged by what the redirect found there.
std::string first_stdout_kind() {
    struct stat st{};
    if (::fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return stream_data_kind(STDOUT_FILENO);
    static std::mutex guard;
    static std::map<std::pair<dev_t, ino_t>, std::string> seen;
    const std::lock_guard<std::mutex> lock(guard);
    const auto [at, first] = seen.try_emplace({st.st_dev, st.st_ino});
    if (first) at->second = stream_data_kind(STDOUT_FILENO);
    if (first && at->second.empty() && st.st_size == 0) at->second = emptied_experiment_csv();
    return at->second;
}

}  // namespace

void check_stdout_records(const std::string& label, std::string_view what) {
    std::string kind = first_stdout_kind();
    if (kind.empty()) return;
    std::error_code ec;
    const std::string name = fs::read_symlink("/proc/self/fd/" + std::to_string(STDOUT_FILENO), ec).string();
    // A results CSV with no sidecar is no experiment's (a `solve --csv > x.csv` of the user's),
    // unless the file has other names (hard links): an experiment's CSV linked as `other.txt` was
    // known by the sidecar beside its name only, and `>> other.txt` appended to it (red-team round
    // 29, A1). Where its other names are cannot be asked of the file: refused.
    if (kind == "a results CSV" && (ec || !fs::exists(sidecar_path(name), ec))) {
        struct stat st {};
        if (::fstat(STDOUT_FILENO, &st) != 0 || st.st_nlink <= 1) return;
        throw InputError(fmt::format("{}standard output {}is a results CSV with {} names (hard links), and whether "
                                     "another of them is an experiment's (with its sidecar) cannot be told: {} would be "
                                     "written into it; send standard output to another file",
                                     label.empty() ? "" : label + ": ", ec ? "" : name + " ", st.st_nlink, what));
    }
    throw InputError(fmt::format("{}standard output {}is {} (a redirect such as > or >> to it): {} would be written "
                                 "into it; send standard output to another file",
                                 label.empty() ? "" : label + ": ", ec ? "" : name + " ", kind, what));
}

std::string kept_file_kind(const std::string& path, std::string_view rewritten_certificate) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return "";
    const std::string head = read_file_head(path, 256);
    if (is_few_relations_checkpoint_head(head)) return "a few-relations checkpoint file (its shard's counts)";
    if (is_few_relations_table_head(head)) return "a few-relations checkpoint table (its shards' counts)";
    if (!is_certificate_head(head)) return "";
    const std::string_view format = certificate_format(head);
    if (!rewritten_certificate.empty() && format == rewritten_certificate) return "";
    return fmt::format("a futolab certificate ({}, read by critical --check-certificate)", format);
}

bool is_results_csv(const std::string& path) {
    std::string prefix;
    for (const std::string& c : csv_base_columns()) {
        prefix += (prefix.empty() ? "" : ",") + c;
        if (prefix.size() > 40) break;  // enough to be sure, without reading a long line
    }
    return read_file_head(path, prefix.size()) == prefix;  // after a byte-order mark, as every CSV reader
}

void check_output_path(const std::string& out, const std::vector<std::string>& inputs, bool force,
                       const std::string& option, bool inputs_kind, bool force_works) {
    check_output_paths({{.option = option, .path = out, .inputs_kind = inputs_kind, .force_works = force_works}}, inputs,
                       force);
}

void check_output_paths(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs, bool force) {
    // First: one terminal or pipe may be both streams, and the comparison below would then call
    // standard error "also --out -".
    for (const NamedOutput& o : outputs)
        if (!o.folder) refuse_standard_error(o.path, o.option);
    for (const NamedOutput& o : outputs)
        if (o.folder && !o.path.empty()) check_folder_apart(o, outputs);
    std::map<std::string, const NamedOutput*> seen;  // identity -> the output that has it
    for (const NamedOutput& o : outputs) {
        if (o.path.empty() || o.folder) continue;
        for (const std::string& id : identities(o.path)) {
            const auto [at, added] = seen.emplace(id, &o);
            // Not even with --force: the second would replace the first, one of them lost.
            if (added) continue;
            const NamedOutput& named = o.own ? *at->second : o;  // the one on the command line first
            const NamedOutput& other = o.own ? o : *at->second;
            throw InputError(fmt::format("{} {}: is also {} {}: two outputs of one command cannot be one file", named.option,
                                         named.path, other.option, other.path));
        }
    }
    std::set<std::string> folders;
    for (const NamedOutput& o : outputs) {
        if (o.own || o.folder || o.path.empty()) continue;
        check_one(o.path, inputs, force, o);
        if (o.path != "-") folders.insert(folder_of(o.path));
    }
    for (const std::string& folder : folders) reap_stale_temp_files(folder);  // a killed writer's leftovers
}

}  // namespace futolab
