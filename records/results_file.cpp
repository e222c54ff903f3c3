#include "records/results_file.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/formats/formats.hpp"
#include "core/made_folders.hpp"
#include "records/csv_reader.hpp"
#include "records/build_identity.hpp"
#include "records/output_guard.hpp"
#include "records/outputs.hpp"
#include "records/results_csv.hpp"
#include "records/results_head.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"

#include <fmt/format.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <utility>

namespace futolab {
namespace {

// The run key of every row, with its line and the cells that name its run beyond the key. A
// key twice is refused (SPEC §5): the file was appended to by hand or merged twice, and its
// second row would be counted as a second measurement.
std::map<std::string, FinishedRow> keys_of(const CsvTable& t, const std::string& path) {
    const std::size_t instance = t.column("instance", path), hash = t.column("instance_hash", path),
                      solver = t.column("solver", path), options = t.column("options", path),
                      seed = t.column("seed", path), repeat = t.column("repeat", path), build = t.column("build", path);
    std::map<std::string, FinishedRow> keys;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& row = t.rows[r];
        // Read exactly: a seed re-saved as 5.17E+18 must not become 5 and be run again. A repeat
        // is held to the config's repeats by the row checks (experiments/resume_rows.hpp), which
        // state that range: here one no run has only keys no run.
        std::string key = run_key(row[instance], row[hash], row[solver], row[options], whole_number_cell(t, r, seed, path),
                                  capped_whole_number_cell(t, r, repeat, path), build_name_of_cell(row[build]));
        FinishedRow finished{static_cast<std::size_t>(t.lines[r]), {}};
        for (const char* column : kRunNamingColumns) finished.cells.emplace_back(column, row[t.column(column, path)]);
        if (const auto [at, added] = keys.emplace(std::move(key), std::move(finished)); !added)
            throw_input_error({path, t.lines[r], 0},
                              fmt::format("the run of line {} again (instance {}, {} {}, seed {}, repeat {}): a run "
                                          "twice in one file; refusing to resume",
                                          at->second.line, row[instance], row[solver], row[options], row[seed], row[repeat]));
    }
    return keys;
}

std::vector<std::pair<std::size_t, std::int64_t>> walls_of(const CsvTable& t, const std::string& path) {
    const std::size_t run = t.column("run", path), wall = t.column("wall_ns", path);
    std::vector<std::pair<std::size_t, std::int64_t>> out;
    out.reserve(t.rows.size());
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        out.emplace_back(whole_number_cell(t, r, run, path),
                         static_cast<std::int64_t>(whole_number_cell(t, r, wall, path, INT64_MAX)));
    return out;
}

// The folder the CSV goes into. A path that exists but is a file (e.g. `--out out/x.csv`
// given a CSV name where a folder is expected) or one we may not create is the user's input
// error (exit 2) with a one-line message, not the library's "filesystem error".
void create_output_folder(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (const std::string why = descriptor_folder_problem(dir.string()); !why.empty())
        throw InputError(fmt::format("{}: {} (--out and output name the folder of the CSV)", dir.string(), why));
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0 && !S_ISDIR(st.st_mode))  // what is there, by its kind (a FIFO was "a file")
        throw InputError(fmt::format("{}: is {}, not a folder (--out and output name the folder of the CSV)", dir.string(),
                                     S_ISREG(st.st_mode) ? "a file" : file_type_name(st.st_mode)));
    // A part above it that is no folder (`--out s.csv/x`, a FIFO, a device): named as every
    // output's folder is (red-team round 30, F2: "cannot create the output folder: Not a
    // directory", exit 1, as if the disk had refused).
    if (const std::string why = folder_path_problem(dir.string()); !why.empty())
        throw InputError(fmt::format("{}: {} (--out and output name the folder of the CSV)", dir.string(), why));
    make_folders(dir, error);  // removed again if the run is refused (core/made_folders.hpp)
    // The machine's refusal (permissions, a read-only or full disk), not the input's: exit 1.
    if (error) throw std::runtime_error(dir.string() + ": cannot create the output folder: " + error.message());
}

