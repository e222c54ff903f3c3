// The one way futolab writes a whole file (reports, merged CSVs, sidecars, tables, plots'
// data and scripts, converted instances, certificates): the text goes to a temporary file
// beside the target, created exclusively under a fresh random name without following a
// symlink (O_CREAT | O_EXCL | O_NOFOLLOW), is flushed to disk (fsync) and then renamed over
// the target. So a reader never sees half a file; a kill, a full disk or a failed write leaves
// the old file as it was (the temporary file is removed on failure); a symlink at the target
// is replaced, never written through; and nothing planted at a guessable name (`<target>.tmp`)
// is ever opened. A target another live futolab holds locked, or named as a lock file, is
// refused (InputError; core/live_writer.hpp). A target that is a device (`--out /dev/null`) is written directly: it cannot
// be replaced. A FIFO is opened without blocking: one with no reader is refused at once
// (records/output_guard.hpp refuses FIFOs before any work; this is the last line).
//
// A kill -9 leaves `<target>.tmp-<host>-p<pid>s<start>-<random>` behind (a `--redo` of a big
// CSV: MBs). The name carries the writer's host (8 hex digits of its name's hash) and the
// writer itself, its pid and start time (core/owner.hpp), so the next writer in that folder
// removes the temp files of writers of this host that are gone (reap_stale_temp_files), and
// never a live one's, nor one of another machine sharing the folder (SLURM shards on a cluster
// file system). A pid alone was no writer: a user's file named so with any dead pid went
// (red-team round 28, A F9).
//
// The two outputs written in place on purpose are appenders whose every record must survive a
// kill: the results CSV of a run (records/results_file.hpp) and the record streams of
// `generate` and `critical` (app/load.hpp); neither follows a symlink at its target, and both
// write each record whole or not at all (write_record).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

class AtomicFile {
public:
    // Creates the temporary file; throws std::runtime_error "cannot write PATH: REASON".
    explicit AtomicFile(std::string path);
    ~AtomicFile();  // removes the temporary file unless committed
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view text);  // throws std::runtime_error naming the target
    // The steps of commit that a full disk or a lock can fail: fsync, close (NFS and full disks
    // may report only there) and the lock asked again. After it only the rename is left.
    void finish();
    // finish (if not yet), rename over the target (and fsync its folder); throws on failure.
    void commit();
    const std::string& temp_path() const { return temp_; }
    const std::string& path() const { return path_; }  // the target

private:
    std::string path_, temp_;
    int fd_ = -1;
    bool committed_ = false;
    bool direct_ = false;  // the target is a device or FIFO: written as it is, not replaced
};

