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

// Bad input (malformed text, invalid puzzle, bad option). The CLI maps it to exit code 2.
class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& one_line) : std::runtime_error(one_line) {}
};

// "source:line:column: problem" with the unknown parts left out.
std::string format_location(const SourceLoc& loc);

[[noreturn]] void throw_input_error(const SourceLoc& loc, std::string_view problem);

}  // namespace futolab
