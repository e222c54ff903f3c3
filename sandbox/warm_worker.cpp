#include "sandbox/warm_worker.hpp"

#include "sandbox/child_process.hpp"
#include "sandbox/interrupt.hpp"
#include "sandbox/child_run.hpp"
#include "core/child_wait.hpp"
#include "core/env.hpp"
#include "core/error.hpp"
#include "core/tool_guard.hpp"
#include "solvers/external/temp_dir.hpp"

#include <fcntl.h>
#include <malloc.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <stdexcept>

namespace futolab {
namespace {

using Clock = std::chrono::steady_clock;

// In the worker, after child::prepare: requests come on fd 3, answers go to fd 4.
constexpr int kRequestFd = 3, kAnswerFd = 4;
constexpr std::uint32_t kMaxFrame = 1u << 30;
// A hello is a few hundred bytes: a binary that claims more is not a worker to wait for.
constexpr std::uint32_t kMaxHelloFrame = 1u << 20;
// A worker whose answer pipe closed has exited or died: reaped at once. One that closed it
// and lives on is killed after this.
constexpr double kReapSeconds = 1;

template <class T>
void put(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

// Reads exactly `size` bytes; false on end-of-file or an error.
bool read_exactly(int fd, char* data, std::size_t size) {
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::read(fd, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// A frame: its length (u32, native order: same machine, same binary), then its bytes. A run's
// request (an index) is a few bytes: one read takes the whole frame; more only if it is long.
bool read_frame(int fd, std::string& frame) {
    char buf[64];
    ssize_t got = 0;
    do got = ::read(fd, buf, sizeof buf);
    while (got < 0 && errno == EINTR);
    if (got < static_cast<ssize_t>(sizeof(std::uint32_t))) {
        if (got <= 0) return false;
        if (!read_exactly(fd, buf + got, sizeof(std::uint32_t) - static_cast<std::size_t>(got))) return false;
        got = sizeof(std::uint32_t);
    }
    std::uint32_t size = 0;
    std::memcpy(&size, buf, sizeof size);
    const std::size_t have = static_cast<std::size_t>(got) - sizeof size;
    if (size > kMaxFrame || have > size) return false;
    frame.assign(buf + sizeof size, have);
    frame.resize(size);
    return read_exactly(fd, frame.data() + have, size - have);
}

// What follows every answer's bytes: what only the worker can measure of the run.
struct Trailer {
    std::int64_t peak_kb = -1;      // its peak resident set during the run (VmHWM since the reset)
    std::int64_t reaped_cpu_ns = 0; // CPU of the processes the run started, which it reaped
    std::int64_t total_cpu_ns = 0;  // its own CPU and its reaped children's since it started
    std::int64_t leftover_kb = 0;   // resident now minus resident when it started serving
};
constexpr std::size_t kTrailerBytes = sizeof(Trailer);

// One answer frame: the length, the bytes, then the trailer.
void send_answer(const std::string& answer, const Trailer& t) {
    std::string frame;
    frame.reserve(answer.size() + sizeof(std::uint32_t) + kTrailerBytes);
    put(frame, static_cast<std::uint32_t>(answer.size()));
    frame += answer;
    for (std::int64_t v : {t.peak_kb, t.reaped_cpu_ns, t.total_cpu_ns, t.leftover_kb}) put(frame, v);
    child::write_all(kAnswerFd, frame);
}

// What the worker holds after a run above what it held when it started serving: anonymous
// memory only (RssAnon: heap and stacks). Heap a run freed stays resident in the allocator, and
// the next run's peak would count it (SPEC §4: max_rss_kb is the run's own peak); the pages of
// code and libraries a worker touches as it goes are shared, not an earlier run's memory. When
// the worker holds more than kWorkerLeftoverKb above its start, the freed heap goes back to
// the kernel (malloc_trim); if it still holds more, the parent replaces it before the next
// run. Below the threshold nothing is done: a trim after every run would make each next run
// fault its buffers in again, so up to kWorkerLeftoverKb of earlier runs may remain in a peak
// (the figure's stated precision).
//
// /proc/self/status costs ~3 µs, so it is read only once the resident set (the peak, cheap
// through getrusage) has grown 1 MiB past where it was at the last look.
class Leftover {
public:
    Leftover()
        : start_anon_kb_(child::anonymous_resident_kb()),
          start_kb_(static_cast<std::int64_t>(child::resident_bytes_now() / 1024)),
          looked_at_kb_(start_kb_) {}

    std::int64_t after_run(std::int64_t peak_kb) {
        // A run that grew the worker by more than kWorkerBigRunKb retires it whatever is left:
        // the allocator keeps fragments of a big heap even after a trim (1.8 MiB after a sat run
        // of 0.7 GB: a 9 MB gecode run after it read 11 MB), and a fresh worker costs ~15 ms,
        // nothing beside such a run.
        if (peak_kb - start_kb_ > kWorkerBigRunKb) return std::max(leftover_kb_, kWorkerLeftoverKb + 1);
        if (peak_kb <= looked_at_kb_ + 1024) return leftover_kb_;
        std::int64_t anon = child::anonymous_resident_kb();
        if (anon - start_anon_kb_ > kWorkerLeftoverKb) {
            ::malloc_trim(0);
            anon = child::anonymous_resident_kb();
        }
        leftover_kb_ = std::max<std::int64_t>(0, anon - start_anon_kb_);
        looked_at_kb_ = static_cast<std::int64_t>(child::resident_bytes_now() / 1024);
        return leftover_kb_;
    }

private:
    std::int64_t start_anon_kb_, start_kb_, looked_at_kb_, leftover_kb_ = 0;
};

// The loop every worker runs, forked or started from a binary (descriptors 3 and 4 in place).
[[noreturn]] void serve_requests(const WarmWorker::Handler& handler, std::uint64_t memory_bytes, const std::string* hello) {
    child::peak_kb();  // its first call decides, before any run, how this kernel's peak is read
    try {
        if (hello != nullptr) send_answer(*hello, Trailer{});
        if (memory_bytes != 0) child::limit_address_space(memory_bytes);
        Leftover leftover;
        std::string request;
        // The children's CPU time before a run is the figure read after the last one: nothing
        // is reaped between two runs (kill_descendants reaps inside the run's accounting).
        std::int64_t reaped0 = child::children_cpu_ns();
        while (read_frame(kRequestFd, request)) {
            child::reset_peak();
            const std::string answer = handler(request);
            child::kill_descendants();
            const child::Usage after = child::usage_now();
            Trailer t;
            t.peak_kb = after.peak_kb;
            t.reaped_cpu_ns = after.children_cpu_ns - reaped0;
            t.total_cpu_ns = after.own_cpu_ns + after.children_cpu_ns;
            t.leftover_kb = leftover.after_run(t.peak_kb);
            reaped0 = after.children_cpu_ns;
            send_answer(answer, t);
        }
        ::_exit(0);  // the parent closed the request pipe: the sweep is over
    } catch (const std::bad_alloc&) {
        ::_exit(child::kExitOutOfMemory);
    } catch (...) {
        ::_exit(child::kExitFailed);
    }
}

// The child's side of start(): descriptors moved to 3 and 4, the scratch folder as TMPDIR
// (futolab removes it when the worker ends, however it ends: SIGKILL leaves no destructor to
// run), then the handler's loop, or the binary of another build.
[[noreturn]] void become_worker(const WarmWorker::Handler& handler, const std::optional<WorkerCommand>& command,
                                int requests, int answers, pid_t parent, std::uint64_t memory_bytes,
                                const std::string& scratch) {
    const int keep[2] = {requests, answers};
    child::prepare(parent, keep, 2);
    ::setpgid(0, 0);  // a process group of its own, killed whole (kill_worker; the parent sets it too)
    if (!scratch.empty()) ::setenv("TMPDIR", scratch.c_str(), 1);
    if (!command) serve_requests(handler, memory_bytes, nullptr);
    // Another build's binary, maybe a wrapper script that starts more than the worker: all of it
    // carries the scratch folder's mark, which the parent kills when the worker ends and the next
    // futolab after a kill -9 (core/tool_guard.hpp), and starts with the stop signals at their
    // default (prepare ignored them for the parent to decide; inherited through exec, they made a
    // wrapper's leftover child deaf to a plain kill: spot check of round 31, J7). A futolab worker
    // ignores them again itself (serve_worker).
    if (!scratch.empty()) ::setenv(std::string(external::kToolMark).c_str(), scratch.c_str(), 1);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) ::signal(signal, SIG_DFL);
    std::vector<char*> argv{const_cast<char*>(command->path.c_str())};
    for (const std::string& a : command->args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::signal(SIGPIPE, SIG_DFL);  // the parent ignores it; a worker dies of a closed pipe as a tool would
    ::execv(command->path.c_str(), argv.data());
    ::_exit(child::kExitExecFailed);
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// answered: the whole frame went out (send_frame) or came in (await_answer).
enum class Wait { answered, lost, interrupted, overtime };

// Writes a whole frame to the worker's request pipe (non-blocking on this side) until the
// deadline: a binary that never reads cannot hold futolab once a long plan fills the pipe.
Wait send_frame(int fd, const std::string& frame, const Interrupt* interrupt, Clock::time_point deadline) {
    pollfd fds[2] = {{fd, POLLOUT, 0}, {interrupt ? interrupt->fd() : -1, POLLIN, 0}};
    for (std::size_t done = 0; done < frame.size();) {
        const ssize_t n = ::write(fd, frame.data() + done, frame.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0 || errno != EAGAIN) return Wait::lost;  // EPIPE: the worker died (SIGPIPE ignored)
        const int ready = ::poll(fds, 2, poll_ms_until(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (fds[1].revents != 0) return Wait::interrupted;
        if (ready == 0 && Clock::now() >= deadline) return Wait::overtime;
    }
    return Wait::answered;
}

// Waits for a whole answer frame (length + bytes + peak + reaped CPU) until the deadline; a
// frame that claims more than `max_size` bytes is not an answer (lost).
Wait await_answer(int fd, const Interrupt* interrupt, Clock::time_point deadline, std::string& frame,
                  std::uint32_t max_size = kMaxFrame) {
    frame.clear();
    std::size_t want = sizeof(std::uint32_t);
    bool have_length = false;
    pollfd fds[2] = {{fd, POLLIN, 0}, {interrupt ? interrupt->fd() : -1, POLLIN, 0}};
    char buf[65536];
    for (;;) {
        const int ready = ::poll(fds, 2, poll_ms_until(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (fds[1].revents != 0) return Wait::interrupted;
        if (ready == 0 && Clock::now() >= deadline) return Wait::overtime;
        if (fds[0].revents == 0) continue;
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Wait::lost;  // end-of-file: the worker died
        frame.append(buf, static_cast<std::size_t>(n));
        if (!have_length && frame.size() >= want) {
            std::uint32_t size = 0;
            std::memcpy(&size, frame.data(), sizeof size);
            if (size > max_size) return Wait::lost;
            want += size + kTrailerBytes;
            have_length = true;
        }
        if (have_length && frame.size() >= want) return frame.size() == want ? Wait::answered : Wait::lost;
    }
}

Clock::time_point kill_deadline(Clock::time_point start, const Limits& limits) {
    if (!(limits.time_seconds > 0) || !(limits.time_seconds < 1e9)) return Clock::time_point::max();
    return start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(limits.time_seconds + kill_grace_seconds(limits.time_seconds)));
}

// The answer of a call that found no worker to run it: why (how the last start failed).
WorkerAnswer without_worker(const std::string& why) {
    WorkerAnswer a;
    a.ended.status = Status::error;
    a.ended.message = why;
    return a;
}

// SIGKILL to worker `pid`'s process group (its own: become_worker), then `pid` reaped: a build
// given as a wrapper script that does not exec, and whatever such a build starts, goes with it
// (red-team round 31, H10: after SIGTERM of run, the real worker behind a wrapper ran on,
// orphaned, for its run's whole time limit; a wrapper killed for no hello left its children).
int kill_worker(pid_t pid, rusage* usage = nullptr) {
    ::kill(-pid, SIGKILL);
    return kill_and_reap(pid, pid, usage);
}

}  // namespace

double worker_wait_seconds() { return env_wait("FUTOLAB_WORKER_WAIT").value_or(kWorkerWaitSeconds); }

WarmWorker::WarmWorker(Handler handler, std::uint64_t memory_bytes)
    : handler_(std::move(handler)), memory_bytes_(memory_bytes) {}

WarmWorker::WarmWorker(WorkerCommand command, std::uint64_t memory_bytes)
    : command_(std::move(command)), memory_bytes_(memory_bytes) {}

void serve_worker(const WarmWorker::Handler& handler, std::uint64_t memory_bytes, const std::string& hello) {
    // Dies with its parent, as a forked worker does (child::prepare): behind a wrapper script its
    // parent is the wrapper, which dies with futolab, so a kill -9 of futolab ends this search too
    // (red-team round 31, H10).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) ::signal(signal, SIG_IGN);  // the parent decides (child::prepare)
    serve_requests(handler, memory_bytes, &hello);
}

std::optional<std::string> receive_plan() {
    std::string plan;
    if (!read_frame(kRequestFd, plan)) return std::nullopt;
    return plan;
}

void WarmWorker::ensure_started() {
    if (pid_ != 0) return;
    if (const std::string why = start(nullptr); !why.empty()) throw InputError(why);
}

WarmWorker::~WarmWorker() { stop(); }  // before cgroup_ is removed: a cgroup with a process cannot be

std::string WarmWorker::start(const Interrupt* interrupt) {
    // A worker that died leaves a pipe without a reader: the write fails with EPIPE instead of
    // killing futolab. (External tools get the default back before their execve.)
    ::signal(SIGPIPE, SIG_IGN);
    int requests[2], answers[2];
    if (::pipe2(requests, O_CLOEXEC) != 0) throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
    if (::pipe2(answers, O_CLOEXEC) != 0) {
        ::close(requests[0]);
        ::close(requests[1]);
        throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
    }
    scratch_ = make_scratch();
    ::fcntl(requests[1], F_SETFL, O_NONBLOCK);  // futolab's end only: send_frame waits with a deadline
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) become_worker(handler_, command_, requests[0], answers[1], parent, memory_bytes_, scratch_);
    if (pid > 0) ::setpgid(pid, pid);  // as the child does: set before any kill of the group, whichever runs first
    ::close(requests[0]);
    ::close(answers[1]);
    if (pid < 0) {
        ::close(requests[1]);
        ::close(answers[0]);
        throw std::runtime_error(fmt::format("cannot fork a worker process: {}", std::strerror(errno)));
    }
    pid_ = pid;
    to_worker_ = requests[1];
    from_worker_ = answers[0];
    // Into the memory cgroup before its first run (it waits for a request until then); one that
    // cannot be put there is ended unused, and the next call starts another.
    if (std::string why = enter_cgroup(); !why.empty()) {
        stop();
        return why;
    }
    ++started_;
    return command_ ? await_hello(interrupt) : "";
}

// The worker (pid_) into its memory cgroup, made now unless its predecessor's is at hand. The
// site is probed even without a limit: the probe removes cgroups a killed futolab left
// (cgroup.hpp). Where the sidecar records a cgroup (memory_limit_mechanism), a worker outside
// one would run its rows under RLIMIT_AS alone, another mechanism than the sidecar says (a
// cgroup bounds the whole tree, RLIMIT_AS each process: their memout rows and peaks differ):
// so a cgroup that cannot be made, limited or entered (a limit on the site's sub-cgroups,
// EACCES, the cgroup removed under it) gives kNoCgroup's message, and no cgroup is kept.
std::string WarmWorker::enter_cgroup() {
    const auto site = memory_cgroup_site();
    if (memory_bytes_ == 0 || !site) return "";
    if (!cgroup_) {
        MadeCgroup made = MemoryCgroup::create(*site, memory_bytes_);
        if (!made.cgroup) return std::string(kNoCgroup) + made.problem;
        cgroup_ = std::move(made.cgroup);
    }
    std::string problem = cgroup_->add(pid_);
    if (problem.empty()) return "";
    cgroup_.reset();  // the next start makes a new one
    return std::string(kNoCgroup) + problem;
}

// A worker of another binary answers first with its hello (worker_protocol.hpp); until it has,
// it is not a worker of this sweep. Loading the plan (the sweep's instances) is its only work
// before: the wait (builds.cpp: worker_wait_seconds() and more for a long plan) is far beyond it.
std::string WarmWorker::await_hello(const Interrupt* interrupt) {
    const double wait = command_->hello_seconds > 0 ? command_->hello_seconds : worker_wait_seconds();
    const Clock::time_point deadline = deadline_after(wait);
    std::string frame;
    put(frame, static_cast<std::uint32_t>(command_->plan.size()));
    frame += command_->plan;
    Wait how = send_frame(to_worker_, frame, interrupt, deadline);
    if (how == Wait::answered) how = await_answer(from_worker_, interrupt, deadline, frame, kMaxHelloFrame);
    if (how == Wait::answered) {
        std::uint32_t size = 0;
        std::memcpy(&size, frame.data(), sizeof size);
        try {
            command_->check_hello(std::string_view(frame).substr(sizeof size, size));
            return "";
        } catch (...) {
            stop();
            throw;
        }
    }
    std::optional<int> ended;
    if (how == Wait::lost) ended = wait_child_until(pid_, deadline_after(kReapSeconds));
    // (a worker that ended by itself is reaped: its group is not signalled by number then, which
    // a reused pid could name; what it left carries its folder's mark: remove_scratch)
    const int status = ended ? *ended : kill_worker(pid_);
    pid_ = 0;
    close_fd(to_worker_);
    close_fd(from_worker_);
    remove_scratch();
    if (how == Wait::interrupted) return "interrupted";
    const std::string who = command_->who.empty() ? command_->path : command_->who;
    if (how == Wait::overtime || !ended)
        return fmt::format("{}: {} within {:.3g} s of its start and was killed (a futolab worker of protocol {} says it "
                           "once it has read the plan; FUTOLAB_WORKER_WAIT gives it longer)",
                           who, how == Wait::overtime ? "said no hello" : "closed its answer pipe but did not exit",
                           how == Wait::overtime ? wait : kReapSeconds, command_->protocol);
    const std::string how_it_ended =
        WIFEXITED(status) && WEXITSTATUS(status) == child::kExitExecFailed ? "could not be started (not an executable?)"
        : WIFEXITED(status) ? fmt::format("exited with code {} before its hello", WEXITSTATUS(status))
                            : fmt::format("was killed by {} before its hello", child::signal_text(WTERMSIG(status)));
    return fmt::format("{}: {} (not a futolab worker of protocol {}: a futolab older than the worker protocol, or not "
                       "futolab?)",
                       who, how_it_ended, command_->protocol);
}

void WarmWorker::stop() {
    close_fd(to_worker_);  // end-of-file: a waiting worker exits
    close_fd(from_worker_);
    cpu_at_last_answer_ = 0;
    if (pid_ == 0) return;
    // A worker between runs exits at once; one still running (interrupted, overtime) is killed.
    kill_worker(pid_);
    pid_ = 0;
    remove_scratch();
}

// A private folder for the worker's temporary files (below external::temp_base(), absolute);
// "" if none can be made. Named by this process (the worker's parent), which removes it when
// the worker ends; after a kill -9 of futolab, the next futolab to make one removes it
// (solvers/external/owner.hpp).
std::string WarmWorker::make_scratch() {
    try {
        return external::make_owned_temp_dir("worker").string();
    } catch (const std::runtime_error&) {
        return "";
    }
}

void WarmWorker::remove_scratch() {
    if (scratch_.empty()) return;
    // What another build's worker started and left running, wherever it went (its own session:
    // `setsid -f`), carries the folder's mark (become_worker): killed before the folder goes.
    if (command_) {
        const std::string mark = "/" + std::filesystem::path(scratch_).filename().string();
        const std::string_view marks[] = {mark};
        external::kill_marked(marks, 1, 0, 0);
    }
    std::error_code ec;
    std::filesystem::remove_all(scratch_, ec);
    scratch_.clear();
}

WorkerAnswer WarmWorker::call(std::string_view request, const Limits& limits, const Interrupt* interrupt) {
    if (pid_ == 0) {
        if (!no_hello_.empty()) return without_worker(no_hello_);
        if (std::string why = start(interrupt); !why.empty()) {
            // A build that said no hello is not asked again until retire(); a worker that could
            // not get its memory cgroup is tried again at the next call (it costs this run only).
            if (why != "interrupted" && !why.starts_with(kNoCgroup)) no_hello_ = why;
            return without_worker(why);
        }
    }
    const Clock::time_point start = Clock::now();
    std::string frame;
    put(frame, static_cast<std::uint32_t>(request.size()));
    frame.append(request);
    WorkerAnswer a;
    const std::uint64_t oom0 = cgroup_ ? cgroup_->oom_kills() : 0;
    if (cgroup_) cgroup_->reset_peak();  // read only if the worker dies (its VmHWM dies with it)
    const Clock::time_point deadline = kill_deadline(start, limits);
    Wait how = send_frame(to_worker_, frame, interrupt, deadline);
    if (how == Wait::answered) how = await_answer(from_worker_, interrupt, deadline, frame);
    if (how == Wait::answered) {
        std::uint32_t size = 0;
        std::memcpy(&size, frame.data(), sizeof size);
        a.record = frame.substr(sizeof size, size);
        Trailer t;
        std::memcpy(&t, frame.data() + sizeof size + size, kTrailerBytes);
        a.peak_kb = t.peak_kb;
        a.reaped_cpu_ns = t.reaped_cpu_ns;
        a.leftover_kb = t.leftover_kb;
        cpu_at_last_answer_ = t.total_cpu_ns;
        a.oom_killed = cgroup_ && cgroup_->oom_kills() > oom0;  // a tool of the run, not the worker
        a.elapsed_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
        if (a.leftover_kb > kWorkerLeftoverKb) stop();  // the next run starts in a fresh worker
        return a;
    }
    // The run's CPU (SPEC §4: measured, never 0): what the worker used since its last answer,
    // plus, when futolab kills it, what the tools still running below it have used (read
    // before the kill: once they are gone, nobody can ask).
    std::int64_t tools_cpu = 0;
    rusage usage{};
    std::optional<int> ended;
    if (how == Wait::lost) ended = wait_child_until(pid_, deadline_after(kReapSeconds), &usage);
    if (!ended) {
        tools_cpu = child::descendants_cpu_ns(pid_);
        ended = kill_worker(pid_, &usage);
    }
    const int status = *ended;
    a.killed_cpu_ns = std::max<std::int64_t>(0, child::cpu_ns_of(usage) - cpu_at_last_answer_) + tools_cpu;
    cpu_at_last_answer_ = 0;
    pid_ = 0;
    close_fd(to_worker_);
    close_fd(from_worker_);
    remove_scratch();
    if (how == Wait::interrupted) {
        a.ended.status = Status::error;
        a.ended.message = "interrupted";
    } else if (how == Wait::overtime) {
        a.ended.status = Status::timeout;
        a.ended.message = fmt::format("wall time limit: killed {:g} s after it (the run did not stop by itself)",
                                      kill_grace_seconds(limits.time_seconds));
    } else {
        // A worker's ru_maxrss spans its whole life, not this run: an upper bound, used only to
        // tell an OOM kill from another SIGKILL where no cgroup counts OOM kills.
        a.oom_killed = cgroup_ && cgroup_->oom_kills() > oom0;
        a.ended = child::ended_without_result(status, usage.ru_maxrss, limits, a.oom_killed);
        // The run's peak where the kernel kept one: the cgroup's (what the run added to the
        // worker; bounded by the limit it enforced).
        if (cgroup_) a.peak_kb = cgroup_->peak_kb();
    }
    a.elapsed_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
    return a;
}

}  // namespace futolab