// The standard stream (STDOUT_FILENO or STDERR_FILENO) that `path` names through this
// process's descriptors — `/dev/stdout`, `/dev/fd/2`, `/proc/self/fd/1`, any symlink leading
// there — or -1. Such a path is this process's own stream: written through it, never replaced,
// never given a lock or sidecar beside it (those would be made in /dev). A plain path of the
// file the shell redirected a stream to (`--out x.jsonl 2>> x.jsonl`) is not: see
// stream_alias_problem.
int own_stream_of(const std::string& path);
// Whether `path` reaches, through a descriptor folder (/dev/stdin, /dev/fd/N, /proc/self/fd/N),
// a descriptor of this process other than its standard output and error: standard input, or
// one the shell opened. No output may go there: a replace would rename over the link (in /dev
// itself when it is /dev/stdin), and futolab writes only through its own two streams.
bool names_another_descriptor(const std::string& path);
// What such a path is, for a refusal after "PATH: " ("" if names_another_descriptor is false):
// "names a descriptor of this command other than its standard output and error (standard input,
// or one the shell opened)", or through another process's descriptor folder (/proc/PID/fd/N,
// a link leading there) "is a symbolic link in /proc to descriptor N of another process (pid
// PID), leading to FILE, not a file this command may write".
std::string another_descriptor_problem(const std::string& path);
// Whether `path` names this process's standard input: "-", or a name that reaches descriptor 0
// through a descriptor folder (/dev/stdin, /dev/fd/0, /proc/self/fd/0, a symlink leading
// there) while that descriptor is open on the same file. Reading it is reading the one stream
// standard input is, whichever of these names is used (core/files.hpp, refuse_stdin_twice).
bool names_standard_input(const std::string& path);
// Whether `path` names this process's standard error the same way: a name that reaches
// descriptor 2 (/dev/stderr, /dev/fd/2, /proc/self/fd/2, a symlink leading there) while that
// descriptor is open on the same file. Told by the descriptor's number, not by the file: one
// terminal or pipe may be both streams, and standard error sent to a file by 2> is still where
// the messages go (records/output_guard.hpp refuses it as an output).
bool names_standard_error(const std::string& path);
// Why `path` may be neither read nor written by this command ("" if it may): it is, under a
// name of its own, the very file this process's standard output or error was redirected to
// (`analyze a.csv 2>> a.csv`, `--certificate c 2>> c`). Its messages or output would be written
// into the file beside (or over) what the command reads or writes there (red-team round 10).
std::string stream_alias_problem(const std::string& path);
// Throws StreamAliasError "LABEL: " + stream_alias_problem(path) if that is not "".
void refuse_stream_alias(const std::string& path, const std::string& label);
// A descriptor of `stream` (own_stream_of's answer) to write to, after what the process has
// printed so far; the caller closes it. Throws std::runtime_error.
int open_own_stream(int stream);

// The longest name AtomicFile's temporary file beside `path` can have (`path.tmp-…`, 50
// bytes more): an output whose name fits but whose temporary name does not failed with "File
// name too long" after the work (red-team round 13, A5), so the checks before any work
// (records/output_guard.hpp, name_length_problem) ask for this name too.
std::string longest_temp_path(const std::string& path);

// AtomicFile in one call.
void write_file_atomically(const std::string& path, std::string_view text);

// Several files that go together (a merged CSV with its column schema, exported outputs and
// sidecar), each written whole to its AtomicFile already, put in place as one: every one is
// finished before any is renamed, so a full disk or a refused name leaves every target as it was,
// the old set whole (red-team round 26, A F4: merge renamed its CSV over the earlier merge's, then
// failed at the schema and removed the CSV, sidecar and schema, old and new alike). They are
// renamed in order, each old file kept under a second name (a hard link) until all are; should a
// rename fail, the targets renamed before it in this call get their old files back (or are
// removed, where there was none or the file system makes no hard links: this command's new files
// would stand beside old ones they do not go with) and the rest are left as they were. Throws
// std::runtime_error naming the target.
void commit_together(const std::vector<AtomicFile*>& files);

// A file holding `text` beside `path` under AtomicFile's temporary name (created exclusively,
// not through a symlink; reaped as AtomicFile's after a kill -9), for a tool that writes an
// output by its name itself (gnuplot's figures, and the script naming them): the caller checks
// it and renames it over `path`, or removes it. Its name; throws std::runtime_error "cannot
// write PATH: REASON" (and leaves no file).
std::string create_temp_beside(const std::string& path, std::string_view text = {});

// Why `path` cannot be an output ("" if it can): an output is a regular file (or a path not
// there yet), a character device (/dev/null, a terminal) or this process's own standard
// output or error. A FIFO would block the command forever waiting for a reader, a socket
// cannot be opened, a folder or a block device is no file to write: "is a FIFO (named pipe),
// not a regular file", …; nor may a file another live futolab holds locked, or a lock file
// (core/live_writer.hpp, lock_problem). For checks before any work (records/output_guard.hpp) and before a
// tool is started on outputs it opens itself (gnuplot).
std::string output_kind_problem(const std::string& path);

