// futolab: the command line (SPEC §3). Exit codes: 0 success, 1 run-time failure,
// 2 bad usage or bad input (always with a one-line message on stderr).
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/list_items.hpp"
#include "core/env.hpp"
#include "core/error.hpp"
#include "core/visible_text.hpp"
#include "records/build_identity.hpp"

#include <cerrno>
#include <csignal>
#include <exception>
#include <iostream>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace {

constexpr int kExitFailure = 1;
constexpr int kExitBadInput = 2;

// Messages quote what the user gave (a value, a cell, a path): its invisible characters are
// shown (<U+FEFF>, <U+202E>), or "'\ufeff1' is not a number" would read "'1' is not a number";
// and so are line breaks (<U+000A>): a message is one line, and a file named "x\nfutolab: ok"
// must not print a second one.
int report(const char* kind, const std::exception& e, int code) {
    const std::string line = "futolab: " + std::string(kind) + futolab::visible_text(e.what(), futolab::LineBreaks::shown) + "\n";
    // Refused because standard error is a file the command reads or writes: the message goes to
    // standard output, or it would be written into that file (red-team round 10).
    if (const auto* alias = dynamic_cast<const futolab::StreamAliasError*>(&e); alias && alias->stream() == STDERR_FILENO) {
        std::cout << line << std::flush;
        return code;
    }
    std::cerr << line;
    return code;
}

// `code`, unless what was printed on stdout could not be written (help text included).
int checked(int code) {
    try {
        futolab::app::check_stdout();
        return code;
    } catch (const std::exception& e) {
        return report("error: ", e, kExitFailure);
    }
}

// A descriptor 0, 1 or 2 closed by the caller (`futolab run … 2>&-`) would be the number the
// next open() returns: the results CSV would become "stderr" and receive the progress bar.
// Each closed one is opened on /dev/null first, so every later file gets a number above 2.
void make_std_fds_valid() {
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        const int null = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null >= 0 && null != fd) {  // open returns the lowest free number: fd itself
            ::dup2(null, fd);
            ::close(null);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    make_std_fds_valid();
    // A file-size limit (`ulimit -f`) then fails a write with EFBIG, as a full disk fails with
    // ENOSPC, and the record streams cut back to their last whole record; by default the kernel
    // would kill futolab in the middle of one.
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"futolab: a research harness for the Futoshiki puzzle", "futolab"};
    app.set_version_flag("--version", "futolab " + futolab::futolab_version());
    app.require_subcommand(1);
    futolab::app::Action run;
    std::string command_line = "futolab";
    for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
    futolab::app::add_commands(app, run, command_line);
    try {
        futolab::app::refuse_empty_list_items(app, {argv + 1, argv + argc});  // CLI11 drops empty items
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return checked(app.exit(e));
    } catch (const CLI::CallForAllHelp& e) {
        return checked(app.exit(e));
    } catch (const CLI::CallForVersion& e) {
        return checked(app.exit(e));
    } catch (const CLI::ParseError& e) {
        std::cerr << "futolab: " << futolab::visible_text(e.what(), futolab::LineBreaks::shown) << " (see --help)\n";
        return kExitBadInput;
    } catch (const futolab::InputError& e) {  // a numeric option out of range (app/number_options.hpp)
        return report("", e, kExitBadInput);
    }
    try {
        futolab::check_environment();  // a bad FUTOLAB_* value is refused before any work
        const int code = run ? run() : kExitFailure;
        // Output still buffered for stdout is written now: a full disk or a closed pipe found
        // here is a lost result, so it is a failure even if the command itself succeeded.
        futolab::app::check_stdout();
        return code;
    } catch (const futolab::InputError& e) {
        return report("", e, kExitBadInput);
    } catch (const std::exception& e) {
        return report("error: ", e, kExitFailure);
    }
}
