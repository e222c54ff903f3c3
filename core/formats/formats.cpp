// The table of formats, detection by extension or content, and the dispatch to the
// per-format readers and writers (futo.cpp, jsonl.cpp, tatham.cpp, essence.cpp, dzn.cpp, usp.cpp).
#include "core/formats/formats.hpp"

#include "core/files.hpp"

#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/file_kind.hpp"
#include "core/formats/readers.hpp"
#include "core/formats/text.hpp"
#include "core/live_writer.hpp"
#include "core/reader_memory.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <new>
#include <sstream>
#include <stdexcept>

namespace futolab {

using namespace formats_internal;

const std::vector<FormatInfo>& format_table() {
    static const std::vector<FormatInfo> rows{
        {Format::futo, "futo", {".futo"}, true, true, "grid text for people (2n-1 lines per puzzle)"},
        {Format::jsonl, "jsonl", {".jsonl"}, true, true, "JSON Lines corpus, one instance per line"},
        {Format::tatham, "tatham", {".tatham"}, true, true, "Simon Tatham's Unequal game IDs, one per line"},
        {Format::essence, "essence", {".param", ".essence-param"}, true, false, "Essence parameter file (Conjure)"},
        {Format::dzn, "dzn", {".dzn"}, false, false, "MiniZinc data for models/futoshiki.mzn (write only)"},
        {Format::usp, "usp", {".usp"}, true, true, "USP course files: T, then per instance 'n R', R relations, n rows"},
    };
    return rows;
}

const FormatInfo& format_info(Format format) {
    for (const FormatInfo& info : format_table())
        if (info.format == format) return info;
    throw std::logic_error("format missing from format_table()");
}

// A name as given to --to; an extension without its dot ("param") is accepted too.
Format format_from_name(std::string_view name) {
    std::string names;
    for (const FormatInfo& info : format_table()) {
        if (info.name == name) return info.format;
        for (std::string_view ext : info.extensions)
            if (ext.substr(1) == name) return info.format;
        names += (names.empty() ? "" : ", ") + std::string(info.name);
    }
    throw InputError(fmt::format("unknown format {} (valid: {})", quoted(name, 40), names));
}

std::optional<Format> format_from_extension(std::string_view path) {
    std::string name = std::filesystem::path(path).filename().string();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::tolower(ch); });
    for (const FormatInfo& info : format_table())
        for (std::string_view ext : info.extensions)
            if (name.size() > ext.size() && name.ends_with(ext)) return info.format;
    return std::nullopt;
}

namespace {

// The longest of `endings` (lowercase, with their dot) that `name` ends in, in any case as
// detection reads it, as typed; "" if none. A name that is only the ending (`.yaml`) has none.
std::string ending_in(const std::string& name, const std::vector<std::string>& endings) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    std::size_t longest = 0;  // `.essence-param`, not the `.param` it also ends in
    for (const std::string& ending : endings)
        if (lower.size() > ending.size() && ending.size() > longest && lower.ends_with(ending)) longest = ending.size();
    return name.substr(name.size() - longest);
}

// Who a name's ending belongs to: a puzzle format, another kind of output, or no output at all
// (what futolab only reads, or writes beside a results CSV by itself).
struct Owner {
    std::optional<Format> format;
    std::optional<OutputKind> kind;
    bool operator==(const Owner&) const = default;
};

// A kind of file and the endings (lowercase, with their dot) that name it, as the refusal says it.
struct NamedKind {
    Owner owner;
    std::vector<std::string> endings;  // owned: a companion's is made at run time
    std::string what;  // after "ends in .x, "
};

