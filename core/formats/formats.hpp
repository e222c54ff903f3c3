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
// Why a file futolab writes holding `written` (a puzzle format; none for what is no puzzle format:
// a results CSV, an HTML page) may not be named `path` ("" if it may): a file is named for the
// format it holds (docs/formats.md). Refused: a name ending in another format's extension, "ends
// in .futo, the extension of format 'futo'" (the ending as typed: detection ignores case), read
// back as that format, by extension first, and refused by every command that reads it (red-team
// round 25, C F4: `generate --out g.futo` wrote JSON Lines that `check g.futo` then called "not a
// cell"); a results CSV's companion name (`.meta.yaml`, `.schema.json`), which every command takes
// for that CSV's; and a YAML name (`.yaml`, `.yml`: a config's, a sidecar's, a checkpoint
// file's); and a JSON name (`.json`: one JSON document, as the futolab-bench manifest, which no
// output is). Red-team round 26, C F2: `run` wrote its results CSV as `output: g.jsonl`, `.futo`,
// `x.csv.meta.yaml`, whose puzzle readers then gave JSON's syntax error. A name of no format's
// (`g.txt`) passes. Every command asks it of each file output before any work.
std::string foreign_extension_problem(std::string_view path, std::optional<Format> written);
// By extension; for "-" or an unknown extension, by content. Throws InputError if unknown.
Format detect_format(const std::string& path, std::string_view content);

// Reads every instance of a file ("-" = stdin). Throws InputError on malformed input.
// Ids: the JSONL id if given, else "<stem>:<line>" in multi-instance files, else the stem.
std::vector<Instance> read_instances(const std::string& path);

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
