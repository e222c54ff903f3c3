#include "core/files.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/live_writer.hpp"

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace futolab {

std::size_t max_input_bytes() {
    constexpr std::size_t kDefault = std::size_t{1} << 30, kLeast = std::size_t{1} << 20;
    const char* text = std::getenv("FUTOLAB_MAX_INPUT_BYTES");
    if (!text || !*text) return kDefault;
    std::size_t v = 0;
    const std::string_view s(text);
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
    if (digits && ec == std::errc::result_out_of_range)  // whole, but past 64 bits: say so
        throw InputError(fmt::format("FUTOLAB_MAX_INPUT_BYTES: '{}' is too large (at most {})", s, SIZE_MAX));
    if (!digits || ec != std::errc() || end != s.data() + s.size())
        throw InputError(fmt::format("FUTOLAB_MAX_INPUT_BYTES: '{}' is not a whole number of bytes (plain digits, at "
                                     "least {})", s, kLeast));
    // A leading zero is refused as every number reader refuses it (red-team round 30): `099999999`
    // would read as a value some tools take for octal.
    if (s.size() > 1 && s.front() == '0')
        throw InputError(fmt::format("FUTOLAB_MAX_INPUT_BYTES: '{}' has a leading zero (write the number without it)", s));
    if (v < kLeast)  // a number, but below the floor: say which bound it misses (issue #45, round 8)
        throw InputError(fmt::format("FUTOLAB_MAX_INPUT_BYTES: {} is too small (at least {})", s, kLeast));
    return v;
}

namespace {

// Waits until `fd` has something to read or `stop_fd` (if >= 0) says a stop was requested;
// throws for the stop (red-team round 17, A F6: a signal while `critical --input -` read its
// standard input waited for its end of file, or killed futolab when it came before its handler).
void wait_readable(int fd, const std::string& path, int stop_fd) {
    for (;;) {
        pollfd fds[2] = {{fd, POLLIN, 0}, {stop_fd, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;  // the signal: its stop_fd is readable at the next poll
            throw_input_error({path}, std::string("cannot read: ") + std::strerror(errno));
        }
        if (fds[1].revents != 0)
            throw std::runtime_error(fmt::format("interrupted while reading {}: nothing written", path == "-" ? "standard input" : path));
        if (fds[0].revents != 0) return;  // data, its end, or an error the read reports
    }
}

// Reads fd to its end (or, with `first_line`, through its first '\n'), refusing more than `cap`
// bytes; with `stop_fd` >= 0, each read waits for fd or a stop (wait_readable).
std::string read_capped(int fd, const std::string& path, std::size_t cap, bool first_line, int stop_fd = -1) {
    std::string text;
    char buf[1 << 16];
    for (;;) {
        if (stop_fd >= 0) wait_readable(fd, path, stop_fd);
        const ssize_t n = ::read(fd, buf, first_line ? 4096 : sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw_input_error({path}, std::string("cannot read: ") + std::strerror(errno));
        if (n == 0) return text;
        if (text.size() + static_cast<std::size_t>(n) > cap)
            throw_input_error({path}, fmt::format("larger than {} bytes, the input limit (set FUTOLAB_MAX_INPUT_BYTES "
                                                  "to raise it)", cap));
        text.append(buf, static_cast<std::size_t>(n));
        if (const std::size_t end = text.find('\n', text.size() - static_cast<std::size_t>(n));
            first_line && end != std::string::npos) {
            text.resize(end + 1);
            return text;
        }
    }
}

std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "is a directory";
    return fmt::format("is {}, not a regular file{}", file_type_name(mode), S_ISFIFO(mode) ? ": give a file, or - with a redirect" : "");
}

// An input that is also this process's standard output (`futolab analyze a.csv >> a.csv`,
// `convert - < p.jsonl >> p.jsonl`) would get the command's output written into it, and one
// that is its standard error (`analyze a.csv 2>> a.csv`, red-team round 10) its warnings and
// progress: refused before anything is read or written (issue #45).
// `what`: the input it is, if not `path` itself ("the sidecar of the input a.csv").
void refuse_if_stdout(const struct stat& input, const std::string& path, const std::string& what = "the input") {
    for (const int stream : {STDOUT_FILENO, STDERR_FILENO}) {
        struct stat out {};
        if (::fstat(stream, &out) != 0 || !S_ISREG(out.st_mode)) continue;
        if (out.st_dev == input.st_dev && out.st_ino == input.st_ino)
            throw StreamAliasError(format_location({path}) + ": " + (stream == STDOUT_FILENO
                                          ? "is also this command's standard output (a redirect such as >> to it): the "
                                            "output would be written into " + what + "; redirect it to another file"
                                          : "is also this command's standard error (a redirect such as 2>> to it): its "
                                            "messages would be written into " + what + "; redirect them to another file"),
                                   stream);
    }
}

// A results CSV's companions are part of it (round 11, F4): `schema out/g.csv >> out/g.csv.meta.yaml`
// broke the sidecar a resume needs, `analyze out/g.csv >> out/g.jsonl` the exported corpus. The
// sidecar and schema are known by their names; the outputs file only beside a sidecar, which
// says `path` is a results CSV (`p.futo` and a user's `p.jsonl` beside it are unrelated).
void refuse_companions_on_streams(const std::string& path) {
    const std::vector<std::string> companions = companions_of(path);
    static constexpr const char* kWhat[] = {"the sidecar", "the column schema", "the exported outputs"};
    struct stat sidecar {};
    const bool results = ::stat(companions[0].c_str(), &sidecar) == 0;
    for (std::size_t i = 0; i < companions.size(); ++i) {
        struct stat st {};
        if ((i == 2 && !results) || ::stat(companions[i].c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
        refuse_if_stdout(st, companions[i], std::string(kWhat[i]) + " of the input " + path);
    }
}

std::atomic<int> ambient_stop_fd{-1};

// The write end of StdinStop's pipe while one lives (-1: none): written by its handler.
std::atomic<int> stdin_stop_fd{-1};

extern "C" void note_stdin_stop(int) {
    const int fd = stdin_stop_fd.load();
    if (fd >= 0) {
        [[maybe_unused]] const ssize_t n = ::write(fd, "s", 1);  // async-signal-safe; a full pipe is stopped already
    }
}

// A stop for a read of standard input whose caller watches none (compare, analyze, report,
// critical --check-certificate reading `-`): SIGINT, SIGTERM and SIGHUP make its fd readable while
// it lives, so a read that waits on a pipe or terminal ends "interrupted while reading standard
// input: nothing written" (exit 1) instead of the default action, 143 with no word, or a hang
// (red-team round 30). The handlers it replaced are put back when it ends.
class StdinStop {
public:
    StdinStop() {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return;  // no pipe: the read goes on unwatched, as before
        read_ = fds[0];
        write_ = fds[1];
        stdin_stop_fd.store(write_);
        struct sigaction sa {};
        sa.sa_handler = note_stdin_stop;
        sigemptyset(&sa.sa_mask);
        for (std::size_t i = 0; i < kSignals.size(); ++i) ::sigaction(kSignals[i], &sa, &old_[i]);
    }
    ~StdinStop() {
        if (read_ < 0) return;
        for (std::size_t i = 0; i < kSignals.size(); ++i) ::sigaction(kSignals[i], &old_[i], nullptr);
        stdin_stop_fd.store(-1);
        ::close(read_);
        ::close(write_);
    }
    StdinStop(const StdinStop&) = delete;
    StdinStop& operator=(const StdinStop&) = delete;
    int fd() const { return read_; }

private:
    static constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGHUP};
    int read_ = -1, write_ = -1;
    std::array<struct sigaction, 3> old_{};
};

// Standard input is one stream: a command that looks at an input twice (compare's look for
// copies among its inputs, then its read) found `-` empty the second time ("-: empty file"), and
// `analyze - -` called the second `-` empty instead of given twice. Read to its end once, its
// text serves every later read while standard input is still that stream at that end (tests
// point it elsewhere between reads).
std::string standard_input_text(std::size_t cap, int stop_fd) {
    struct Kept {
        dev_t dev = 0;
        ino_t ino = 0;
        off_t end = -1;  // the offset after the read (-1: a pipe or terminal)
        std::string text;
    };
    static std::optional<Kept> kept;
    struct stat in {};
    const bool known = ::fstat(STDIN_FILENO, &in) == 0;
    if (kept && known && kept->dev == in.st_dev && kept->ino == in.st_ino && kept->end == ::lseek(STDIN_FILENO, 0, SEEK_CUR))
        return kept->text;
    // A pipe or terminal may wait: watched by the caller's stop, or the SignalScope's that lives,
    // else by one of its own.
    if (stop_fd < 0) stop_fd = ambient_stop_fd.load();
    std::optional<StdinStop> own;
    if (stop_fd < 0 && !(known && S_ISREG(in.st_mode))) stop_fd = own.emplace().fd();
    std::string text = read_capped(STDIN_FILENO, "-", cap, false, stop_fd);
    if (known) kept = Kept{in.st_dev, in.st_ino, ::lseek(STDIN_FILENO, 0, SEEK_CUR), text};
    return text;
}

// read_text_file and read_first_line: the same rules, to the end or through the first line.
std::string read_input(const std::string& path, bool first_line, int stop_fd = -1) {
    const std::size_t cap = max_input_bytes();
    if (path == "-") {
        struct stat in {};
        if (::fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode)) refuse_if_stdout(in, "-");
        return first_line ? read_capped(STDIN_FILENO, "-", cap, true, stop_fd < 0 ? ambient_stop_fd.load() : stop_fd)
                          : standard_input_text(cap, stop_fd);
    }
    // O_NONBLOCK: opening a FIFO with no writer would block forever; the file type is checked
    // before anything is read, and a regular file ignores the flag.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        // A socket (ENXIO, "No such device or address") or a device without its driver cannot
        // even be opened: name its type, as for a FIFO, rather than the bare errno (round 9).
        const int error = errno;
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
            throw_input_error({path}, std::string("cannot read: ") + kind_of(st.st_mode));
        throw_input_error({path}, std::string("cannot read: ") + std::strerror(error));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int error = errno;
        ::close(fd);
        throw_input_error({path}, std::string("cannot read: ") + std::strerror(error));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw_input_error({path}, std::string("cannot read: ") + kind_of(st.st_mode));
    }
    try {
        refuse_if_stdout(st, path);
        refuse_companions_on_streams(path);
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (!first_line && static_cast<std::uint64_t>(st.st_size) > cap) {
        ::close(fd);
        throw_input_error({path}, fmt::format("{} bytes, larger than {} bytes, the input limit (set "
                                              "FUTOLAB_MAX_INPUT_BYTES to raise it)", st.st_size, cap));
    }
    try {
        std::string text = read_capped(fd, path, cap, first_line);
        ::close(fd);
        return text;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

}  // namespace

void refuse_input_on_own_stream(const std::string& path) {
    struct stat st {};
    const int found = path == "-" ? ::fstat(STDIN_FILENO, &st) : ::stat(path.c_str(), &st);
    if (found == 0 && S_ISREG(st.st_mode)) refuse_if_stdout(st, path);
    if (found == 0 && S_ISREG(st.st_mode) && path != "-") refuse_companions_on_streams(path);
}

std::vector<NamedInput> numbered_inputs(const std::vector<std::string>& inputs) {
    std::vector<NamedInput> named;
    for (std::size_t i = 0; i < inputs.size(); ++i) named.push_back({fmt::format("input {}", i + 1), inputs[i]});
    return named;
}

namespace {

// "inputs 1 and 3" for two of the input list, else each by what it is, the second with its own
// name if it is another name of standard input ("--expect and input 1", "input 1 and --commands
// as /dev/stdin").
std::string both_named(const NamedInput& first, const NamedInput& second) {
    const std::string as = second.path == first.path ? "" : " as " + second.path;
    if (first.what.starts_with("input ") && second.what.starts_with("input "))
        return fmt::format("inputs {} and {}{}", first.what.substr(6), second.what.substr(6), as);
    return fmt::format("{} and {}{}", first.what, second.what, as);
}

}  // namespace

void refuse_stdin_twice(const std::vector<NamedInput>& inputs) {
    const NamedInput* first = nullptr;  // the first that names standard input
    for (const NamedInput& input : inputs) {
        if (!names_standard_input(input.path)) continue;
        if (first != nullptr)
            throw InputError(fmt::format("{}: given twice ({}): standard input can be read only once; name it once",
                                         first->path, both_named(*first, input)));
        first = &input;
    }
}

void refuse_stdin_twice(const std::vector<std::string>& inputs) { refuse_stdin_twice(numbered_inputs(inputs)); }

const char* file_type_name(mode_t mode) {
    if (S_ISREG(mode)) return "a regular file";
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "neither a file nor a folder";
}

std::string read_text_file(const std::string& path) { return read_input(path, false); }

int exchange_ambient_stop_fd(int fd) { return ambient_stop_fd.exchange(fd); }

std::string read_text_file(const std::string& path, int stop_fd) { return read_input(path, false, stop_fd); }

std::string read_first_line(const std::string& path) { return read_input(path, true); }

std::string_view without_byte_order_mark(std::string_view text) {
    constexpr std::string_view kMark = "\xEF\xBB\xBF";
    return text.starts_with(kMark) ? text.substr(kMark.size()) : text;
}

std::string read_file_head(const std::string& path, std::size_t bytes) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);  // a FIFO's open: no wait
    if (fd < 0) return "";
    std::string head(bytes + 3, '\0');  // room for the mark
    std::size_t got = 0;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        while (got < head.size()) {
            const ssize_t n = ::read(fd, head.data() + got, head.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            got += static_cast<std::size_t>(n);
        }
    ::close(fd);
    head.resize(got);
    return std::string(without_byte_order_mark(head).substr(0, bytes));
}

std::uint64_t fnv1a64(std::string_view text, std::uint64_t h) {
    for (unsigned char ch : text) {
        h ^= ch;
        h *= 1099511628211ull;
    }
    return h;
}

}  // namespace futolab
