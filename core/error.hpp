// Errors for bad input: every message is one line naming the source, the line (and column
// where it helps) and the problem, e.g. "a.futo:5: relations form a cycle: ...".
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace futolab {

// Where a piece of input came from. line/column are 1-based; 0 means unknown.
struct SourceLoc {
    std::string source;  // file path, or "-" for stdin, or a description
    int line = 0;
    int column = 0;
};

// A message travels as a C string (what()), which ends at its first NUL: a message quoting data
// that held one (a CSV cell "vm\0x") printed as "column 'host' is 'vm" and nothing after (red-team
// round 14, B F16). So each NUL of a message is kept as C0 80, the two bytes Modified UTF-8 writes
// U+0000 as, and shown as <U+0000> when the message is printed (core/visible_text.hpp
// visible_message).
std::string nul_kept(std::string text);

// Bad input (malformed text, invalid puzzle, bad option). The CLI maps it to exit code 2.
class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& one_line) : std::runtime_error(nul_kept(one_line)) {}
};

// A file the command would read or write is the very file its standard output or error was
// redirected to (core/atomic_file.hpp, stream_alias_problem). `stream()` is that stream (1 or 2):
// the message of a refusal because of standard error is printed on standard output instead
// (app/main.cpp), or it would be written into the file it protects.
class StreamAliasError : public InputError {
public:
    StreamAliasError(const std::string& one_line, int stream) : InputError(one_line), stream_(stream) {}
    int stream() const { return stream_; }

private:
    int stream_;
};

// "source:line:column: problem" with the unknown parts left out.
std::string format_location(const SourceLoc& loc);

[[noreturn]] void throw_input_error(const SourceLoc& loc, std::string_view problem);

}  // namespace futolab
