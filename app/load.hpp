// Reading and validating every instance of the input files, before anything runs.
#pragma once

#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "records/output_lock.hpp"
#include "sandbox/interrupt.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab::app {

// Reads every instance of every input ("-" = stdin) and compiles it. Throws InputError on the
// first bad one, so a command fails before doing any work. `stop` (the command's, its
// SignalScope taken before the read) ends a read of standard input that waits, and a stop that
// came while files were read ends the command after them: std::runtime_error "interrupted while
// reading …: nothing written" (exit 1; red-team round 29, A6: a SIGTERM while solve, grade,
// check or convert read their input ended futolab by the default action, 143, with no word).
std::vector<Puzzle> load_puzzles(const std::vector<std::string>& inputs, const Interrupt& stop);
// The same, keeping each instance as read (solution, meta, unknown keys) beside its puzzle.
std::vector<std::pair<Instance, Puzzle>> load_instances(const std::vector<std::string>& inputs, const Interrupt& stop);

// Where the records of a text end: byte offsets, rising, the last the text's size. Standard
// output ends only between two records, whatever stop comes (docs/reliability.md): each write
// of it is whole records of at most PIPE_BUF bytes, which a pipe takes whole or not at all, and
// a longer record once begun is finished first (red-team round 27, A F4).
using RecordEnds = std::vector<std::size_t>;
using RecordSpan = std::span<const std::size_t>;
// Each line of `text` a record (JSON Lines, CSV rows, a table), a last one without its line
// feed too.
RecordEnds line_ends(std::string_view text);

// Writes `text` to `path`, or to stdout if path is empty or "-". Throws on failure, with
// the reason (e.g. "cannot write out.jsonl: No space left on device"). A file is written
// whole through core/atomic_file.hpp (temporary file, fsync, rename), a signal during it a stop
// request (the file not replaced, "interrupted", unless `stopped`). Standard output is
// written with SIGINT, SIGTERM and SIGHUP as stop requests (`stopped`: one came before, the
// command ends interrupted anyway): after one, a reader that takes nothing for a second ends
// the write, and a signal during the write is a failure ("interrupted", exit 1). On standard
// output, `text` ends only where `ends` says a record ends (none given: each line a record).
void write_output(const std::string& path, const std::string& text, bool stopped = false, const RecordEnds& ends = {});
// The same, the signals taken by the caller's `stop` (a SignalScope of its own held across
// several outputs): a signal during a file's write leaves that file as it was ("interrupted").
void write_output(const std::string& path, const std::string& text, const Interrupt& stop, const RecordEnds& ends = {});
// The same, written whatever stop comes (a certificate right after its --out: both or neither).
// Not `stopped` = true above, which says a stop came already and puts the one-second deadline
// on from the start. A stop before or during this write is no failure; after one, a reader of
// standard output that takes nothing for a second still ends it ("interrupted", exit 1), and
// without one, a slow reader only makes it wait. `text` is one record (a certificate): begun on
// standard output, it is finished whatever stop comes.
void write_output_whatever_stop(const std::string& path, const std::string& text, const Interrupt& stop);

// Writes `text` (a table, a report: no records) to standard output as write_output does, with
// SIGINT, SIGTERM and SIGHUP as stop requests, without its check of where the records go; a
// stop ends it between two lines only.
void write_stdout_text(std::string_view text);

// Flushes stdout and throws if any write to it failed (a full disk, a closed pipe): results
// that never reached their destination are a failure, exit 1.
void check_stdout();

// Writes one record to standard output (what was printed before goes first) while `stop` takes
// SIGINT, SIGTERM and SIGHUP (the caller's SignalScope): a stop request that came before it
// throws "interrupted", the records before it whole; a reader that never reads cannot keep
// the signal waiting (after it, one that takes nothing for a second ends the write,
// "interrupted"). Behind a redirect to a file, a record a full disk cuts is taken out again.
void write_stdout_record(std::string_view text, const Interrupt& stop);

// The lock of the regular file the standard stream `stream` (STDOUT_FILENO) was redirected to
// (`generate > g.jsonl`, `critical … >> res.jsonl`), by that file's own name and its identity:
// a second writer of it (another redirect, or --out naming it) is refused as for --out, and so
// is this command if one holds it already (InputError naming "F (standard output of this
// command)", advising to send standard output to another file). None (null) for a terminal,
// pipe or device, a file whose name is gone, or one whose folder cannot hold a lock beside it.
// Every command that writes records onto standard output takes it before its work (OutputStream
// for generate, critical's modes), and holds it until they are written.
std::unique_ptr<OutputLock> lock_of_stream(int stream);

// An output that receives records one at a time (`generate`, `critical`): stdout for "" or
// "-", else the file, created at once. Each write goes to the kernel at once, so an
// interrupted run keeps every record written before it, and is checked, so a failed write
// stops the command. This is the one kind of file written in place (an interrupted search must
// keep what it found); it is never opened through a symlink (O_NOFOLLOW) nor waits on a FIFO
// (O_NONBLOCK). A record is written whole or not at all: one a full disk cuts off is taken out
// again (core/atomic_file.hpp, write_record), so the file holds whole records only. With
// `stop` (the command's Interrupt, under its SignalScope), each write is as write_stdout_record's,
// to the file too: a signal ends the stream after whole records, "interrupted".
// A file it made that ends with no record (the first instance failed, a full disk cut the first
// record, a stop before it) is removed again when the stream is dropped unclosed, so that a
// failed command leaves nothing it made (app/main.cpp, remove_made_folders, takes the folders);
// a file that was there is cut only when the first record is written, so a command that fails
// before it leaves that file as it was (a first record the disk then refuses leaves it empty,
// and the message says so).
class OutputStream {
public:
    explicit OutputStream(const std::string& path, const Interrupt* stop = nullptr);
    void write(std::string_view text);
    void close();  // checks the final close of a file; the destructor does not
    ~OutputStream();
    OutputStream(const OutputStream&) = delete;
    OutputStream& operator=(const OutputStream&) = delete;

private:
    void write_to_file(std::string_view text);

    std::string path_;
    std::unique_ptr<OutputLock> lock_;  // one writer per output file, as for run and merge
    int fd_ = -1;
    const Interrupt* stop_;
    bool made_ = false;       // the file did not exist before this stream made it
    bool cut_ = true;         // false: a regular file that was there, not cut yet (at its first record)
};

}  // namespace futolab::app
