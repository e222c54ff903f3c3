// Writes that cannot destroy (issue #25): before a command writes a file it checks that the
// file is not one of its own inputs (`report x.csv --out x.csv` would replace the results
// with HTML), nor an input's sidecar, nor an existing results CSV or sidecar (`merge --out`
// over another experiment's results). Any of these is refused with exit 2 and a message naming
// the file, unless the user passes --force. Paths are compared as files (same device and
// inode, so a symlink or a `./x.csv` is the same file), else by their normalised absolute path.
// The write itself then goes through core/atomic_file.hpp, which never writes through a
// symlink: with --force a symlink at the target is replaced, not followed.
//
// Outputs that cannot hang (issue #45): an output must be a regular file (or not exist yet),
// `-` (standard output), a character device (/dev/null, a terminal) or this process's own
// standard output by another name (`--out /dev/stdout`). A FIFO (it would wait forever for a
// reader), a socket, a block device or a folder is refused before any work, exit 2, with one
// line naming the option and the path, --force or not; so is standard error by any of its
// names (`/dev/stderr`, `/dev/fd/2`, `/proc/self/fd/2`), where the messages go, a file too when
// 2> sent it there (red-team round 28, A F2). A command with several outputs
// (critical's --out and --certificate, merge's CSV, sidecar and outputs) checks them in one
// call: two of them naming one file (the same inode or the same normalised path) are refused,
// since the second would replace the first. The check also removes the temp files killed
// writers left in the outputs' folders (core/atomic_file.hpp, reap_stale_temp_files).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Throws InputError "OPTION PATH: …: refusing to overwrite it (use another file, or --force)".
// A file another live futolab is writing (it holds its lock), or a lock file's name, is
// refused even with `force`: "OPTION PATH: another futolab (pid N) is writing it: …"
// (core/live_writer.hpp).
// "" and "-" (standard output) always pass; with `force` only an output that is not a file
// (a folder, a FIFO, a socket: see above) is refused, and one of `inputs` unless the output is of
// that input's kind (`inputs_kind`: merge's CSV over a shard CSV, critical's and convert's
// instances over the instances it read), so --force replaces an input only with its like: a report
// page, a table or a certificate over an input CSV is refused, "OPTION PATH: is the input INPUT,
// and is no file of its kind: …" (red-team round 25: `report x.csv --out x.csv --force` replaced
// the results with HTML, its sidecar left beside a page).
// A refusal advises --force only where it would be taken (`force_works`): false for a name the
// command then refuses whatever is there (another format's extension), which says "(use another
// file)" alone; an input an output is no file of the kind of is refused "--force or not" with or
// without it (red-team round 27, A F6: both were advised --force, and it was then refused).
void check_output_path(const std::string& out, const std::vector<std::string>& inputs, bool force,
                       const std::string& option = "--out", bool inputs_kind = false, bool force_works = true);

struct NamedOutput {
    std::string option;  // as the message names it: "--out", "--certificate"
    std::string path;    // "" (not given) is skipped; "-" is standard output
    // The results CSV this command writes itself, if any (critical's default search): `path`
    // may be that CSV's outputs file, which the command rewrites from it.
    std::string results_of = "";
    // A file the command writes on its own account beside the outputs named on its command
    // line (the results CSV beside critical's --out, that CSV's sidecar, schema and lock, a
    // checkpoint folder's files): only compared with the others, never checked itself (it may
    // be there from the run that --resume goes on with).
    bool own = false;
    // The format of a certificate the command rewrites at `path` (critical: the search whose
    // results CSV is beside --out wrote it, and --resume writes it again from the rows), "" if
    // none: that kind is not refused there.
    std::string rewrites_certificate = "";
    // A folder the command writes its own files in (critical's --checkpoint), not a file: never
    // checked as a file output, but no other output (nor the lock of one) may be it or a folder
    // above it, its own files inside it being `own` outputs of their own (red-team round 22, A F1:
    // `--checkpoint ck --out ck` counted every shard, then could not write --out, exit 1).
    bool folder = false;
    // The output is of the inputs' kind, so --force lets it replace one (check_output_path).
    bool inputs_kind = false;
    // --force would be taken for this name: false if the command refuses the name whatever is
    // there (check_output_path), so no refusal advises it.
    bool force_works = true;
};