// Every ending futolab reads a file by, in the order asked: a companion's whole name before the
// .yaml and .json it ends in.
const std::vector<NamedKind>& named_kinds() {
    static const std::vector<NamedKind> kinds = [] {
        // A results CSV's companions (core/live_writer.hpp): every command looks for them beside
        // the CSV their name begins with, and tells them by that name.
        const std::vector<std::string> companions = companions_of("");
        std::vector<NamedKind> rows{
            {{}, {companions[0]}, "the name of a results CSV's metadata sidecar"},
            {{}, {companions[1]}, "the name of a results CSV's column schema"},
        };
        for (const FormatInfo& info : format_table())
            rows.push_back({{info.format, {}}, {info.extensions.begin(), info.extensions.end()}, fmt::format("the extension of format '{}'", info.name)});
        // What futolab reads as YAML: a config (`run`), a sidecar, a checkpoint file.
        rows.push_back({{}, {".yaml", ".yml"}, "the extension of futolab's YAML files (experiment configs, sidecars, checkpoint files)"});
        // One JSON document, as the bench manifest futolab reads is: no output is (puzzles and
        // certificates are JSON Lines, a line an object), and a tool that opens a .json file reads
        // one value and stops at the second line.
        rows.push_back({{}, {".json"}, "the extension of a single JSON document (such as the futolab-bench manifest)"});
        // What analyze, merge and report read by name, and what scripts glob as results
        // (`results/*.csv`); a page a browser opens by its name.
        rows.push_back({{{}, OutputKind::results_csv}, {".csv"}, "the extension of a results CSV"});
        rows.push_back({{{}, OutputKind::report_page}, {".html", ".htm"}, "the extension of a report page (HTML)"});
        return rows;
    }();
    return kinds;
}

std::string foreign_ending_problem(std::string_view path, const Owner& written) {
    const std::string name = std::filesystem::path(path).filename().string();
    for (const NamedKind& kind : named_kinds()) {
        const std::string end = ending_in(name, kind.endings);
        if (end.empty()) continue;
        if (kind.owner == written) return "";  // its own ending (`.essence-param`, not the `.param` of no other)
        return fmt::format("ends in {}, {}", end, kind.what);
    }
    return "";
}

}  // namespace

std::string foreign_extension_problem(std::string_view path, Format written) {
    return foreign_ending_problem(path, {written, {}});
}

std::string foreign_extension_problem(std::string_view path, OutputKind written) {
    // `d.csv/` names the folder d.csv: its name is before the slashes (filename() would be "").
    if (written == OutputKind::folder)
        while (path.size() > 1 && path.ends_with('/')) path.remove_suffix(1);
    return foreign_ending_problem(path, {{}, written});
}

namespace {

constexpr std::string_view kPuzzleFile = "a puzzle file";

// `5:…`, `12dx:…`: the order, parameter letters, a colon.
bool looks_like_tatham(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
    if (i == 0) return false;
    while (i < line.size() && line[i] >= 'a' && line[i] <= 'z') ++i;
    return i < line.size() && line[i] == ':';
}

bool looks_like_grid(std::string_view line) {
    const auto tokens = split_tokens(line.substr(0, line.find('#')));
    return !tokens.empty() && std::all_of(tokens.begin(), tokens.end(), [](const Token& t) {
        return is_digits(t.text) || t.text == "." || t.text == "_" || t.text == "<" || t.text == ">";
    });
}

// Whole numbers only, exactly `count` of them.
bool is_number_line(std::string_view line, std::size_t count) {
    const auto tokens = split_tokens(line);
    return tokens.size() == count &&
           std::all_of(tokens.begin(), tokens.end(), [](const Token& t) { return is_digits(t.text); });
}

// USP course files (.txt in the wild): a lone count T, then an `n R` line. A lone number
// would otherwise read as a 1x1 grid-text row, which is never a valid puzzle.
bool looks_like_usp(const std::vector<Line>& lines, std::size_t first) {
    if (!is_number_line(lines[first].text, 1)) return false;
    for (std::size_t i = first + 1; i < lines.size(); ++i)
        if (!trim(lines[i].text).empty()) return is_number_line(lines[i].text, 2);
    return false;
}

// The first significant line decides (with the next one for usp); comment lines (# or $)
// are skipped.
std::optional<Format> sniff(std::string_view content) {
    const std::vector<Line> lines = split_lines(content);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view t = trim(lines[i].text);
        if (t.empty() || t[0] == '#' || t[0] == '$') continue;
        if (t[0] == '{') return Format::jsonl;
        if (t.starts_with("letting") || t.starts_with("language")) return Format::essence;
        if (looks_like_tatham(t)) return Format::tatham;
        if (looks_like_usp(lines, i)) return Format::usp;
        if (looks_like_grid(t)) return Format::futo;
        return std::nullopt;
    }
    return std::nullopt;
}

