// File formats of SPEC §2: one table of formats, detection by extension or content, and
// readers/writers. Each format lives in its own file (futo.cpp, jsonl.cpp, tatham.cpp,
// essence.cpp, dzn.cpp, usp.cpp); this header is the only door to them.
#pragma once

#include "core/instance.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

enum class Format { futo, jsonl, tatham, essence, dzn, usp };

struct FormatInfo {
    Format format;
    std::string_view name;                     // as given to --to
    std::vector<std::string_view> extensions;  // with the dot
    bool readable;
    bool multi_instance;  // can one file hold several instances?
    std::string_view description;
};

const std::vector<FormatInfo>& format_table();
const FormatInfo& format_info(Format format);
// Throws InputError listing the valid names.
Format format_from_name(std::string_view name);
std::optional<Format> format_from_extension(std::string_view path);
// What futolab writes other than puzzles (puzzles, critical's records and certificates are a
// Format: JSON Lines or a text format), for the output-name rule below.
enum class OutputKind { results_csv, report_page, folder };
// Why an output holding `written` may not be named `path` ("" if it may): a file is named for the
// kind it holds (docs/formats.md). One table of kinds and their endings (formats.cpp,
// named_kinds: each puzzle format's extensions, .csv a results CSV's, .html and .htm a report
// page's, a results CSV's companion names `.meta.yaml` and `.schema.json`, YAML's `.yaml` and
// `.yml`: configs, sidecars, checkpoint files, and `.json`: one JSON document, as the
// futolab-bench manifest, which no output is); a name ending, in any case, in an ending of
// another kind than `written` is refused, "ends in .futo, the extension of format 'futo'" (the
// ending as typed: detection ignores case), since every command reads a file back by its name
// first. A folder owns none of them. Red-team round 25, C F4: `generate --out g.futo` wrote JSON
// Lines that `check g.futo` then called "not a cell"; round 26, C F2: `run` wrote its results CSV
// as `output: g.jsonl`, `x.csv.meta.yaml`; round 27, C F6, A F2, B F10: `generate --out g.csv`,
// `critical --out k.csv` (its results CSV then k.csv.csv), `report --out r.csv`,
// `merge --out m.html`. A name of no kind's (`g.txt`, `g.cert`) passes. Every command asks it of
// each output before any work.
std::string foreign_extension_problem(std::string_view path, Format written);
std::string foreign_extension_problem(std::string_view path, OutputKind written);
// By extension; for "-" or an unknown extension, by content. Throws InputError if unknown.
Format detect_format(const std::string& path, std::string_view content);

// Reads every instance of a file ("-" = stdin). Throws InputError on malformed input.
// Ids: the JSONL id if given, else "<stem>:<line>" in multi-instance files, else the stem.
std::vector<Instance> read_instances(const std::string& path);
// The same, with `stop_fd` watched while standard input is read (read_text_file(path, stop_fd)).
std::vector<Instance> read_instances(const std::string& path, int stop_fd);

// An input left out by a lenient read (`futolab run --skip-invalid`): the id it has or would
// have had, and the one-line error that rejected it.
struct SkippedInput {
    std::string id;
    std::string error;
};

// Reads like read_instances, but bad input is recorded in `skipped` instead of thrown: a bad
// line of a JSONL or Tatham file skips that line (ids of the others do not change); in the
// other formats, whose records cannot be told apart once the text is broken, the whole file.
// A file that cannot be opened is still an error.
std::vector<Instance> read_instances(const std::string& path, std::vector<SkippedInput>& skipped);

// `skipped` null: throw on the first bad record; else skip bad lines of line formats (above).
std::vector<Instance> parse_instances(std::string_view text, const std::string& source, Format format,
                                      std::vector<SkippedInput>* skipped = nullptr);

// Writes instances in a format. Throws InputError if the format is single-instance and
// there is more than one.
std::string write_instances(const std::vector<Instance>& instances, Format format);

}  // namespace futolab