// No two of a command's outputs, its own files included, the same file (InputError "OPTION
// PATH: is also OPTION PATH: two outputs of one command …", even with `force`), checked
// for all of them before check_output_path checks each that is not `own` (red-team round 13,
// F3: `--certificate o.csv.meta.yaml` replaced the run's own sidecar, and `--certificate
// o.csv` was blamed on "another futolab" that was the command itself). A `folder` output that is
// another output or lies under one: InputError "OPTION DIR: is also OPTION PATH, a file this
// command writes: …" or "OPTION DIR: lies under OPTION PATH, …", even with `force`.
void check_output_paths(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs, bool force);

// Where the folder `dir` a command writes in lies against a file `out` it writes, by the names
// check_output_paths compares outputs under (device and inode, else the normalised absolute
// path: `sub/../ck` is `./ck`): at `out` itself, under it (`out` one of the folders of its path:
// `r.csv/ck`), or apart. Whichever the command made first, the other could not be made there.
enum class FolderPlace { apart, at, under };
FolderPlace folder_place(const std::string& dir, const std::string& out);

// For outputs that must be files (merge's CSV with its sidecar and lock beside it, report's
// page, a certificate): "-" (standard output), and unless `devices_ok` an existing device or
// this process's own standard output or error by another name (`/dev/stdout`, `/dev/fd/1`),
// is refused with "OPTION OUT: WHAT needs a file …", before any work; "" (not asked for)
// passes. (A page may go to /dev/null; a merge would lock and write a sidecar in /dev. A
// certificate is not checked here: `-` is standard output for it, as for any --out.)
void check_file_output(const std::string& out, const std::string& option, const std::string& what,
                       bool devices_ok = true);

// For a file output of a command that makes no folders (convert's --out FILE, report's page):
// throws InputError "OPTION OUT: its folder DIR is not there (COMMAND makes no folders: make it
// first…)", `or_else` ending the advice, if the folder OUT lies in is missing (any part of its
// path), before any work; one that is there, "", "-" or a stream of this process passes
// (red-team round 24: each failed with "No such file or directory" at the final write, exit 1,
// after every instance was read or the whole study made). A name of a folder (`d/.`), a name
// too long or a folder part that is no folder (a FIFO, a link to nothing) is refused first, as
// check_output_path refuses it.
void check_output_folder_there(const std::string& out, const std::string& option, std::string_view command,
                               std::string_view or_else = "");

// The outputs file (records/outputs.hpp) that a run or merge writing the results CSV `csv`
// exports beside it, checked before any work (red-team round 11, F2: a generate run whose corpus
// was `out/g.jsonl` replaced it with its own outputs, and resumes were then refused for good; an
// unrelated `m.jsonl` beside `merge --out m.csv` was replaced without a word). Throws InputError
// if it is one of `inputs` (by inode or path, --force or not), or, without `force`, if a file is
// there and `csv` is not yet a results CSV with a sidecar whose outputs it would be ("exists and
// is not the outputs of CSV: refusing to replace it"; a resume's then check_earlier_export).
// Also checked as check_output_path checks an output (another live writer's file, a lock file,
// a FIFO, a folder, standard output or error). `force_hint` ends that message (", or --force").
void check_outputs_file(const std::string& csv, const std::vector<std::string>& inputs, bool force,
                        std::string_view force_hint = "");

// For a run resuming the results CSV `csv` (experiments/runner.cpp, once its rows are checked: an
// edited row is named as such, not as an export it no longer holds): throws InputError "CSV's
// outputs OUT: exists, and is not an earlier export of CSV (WHY): refusing to replace it" if a
// regular file is at its outputs path that is not its earlier export (outputs.hpp,
// not_an_export; red-team round 18, A F2: a resume replaced any file there once the CSV had a
// row, a hard link to a user's file too).
void check_earlier_export(const std::string& csv);

// What futolab data the file at `path` (through a symlink too) is by its content, as a message
// names it ("" if none, or no regular file): a results CSV (by its header), a metadata sidecar, a
// column schema, a few-relations checkpoint file or table, or a certificate (each by its first line).
std::string file_data_kind(const std::string& path);

