// A command whose product (records, results, tables, a listing) goes to standard output while the
// caller started futolab with standard output closed (`futolab generate … >&-`, a daemon's job):
// app/main.cpp opens /dev/null on descriptor 1 (so that no file the command opens becomes it), and
// the product went there, lost, exit 0 (red-team round 27, A F3). It is refused instead, exit 2,
// before any work; a command that prints only a summary there (run, merge, report, analyze
// --tables) keeps the /dev/null and goes on.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <string_view>

namespace futolab::app {

// The refusal (without "futolab: ") of the parsed command `app` runs when standard output was
// closed and the command writes its product there, else "": "generate: standard output is closed
// (started with >&- or 1>&-): the records would be lost; give --out FILE, or start it with
// standard output open". The advice names --out (generate, convert, critical) or --tables
// (analyze) only where that option takes the product elsewhere.
std::string closed_stdout_refusal(const CLI::App& app);

// The same refusal of a text futolab prints before any command runs (`what`: "the help text" of
// --help or CMD --help, "the version" of --version), which went into that /dev/null, exit 0:
// "standard output is closed (started with >&- or 1>&-): the help text would be lost; start it
// with standard output open (a file, a pipe or a terminal)".
std::string closed_stdout_text_refusal(std::string_view what);

}  // namespace futolab::app
