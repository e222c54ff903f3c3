#include "analysis/figure_check.hpp"

#include "analysis/gnuplot_run.hpp"
#include "core/atomic_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace futolab {
namespace {

namespace fs = std::filesystem;

// The file's size, or -1 if it is not a regular file there.
std::int64_t size_of(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? static_cast<std::int64_t>(st.st_size) : -1;
}

// Up to `n` bytes at the end of the file (fewer if it is shorter).
std::string tail_of(const std::string& path, std::size_t n) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return "";
    struct stat st {};
    std::string text;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        const auto size = static_cast<std::size_t>(st.st_size);
        text.resize(std::min(n, size));
        const ssize_t got = ::pread(fd, text.data(), text.size(), static_cast<off_t>(size - text.size()));
        text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
    }
    ::close(fd);
    return text;
}

std::string_view without_trailing_space(std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// The last line with anything on it of gnuplot's log (where its complaint is: `"f.gp" line 3:
// undefined variable: x`), at most 200 bytes of it; "" if it said nothing.
std::string last_words(const std::string& log) {
    const std::string tail = tail_of(log, 4096);
    const std::string_view text = without_trailing_space(tail);
    const std::size_t start = text.rfind('\n');
    const std::string_view line = text.substr(start == std::string_view::npos ? 0 : start + 1);
    return std::string(line.substr(0, 200));
}

// How a message names a file of the figure's folder: its path, or for a scratch folder (which is
// gone when the message is read) its name and where that folder was made.
std::string shown(const FigureRun& run, const std::string& path) {
    if (!run.scratch) return path;
    const fs::path folder = fs::path(path).parent_path();
    return fmt::format("{} in the scratch folder made in {}", fs::path(path).filename().string(),
                       folder.parent_path().string());
}

// The script that ran, kept as run.kept_script, and the log (still under its temporary name, a
// file of ours) made to name that file where it named the temporary one. A log past
// kGnuplotLogKeptBytes is left as gnuplot wrote it.
void keep_script(const FigureRun& run) {
    if (run.ran_script.empty() || run.kept_script.empty()) return;
    std::error_code ec;
    fs::rename(run.ran_script, run.kept_script, ec);
    const std::int64_t size = size_of(run.log);
    if (ec || size > static_cast<std::int64_t>(kGnuplotLogKeptBytes)) return;
    std::string text = tail_of(run.log, static_cast<std::size_t>(size));
    const std::string from = fs::path(run.ran_script).filename().string(), to = fs::path(run.kept_script).filename().string();
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    const int fd = ::open(run.log.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // a full disk: the log says what it could
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
}

// The log gnuplot wrote, under the name a message gives it (kept_log), "" if there is none to
// name: empty, or in a scratch folder.
std::string keep_log(const FigureRun& run) {
    if (run.scratch || size_of(run.log) <= 0) return "";
    if (run.kept_log.empty() || run.kept_log == run.log) return run.log;
    keep_script(run);
    std::error_code ec;
    fs::rename(run.log, run.kept_log, ec);
    return ec ? run.log : run.kept_log;
}

// Where the folder is the user's, the figure's pictures from an earlier run stay as they were.
std::string kept_note(const FigureRun& run) {
    return run.scratch ? "" : fmt::format(" ({} left as they were)", fs::path(run.script).stem().string() + ".png, .svg and .pdf");
}

std::string format_of(const std::string& target) {
    const std::string ext = fs::path(target).extension().string();
    return ext.empty() ? ext : ext.substr(1);
}

[[noreturn]] void stopped_at_limit(const FigureRun& run, std::uint64_t limit) {
    const std::string words = gnuplot_file_limit_words(limit);
    for (std::size_t i = 0; i < run.written.size(); ++i)
        if (size_of(run.written[i]) >= static_cast<std::int64_t>(limit))
            throw std::runtime_error(fmt::format("figure {}: cannot write {}: it reached {} and gnuplot was stopped{}",
                                                 run.figure, shown(run, run.targets[i]), words, kept_note(run)));
    if (size_of(run.log) >= static_cast<std::int64_t>(limit)) {  // what it said: its head is where its first complaint is
        (void)::truncate(run.log.c_str(), static_cast<off_t>(std::min(limit, kGnuplotLogKeptBytes)));
        const std::int64_t size = size_of(run.log);
        const std::string head = size % (1 << 20) == 0 ? fmt::format("{} MiB", size >> 20) : fmt::format("{} bytes", size);
        const std::string log = keep_log(run);
        const std::string kept = log.empty() ? "" : fmt::format(" (the first {} are in {})", head, log);
        throw std::runtime_error(
            fmt::format("figure {}: what gnuplot said on its script reached {} and gnuplot was stopped{}", run.figure, words, kept));
    }
    throw std::runtime_error(fmt::format("figure {}: a file gnuplot wrote on its script reached {} and gnuplot was stopped",
                                         run.figure, words));
}

[[noreturn]] void failed(const FigureRun& run) {
    const std::string said = last_words(run.log);
    if (run.scratch || said.empty()) {
        const std::string status = WIFEXITED(run.status) ? fmt::format("exit status {}", WEXITSTATUS(run.status))
                                                         : fmt::format("signal {}", WTERMSIG(run.status));
        throw std::runtime_error(fmt::format("figure {}: gnuplot failed on its script ({}{})", run.figure, status,
                                             said.empty() ? ", saying nothing" : ": \"" + said + "\""));
    }
    const std::string log = keep_log(run);
    const std::string script = !run.kept_script.empty() && size_of(run.kept_script) >= 0 && log == run.kept_log
                                   ? fmt::format("; the script it ran: {}", run.kept_script)
                                   : "";
    throw std::runtime_error(fmt::format("figure {}: gnuplot failed on its script (see {}{}){}", run.figure, log, script,
                                         kept_note(run)));
}

}  // namespace

std::string figure_cut_problem(const std::string& path, std::string_view format) {
    const std::int64_t size = size_of(path);
    if (size < 0) return "it is not there";
    if (size == 0) return "it is empty";
    const std::string tail = tail_of(path, 64);
    if (format == "png") {
        static const std::string kIend("\0\0\0\0IEND\xAE\x42\x60\x82", 12);  // the empty chunk every PNG ends with
        return tail.ends_with(kIend) ? "" : "it does not end with PNG's IEND chunk (it was cut off)";
    }
    const std::string_view end = format == "svg" ? "</svg>" : "%%EOF";
    return without_trailing_space(tail).ends_with(end) ? "" : fmt::format("it does not end with {} (it was cut off)", end);
}

int write_error_in(const std::string& dir) {
    int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {  // no O_TMPFILE there: a name, gone at once
        std::string name = (fs::path(dir) / ".futolab-probe-XXXXXX").string();
        fd = ::mkostemp(name.data(), O_CLOEXEC);
        if (fd >= 0) ::unlink(name.c_str());
    }
    if (fd < 0) return errno;
    // Never past futolab's own (soft) file-size limit: the probe asks about the disk, not the limit.
    rlimit size{};
    std::size_t left = 64 << 10;
    if (::getrlimit(RLIMIT_FSIZE, &size) == 0 && size.rlim_cur != RLIM_INFINITY) left = std::min<std::size_t>(left, size.rlim_cur);
    const std::string zeros(4096, '\0');
    int error = 0;
    while (left > 0 && error == 0) {
        const ssize_t n = ::write(fd, zeros.data(), std::min(left, zeros.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) error = n < 0 ? errno : ENOSPC;
        else left -= static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0 && error == 0) error = errno;  // NFS may say it only here
    return error;
}

void check_figure(const FigureRun& run) {
    std::size_t cut = run.written.size();
    std::string problem;
    for (std::size_t i = 0; i < run.written.size() && cut == run.written.size(); ++i)
        if (problem = figure_cut_problem(run.written[i], format_of(run.targets[i])); !problem.empty()) cut = i;
    const bool exited_well = WIFEXITED(run.status) && WEXITSTATUS(run.status) == 0;
    if (exited_well && cut == run.written.size()) return;
    if (size_of(run.log) == 0) ::unlink(run.log.c_str());  // it said nothing: no log to name
    const std::uint64_t limit = gnuplot_file_limit();
    const bool at_limit = std::any_of(run.written.begin(), run.written.end(),
                                      [&](const std::string& f) { return size_of(f) >= static_cast<std::int64_t>(limit); });
    if ((WIFSIGNALED(run.status) && WTERMSIG(run.status) == SIGXFSZ) || at_limit ||
        size_of(run.log) >= static_cast<std::int64_t>(limit))
        stopped_at_limit(run, limit);
    const std::string& file = run.targets[cut < run.targets.size() ? cut : 0];
    if (const int error = write_error_in(fs::path(run.script).parent_path().string()); error != 0)
        throw std::runtime_error(
            fmt::format("figure {}: cannot write {}: {}{}", run.figure, shown(run, file), write_failure_reason(error), kept_note(run)));
    if (!exited_well) failed(run);
    const std::string kept = keep_log(run);
    const std::string log = kept.empty() ? "" : fmt::format(", see {}", kept);
    throw std::runtime_error(fmt::format("figure {}: gnuplot ended without finishing {}: {}{}{}", run.figure, shown(run, file),
                                         problem, log, kept_note(run)));
}

}  // namespace futolab