// For a few-relations checkpoint folder's table (`DIR/n<N>-k<K>-of-<S>.table.md`), a name the
// command chose, not the user: it replaces only the table an earlier count wrote there (known by
// its first line), or nothing. Anything else is refused before any work with InputError "LABEL
// PATH: is WHAT: refusing to overwrite it (…)", WHAT as file_data_kind names it (a results CSV
// whose sidecar would be left orphaned, a shard file, a certificate), or a user's file, or a
// symbolic link (red-team round 21, A F2: every such file was replaced, exit 0). `force` lets a
// file or link be replaced; a folder, FIFO or device is refused even so.
void check_checkpoint_table(const std::string& path, const std::string& label, bool force);

// What futolab data standard output or error (`stream`) is, as a message names it ("" if none):
// a regular file file_data_kind names, a lock file (by name) or a results CSV's exported outputs. No command writes its messages into one (app/main.cpp refuses such a
// standard error first thing: round 11, F1), nor prints onto one that is an experiment's
// (check_stdout_records, asked first thing too).
std::string stream_data_kind(int stream);
// stream_data_kind, or else a file with several names (a hard link of one of them), or a file
// one of `words` names (the command line: its config, an input, an output) or a companion of it
// ("" if none). The refusals that come before a command's own stream checks (a usage error,
// round 11, F1) are printed on standard output when standard error is such a file.
std::string stream_holds_data(int stream, const std::vector<std::string>& words);

// Why `out` is a name too long to be written here ("" if it is not): the file system's limit
// on a name or a path (ENAMETOOLONG), or the same for its lock file `.NAME.lock` beside it,
// or for the temporary file a whole-file write makes first (core/atomic_file.hpp,
// longest_temp_path; red-team round 13, A5: it failed after the work).
// "name too long (…)", for a message after "OPTION PATH: " (round 12, A6: it came out as the
// library's "filesystem error: status: File name too long"), saying which limit is passed: a
// part longer than a name may be, or the whole path longer than a path may be.
std::string name_length_problem(const std::string& out);

// The same for a folder output `dir` and the files `names` the command makes in it, each with its
// lock file and temporary file ("" if all fit): "name too long (…)" for the folder itself, "too
// long for the files made in it: … would have a path of N bytes, …" for a file in it. Asked
// before anything is made (red-team round 23, A F1: a checkpoint or plot folder too long for the
// file system was found by making it, or by writing a shard file after its count).
std::string folder_length_problem(const std::string& dir, const std::vector<std::string>& names);

// For a command about to write records (JSONL, CSV lines) to standard output (`--out -`,
// `--out /dev/stdout`, solve): throws InputError "LABEL: standard output NAME is a metadata
// sidecar …" ("standard output NAME is …" for an empty LABEL) if standard output is a file of futolab data (stream_data_kind; a results CSV only
// with a sidecar beside it: an experiment's), --force or not: `critical --out - >> out/base.csv`
// appended records to a finished experiment's results CSV (red-team round 12). `what` names what
// would be written ("what futolab prints": app/main.cpp asks it of every command first thing).
void check_stdout_records(const std::string& label, std::string_view what = "the records");

// True if `path` is a regular file whose first line is a futolab results CSV header.
bool is_results_csv(const std::string& path);

// Whether the output `out` is the input `input` by any name (device and inode where both are
// there, else the same canonical path); `-` is standard input, a file when it is redirected from
// one (red-team round 31, H1: `convert - --out F < F` replaced F, exit 0).
bool is_input_file(const std::string& out, const std::string& input);

// The futolab data in the regular file at `path` (through a symlink too) that a file output
// replaces only with --force, as a refusal names it after "is " ("" if none), each known by its
// first line as stream_data_kind knows them on standard output: a few-relations checkpoint shard
// file (`# futolab critical --n N --few-relations K --shard I/S: …`, counts that may have cost
// hours, read by the next --checkpoint run) or table, or a certificate (`{"certificate":
// "futolab-…"`, read by critical --check-certificate; an exact one is hours of CPU), unless it is
// of the format `rewritten_certificate`. check_output_path refuses it as it refuses a results CSV.
std::string kept_file_kind(const std::string& path, std::string_view rewritten_certificate = "");

}  // namespace futolab
