// Runs an external tool as a child process (issue #13 §3, #18): started from an argument
// vector with execve, never through a shell, so no byte of a file name, id or option is ever
// interpreted; in its own session (setsid), with a wall-time limit (SIGTERM to its group,
// SIGKILL after a grace period; when it ends, every process left in its session is killed, also
// those in groups of their own, as MiniZinc puts its solver; PR_SET_PDEATHSIG kills the tool
// if futolab dies), an address-space limit (setrlimit RLIMIT_AS in the child), a cap on
// the size of the files it writes (RLIMIT_FSIZE) and no core dumps; stdout and stderr go to
// files in the run's temporary directory and are read back when it ends; the peak resident set
// is the larger of wait4's (the largest process among the child and the children it waited
// for, e.g. fzn-gecode under minizinc) and the tree's resident memory summed every kTreePollMs,
// which also stops a tree that holds more than the memory limit together.
//
// Nothing a tool starts outlives its run (issue #45), even a daemon that double-forks into a
// session of its own: the tool is a child subreaper (its orphans stay in its tree while it
// runs), and so is the process that runs it (what the tool orphans when it ends comes back
// here, not to init); when the tool has ended, every child of this process that is not a
// running tool and not in this process's session is killed and reaped, its children in turn.
// If futolab dies while a tool runs (kill -9), a guard process kills the tool's session and
// everything carrying the tool's mark (FUTOLAB_TOOL_RUN in its environment), and the next start
// kills what still carries a dead owner's mark before removing its folder (tool_guard.hpp).
// Files the tool wrote are read with read_tool_file: never blocking, regular files only, capped.
//
// Thread safety: every call is independent (no global state). Between fork and execve the
// child only calls async-signal-safe functions (setsid, prctl, getppid, dup2, setrlimit,
// chdir, execve, _exit); every string is prepared before the fork. The child is waited for by its pid, never
// by waitpid(-1), so it cannot steal other threads' children (nor lose its own to them, unless
// another thread of the process reaps any child with -1).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace futolab::external {

struct ProcessSpec {
    std::vector<std::string> argv;   // argv[0] is looked up on PATH unless it holds a '/'
    std::filesystem::path dir;       // working directory; stdout.txt and stderr.txt are written here
    double time_seconds = 0;         // wall time; 0, or anything from kNoTimeLimit on (or not finite) = none
    std::uint64_t memory_bytes = 0;  // RLIMIT_AS of the child (and its children), 0 = none
    double cpu_seconds = 0;          // CPU time of the tool's whole session (its children too); 0 = none
    double grace_seconds = 0.5;      // between SIGTERM and SIGKILL after the time limit
    // An outside stop (Limits::stop: SIGINT/SIGTERM of `futolab run` in thread isolation):
    // when it turns true the tool is stopped as at its time limit (issue #25 §6).
    const std::atomic<bool>* stop = nullptr;
};

// The step at which the child failed to become the tool (ProcessResult::start_step).
enum class StartStep { none, chdir, execve };

struct ProcessResult {
    bool started = false;     // false: the program was not found (see run_process)
    bool timed_out = false;   // we stopped it at the time limit (wall or CPU)
    bool cpu_limited = false; // ... and it was the CPU limit
    int exit_code = -1;       // when it exited normally
    int signal = 0;           // when a signal ended it (also after timed_out)
    std::string out, err;     // what it wrote (at most kMaxOutputBytes each)
    std::int64_t max_rss_kb = -1;     // the tool's peak: its largest process (wait4) or its tree's polled sum
    std::int64_t tree_peak_kb = -1;   // the largest polled sum of the tree's resident memory (-1: never polled)
    bool memory_exceeded = false;     // that sum passed the memory limit: the tree was killed
    std::int64_t cpu_ns = 0;  // user + system CPU of the tool and the descendants it waited for (wait4)
    bool output_truncated = false;  // it wrote more than kMaxOutputBytes to stdout or stderr
    // The child never became the tool: the step that failed and its errno (ENOEXEC: a file of no
    // known format; ENOENT from execve: a "#!" line naming a missing interpreter).
    StartStep start_step = StartStep::none;
    int start_errno = 0;
};

// A time limit this long (about 31 years) or longer means none: a deadline past it would overflow
// the clock (issue #18: a huge limit must mean "effectively none", never a wrapped one).
inline constexpr double kNoTimeLimit = 1e9;
// Whether `seconds` is a real limit (finite, positive, below kNoTimeLimit).
inline bool is_time_limit(double seconds) { return seconds > 0 && seconds < kNoTimeLimit; }

// How often the tool's process tree is polled for its CPU time and resident memory (runsolver's
// way, for a machine without memory cgroups): a peak shorter than this may be missed (the
// largest single process is still seen, through wait4); the sidecar states the interval.
inline constexpr int kTreePollMs = 20;

// Beyond this the child gets SIGXFSZ (RLIMIT_FSIZE): a tool printing without end is stopped
// long before the disk fills. 256 MiB holds every solution of a 5x5 count-all many times.
inline constexpr std::uint64_t kMaxOutputBytes = std::uint64_t{256} << 20;

// A file a tool wrote (its stdout.txt, cbc's solution file), read as untrusted: opened
// non-blocking (a FIFO planted there cannot hang futolab), read only if it is a regular file
// (not /dev/zero through a symlink), at most kMaxOutputBytes (more sets `truncated`). nullopt,
// with the reason in `why` ("missing", "not a regular file", errno's text), if it is not read.
std::optional<std::string> read_tool_file(const std::filesystem::path& p, bool& truncated, std::string& why);

// The full path of an executable named `program` on PATH (or `program` itself if it holds a
// '/' and is executable); nullopt if there is none.
std::optional<std::filesystem::path> find_program(const std::string& program);

// Runs the tool to its end or its limit. Not found → started = false. Throws std::runtime_error
// only on a failure of the machinery itself (fork, file creation), with errno's reason.
ProcessResult run_process(const ProcessSpec& spec);

}  // namespace futolab::external