// Why a write-only open of the device or FIFO at `path` failed with `error` (ENXIO: a FIFO
// with no reader, a socket, or a device with nothing behind it such as /dev/tty without a
// controlling terminal), named by what is there: red-team round 30, F1 called /dev/tty a FIFO.
std::string no_reader_problem(const std::string& path, int error);

// Why the character device at `path` cannot be opened for writing ("" if it can, or if only
// permissions stand in the way: the write says so): output_kind_problem asks it before any work
// (red-team round 30, F1: `critical --exact --certificate /dev/tty` searched, then was refused).
std::string device_open_problem(const std::string& path);

// Creates the output folder `dir` (and its parents) for OPTION (--tables, --plots,
// --checkpoint). A file where the folder or one of its parents should be is the user's input
// error (InputError: "OPTION DIR: PART is not a folder"); the machine's refusal
// (permissions, a read-only or full disk) a runtime_error naming the folder: never the
// library's "filesystem error: …". The temp files that killed writers of this host left in
// the folder are removed (reap_stale_temp_files).
void create_output_folder(const std::string& dir, const std::string& option);

// Throws InputError "LABEL: PART is not a folder but a symbolic link to nothing (…)" if the
// deepest part of `dir` that is there is a symlink leading nowhere: no folder can be made at
// its name (create_directories fails with "File exists"), which was found only when the first
// file was written, after the work (red-team round 11, F12). For output folders, and the
// folders of file outputs (records/output_guard.hpp).
void refuse_link_to_nothing(const std::string& dir, const std::string& label);

// Why no file can be written in the folder `dir` ("" if one can, or if the write itself must say
// why: permissions, a full disk): the deepest part of it that is there is not a folder ("PART is
// not a folder but a FIFO (named pipe)", "… a regular file") or a symbolic link to nothing, or it
// has too many symbolic links, or a part of it names a descriptor (descriptor_folder_problem).
// Below that part the command makes folders. For the folder of a file output before any work
// (records/output_guard.hpp: `--out ff/x.jsonl` with ff a FIFO said "ff: is a file" after the
// work, red-team round 12, A6) and for folder outputs (app/output_folder.hpp).
std::string folder_path_problem(const std::string& dir);
// Why `dir` can be no folder because it, or a folder above it, names a descriptor of this
// command (/dev/fd/7, /proc/self/fd/0), there or not: "PART names a descriptor of this command
// (…), not a folder" ("" if none). Refused as a file output there is (names_another_descriptor):
// making the folder failed with "No such file or directory", exit 1.
std::string descriptor_folder_problem(const std::string& dir);

// Removes the temporary files AtomicFile writers of this host left in `folder` when they died
// (no process runs with the pid and start time the name gives); returns how many. Only a
// regular file of this user whose whole name is one AtomicFile makes goes: live writers' files,
// other hosts' and other users' files, names of another form (`r.csv.tmp-<host>-<pid>-…`, older
// futolabs' and look-alikes) and anything that is not a regular file are left alone. Best
// effort: errors are ignored.
std::size_t reap_stale_temp_files(const std::string& folder);

// The reason a write failed with `error` (errno), for "cannot write NAME: REASON": strerror's
// words, and for EPIPE what happened in plain words. futolab ignores SIGPIPE (app/main.cpp), so a
// reader that closed its pipe (`futolab list | head -1`) is a failed write, exit 1, not a death
// by SIGPIPE with nothing said.
std::string write_failure_reason(int error);

// Writes one record (a CSV row, a JSONL line) to `fd` whole or not at all: if the write fails
// part-way (a full disk, a file size limit), a seekable file is cut back to where the record
// began, so it keeps only whole records. Throws std::runtime_error "cannot write NAME: REASON
// (…)". For a pipe or terminal nothing can be taken back; the message says the write failed.
void write_record(int fd, std::string_view text, const std::string& name);

// The words write_record's message ends with when it took a cut record out again.
inline constexpr std::string_view kRecordTakenOut =
    " (the record it was writing was taken out again: the file ends with the last whole record)";

}  // namespace futolab
