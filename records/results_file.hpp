// The results CSV as the runner writes it: opened for appending (after repairing a line cut
// off by a crash), one write(2) per row so rows are whole and reach the kernel at once; a row
// a full disk cut off is taken out again (core/atomic_file.hpp, write_record), so the file
// holds whole rows only. The CSV must be a regular file with one name: a symlink, a hard link,
// a folder or a FIFO at its path is refused (check_results_target) for a new run, a resume and
// a --redo alike, before anything is written.
#pragma once

#include "records/results_csv.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab {

// Throws InputError naming `path` if something other than a regular file with one name is
// there (a symlink, a hard link, a folder, a FIFO), or if it names a descriptor of this command
// other than its standard output and error, there or not (/dev/fd/7); returns its size (0 if absent).
std::size_t check_results_target(const std::string& path);

// Why `csv` (a config's `output:`) names no file ("" if it does): it ends with '/', '.' or
// '..'. Refused when the config is read, as `--out` is on the command line: the lock and the
// CSV's folder were made first (`output: o/w.csv/.` left o/w.csv/...lock; red-team round 13, A6).
std::string results_name_problem(const std::string& csv);

// Why a new results CSV (a run's, a merge's) may not be named `csv` ("" if it may): it is named
// for another format (core/formats/formats.hpp, foreign_extension_problem: a puzzle format's
// extension, a sidecar's or column schema's name, YAML), which every command would take it for
// (red-team round 26, C F2: `output: g.jsonl` was written, and `solve g.jsonl` answered with
// JSON's syntax error). Asked before any work, once what is already at the name has been asked
// (an input, a kept file), whose refusals say more; not of a config being parsed, whose sweep an
// earlier futolab may have run under such a name (merge and --resume read those).
std::string results_format_problem(const std::string& csv);

// Throws InputError naming the file if `csv`, or a file futolab writes beside it (its sidecar,
// column schema, exported outputs), has a name too long for the file system, its lock or its
// temporary file (records/output_guard.hpp, name_length_problem). Asked before the CSV's lock
// is made: refused after it, a `.NAME.lock` was left behind (red-team round 14, A F4).
void check_results_names(const std::string& csv);

// For a results CSV about to be made, resumed or started again (critical --force), before anything
// is removed or made, --force or not: throws InputError naming the file if a file futolab writes
// beside `csv` is there and is not a regular file (a symlink, a folder, a FIFO, a device), is a
// lock file or another live futolab's file, or (the sidecar, as the CSV) has several names; or if
// a name is too long (check_results_names). The files: its sidecar, its column schema and, for a
// `run` (`exported`), its `<stem>.jsonl`; critical exports none (its --out is checked as --out).
// --force replaces an earlier run's files, never what is not a file (red-team round 17, A F1:
// `critical --force` removed a FIFO, a symlink or an empty folder at the schema's path and failed
// on a full one; round 7: a FIFO there was found only after the CSV's header was written).
// `elsewhere` ends the message: what places the CSV elsewhere ("use another --out", critical
// --few-relations: "use another --checkpoint folder").
void check_results_companions(const std::string& csv, bool exported, std::string_view elsewhere = "use another --out");

// The files futolab writes beside the results CSV `csv` that are there (anything at the name, a
// dangling symlink too): its sidecar, its column schema and its exported `<stem>.jsonl`, in that
// order. They belong to the CSV: a message that says to move or rename it names them too (red-team
// round 19, B F8: a rename hint left out the export, which then blocked another shard).
std::vector<std::string> results_companions(const std::string& csv);

// For a results CSV about to be made: throws InputError naming the file if `csv` is not there
// but its sidecar or column schema is. Such a file is not this experiment's (a run makes the CSV
// before them, and removes it after them), and the new run would replace it without a word
// (red-team round 13, A3: a user's `o.csv.meta.yaml` became critical's sidecar; merge refused it).
void check_no_orphan_companions(const std::string& csv);

// Whether `csv` is what a command killed (kill -9) between making a results CSV and writing its
// first sidecar leaves: a regular file with one name, empty or whose whole content is exactly the
// header line futolab writes for `layout` (no row; after a byte-order mark, which every reader
// skips: core/files.hpp, without_byte_order_mark), with nothing at its sidecar's path and, at
// its schema's path (written just before the sidecar), nothing or that CSV's own column schema.
// It holds no results and only futolab writes that header byte for byte, so the next command
// that makes the CSV (run, every critical mode, --force or not) makes it again instead of
// refusing it as a user's file (red-team round 19, left open: a signal that cannot be caught
// leaves it, where a failed write removes it again). Two files cannot appear in one rename, so
// the window cannot be closed by the writer; the reader closes it.
bool left_before_first_sidecar(const std::string& csv, const CsvLayout& layout);

// For a results CSV about to be resumed (run, critical --resume), which rewrites its column
// schema: throws InputError naming the file if a file is at the schema's path that is not one
// futolab writes for that CSV (table_schema.hpp, not_its_schema): a user's file there was
// replaced (red-team round 18, A F2). The sidecar is held to its experiment by check_resumable,
// the exported `<stem>.jsonl` to the CSV's records by check_outputs_file.
void check_resumed_schema(const std::string& csv);

// A row already in a resumed file: its line, and its cells of kRunNamingColumns (what names
// its run beside the run key, and where and under which limits it ran: a resume checks them
// against the run of that key).
struct FinishedRow {
    std::size_t line = 0;
    std::vector<std::pair<std::string, std::string>> cells;
};
inline constexpr const char* kRunNamingColumns[] = {"experiment", "mode",         "run",          "spec",
                                                    "isolation",  "time_limit_ms", "cpu_limit_ms", "memory_limit_kb",
                                                    "deterministic", "build"};

class ResultsFile {
public:
    // Creates the file with the header of `layout`, or, with `resume`, reopens it: checks
    // that its header is that header (else an InputError, the file untouched), cuts a
    // truncated last line, and collects the run keys and wall times already present.
    // Without `resume`, an existing file is an InputError (results are never overwritten).
    ResultsFile(const std::string& path, bool resume, const CsvLayout& layout);
    ~ResultsFile();
    ResultsFile(const ResultsFile&) = delete;
    ResultsFile& operator=(const ResultsFile&) = delete;

    const std::set<std::string>& finished_keys() const { return finished_; }
    const std::map<std::string, FinishedRow>& finished_rows() const { return finished_rows_; }
    const std::string& path() const { return path_; }
    std::size_t rows() const { return rows_; }
    // (run index, wall_ns) of the rows that were in the file when it was reopened.
    const std::vector<std::pair<std::size_t, std::int64_t>>& earlier_walls() const { return earlier_walls_; }
    // Throws std::runtime_error naming the file if the write fails (disk full, unwritable).
    void append(const std::string& line);

private:
    void write_header(const std::string& header);  // a new file's; removed again if it fails
    std::string path_;
    int fd_ = -1;
    std::set<std::string> finished_;
    std::map<std::string, FinishedRow> finished_rows_;
    std::vector<std::pair<std::size_t, std::int64_t>> earlier_walls_;
    std::size_t rows_ = 0;
};

}  // namespace futolab