// Why the file futolab writes at `path` beside a results CSV (its sidecar, schema, exported
// outputs) cannot be written there ("" if it can): what any output is refused for
// (output_kind_problem: a FIFO, a folder, a lock, another live futolab's file), and a symlink or
// a device, which another output may be but a file kept beside the CSV may not: it is a regular
// file or nothing. With `one_name` (the sidecar, as the CSV) also a file with other names: a
// rewrite would leave two sidecars that differ.
std::string companion_problem(const std::string& path, bool one_name) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return output_kind_problem(path);  // not there: refused only as a lock's name
    if (S_ISLNK(st.st_mode)) return "is a symbolic link, not a regular file";
    if (const std::string why = output_kind_problem(path); !why.empty()) return why;
    if (!S_ISREG(st.st_mode)) return "is a device, not a regular file";
    return one_name && st.st_nlink != 1 ? fmt::format("has {} names (hard links)", st.st_nlink) : "";
}

}  // namespace

std::size_t check_results_target(const std::string& path) {
    const auto refuse = [&path](const std::string& why) {
        throw InputError(fmt::format("{}: {}: futolab writes results only to a regular file with one name ({})", path,
                                     why, "--out names the folder; move the file there, or use another --out"));
    };
    // There or not (`/dev/fd/7` failed as its lock was made, "No such file or directory").
    if (const std::string why = another_descriptor_problem(path); !why.empty()) refuse(why);
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return 0;  // not there yet (or not reachable: the open says why)
    // A symlink: the lock is per name, so two names of one CSV would let two writers in, and a
    // --redo would replace the link with a file, the target keeping the rows taken out.
    if (S_ISLNK(st.st_mode)) refuse("is a symbolic link");
    if (S_ISDIR(st.st_mode)) refuse("is a folder");
    if (!S_ISREG(st.st_mode)) refuse(S_ISFIFO(st.st_mode) ? "is a FIFO (named pipe)" : "is not a regular file");
    if (st.st_nlink != 1) refuse(fmt::format("has {} names (hard links)", st.st_nlink));  // as a symlink
    refuse_stream_alias(path, path);
    return static_cast<std::size_t>(st.st_size);
}

void check_results_names(const std::string& csv) {
    for (const std::string& file : {csv, schema_path(csv), outputs_path(csv), sidecar_path(csv)})
        if (const std::string why = name_length_problem(file); !why.empty())
            throw InputError(fmt::format("{}: {} (futolab writes it beside the results CSV {})", file, why, csv));
}

std::string results_name_problem(const std::string& csv) {
    const std::string name = std::filesystem::path(csv).filename().string();
    if (name.empty()) return "names a folder (it ends with /), not a file: give the results CSV's file name";
    if (name == "." || name == "..")
        return fmt::format("names a folder ('{}'), not a file: give the results CSV's file name", name);
    return "";
}

std::string results_format_problem(const std::string& csv) {
    const std::string why = foreign_extension_problem(csv, OutputKind::results_csv);
    return why.empty() ? "" : why + ": a file is named for the format it holds, and a results CSV by .csv (or a name of no format's)";
}

void check_results_companions(const std::string& csv, bool exported, std::string_view elsewhere) {
    check_results_names(csv);
    std::vector<std::string> beside{sidecar_path(csv), schema_path(csv)};
    if (exported) beside.push_back(outputs_path(csv));  // else never touched (critical --out r.txt: r.txt.jsonl)
    for (const std::string& file : beside) {
        refuse_stream_alias(file, file);
        if (const std::string why = companion_problem(file, file == beside.front()); !why.empty())
            throw InputError(fmt::format("{}: {}: futolab writes a file of {} there (remove it, or {})", file, why, csv,
                                         elsewhere));
    }
}

std::vector<std::string> results_companions(const std::string& csv) {
    std::vector<std::string> there;
    struct stat st {};
    for (std::string file : {sidecar_path(csv), schema_path(csv), outputs_path(csv)})
        if (::lstat(file.c_str(), &st) == 0) there.push_back(std::move(file));
    return there;
}

