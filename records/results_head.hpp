// Is it a results CSV at all? Where a results CSV belongs (analyze, report, compare, schema,
// merge, check --expect, run --resume), a file that is none (a JSON Lines puzzle file, a YAML
// config, a binary file, an empty file) is named so by its first line alone, before any RFC
// 4180 rule or sidecar is asked about it: InputError "FILE: not a futolab results CSV (its
// first line is not the results header: WHY)". Red-team round 25, C F5: a `.jsonl` got "a
// quote inside a field that does not start with one" and merge "FILE.meta.yaml: no such file",
// sending the user to look for a quoting problem in a CSV they never gave.
// A line that names futolab's columns is a results CSV's header, damaged or not: a stray quote,
// a CR that ends no line or a bad field is left to the CSV reader, which names line and field.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// Why `text` is not a futolab results CSV, judged by its first line (after a byte-order mark)
// alone; "" if that line names a futolab column (records/columns.hpp). That is all it asks:
// analyze, report, compare and check --expect match columns by name and read hand-made CSVs
// of a few; merge, schema and resume then hold the header to theirs, in their own words.
// E.g. "the file is empty", "it is JSON ('{"id":"a","n":4}'): JSON Lines, a puzzle or outputs
// file?", "binary data (byte 0x00): not a text file", "it names no futolab column ('a,b')".
std::string results_head_problem(std::string_view text);

// InputError "SOURCE: not a futolab results CSV (its first line is not the results header: WHY)"
// if results_head_problem says why.
void check_results_head(std::string_view text, const std::string& source);

// check_results_head on the first line of the file at `path`, read under every input's rules
// (core/files.hpp, read_first_line: a FIFO or a device is refused, a long line capped).
void check_results_file_head(const std::string& path);

// check_results_file_head, and for the readers that take only what futolab wrote (merge, run
// --resume): a header that does not look like futolab's (records/header_names.hpp: a CSV of
// other columns, which names one or two of futolab's) is none either, said before its sidecar is
// asked for ("its .meta.yaml: no such file"). A header of futolab's with a column misspelt passes:
// the caller names the column (results_csv.hpp header_difference).
void check_futolab_results_file_head(const std::string& path);

}  // namespace futolab
