// Reading whole input files, with the one-line InputError every reader gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace futolab {

// The whole file ("-" = standard input). Throws InputError "PATH: cannot read: REASON"
// (missing, a directory, unreadable). Reading is bounded (issue #25): only a regular file (or
// standard input) is read, so a FIFO without a writer, /dev/zero or a terminal is refused at
// once instead of hanging or filling memory; and no input is read beyond
// max_input_bytes(), so `yes | futolab solve -` stops with a message instead of bad_alloc.
// A file that is also standard output or error (`futolab analyze a.csv >> a.csv`, `2>> a.csv`)
// is refused: the command's output or messages would be written into its own input.
std::string read_text_file(const std::string& path);
// The same, with `stop_fd` (an Interrupt's fd, readable once a stop was requested) watched while
// standard input is read: a stop ends the read (std::runtime_error "interrupted while reading
// standard input"), not only its end of file (a terminal, a pipe that never closes).
std::string read_text_file(const std::string& path, int stop_fd);

// The stop fd a read of standard input watches when its caller passes none: the innermost
// SignalScope's (sandbox/interrupt.hpp sets it for its lifetime; -1 when none lives). A command
// that takes the stop signals from its start and reads `-` deep in a library that passes no
// stop (analyze, report, compare) would otherwise have its stop taken by the scope while the
// read, watching nothing, waited forever (a CI run of red-team round 30's fix F4). Returns the
// fd it replaces.
int exchange_ambient_stop_fd(int fd);
// The same refusal alone, for a command that prints before it reads (compare's notes): throws
// StreamAliasError if `path` (an existing regular file; "-" means standard input) is also this
// process's standard output or error.
void refuse_input_on_own_stream(const std::string& path);

// An input a command reads, as its command line names it: `what` is "input 2" (the second of
// its input list) or an option ("--expect", "--commands"), `path` the name given there.
struct NamedInput {
    std::string what;
    std::string path;
};

// For a command that reads several inputs: throws InputError "P: given twice (W1 and W2):
// standard input can be read only once; name it once" if two of `inputs` name standard input
// (core/atomic_file.hpp names_standard_input: "-", /dev/stdin, /dev/fd/0, /proc/self/fd/0), before
// anything is read; W is "inputs I and J" for two of the input list, else what each is, with the
// second name if it differs ("--expect and input 1", "input 1 and --commands as /dev/stdin").
// Standard input is one stream: `solve - -` and `check - -` solved or checked its puzzles twice
// from the one text read (red-team round 24, left open), `analyze - -` was refused only once
// both were read, and `compare - -` compared it with itself; `check --expect - -`, `solve -
// --commands -` and `critical --check-certificate - -` handed its one text to two readers, whose
// message blamed the content (red-team round 26, C F7). Every command that takes several inputs,
// by its list or by options, asks this first, so they agree.
void refuse_stdin_twice(const std::vector<NamedInput>& inputs);
// The same for a command's input list alone (named "input 1", "input 2", …).
void refuse_stdin_twice(const std::vector<std::string>& inputs);
// `inputs` named as an input list's ("input 1", "input 2", …), for options to be added to.
std::vector<NamedInput> numbered_inputs(const std::vector<std::string>& inputs);

// The first line of the file, through its '\n' (the whole file if it has none), read under
// read_text_file's rules (a regular file or standard input, not standard output, capped): for
// a command that needs only a CSV's header (`futolab schema`).
std::string read_first_line(const std::string& path);

// `text` without a UTF-8 byte-order mark at its start (the bytes EF BB BF: Windows editors and a
// spreadsheet's "CSV UTF-8" write one). It is no data of any file futolab reads (docs/formats.md):
// every reader, and every look at a file's first bytes, skips it through this one rule.
std::string_view without_byte_order_mark(std::string_view text);

// The first `bytes` bytes of the regular file at `path` after a byte-order mark at its start
// (fewer if it is shorter; "" if it is no regular file or cannot be read; a FIFO is not waited
// for): to tell a file's kind by its first line (a results CSV's header, a certificate's, a
// sidecar's first key) as its own reader would read it. A look at the raw bytes took a results
// CSV re-saved with a mark for no results CSV, and a resume refused its own export.
std::string read_file_head(const std::string& path, std::size_t bytes);

// What a file of this type (st_mode) is, for a message: "a regular file", "a folder", "a FIFO
// (named pipe)", "a device", "a socket".
const char* file_type_name(mode_t mode);

// The cap on one input: $FUTOLAB_MAX_INPUT_BYTES (a whole number of bytes, at least 1 MiB)
// if set and valid, else 1 GiB. A set but invalid value is an InputError naming it.
std::size_t max_input_bytes();

// FNV-1a, 64 bits (Fowler, Noll & Vo): the stable, machine-independent hash behind
// instance_hash and the config hash of experiment sidecars. `h`: the hash of the bytes before
// `text`, to hash a file chunk by chunk (the offset basis for the first chunk).
inline constexpr std::uint64_t kFnv1aOffset = 14695981039346656037ull;
std::uint64_t fnv1a64(std::string_view text, std::uint64_t h = kFnv1aOffset);

}  // namespace futolab