void check_no_orphan_companions(const std::string& csv) {
    struct stat st {};
    if (::lstat(csv.c_str(), &st) == 0) return;  // the CSV's own (a resume), or refused as the CSV is
    for (const auto& [file, what] : {std::pair{sidecar_path(csv), "sidecar"}, std::pair{schema_path(csv), "column schema"}})
        // A FIFO or folder there is refused by its kind (check_results_companions), with its own message.
        if (::lstat(file.c_str(), &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
            throw InputError(fmt::format("{}: a file is there but no results CSV {}, so it is not this experiment's {}: "
                                         "refusing to replace it (move it away, or write the results elsewhere)",
                                         file, csv, what));
}

bool left_before_first_sidecar(const std::string& csv, const CsvLayout& layout) {
    const std::string header = csv_header_line(layout);
    struct stat st {};
    if (::lstat(csv.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1 ||
        static_cast<std::size_t>(st.st_size) > header.size() + 3)  // 3: a byte-order mark
        return false;
    if (::lstat(sidecar_path(csv).c_str(), &st) == 0 || errno != ENOENT) return false;  // a dangling link is something
    if (::lstat(schema_path(csv).c_str(), &st) == 0 && (!S_ISREG(st.st_mode) || !not_its_schema(csv).empty())) return false;
    const int fd = ::open(csv.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return false;
    std::string text(header.size() + 4, '\0');  // a byte more than mark and header: a longer file is not them alone
    const ssize_t n = ::pread(fd, text.data(), text.size(), 0);
    ::close(fd);
    if (n < 0) return false;
    text.resize(static_cast<std::size_t>(n));
    // Re-saved with a mark, as every reader reads it (a spreadsheet's "CSV UTF-8"): still no row.
    const std::string_view content = without_byte_order_mark(text);
    return content.empty() || content == header;
}

void check_resumed_schema(const std::string& csv) {
    struct stat st {};
    if (::lstat(schema_path(csv).c_str(), &st) != 0 || ::lstat(csv.c_str(), &st) != 0) return;  // none, or no CSV to resume
    if (const std::string why = not_its_schema(csv); !why.empty())
        throw InputError(fmt::format("{}: is not the column schema of {} ({}): refusing to replace it (move it away, "
                                     "or use another --out)", schema_path(csv), csv, why));
}

ResultsFile::ResultsFile(const std::string& path, bool resume, const CsvLayout& layout) : path_(path) {
    namespace fs = std::filesystem;
    // Empty (a crash before the header), or without --resume its header alone and no sidecar (a
    // kill before the first sidecar): made again, as if it were not there.
    const bool exists = check_results_target(path) > 0 && (resume || !left_before_first_sidecar(path, layout));
    if (exists && !resume)
        throw InputError(path + ": results exist already: use --resume to continue them, or remove the file");
    if (exists) {
        // A puzzle file, a config or a CSV of other columns is named as none, not "column 1 is
        // 'id'"; a damaged header of futolab's is named at its column (records/header_names.hpp).
        check_futolab_results_file_head(path);
        const CsvTable table = read_csv_file(path);
        if (const std::string why = header_difference(table.header, layout); !why.empty())
            throw InputError(fmt::format("{}: {}: refusing to resume; use a new --out", path, why));
        check_whole_number_columns(table, csv_integer_columns(), path, csv_ranged_columns());  // re-saved by a spreadsheet?
        finished_rows_ = keys_of(table, path);
        for (const auto& [key, row] : finished_rows_) finished_.insert(key);
        earlier_walls_ = walls_of(table, path);
        std::error_code cut;
        if (table.truncated) fs::resize_file(path, table.complete_bytes, cut);  // a row cut off by a kill
        if (cut) throw std::runtime_error("cannot write " + path + ": " + cut.message() + " (cutting its last, half row)");
        rows_ = table.rows.size();
    } else if (!fs::path(path).parent_path().empty()) {
        create_output_folder(fs::path(path).parent_path());
    }
    // Checked above; O_NOFOLLOW and O_NONBLOCK keep a symlink or FIFO planted since from being
    // followed or waited on.
    // A file made again is cut first (its header alone, written again below).
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | (exists ? 0 : O_TRUNC),
                 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) throw InputError(path + ": is not a regular file");
    if (!exists) write_header(csv_header_line(layout));
}

void ResultsFile::write_header(const std::string& header) {
    try {
        write_record(fd_, header, path_);
    } catch (const std::runtime_error&) {
        // A CSV that never got its header (a full disk, a file size limit) goes again: left empty
        // without a sidecar, it was taken by the next command for a user's file (red-team round
        // 19, A F3). The constructor throws on, so no destructor closes it.
        ::close(fd_);
        ::unlink(path_.c_str());
        throw;
    }
}

ResultsFile::~ResultsFile() {
    if (fd_ >= 0) ::close(fd_);
}

void ResultsFile::append(const std::string& line) {
    write_record(fd_, line, path_);  // a row cut by a full disk is taken out again
    ++rows_;
}

}  // namespace futolab