// Rejects what cannot be a text puzzle file: nothing at all, binary bytes, or a CR that no LF
// follows (old Mac line ends: every format read such a file as one long line and refused it for
// that, "a 28x28 grid needs 55 significant lines, found 1": red-team round 28, C F9).
void check_text(std::string_view text, const std::string& source) {
    if (trim(text).empty()) fail(source, 0, 0, "empty input");
    if (const auto bad = find_binary_byte(text))  // core/binary_data.hpp: every reader's rule
        fail(source, static_cast<int>(bad->line), static_cast<int>(bad->column),
             binary_data(bad->byte, "a text puzzle file"));
    if (const auto cr = find_lone_carriage_return(text))
        fail(source, static_cast<int>(cr->line), static_cast<int>(cr->column), lone_carriage_return());
}

}  // namespace

Format detect_format(const std::string& path, std::string_view content) {
    // A results CSV, sidecar, schema or config, whatever its name (`output: g.jsonl`), is said to
    // be one, not "malformed JSON" or "cannot tell the format" (red-team round 26, C F2).
    refuse_other_file_kind(content, path, kPuzzleFile);
    if (path != "-")
        if (auto format = format_from_extension(path)) return *format;
    if (auto format = sniff(without_byte_order_mark(content))) return *format;
    std::string readable;  // the extensions of the formats futolab reads, from the table
    for (const FormatInfo& info : format_table())
        if (info.readable)
            for (std::string_view ext : info.extensions) readable += " " + std::string(ext);
    fail(path, 0, 0, "cannot tell the format (use an extension:" + readable + ")");
}

std::vector<Instance> read_instances(const std::string& path) { return read_instances(path, -1); }

std::vector<Instance> read_instances(const std::string& path, int stop_fd) {
    const std::string content = stop_fd >= 0 ? read_text_file(path, stop_fd) : read_text_file(path);
    check_text(content, path);
    return parse_instances(content, path, detect_format(path, content));
}

std::vector<Instance> read_instances(const std::string& path, std::vector<SkippedInput>& skipped) {
    const std::string content = read_text_file(path);  // a missing file is not skipped
    try {
        return parse_instances(content, path, detect_format(path, content), &skipped);
    } catch (const InputError& e) {  // not a line format, or no line was readable
        skipped.push_back({file_stem(path), e.what()});
        return {};
    }
}

namespace {

std::vector<Instance> read_format(std::string_view text, const std::string& source, Format format,
                                  std::vector<SkippedInput>* skipped) {
    switch (format) {
        case Format::futo: return read_futo(text, source);
        case Format::jsonl: return read_jsonl(text, source, skipped);
        case Format::tatham: return read_tatham(text, source, skipped);
        case Format::essence: {
            std::vector<Instance> one;
            one.push_back(read_essence(text, source));  // moved: a list {…} would copy its clues
            return one;
        }
        case Format::dzn: fail(source, 0, 0, "dzn is write-only (MiniZinc data is not read back)");
        case Format::usp: return read_usp(text, source);
    }
    throw std::logic_error("unhandled format");
}

}  // namespace

std::vector<Instance> parse_instances(std::string_view text, const std::string& source, Format format,
                                      std::vector<SkippedInput>* skipped) {
    text = without_byte_order_mark(text);
    check_text(text, source);
    refuse_other_file_kind(text, source, kPuzzleFile);  // as detect_format, for a format given
    std::vector<Instance> out;
    const std::size_t skipped_before = skipped ? skipped->size() : 0;
    try {
        out = read_format(text, source, format, skipped);
    } catch (const std::bad_alloc&) {
        // The reader's memory is freed by now. Under a job's memory cap the bare
        // "std::bad_alloc", exit 1, named no file (red-team round 23, C F8).
        refuse_out_of_memory_reading(source, text.size());
    }
    if (out.empty() && skipped && skipped->size() > skipped_before) return out;  // each bad line is recorded
    if (out.empty()) fail(source, 0, 0, "no instance found (only comments and blank lines)");
    return out;
}

std::string write_instances(const std::vector<Instance>& instances, Format format) {
    const FormatInfo& info = format_info(format);
    if (!info.multi_instance && instances.size() != 1)
        throw InputError(fmt::format("format '{}' holds exactly one instance per file, got {}", info.name,
                                     instances.size()));
    switch (format) {
        case Format::futo: return write_futo(instances);
        case Format::jsonl: return write_jsonl(instances);
        case Format::tatham: return write_tatham(instances);
        case Format::essence: return write_essence(instances.front());
        case Format::dzn: return write_dzn(instances.front());
        case Format::usp: return write_usp(instances);
    }
    throw std::logic_error("unhandled format");
}

}  // namespace futolab
