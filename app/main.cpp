// futolab: the command line (SPEC §3). Exit codes: 0 success, 1 run-time failure,
// 2 bad usage or bad input (always with a one-line message on stderr).
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/list_items.hpp"
#include "app/flag_values.hpp"
#include "app/parse_errors.hpp"
#include "app/stdout_product.hpp"
#include "core/env.hpp"
#include "core/error.hpp"
#include "core/made_folders.hpp"
#include "core/shell_words.hpp"
#include "core/temp_dir.hpp"
#include "core/visible_text.hpp"
#include "core/live_writer.hpp"
#include "records/build_identity.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <exception>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr int kExitFailure = 1;
constexpr int kExitBadInput = 2;

// The command line's words, for stream_holds_data.
std::vector<std::string>& command_words() {
    static std::vector<std::string> words;
    return words;
}

bool same_open_file(int a, int b) {
    struct stat sa {}, sb {};
    return ::fstat(a, &sa) == 0 && ::fstat(b, &sb) == 0 && S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

// A message for standard error, or for standard output if standard error is a file the command
// reads or writes (`away`): written there, it would end up inside that file (a results CSV's
// last line, round 11, F1). If standard output is that file too, or another file of data,
// nothing is printed: the exit code still says it failed.
void print_message(const std::string& line, bool away) {
    if (!away) {
        std::cerr << line;
        return;
    }
    if (same_open_file(STDOUT_FILENO, STDERR_FILENO) || !futolab::stream_holds_data(STDOUT_FILENO, command_words()).empty())
        return;
    std::cout << line << std::flush;
}

// Whether a refusal goes away from standard error: a StreamAliasError about it (the command's
// own check, red-team round 10), or standard error a file of futolab data or named on the
// command line (a usage error comes before the command's own checks).
bool away_from_stderr(const std::exception* e) {
    if (const auto* alias = dynamic_cast<const futolab::StreamAliasError*>(e); alias && alias->stream() == STDERR_FILENO)
        return true;
    return !futolab::stream_holds_data(STDERR_FILENO, command_words()).empty();
}

// Messages quote what the user gave (a value, a cell, a path): its invisible characters are
// shown (<U+FEFF>, <U+202E>), or "'\ufeff1' is not a number" would read "'1' is not a number";
// and so are line breaks (<U+000A>): a message is one line, and a file named "x\nfutolab: ok"
// must not print a second one. A NUL in data quoted shows as <U+0000> (core/error.hpp nul_kept).
int report(const char* kind, const std::exception& e, int code) {
    print_message("futolab: " + std::string(kind) + futolab::visible_message(e.what()) + "\n",
                  away_from_stderr(&e));
    return code;
}

// Standard output or error redirected into a file another live futolab writes, or into a lock
// file (`run b.yaml >> out/k.csv` during k's run, `2>> out/.k.csv.lock`: round 11, F5 and F8),
// and a standard error that is futolab data: refused before anything is printed or parsed, the
// message on the other stream. A warm worker (`futolab worker`) inherits its parent's streams
// and is left alone.
int refuse_streams() {
    for (const int stream : {STDOUT_FILENO, STDERR_FILENO}) {
        const std::string why = futolab::stream_problem(stream);
        if (why.empty()) continue;
        const int other = stream == STDOUT_FILENO ? STDERR_FILENO : STDOUT_FILENO;
        const std::string line = fmt::format("futolab: {} is {}\n", stream == STDOUT_FILENO ? "standard output" : "standard error",
                                             futolab::visible_text(why, futolab::LineBreaks::shown));
        const bool other_is_data = !futolab::stream_problem(other).empty() ||
                                   (other == STDERR_FILENO && !futolab::stream_data_kind(STDERR_FILENO).empty());
        if (!same_open_file(stream, other) && !other_is_data)
            (void)!::write(other, line.data(), line.size());
        return kExitBadInput;
    }
    // A results CSV, sidecar, schema, outputs file or lock as standard error: refused (round 11,
    // F1: a progress bar or a usage error became the CSV's last line, breaking every reader).
    if (const std::string kind = futolab::stream_data_kind(STDERR_FILENO); !kind.empty()) {
        std::error_code ec;
        const std::string name = std::filesystem::read_symlink("/proc/self/fd/2", ec).string();
        print_message(fmt::format("futolab: {}: is also this command's standard error (a redirect such as 2> or 2>> to it), "
                                  "and is {}: its messages would be written into it; redirect them to another file\n",
                                  futolab::visible_text(name, futolab::LineBreaks::shown), kind),
                      true);
        return kExitBadInput;
    }
    // An experiment's results CSV, sidecar, schema, exported outputs, lock or few-relations
    // checkpoint file as standard output: refused first thing too, whatever the command (its
    // records, a table, a summary, the help text would all be appended). Each record writer
    // refused it on its own, and grade and check did not: `grade x >> fr.csv` of a finished run
    // broke its next resume (red-team round 19, A F4). Standard error is not such a file here:
    // the refusal goes there.
    try {
        futolab::check_stdout_records("", "what futolab prints");
    } catch (const futolab::InputError& e) {
        print_message("futolab: " + futolab::visible_message(e.what()) + "\n", false);
        return kExitBadInput;
    }
    return 0;
}

// The help or version text CLI11 prints for `e`, or, into the /dev/null that stands for a closed
// standard output, refused as a command's product is (exit 2, one line on stderr): `futolab
// --help >&-` printed it there, exit 0 (red-team round 27, left open). The text is made whole,
// then written as every command's text is (write_stdout_text), so a write that fails names its
// cause, exit 1: through std::cout, `--version > /dev/full` said only "a write failed" (red-team
// round 28, A F1).
int printed_text(const CLI::App& app, const CLI::Error& e, bool stdout_closed, std::string_view what) {
    if (stdout_closed) {
        print_message("futolab: " + futolab::app::closed_stdout_text_refusal(what) + "\n", away_from_stderr(nullptr));
        return kExitBadInput;
    }
    std::ostringstream text;
    const int code = app.exit(e, text, std::cerr);
    try {
        futolab::app::write_stdout_text(text.str());
        return code;
    } catch (const std::exception& failed) {
        return report("error: ", failed, kExitFailure);
    }
}

// A descriptor 0, 1 or 2 closed by the caller (`futolab run … 2>&-`) would be the number the
// next open() returns: the results CSV would become "stderr" and receive the progress bar.
// Each closed one is opened on /dev/null first, so every later file gets a number above 2.
// Returns whether standard output was one of them: a command whose product goes there is then
// refused (closed_stdout_refusal), its records not sent into /dev/null.
bool make_std_fds_valid() {
    bool stdout_closed = false;
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        stdout_closed = stdout_closed || fd == STDOUT_FILENO;
        const int null = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null >= 0 && null != fd) {  // open returns the lowest free number: fd itself
            ::dup2(null, fd);
            ::close(null);
        }
    }
    return stdout_closed;
}

}  // namespace

int main(int argc, char** argv) {
    const bool stdout_closed = make_std_fds_valid();
    command_words().assign(argv + 1, argv + argc);
    const bool worker = argc >= 2 && std::string_view(argv[1]) == "worker";
    if (!worker)
        if (const int code = refuse_streams(); code != 0) return code;
    // A file-size limit (`ulimit -f`) then fails a write with EFBIG, as a full disk fails with
    // ENOSPC, and the record streams cut back to their last whole record; by default the kernel
    // would kill futolab in the middle of one.
    std::signal(SIGXFSZ, SIG_IGN);
    // A reader that closed its pipe (`futolab list | head -1`) then fails the write with EPIPE:
    // exit 1 with the reason, scratch folders removed on the way out, never a death by SIGPIPE
    // with nothing said (red-team round 16, A F3). Every program futolab starts gets the default
    // back before its exec (solvers/external/process.cpp, analysis/gnuplot_run.cpp), and a warm
    // worker keeps it: it dies of its sweep's closed pipe as a tool would (sandbox/warm_worker.cpp).
    if (!worker) std::signal(SIGPIPE, SIG_IGN);
    CLI::App app{"futolab: a research harness for the Futoshiki puzzle", "futolab"};
    app.set_version_flag("--version", "futolab " + futolab::futolab_version());
    app.require_subcommand(1);
    futolab::app::Action run;
    // For the sidecar's run.command: each word quoted for a POSIX shell where it needs it, so a
    // pasted command re-runs exactly and never runs a file name as code (core/shell_words.hpp).
    const std::string command_line = futolab::shell_command("futolab", command_words());
    futolab::app::add_commands(app, run, command_line);
    futolab::app::end_options_at_separator(app, command_words());  // every word after `--` an argument
    try {
        futolab::app::refuse_bad_list_items(app, {argv + 1, argv + argc});  // CLI11 drops empty items
        futolab::app::refuse_flag_values(app, {argv + 1, argv + argc});  // `--exact=no` is no way to say "not --exact"
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        futolab::app::drop_surplus_slots(app);  // not in the usage line
        return printed_text(app, e, stdout_closed, "the help text");
    } catch (const CLI::CallForAllHelp& e) {
        futolab::app::drop_surplus_slots(app);
        return printed_text(app, e, stdout_closed, "the help text");
    } catch (const CLI::CallForVersion& e) {
        return printed_text(app, e, stdout_closed, "the version");
    } catch (const CLI::ParseError& e) {
        // In futolab's words, not CLI11's (app/parse_errors.hpp).
        const std::string text = futolab::app::parse_error_text(app, e, command_words());
        print_message("futolab: " + futolab::visible_text(text, futolab::LineBreaks::shown) + "\n", away_from_stderr(nullptr));
        return kExitBadInput;
    } catch (const futolab::InputError& e) {  // a numeric option out of range (app/number_options.hpp)
        return report("", e, kExitBadInput);
    }
    // Its product into the /dev/null that stands for a closed standard output: refused before any
    // work, exit 2 (red-team round 27, A F3: generate's records, solve's results, critical's
    // set were lost there, exit 0 and not a word).
    if (const std::string why = stdout_closed ? futolab::app::closed_stdout_refusal(app) : ""; !why.empty()) {
        print_message("futolab: " + futolab::visible_text(why, futolab::LineBreaks::shown) + "\n", away_from_stderr(nullptr));
        return kExitBadInput;
    }
    try {
        futolab::check_environment();  // a bad FUTOLAB_* value is refused before any work
        futolab::app::refuse_unwritable_words(app, command_words());  // names its sidecar could not hold
        // A killed futolab's scratch folders go at the start of every command (a warm worker
        // started by run reaps nothing: its parent did), not only of one that makes a folder.
        if (!worker) futolab::external::reap_stale_temp_dirs();
        const int code = run ? run() : kExitFailure;
        // Output still buffered for stdout is written now: a full disk or a closed pipe found
        // here is a lost result, so it is a failure even if the command itself succeeded.
        futolab::app::check_stdout();
        if (code != 0) futolab::remove_made_folders();  // as below: what it made and left empty goes
        return code;
    } catch (const futolab::InputError& e) {
        // A refusal leaves nothing behind: the lock files and output folders made before it go
        // again, each lock if no process holds it, each folder if nothing but unheld lock files
        // is in it (red-team round 25, A F2 and left open).
        futolab::remove_made_folders();
        return report("", e, kExitBadInput);
    } catch (const futolab::LockNotMade& e) {
        // The disk's refusal of a lock, before any work (exit 1): the locks made before it go too.
        futolab::remove_made_folders();
        return report("error: ", e, kExitFailure);
    } catch (const futolab::LockNotWritten& e) {
        // The same for a lock file made that took no pid: it goes too, with its folders.
        futolab::remove_made_folders();
        return report("error: ", e, kExitFailure);
    } catch (const std::exception& e) {
        // A failure after the outputs' folders were made (a full disk, a tool's error, a stop):
        // the folders it made that hold nothing but unheld lock files go, with the lock files it
        // made, as on a refusal; a folder with an output written in it stays (red-team round 29,
        // A3: `analyze --tables new/`, `merge`, `run --out new/` failing with exit 1 left them).
        futolab::remove_made_folders();
        return report("error: ", e, kExitFailure);
    }
}
