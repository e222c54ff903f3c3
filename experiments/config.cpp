#include "experiments/config.hpp"

#include "core/yaml_bounds.hpp"
#include "core/yaml_exact.hpp"
#include "core/yaml_fields.hpp"

#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/file_kind.hpp"
#include "core/files.hpp"
#include "core/json_read.hpp"
#include "core/message_text.hpp"
#include "core/numbers.hpp"
#include "core/puzzle.hpp"
#include "core/seed_range.hpp"
#include "critical/zero_given/few_relations_shards.hpp"
#include "generators/latin/symmetry.hpp"
#include "experiments/methods.hpp"
#include "records/build_identity.hpp"
#include "records/results_file.hpp"
#include "solvers/command/argv_template.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/command/counter_rules.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace futolab {
namespace {

// yaml-cpp's name of the tag !!str (a plain scalar's tag is "?", a quoted one's "!").
constexpr std::string_view kStrTag = "tag:yaml.org,2002:str";

// Error helpers that name the config file and the node's position (yaml-cpp marks are 0-based).
class Where {
public:
    // `text`: the config's text, where an empty value is placed (it must outlive this).
    Where(std::string path, std::string_view text) : path_(std::move(path)), text_(text) {}

    SourceLoc at(const YAML::Node& node) const {
        const YAML::Mark m = node.Mark();
        return {path_, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0};
    }

    [[noreturn]] void fail(const YAML::Node& node, const std::string& problem) const { throw_input_error(at(node), problem); }

    // A map or list left empty (`limits:`) or null: named just after its key, as an empty value
    // is (empty() below), not at the next line or past the file's end, where yaml-cpp places it
    // (red-team round 31, H7).
    void not_null(const YAML::Node& node, const std::string& what, std::string_view hint) const {
        if (node.IsNull()) empty(node, what, hint);
    }

    // Every key of `map` must be in `allowed`, and appear once.
    void keys(const YAML::Node& map, const std::vector<std::string>& allowed, const std::string& what) const {
        not_null(map, what, "give its keys, or leave it out");
        if (!map.IsMap()) fail(map, what + " must be a mapping");
        std::set<std::string> seen;
        for (const auto& kv : map) {
            // A key may be any YAML node (`? [a, b]`); as<std::string>() would throw a
            // YAML::BadConversion that is not an InputError (tests/data/fuzz-regressions/config).
            if (!kv.first.IsScalar()) fail(kv.first, "keys of " + what + " must be plain names");
            const std::string key = kv.first.as<std::string>();
            if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
                fail(kv.first, fmt::format("unknown key '{}' in {} (valid: {})", key, what, fmt::join(allowed, ", ")));
            if (!seen.insert(key).second) fail(kv.first, fmt::format("key '{}' is given twice", key));
        }
    }

    // Every value of a config is read here. A control byte that only an escape can put in a
    // value ("\x01", "\e") is refused as it is in the text around it (core/binary_data.hpp): a
    // path, a name or an argv element is text (red-team round 14, B F3; a NUL is refused by
    // load_yaml_bounded, in every YAML file).
    // A text value may be quoted (names, paths, solver specs: `"gac"`) and tagged !!str, which
    // says the same; any other tag (`!!int`, `!custom`) would make another YAML reader take the
    // value as something else, or refuse it.
    std::string scalar(const YAML::Node& node, const std::string& what) const {
        if (node.IsNull()) empty(node, what);
        if (!node.IsScalar()) fail(node, what + " must be a single value");
        if (const auto bad = find_binary_byte(node.Scalar())) fail(node, what + ": " + escaped_binary_data(bad->byte));
        if (const std::string& tag = node.Tag(); tag != "?" && tag != "!" && tag != kStrTag)
            fail(node, fmt::format("{}: '{}' has the YAML tag {}: a config value takes none but !!str on text", what,
                                   message_text(node.Scalar(), 40), yaml_tag_name(tag)));
        return node.Scalar();
    }

    // A number, a duration, a size or a flag as the config's YAML says it to every reader: plain
    // (`seed: "1"` and `seed: !!str 1` are text to other readers, `!!float 1` is 1.0, yet each ran
    // as seed 1: red-team round 26, C F9), and with no leading zero in its whole part (`seed: 010`
    // is the octal 8 to a YAML 1.1 reader such as PyYAML, and ran as seed 10: B F5). The config
    // text is the provenance its sidecar keeps: it must mean to other readers what it meant here.
    std::string plain(const YAML::Node& node, const std::string& what) const {
        if (node.IsScalar() && node.Tag() != "?")  // "!": quoted (or tagged `!`, which says the same)
            fail(node, fmt::format("{}: '{}' is {}: a number or flag is written plain (other YAML readers take it for {})",
                                   what, message_text(node.Scalar(), 40),
                                   node.Tag() == "!" ? "quoted" : "tagged " + yaml_tag_name(node.Tag()),
                                   node.Tag() == "!" ? "text" : "what its tag says"));
        const std::string text = scalar(node, what);
        const std::size_t digits = text.starts_with('-') || text.starts_with('+') ? 1 : 0;
        if (text.size() > digits + 1 && text[digits] == '0' && text[digits + 1] >= '0' && text[digits + 1] <= '9')
            fail(node, fmt::format("{}: '{}' has a leading zero, which YAML 1.1 readers take for an octal number: write it "
                                   "without",
                                   what, message_text(text, 40)));
        return text;
    }

    // A duration or a memory size: with its unit ("10s", "2GiB") it is text to every YAML reader,
    // quoted or not, and is read as text; a bare number ("10", seconds) is a number, plain.
    std::string measure(const YAML::Node& node, const std::string& what) const {
        const bool unit = node.IsScalar() && !node.Scalar().empty() &&
                          std::isalpha(static_cast<unsigned char>(node.Scalar().back())) != 0;
        return unit ? scalar(node, what) : plain(node, what);
    }

    // A whole number in [min, max] (core/numbers.hpp), e.g. "repeats: 0 is too small
    // (accepted: 1 to 2147483647)"; the position is that of the value. `note` follows the range.
    std::uint64_t whole(const YAML::Node& node, const std::string& what, std::uint64_t min,
                        std::uint64_t max = kMaxWhole, std::string_view note = {}) const {
        const std::string text = plain(node, what);
        try {
            return parse_uint_in(text, what, {min, max, note});
        } catch (const NumberError& e) {
            fail(node, e.what());
        }
    }

    // A finite number in `range`.
    double real(const YAML::Node& node, const std::string& what, const RealRange& range) const {
        const std::string text = plain(node, what);
        try {
            return parse_double_in(text, what, range);
        } catch (const NumberError& e) {
            fail(node, e.what());
        }
    }

    // A whole number that is stored as an int: checked against int's range, never truncated
    // (`repeats: 4294967296` was once read as 0 runs).
    int whole_int(const YAML::Node& node, const std::string& what, int min) const {
        return static_cast<int>(whole(node, what, static_cast<std::uint64_t>(min),
                                      static_cast<std::uint64_t>(std::numeric_limits<int>::max())));
    }

private:
    // A value left empty (`name:`) or written as null (`name: ~`, `null`), where one value is
    // needed: both were "must be a single value", the empty one at the line after its key, where
    // yaml-cpp places a value that is not there (red-team round 28, C F9). An empty value is named
    // just after its key's colon (or its item's dash), a null at itself.
    [[noreturn]] void empty(const YAML::Node& node, const std::string& what, std::string_view hint = "give a value") const {
        const std::size_t at = offset(node.Mark());
        const std::string_view rest = at < text_.size() ? text_.substr(at) : std::string_view();
        for (std::string_view null : {"~", "null", "Null", "NULL"})
            if (rest.starts_with(null) &&
                (rest.size() == null.size() || std::string_view(" \t\r\n,]}#").find(rest[null.size()]) != std::string_view::npos))
                fail(node, fmt::format("{} is empty (null): {}", what, hint));
        const std::size_t after = after_indicator(std::min(at, text_.size()));
        if (after == std::string_view::npos) fail(node, fmt::format("{} is empty: {}", what, hint));
        const auto line_start = text_.rfind('\n', after == 0 ? std::string_view::npos : after - 1);
        const int line = 1 + static_cast<int>(std::count(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(after), '\n'));
        const int column = static_cast<int>(line_start == std::string_view::npos ? after : after - line_start - 1) + 1;
        throw_input_error({path_, line, column}, fmt::format("{} is empty: {}", what, hint));
    }

    // The byte offset of a yaml-cpp mark (0-based line and column) in the text; npos if past it.
    std::size_t offset(const YAML::Mark& m) const {
        if (m.line < 0 || m.column < 0) return std::string_view::npos;
        std::size_t start = 0;
        for (int line = 0; line < m.line; ++line) {
            start = text_.find('\n', start);
            if (start == std::string_view::npos) return start;
            ++start;
        }
        return start + static_cast<std::size_t>(m.column);
    }

    // Back from `at` over white space, line ends and comments to the indicator an empty value
    // follows (`:` of its key, `-` of its item, `,` `[` `{` `?` in a flow): the offset just after
    // it, npos if something else comes first.
    std::size_t after_indicator(std::size_t at) const {
        std::size_t i = at;
        while (i > 0) {
            const char ch = text_[i - 1];
            if (ch == ' ' || ch == '\t' || ch == '\r') {
                --i;
            } else if (ch == '\n') {
                // The line before, up to its comment: a `#` at its start or after white space.
                const std::size_t end = --i;
                const std::size_t begin = i == 0 ? 0 : text_.rfind('\n', i - 1) + 1;  // npos + 1 = 0
                for (std::size_t k = begin; k < end; ++k)
                    if (text_[k] == '#' && (k == begin || text_[k - 1] == ' ' || text_[k - 1] == '\t')) {
                        i = k;
                        break;
                    }
            } else {
                return std::string_view(":-,[{?").find(ch) != std::string_view::npos ? i : std::string_view::npos;
            }
        }
        return std::string_view::npos;
    }

    std::string path_;
    std::string_view text_;
};

// The largest value of a key read into an int: nothing is truncated (4294967296 is not 0).
constexpr std::uint64_t kMaxInt = std::numeric_limits<int>::max();

// Values of one {from, to, step} sweep: far more than any experiment, far less than memory.
constexpr double kMaxSweepValues = 100000;

const std::vector<std::string> kTopKeys{"name",      "description", "seed",    "repeats", "order",  "warmup",
                                        "pin",       "max_runs",    "task",    "mode",    "limits", "grade",
                                        "instances", "solvers",     "methods", "output",  "isolation", "builds",
                                        "commands"};

Mode read_mode(const Where& w, const YAML::Node& node) {
    if (node.IsScalar() && node.Scalar() == "first") return Mode::first();
    // Either form, named as such (red-team round 31, H7: "mode must be a mapping", where `first` is taken).
    w.not_null(node, "mode", "give 'first' or { count: K | all }");
    if (!node.IsMap()) w.fail(node, "mode must be 'first' or { count: K | all }");
    w.keys(node, {"count"}, "mode");
    // `mode: {}` has no count: reading the missing node would throw YAML::InvalidNode, not
    // an InputError (tests/data/fuzz-regressions/config).
    if (!node["count"]) w.fail(node, "mode must be 'first' or { count: K | all }");
    const YAML::Node count = node["count"];
    // The word, as text (quoted or not); a number, plain (Where::whole).
    if (count.IsScalar() && count.Scalar() == "all" && w.scalar(count, "mode.count") == "all") return Mode::count_all();
    return Mode::count_to(w.whole(count, "mode.count", 1));
}

Limits read_limits(const Where& w, const YAML::Node& node) {
    w.keys(node, {"time", "cpu", "nodes", "memory"}, "limits");
    Limits limits;
    for (auto [key, seconds] : {std::pair{"time", &limits.time_seconds}, std::pair{"cpu", &limits.cpu_seconds}}) {
        if (!node[key]) continue;
        const std::string what = std::string("limits.") + key;
        try {
            *seconds = parse_duration(w.measure(node[key], what), what);
        } catch (const NumberError& e) {
            w.fail(node[key], e.what());
        }
    }
    if (node["nodes"]) limits.nodes = w.whole(node["nodes"], "limits.nodes", 1);
    if (node["memory"]) {
        try {
            limits.memory_bytes = parse_memory_bytes(w.measure(node["memory"], "limits.memory"));
        } catch (const NumberError& e) {
            w.fail(node["memory"], e.what());
        }
    }
    return limits;
}

// A value given twice in one sweep (`n: [4, 04]`, `givens: [0.1, 0.10]`) would make every
// instance of it twice, under one id: refused at the sweep, naming the value.
template <class T>
void refuse_repeats(const Where& w, const YAML::Node& node, const std::string& what, std::vector<T> values) {
    std::sort(values.begin(), values.end());
    if (const auto twice = std::adjacent_find(values.begin(), values.end()); twice != values.end())
        w.fail(node, fmt::format("{} has {} twice", what, *twice));
}

// A sweep value: a scalar, a list, or {from, to, step} (inclusive, to within 1e-9). Every
// value, and from and to, must lie in `range` (core/numbers.hpp: finite, no nan).
std::vector<double> read_sweep(const Where& w, const YAML::Node& node, const std::string& what, const RealRange& range) {
    std::vector<double> out;
    auto number = [&](const YAML::Node& v) { return w.real(v, what, range); };
    if (node.IsSequence()) {
        for (const YAML::Node& v : node) out.push_back(number(v));
    } else if (node.IsMap()) {
        w.keys(node, {"from", "to", "step"}, what);
        for (const char* key : {"from", "to", "step"})
            if (!node[key]) w.fail(node, what + " needs 'from', 'to' and 'step'");
        const double from = number(node["from"]), to = number(node["to"]);
        // (0 passes the range and is refused below: the range says so, red-team round 29, B6)
        const double step = w.real(node["step"], what + ".step", {0, std::numeric_limits<double>::max(), {}, "0 itself is no step"});
        if (step <= 0 || to < from) w.fail(node, what + ": need step > 0 and to >= from");
        // A tiny step over a wide range would fill memory before anything runs (e.g.
        // {from: 0, to: 1e12, step: 1e-3}).
        if (!((to - from) / step < kMaxSweepValues))
            w.fail(node, fmt::format("{} has more than {} values", what, kMaxSweepValues));
        for (int i = 0; from + i * step <= to + 1e-9; ++i) out.push_back(std::round((from + i * step) * 1e9) / 1e9);
    } else {
        out.push_back(number(node));
    }
    if (out.empty()) w.fail(node, what + " has no values");
    refuse_repeats(w, node, what, out);
    return out;
}

// Whole numbers from lo to hi (hi <= INT_MAX, so the cast is defined).
std::vector<int> read_whole_sweep(const Where& w, const YAML::Node& node, const std::string& what, int lo, int hi) {
    // Whole numbers read as whole numbers (w.whole: digits only): read as reals, 15.9999999999999999
    // ran as 16 and 4.0 passed as 4 (red-team round 11).
    const auto number = [&](const YAML::Node& v, const std::string& name, int min) {
        return static_cast<int>(w.whole(v, name, static_cast<std::uint64_t>(min), static_cast<std::uint64_t>(hi)));
    };
    std::vector<int> out;
    if (node.IsSequence()) {
        for (const YAML::Node& v : node) out.push_back(number(v, what, lo));
    } else if (node.IsMap()) {
        w.keys(node, {"from", "to", "step"}, what);
        for (const char* key : {"from", "to", "step"})
            if (!node[key]) w.fail(node, what + " needs 'from', 'to' and 'step'");
        const int from = number(node["from"], what, lo), to = number(node["to"], what, lo);
        const int step = number(node["step"], what + ".step", 1);
        if (to < from) w.fail(node, what + ": need to >= from");
        for (int v = from; v <= to; v += step) out.push_back(v);
    } else {
        out.push_back(number(node, what, lo));
    }
    if (out.empty()) w.fail(node, what + " has no values");
    refuse_repeats(w, node, what, out);
    return out;
}

// One name of a vocabulary (core/vocabulary.hpp), read as its value: the accepted names and
// the message's list come from the table, as the command line's (app/vocabulary_option.hpp).
template <class Words>
ValueOf<RowOf<Words>> read_word(const Where& w, const YAML::Node& node, const std::string& what, const Words& words) {
    const std::string value = w.scalar(node, what);
    if (const auto* row = row_named(words, value)) return row->value;
    w.fail(node, fmt::format("{} must be one of {}, not '{}'", what, names_of(words), value));
}

std::string read_choice(const Where& w, const YAML::Node& node, const std::string& what,
                        const std::vector<std::string>& valid) {
    const std::string value = w.scalar(node, what);
    if (std::find(valid.begin(), valid.end(), value) == valid.end())
        w.fail(node, fmt::format("{} must be one of {}, not '{}'", what, fmt::join(valid, ", "), value));
    return value;
}

// `true` or `false`, plain: a quoted or tagged one is text to other YAML readers (`pin: !!str
// false` is the string "false", true in Python).
bool read_flag(const Where& w, const YAML::Node& node, const std::string& what) {
    w.plain(node, what);
    return read_choice(w, node, what, {"true", "false"}) == "true";
}

// kind unique: n, use, grade, attempts, count, sampler (generators/unique.hpp).
void read_unique(const Where& w, const YAML::Node& node, GenerateSource& g) {
    w.keys(node, {"kind", "n", "use", "grade", "attempts", "count", "sampler"}, "generate (kind unique)");
    if (node["use"]) g.use = read_word(w, node["use"], "generate.use", kClueUses);
    if (node["grade"]) g.grade = read_word(w, node["grade"], "generate.grade", target_grades());
    if (node["attempts"]) g.attempts = static_cast<int>(w.whole(node["attempts"], "generate.attempts", 1, kMaxInt));
    // As method unique's attempts (experiments/methods.cpp): inert where the first square always
    // gives a puzzle, so refused rather than silently ignored (red-team round 12, F3's class).
    if (node["attempts"] && !node["grade"] && g.use != ClueUse::relations)
        w.fail(node["attempts"], "generate.attempts does not apply without grade or use: relations (the first square always gives a puzzle)");
}

// kind random: n, givens | h, relations | k, count, sampler (generators/random_instance.hpp).
void read_random(const Where& w, const YAML::Node& node, GenerateSource& g) {
    w.keys(node, {"kind", "n", "givens", "h", "relations", "k", "count", "sampler"}, "generate (kind random)");
    if (node["givens"] && node["h"]) w.fail(node["h"], "generate: give 'givens' (probability) or 'h' (count), not both");
    if (node["relations"] && node["k"]) w.fail(node["k"], "generate: give 'relations' or 'k', not both");
    if (node["h"]) g.h = read_whole_sweep(w, node["h"], "generate.h", 0, kMaxSize * kMaxSize);
    else g.givens = node["givens"] ? read_sweep(w, node["givens"], "generate.givens", {0, 1}) : std::vector<double>{0.3};
    if (node["k"]) g.k = read_whole_sweep(w, node["k"], "generate.k", 0, 2 * kMaxSize * (kMaxSize - 1));
    else g.relations = node["relations"] ? read_sweep(w, node["relations"], "generate.relations", {0, 1}) : std::vector<double>{0.1};
}

// Every h and k of a random source is made with every n, so each must fit the smallest n (its
// cells, its pairs of neighbouring cells): refused here naming the key, not as the instances are
// made, after the run count (red-team round 17, B F7's class: `h: 100` with `count: 200000000`
// was refused as more runs than max_runs, and raising max_runs led to "h = 100 givens is out
// of range", with no key).
void check_random_counts(const Where& w, const YAML::Node& node, const GenerateSource& g) {
    const int n = *std::min_element(g.n.begin(), g.n.end());
    const auto fit = [&](const char* key, const std::vector<int>& values, int most, const char* what) {
        if (values.empty()) return;
        if (const int v = *std::max_element(values.begin(), values.end()); v > most)
            w.fail(node[key], fmt::format("generate.{}: {} is too large for n = {} (accepted: 0 to {}, its {})", key, v, n,
                                          most, what));
    };
    fit("h", g.h, n * n, "cells");
    fit("k", g.k, 2 * n * (n - 1), "pairs of neighbouring cells");
}

GenerateSource read_generate(const Where& w, const YAML::Node& node) {
    w.not_null(node, "generate", "give its keys (kind, n, …)");
    if (!node.IsMap()) w.fail(node, "generate must be a mapping");
    GenerateSource g;
    if (!node["kind"]) w.fail(node, fmt::format("generate needs 'kind' ({})", names_of(kGeneratorKinds)));
    g.kind = read_word(w, node["kind"], "generate.kind", kGeneratorKinds);
    if (g.kind == GeneratorKind::unique) read_unique(w, node, g);
    else read_random(w, node, g);
    if (!node["n"]) w.fail(node, "generate needs 'n'");
    g.n = read_whole_sweep(w, node["n"], "generate.n", kMinSize, kMaxSize);
    if (g.kind == GeneratorKind::random) check_random_counts(w, node, g);
    if (node["count"]) g.count = static_cast<int>(w.whole(node["count"], "generate.count", 1, kMaxInt));
    if (node["sampler"]) g.sampler = read_word(w, node["sampler"], "generate.sampler", kLatinSamplers);
    return g;
}

SquaresSource read_squares(const Where& w, const YAML::Node& node) {
    w.keys(node, {"n", "count", "sampler"}, "squares");
    if (!node["n"]) w.fail(node, "squares needs 'n'");
    SquaresSource s;
    s.n = read_whole_sweep(w, node["n"], "squares.n", kMinSize, kMaxSize);
    if (node["count"]) s.count = static_cast<int>(w.whole(node["count"], "squares.count", 1, kMaxInt));
    if (node["sampler"]) s.sampler = read_word(w, node["sampler"], "squares.sampler", kLatinSamplers);
    return s;
}

// A whole number from min to `max`, the most the source's own classes allow (`why` says which
// they are): any value refused, one beyond them or no whole number at all (`-1`, `-0`), is named
// with its key and this range, not 2^64 - 1 (red-team round 19, B F3).
std::uint64_t whole_of_classes(const Where& w, const YAML::Node& node, const std::string& what, std::uint64_t min,
                               std::uint64_t max, const std::string& why) {
    return w.whole(node, what, min, max, why);
}

// classes: n (2..5: every square of the order is held in memory), first, count (at least 1;
// none: to the last class, kept as 0), stride.
// The classes first, first + stride, ... must be classes of order n: checked here, naming the key,
// before the run count is (red-team round 17, B F7: `count: 100000001` of n = 3 was refused
// as more runs than max_runs, with no line, and raising max_runs led only to "first 0 and count
// 100000001 go past the last class", found as the instances were made).
ClassesSource read_classes(const Where& w, const YAML::Node& node) {
    w.keys(node, {"n", "first", "count", "stride"}, "classes");
    if (!node["n"]) w.fail(node, "classes needs 'n'");
    ClassesSource c;
    c.n = static_cast<int>(w.whole(node["n"], "classes.n", kMinSize, kMaxEnumeratedN));
    const std::uint64_t total = square_class_count(c.n);
    const std::string classes = fmt::format("n = {} has {} class{}, 0..{}", c.n, total, total == 1 ? "" : "es", total - 1);
    if (node["first"]) c.first = whole_of_classes(w, node["first"], "classes.first", 0, total - 1, classes);
    if (node["stride"]) c.stride = w.whole(node["stride"], "classes.stride", 1, 1000000);
    const std::uint64_t most = (total - 1 - c.first) / c.stride + 1;  // first, first + stride, ... up to the last
    if (node["count"])
        c.count = whole_of_classes(w, node["count"], "classes.count", 1, most,
                                   fmt::format("{}, and {} of them from first {} at stride {}", classes, most, c.first, c.stride));
    return c;
}

// critical_squares: n with count and sampler, square or file; seed (the first one's). A count
// is at least 1, as in every source (round 20 left open: `count: 0` made an experiment of no
// runs here while generate, classes and few_relations refused it). Seeds stay within 63 bits,
// as derived seeds do, so any signed 64-bit reader of the CSV reads them.
// `max_n`: the task's largest order (TaskInfo::max_n; round 13, F4: exact-square's 9).
CriticalSquaresSource read_critical_squares(const Where& w, const YAML::Node& node, int max_n) {
    w.keys(node, {"n", "count", "sampler", "square", "file", "seed"}, "critical_squares");
    const int given = (node["n"] ? 1 : 0) + (node["square"] ? 1 : 0) + (node["file"] ? 1 : 0);
    if (given != 1) w.fail(node, "critical_squares needs exactly one of 'n', 'square' and 'file'");
    CriticalSquaresSource c;
    constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();
    if (node["seed"]) c.seed = w.whole(node["seed"], "critical_squares.seed", 0, kMaxSeed);
    if (node["n"]) {
        c.n = static_cast<int>(w.whole(node["n"], "critical_squares.n", kMinSize, max_n));
        if (node["count"]) c.count = w.whole(node["count"], "critical_squares.count", 1, kMaxSeed - c.seed + 1);
        if (node["sampler"]) c.sampler = read_word(w, node["sampler"], "critical_squares.sampler", kLatinSamplers);
        return c;
    }
    for (const char* key : {"count", "sampler"})
        if (node[key]) w.fail(node[key], fmt::format("critical_squares.{} applies with 'n' only (random squares)", key));
    const char* key = node["square"] ? "square" : "file";
    std::string& value = node["square"] ? c.square : c.file;
    value = w.scalar(node[key], fmt::format("critical_squares.{}", key));
    // An empty text would be read as no square, or as a file named "" ("<input>: cannot read").
    if (value.empty()) w.fail(node[key], fmt::format("critical_squares.{} is empty", key));
    if (node["file"]) c.file_at = w.at(node["file"]);  // what is at its path is asked as it is read (run_matrix.cpp)
    return c;
}

// The runs of seeds seed..seed + count - 1 each draw seeds_per_run seeds from their own: the last,
// seed + count + per_run - 2, must fit as a source's own seeds do (seed_range_fits).
void check_derived_seeds(const Where& w, const YAML::Node& node, const TaskInfo& kind, const std::vector<SolverSpec>& methods,
                         const CriticalOrdersSource& c) {
    const std::uint64_t runs = node["file"] ? 1 : c.count;
    if (!kind.order_seed || runs == 0) return;
    for (const SolverSpec& method : methods) {
        const std::uint64_t per_run = seeds_per_run(kind.value, method);
        if (seed_range_fits(c.seed, runs - 1 + per_run)) continue;
        w.fail(node["seed"] ? node["seed"] : node,
               fmt::format("critical_orders.seed {} with count {} and method {}: too large (its runs draw seeds up to seed + "
                           "count - 1 + {} - 1, at most {})",
                           c.seed, runs, method.spec(), per_run, kMaxDerivedSeed));
    }
}

// critical_orders: n, from 2 to the task's largest order (TaskInfo::max_n), or file (a kind that
// takes start puzzles: one run per puzzle of the file); seed (at most 2^63 − 1 with its runs'
// seeds) and count (runs of seeds seed..seed + count − 1, at least 1 as in every source, with
// `n`) for a kind whose runs draw from the seed (order_seed), refused otherwise. Every seed a run
// derives (`methods`: exact-sample draws `sample` squares from its run's seed, seeds_per_run)
// stays within 63 bits too, refused here before any output exists (the search refused it as the
// run began, the CSV already written).
CriticalOrdersSource read_critical_orders(const Where& w, const YAML::Node& node, const TaskInfo& kind,
                                          const std::vector<SolverSpec>& methods) {
    w.keys(node, {"n", "seed", "count", "file"}, "critical_orders");
    for (const char* key : {"seed", "count"})
        if (node[key] && !kind.order_seed)
            w.fail(node[key], fmt::format("critical_orders.{} does not apply to task {}: its runs draw nothing at random", key, kind.name));
    if (node["file"] && !kind.start_puzzles)
        w.fail(node["file"], fmt::format("critical_orders.file does not apply to task {}: its runs take no start puzzles (give 'n')",
                                         kind.name));
    if (node["n"] && node["file"]) w.fail(node["file"], "critical_orders takes 'n' (runs from the empty board) or 'file' (start puzzles), not both");
    if (!node["n"] && !node["file"])
        w.fail(node, kind.start_puzzles ? "critical_orders needs 'n' or 'file'" : "critical_orders needs 'n'");
    if (node["file"] && node["count"])
        w.fail(node["count"], "critical_orders.count applies with 'n' only (a file gives one run per start puzzle)");
    CriticalOrdersSource c;
    constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();
    if (node["seed"]) c.seed = w.whole(node["seed"], "critical_orders.seed", 0, kMaxSeed);
    if (node["count"]) c.count = w.whole(node["count"], "critical_orders.count", 1, kMaxSeed - c.seed + 1);
    if (node["n"]) c.n = static_cast<int>(w.whole(node["n"], "critical_orders.n", kMinSize, kind.max_n));
    check_derived_seeds(w, node, kind, methods, c);
    if (node["file"]) {
        c.file = w.scalar(node["file"], "critical_orders.file");
        if (c.file.empty()) w.fail(node["file"], "critical_orders.file is empty");
        c.file_at = w.at(node["file"]);  // what is at its path is asked as it is read (run_matrix.cpp)
    }
    return c;
}

// few_relations: n (2..6, the pairs fit a 64-bit word), k (1..few_relations_max_k(n)), shards
// (1..10^6, as `critical --shards`), which shards (first, count, stride as classes: takes them,
// count at least 1, none: to the last; shard: one, alone), and a checkpoint folder. Every value
// is checked here, naming its key and the range the given shards, first and stride leave.
FewRelationsSource read_few_relations(const Where& w, const YAML::Node& node) {
    w.keys(node, {"n", "k", "shards", "first", "count", "stride", "shard", "checkpoint"}, "few_relations");
    for (const char* key : {"n", "k"})
        if (!node[key]) w.fail(node, fmt::format("few_relations needs '{}'", key));
    FewRelationsSource f;
    f.n = static_cast<int>(w.whole(node["n"], "few_relations.n", kMinSize, task_info(Task::few_relations).max_n));
    f.k = static_cast<int>(w.whole(node["k"], "few_relations.k", 1, static_cast<std::uint64_t>(critical::few_relations_max_k(f.n))));
    if (node["shards"]) f.shards = w.whole(node["shards"], "few_relations.shards", 1, critical::kMaxFewRelationsShards);
    const std::string shards = fmt::format("{} shard{}, 0..{}", f.shards, f.shards == 1 ? "" : "s", f.shards - 1);
    if (node["shard"]) {
        for (const char* key : {"first", "count", "stride"})
            if (node[key]) w.fail(node[key], fmt::format("few_relations.{} does not apply with 'shard' (one shard)", key));
        f.first = whole_of_classes(w, node["shard"], "few_relations.shard", 0, f.shards - 1, shards);
        f.count = 1;
    }
    if (node["first"]) f.first = whole_of_classes(w, node["first"], "few_relations.first", 0, f.shards - 1, shards);
    if (node["stride"]) f.stride = w.whole(node["stride"], "few_relations.stride", 1, critical::kMaxFewRelationsShards);
    const std::uint64_t most = (f.shards - 1 - f.first) / f.stride + 1;
    if (node["count"])
        f.count = whole_of_classes(w, node["count"], "few_relations.count", 1, most,
                                   fmt::format("{}, and {} of them from first {} at stride {}", shards, most, f.first, f.stride));
    if (node["checkpoint"]) {
        f.checkpoint = w.scalar(node["checkpoint"], "few_relations.checkpoint");
        if (f.checkpoint.empty()) w.fail(node["checkpoint"], "few_relations.checkpoint is empty");
        // As `critical --checkpoint -` (app/output_folder.cpp): a folder, never standard output.
        if (f.checkpoint == "-")
            w.fail(node["checkpoint"], "few_relations.checkpoint -: a folder is needed, not standard output");
        f.checkpoint_at = w.at(node["checkpoint"]);  // what the folder is, is asked before the run (runner.cpp)
    }
    return f;
}

// The sources (keys of an `instances:` entry) that make each kind of task input: puzzles come
// from files and generators; squares from those (a puzzle's solution) and `squares:`; symmetry
// classes from `classes:` only (their runs are classes, not instances).
bool feeds(TaskInput input, const std::string& key) {
    switch (input) {
        case TaskInput::puzzles: return key == "file" || key == "generate";
        case TaskInput::squares: return key == "file" || key == "generate" || key == "squares";
        case TaskInput::classes: return key == "classes";
        case TaskInput::critical_squares: return key == "critical_squares";
        case TaskInput::critical_orders: return key == "critical_orders";
        case TaskInput::few_relations: return key == "few_relations";
    }
    return false;
}

// A source's kind must fit the task's input (its row of kTasks).
void check_source_fits(const Where& w, const YAML::Node& item, const std::string& key, Task task) {
    const TaskInfo& kind = task_info(task);
    if (feeds(kind.inputs, key)) return;
    // A kind with one source of its input names it.
    for (const char* only : {"classes", "critical_squares", "critical_orders", "few_relations"})
        if (feeds(kind.inputs, only))
            w.fail(item[key], fmt::format("task {} takes '{}' sources only, not '{}'", kind.name, only, key));
    std::vector<std::string_view> fed;
    for (const TaskInfo& other : kTasks)
        if (feeds(other.inputs, key)) fed.push_back(other.name);
    w.fail(item[key], fmt::format("'{}' sources feed {} tasks, not {}", key, fmt::join(fed, " and "), kind.name));
}

std::vector<InstanceSource> read_instances(const Where& w, const YAML::Node& node, Task task, const std::vector<SolverSpec>& methods) {
    w.not_null(node, "instances", "give a non-empty list of sources");
    if (!node.IsSequence() || node.size() == 0) w.fail(node, "instances must be a non-empty list of sources");
    std::vector<InstanceSource> out;
    for (const YAML::Node& item : node) {
        w.keys(item, {"file", "generate", "squares", "classes", "critical_squares", "critical_orders", "few_relations"},
               "an instance source");
        if (item.size() != 1)
            w.fail(item, "an instance source needs exactly one of 'file', 'generate', 'squares', 'classes', "
                         "'critical_squares', 'critical_orders' and 'few_relations'");
        const std::string key = item.begin()->first.as<std::string>();
        check_source_fits(w, item, key, task);
        InstanceSource source;
        source.line = item.Mark().line + 1;
        if (key == "file") {
            source.file = w.scalar(item["file"], "file");
            source.file_at = w.at(item["file"]);
        } else if (key == "generate") {
            source.kind = InstanceSource::Kind::generate;
            source.generate = read_generate(w, item["generate"]);
        } else if (key == "squares") {
            source.kind = InstanceSource::Kind::squares;
            source.squares = read_squares(w, item["squares"]);
        } else if (key == "classes") {
            source.kind = InstanceSource::Kind::classes;
            source.classes = read_classes(w, item["classes"]);
        } else if (key == "few_relations") {
            source.kind = InstanceSource::Kind::few_relations;
            source.few_relations = read_few_relations(w, item["few_relations"]);
        } else if (key == "critical_orders") {
            source.kind = InstanceSource::Kind::critical_orders;
            source.critical_orders = read_critical_orders(w, item["critical_orders"], task_info(task), methods);
        } else {
            source.kind = InstanceSource::Kind::critical_squares;
            source.critical_squares = read_critical_squares(w, item["critical_squares"], task_info(task).max_n);
        }
        out.push_back(std::move(source));
    }
    return out;
}

// A problem found by a checker ("" = none), reported at `node` after `key: `.
void check(const Where& w, const YAML::Node& node, const std::string& key, const std::string& problem) {
    if (!problem.empty()) w.fail(node, key + ": " + problem);
}

// One `commands:` entry (solvers/command/declaration.hpp); each problem at its value.
command::Declaration read_command(const Where& w, const YAML::Node& item) {
    w.keys(item, {"name", "argv", "format", "counters"}, "a command");
    for (const char* key : {"name", "argv"})
        if (!item[key]) w.fail(item, fmt::format("a command needs '{}'", key));
    command::Declaration d;
    d.name = w.scalar(item["name"], "a command's name");
    check(w, item["name"], "name", command::name_problem(d.name));
    const YAML::Node argv = item["argv"];
    w.not_null(argv, "argv", "give a list, one element per argument");  // (spot check of round 31, J6)
    if (!argv.IsSequence()) w.fail(argv, "argv must be a list, one element per argument (never a shell line)");
    for (const YAML::Node& element : argv) {
        d.argv.push_back(w.scalar(element, "an argv element (quote one with braces: \"{instance}\")"));
        // A plain 010, yes, 0x10 or .inf is passed as typed here, but PyYAML reads 8, True, 16, inf: the
        // config would say another argv to other readers (red-team round 28, C F10).
        if (element.Tag() == "?" && plain_reads_as_non_string(d.argv.back()))
            w.fail(element, fmt::format("argv: '{}' is a number, a flag or null to YAML 1.1 readers (PyYAML), not text: "
                                        "quote it (\"{}\")",
                                        message_text(d.argv.back(), 40), message_text(d.argv.back(), 40)));
        check(w, element, "argv", command::template_problem(d.argv.back()));
    }
    check(w, argv, "argv", command::argv_problem(d.argv));
    if (item["format"]) {
        const std::string format = w.scalar(item["format"], "format");
        check(w, item["format"], "format", command::format_problem(format));
        d.format = format_from_name(format);
    }
    if (const YAML::Node counters = item["counters"]) {
        w.not_null(counters, "counters", "give counter: regex pairs, or leave it out");
        if (!counters.IsMap()) w.fail(counters, "counters must be a mapping of counter: regex");
        for (const auto& kv : counters) {
            const std::string counter = w.scalar(kv.first, "a counter name");
            const std::string regex = w.scalar(kv.second, "a counter's regex");
            check(w, kv.first, "counters", command::counter_rule_problem(counter, regex));
            if (!d.counters.emplace(counter, regex).second) w.fail(kv.first, fmt::format("counter '{}' is given twice", counter));
        }
    }
    return d;
}

// `commands:`: the command backends (names unique) that `command:name=NAME` solvers run.
std::vector<command::Declaration> read_commands(const Where& w, const YAML::Node& node) {
    w.not_null(node, "commands", "give a non-empty list, or leave it out");
    if (!node.IsSequence() || node.size() == 0) w.fail(node, "commands must be a non-empty list of {name, argv, format, counters}");
    std::vector<command::Declaration> out;
    for (const YAML::Node& item : node) {
        out.push_back(read_command(w, item));
        for (std::size_t i = 0; i + 1 < out.size(); ++i)
            if (out[i].name == out.back().name)
                w.fail(item["name"], fmt::format("command name '{}' is given twice", out.back().name));
    }
    return out;
}

// Every declaration of `commands:` (`node`, read into `declared`) is run by a solver of `solvers`:
// one no solver runs is a mistake of the config, as an unknown key is (a solver left out, or its
// name misspelt), and was read and ignored without a word (red-team round 28, C F6). Refused at
// its name.
void refuse_unused_commands(const Where& w, const YAML::Node& node, const std::vector<command::Declaration>& declared,
                            const std::vector<SolverSpec>& solvers) {
    for (std::size_t i = 0; i < declared.size(); ++i) {
        const std::string& name = declared[i].name;
        const bool run = std::any_of(solvers.begin(), solvers.end(), [&name](const SolverSpec& s) {
            const auto named = s.options.find("name");
            return s.name == command::kBackend && named != s.options.end() && named->second == name;
        });
        if (!run)
            w.fail(node[i]["name"], fmt::format("command '{}' is declared but no solver runs it (add \"command:name={}\" to "
                                                "solvers, or remove the declaration)",
                                                name, name));
    }
}

// `solvers:`, or `methods:` for a kind with a method (its row of kTasks).
std::vector<SolverSpec> read_specs(const Where& w, const YAML::Node& node, Task task,
                                   const std::vector<command::Declaration>& commands) {
    const bool methods = takes_methods(task_info(task));
    const std::string what = methods ? "methods" : "solvers";
    w.not_null(node, what, "give a non-empty list");
    if (!node.IsSequence() || node.size() == 0) w.fail(node, what + " must be a non-empty list");
    std::vector<SolverSpec> out;
    std::map<std::string, std::string> spelled;  // resolved text → the first spelling of it
    for (const YAML::Node& item : node) {
        // Outside the try: w.scalar's error already names the position (an alias to a list,
        // `*x`, used to print it twice).
        const std::string text = w.scalar(item, what == "methods" ? "a method" : "a solver");
        try {
            out.push_back(methods ? parse_method_spec(task, text) : parse_solver_spec(text, commands));
        } catch (const InputError& e) {
            w.fail(item, e.what());
        }
        // Two labels for one solver (SPEC §3): their runs would be measured twice under two
        // names that a later change of defaults could pull apart.
        const auto [first, added] = spelled.emplace(out.back().text(), text);
        if (!added)
            w.fail(item, fmt::format("{}: '{}' and '{}' resolve to the same options ({}): the same {} twice; keep one",
                                     what, first->second, text, out.back().text(),
                                     what == "methods" ? "method" : "solver"));
    }
    return out;
}

// `builds:` (an A/B sweep): a list of {name, path}, names unique (build_identity.hpp).
std::vector<BuildSpec> read_builds(const Where& w, const YAML::Node& node) {
    w.not_null(node, "builds", "give a non-empty list, or leave it out");
    if (!node.IsSequence() || node.size() == 0) w.fail(node, "builds must be a non-empty list of {name, path}");
    std::vector<BuildSpec> out;
    for (const YAML::Node& item : node) {
        w.keys(item, {"name", "path"}, "a build");
        for (const char* key : {"name", "path"})
            if (!item[key]) w.fail(item, fmt::format("a build needs '{}'", key));
        BuildSpec b{w.scalar(item["name"], "build name"), w.scalar(item["path"], "build path"), w.at(item["path"])};
        if (const std::string why = build_name_problem(b.name); !why.empty()) w.fail(item["name"], why);
        if (b.path.empty()) w.fail(item["path"], "a build's path is empty");
        for (const BuildSpec& other : out)
            if (other.name == b.name) w.fail(item["name"], fmt::format("build name '{}' is given twice", b.name));
        out.push_back(std::move(b));
    }
    return out;
}

// The kind whose solver mode `mode` is (solve for first, count for a count).
Task task_of_mode(const Mode& mode) {
    const TaskMode wanted = mode.kind == Mode::Kind::count ? TaskMode::count : TaskMode::first;
    for (const TaskInfo& kind : kTasks)
        if (kind.mode == wanted) return kind.value;
    throw std::logic_error("no task kind for a solver mode");
}

// Kinds whose runs draw nothing at random, so a config `seed:` seeds nothing of them: construct
// and exhaustive (one thing of an order), few-relations and exact.
bool draws_nothing(const TaskInfo& kind) {
    return (kind.inputs == TaskInput::critical_orders && !kind.order_seed) || kind.inputs == TaskInput::few_relations ||
           kind.inputs == TaskInput::classes;
}

// The config keys a kind does not accept (its row's `keys`) are refused where they are.
void check_task_keys(const Where& w, const YAML::Node& root, const TaskInfo& kind) {
    for (auto [key, bit] : {std::pair{"mode", TaskKey::mode}, std::pair{"limits", TaskKey::limits},
                            std::pair{"grade", TaskKey::grade}, std::pair{"isolation", TaskKey::isolation},
                            std::pair{"builds", TaskKey::builds}})
        if (!accepts(kind, bit) && root[key])
            w.fail(root[key], fmt::format("'{}' applies to {} tasks, not {}", key, kinds_accepting(bit), kind.name));
}

// Where isolation_problem's refusal belongs: the `isolation:` key, or for a kind that takes none
// (its runs are the runner's threads) the limit it cannot keep there, `limits.memory`, where it
// named the config's first line (red-team round 19, B F2).
YAML::Node isolation_problem_at(const YAML::Node& root, const TaskInfo& kind) {
    if (accepts(kind, TaskKey::isolation)) return root["isolation"] ? root["isolation"] : root;
    return root["limits"] && root["limits"]["memory"] ? root["limits"]["memory"] : root;
}

// `task` (default: count if `mode` counts, else solve) and the keys it requires or forbids.
void read_task(const Where& w, const YAML::Node& root, ExperimentConfig& c) {
    if (root["mode"]) c.mode = read_mode(w, root["mode"]);
    c.task = task_of_mode(c.mode);
    if (root["task"]) {
        c.task = value_in(kTasks, read_choice(w, root["task"], "task", name_list(kTasks)), "task");
    }
    const TaskInfo& kind = task_info(c.task);
    if (kind.mode == TaskMode::count && !root["mode"]) c.mode = Mode::count_to(2);
    const bool counting = c.mode.kind == Mode::Kind::count;
    if ((kind.mode == TaskMode::first && counting) || (kind.mode == TaskMode::count && !counting))
        w.fail(root["mode"], fmt::format("mode does not fit task {} (solve: mode first; count: mode {{count: K}})",
                                         kind.name));
    const char* specs = takes_methods(kind) ? "methods" : "solvers";
    const char* other = takes_methods(kind) ? "solvers" : "methods";
    if (!root[specs]) w.fail(root, fmt::format("missing key '{}'", specs));
    if (root[other]) w.fail(root[other], fmt::format("task {} takes '{}', not '{}'", kind.name, specs, other));
    check_task_keys(w, root, kind);
    if (root["commands"] && takes_methods(kind))
        w.fail(root["commands"], fmt::format("'commands' declare solvers: task {} takes methods", kind.name));
    if (root["commands"]) c.commands = read_commands(w, root["commands"]);
    c.solvers = read_specs(w, root[specs], c.task, c.commands);
    if (root["commands"]) refuse_unused_commands(w, root["commands"], c.commands, c.solvers);
}

// The timing protocol (SPEC §6) and the size guard: order, warmup, pin, max_runs.
void read_timing(const Where& w, const YAML::Node& root, ExperimentConfig& c) {
    if (root["order"]) c.order = read_word(w, root["order"], "order", kRunOrders);
    if (root["warmup"]) c.warmup = w.whole_int(root["warmup"], "warmup", 0);
    if (root["pin"]) c.pin = read_flag(w, root["pin"], "pin");
    if (root["max_runs"]) c.max_runs = w.whole(root["max_runs"], "max_runs", 1);
}

// A few-relations shard with a checkpoint folder is counted once: its count goes to its file
// there and every later run of the shard reads that file back (tasks/few_relations.cpp). A
// second repeat, or the recorded run after a warm-up, would time a file read; run at once on
// another thread, it found the file held by the first and was an `error` row, exit 0, the rows
// depending on --jobs (red-team round 20, B F1). Refused at the key, naming the checkpoint.
void check_checkpoint_runs(const Where& w, const YAML::Node& root, const ExperimentConfig& c) {
    const auto held = std::find_if(c.instances.begin(), c.instances.end(), [](const InstanceSource& s) {
        return s.kind == InstanceSource::Kind::few_relations && !s.few_relations.checkpoint.empty();
    });
    if (held == c.instances.end()) return;
    const std::string why = fmt::format("with few_relations.checkpoint (line {}): each shard's count is written once to its "
                                        "checkpoint file and read back after, so",
                                        held->few_relations.checkpoint_at.line);
    if (c.repeats > 1)
        w.fail(root["repeats"], fmt::format("repeats: {} does not apply {} a repeat would time a file read (give repeats: 1, "
                                            "or no checkpoint to time the count)",
                                            c.repeats, why));
    if (c.warmup > 0)
        w.fail(root["warmup"], fmt::format("warmup: {} does not apply {} the run after a warm-up would time a file read "
                                           "(give warmup: 0, or no checkpoint)",
                                           c.warmup, why));
}

ExperimentConfig read_root(const Where& w, const YAML::Node& root, ExperimentConfig c) {
    w.keys(root, kTopKeys, "the config");
    for (const char* required : {"name", "instances"})
        if (!root[required]) w.fail(root, fmt::format("missing key '{}'", required));
    c.name = w.scalar(root["name"], "name");
    if (c.name.empty()) w.fail(root["name"], "name is empty: give a value");
    if (c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") !=
                              std::string::npos)
        w.fail(root["name"], "name must be letters, digits, '_', '.' or '-'");
    if (root["description"]) c.description = w.scalar(root["description"], "description");
    if (root["seed"]) c.seed = w.whole(root["seed"], "seed", 0);
    if (root["repeats"]) c.repeats = static_cast<int>(w.whole(root["repeats"], "repeats", 1, kMaxInt));
    read_timing(w, root, c);
    read_task(w, root, c);
    // A kind whose runs take their squares' own seeds (critical_squares:) would read the config
    // seed only to shuffle the run order: accepted, it would look like it seeds the squares.
    if (root["seed"] && task_info(c.task).inputs == TaskInput::critical_squares)
        w.fail(root["seed"], fmt::format("'seed' does not apply to task {}: each run uses its square's own seed "
                                         "(critical_squares: {{ ..., seed: S }}); give it there",
                                         task_name(c.task)));
    // A kind whose runs draw their squares from the critical_orders: source's own seed.
    if (root["seed"] && task_info(c.task).inputs == TaskInput::critical_orders && task_info(c.task).order_seed)
        w.fail(root["seed"], fmt::format("'seed' does not apply to task {}: each run draws its squares from its source's "
                                         "seed (critical_orders: {{ n: N, seed: S }}); give it there",
                                         task_name(c.task)));
    // A kind whose runs draw nothing at random: construct and exhaustive, a few-relations count
    // (its shards are fixed parts of one enumeration) and an exact class search (its probes are
    // seeded by a constant). Accepted, the seed would look like it seeds them, and change only the
    // run order and the rows' `seed` cells (round 20, left open: few-relations and exact took it).
    if (root["seed"] && draws_nothing(task_info(c.task)))
        w.fail(root["seed"], fmt::format("'seed' does not apply to task {}: its runs draw nothing at random", task_name(c.task)));
    if (root["limits"]) c.limits = read_limits(w, root["limits"]);
    if (root["limits"] && root["limits"]["memory"]) {
        c.memory_limit_at = w.at(root["limits"]["memory"]);
        c.memory_limit_text = root["limits"]["memory"].Scalar();  // read_limits took it as a size
    }
    // After read_limits: `limits` is a mapping of known keys by now.
    const TaskInfo& kind = task_info(c.task);
    if (!accepts(kind, TaskKey::node_limit) && root["limits"] && root["limits"]["nodes"])
        w.fail(root["limits"]["nodes"], fmt::format("limits.nodes applies to {} tasks, not {} (use limits.time)",
                                                    kinds_accepting(TaskKey::node_limit), kind.name));
    if (root["isolation"]) c.isolation = read_word(w, root["isolation"], "isolation", kIsolations);
    if (root["grade"]) c.grade = read_flag(w, root["grade"], "grade");
    if (root["builds"]) {
        c.builds = read_builds(w, root["builds"]);
        if (const std::string why = builds_problem(c); !why.empty()) w.fail(root["builds"], why);
    }
    // The default isolation gives everything: only an `isolation:` can be what a sweep cannot have,
    // or, for a kind that takes none, the limit that needs a process of its own.
    if (const std::string why = isolation_problem(c); !why.empty()) w.fail(isolation_problem_at(root, kind), why);
    c.instances = read_instances(w, root["instances"], c.task, c.solvers);
    check_checkpoint_runs(w, root, c);
    c.output = root["output"] ? w.scalar(root["output"], "output") : "results/" + c.name + ".csv";
    if (const std::string why = results_name_problem(c.output); !why.empty()) w.fail(root["output"], "output " + why);
    c.output_at = w.at(root["output"] ? root["output"] : root["name"]);  // what is at the path is asked before the run (runner.cpp)
    return c;
}

}  // namespace

std::string_view run_order_name(RunOrder order) { return name_in(kRunOrders, order); }

std::string builds_problem(const ExperimentConfig& c) {
    if (c.builds.empty()) return "";
    const TaskInfo& kind = task_info(c.task);
    if (!accepts(kind, TaskKey::builds))
        return fmt::format("builds apply to {} tasks, not {}", kinds_accepting(TaskKey::builds), kind.name);
    for (const SolverSpec& s : c.solvers)
        if (s.name == "command")
            return fmt::format("builds cannot run a command ({}): its declaration is this config's, not a build's", s.spec());
    return "";
}

// A kind whose time limit needs a process of its own takes `isolation:`: the only need of a kind
// without it that its threads cannot give is limits.memory (isolation_problem).
constexpr bool time_kill_kinds_take_isolation() {
    for (const TaskInfo& kind : kTasks)
        if (!kind.time_limit_needs_process.empty() && !accepts(kind, TaskKey::isolation)) return false;
    return true;
}
static_assert(time_kill_kinds_take_isolation(), "kTasks: a kind whose time limit needs a process takes isolation");

std::string isolation_problem(const ExperimentConfig& c) {
    const TaskInfo& kind = task_info(c.task);
    SandboxNeeds needs;
    needs.memory_limit = c.limits.memory_bytes != 0;
    needs.builds = !c.builds.empty();
    if (!kind.time_limit_needs_process.empty() && c.limits.time_seconds > 0) {
        needs.time_limit_kill = fmt::format("limits.time of task {}", kind.name);
        needs.time_limit_kill_why = kind.time_limit_needs_process;
    }
    if (accepts(kind, TaskKey::isolation)) return sandbox_problem(c.isolation, needs);
    // A kind without `isolation:` runs on the runner's threads, whatever the config says: what
    // needs a process of its own is a key the kind does not take, not an isolation to choose (the
    // advice "needs isolation: process or fork" pointed at a key the kind then refused).
    if (needs.memory_limit)
        return fmt::format("limits.memory does not apply to task {}: its runs are threads of futolab, and a thread "
                           "has no memory of its own (the kind takes no isolation)", kind.name);
    return sandbox_problem(kDriverThreads, needs);
}

void throw_at_key(const SourceLoc& at, std::string_view key, const std::string& value, const std::string& path,
                  const InputError& refusal) {
    std::string why = refusal.what();
    if (const std::string own = format_location({path}) + ": "; path == value && why.starts_with(own)) why.erase(0, own.size());
    const std::string message = fmt::format("{}: {} {}: {}", format_location(at), key, value, why);
    if (const auto* alias = dynamic_cast<const StreamAliasError*>(&refusal)) throw StreamAliasError(message, alias->stream());
    throw InputError(message);
}

std::uint64_t parse_memory_bytes(const std::string& text) { return parse_memory_size(text, "limits.memory"); }

double parse_duration_seconds(const std::string& text) { return parse_duration(text, "duration"); }

namespace {

// The config's root mapping (an alias bomb is refused, not expanded).
YAML::Node load_root(const std::string& text, const std::string& path) {
    const YAML::Node root = load_yaml_bounded(text, path);  // a syntax error: "PATH:LINE:COLUMN: malformed YAML: …"
    if (!root.IsMap()) throw_input_error({path, 1, 0}, "the config must be a YAML mapping of keys");
    return root;
}

// JSON Lines, told by its first line that is not blank: a whole JSON object, with another line
// after it (a config written as JSON, which is YAML too, is one document) or with a key no
// config has and every puzzle record (`n`) or certificate (`certificate`) has; "" otherwise.
std::string json_lines_kind(std::string_view text) {
    text = without_byte_order_mark(text);
    const std::string_view first = first_record_line(text);
    const JsonRead read = read_json(first, 64);
    if (!read.problem.empty() || !read.value.is_object()) return "";
    if (read.value.contains("certificate")) return "a futolab certificate (JSON Lines)";
    const std::size_t after = static_cast<std::size_t>(first.data() - text.data()) + first.size();
    if (read.value.contains("n") || !first_record_line(text.substr(after)).empty()) return "JSON Lines (a puzzle file?)";
    return "";
}

// A config file's text, refused first if its first bytes tell another of futolab's files: `run
// results.csv` read the CSV as YAML, one plain scalar ("the config must be a YAML mapping of
// keys"), and `run puzzles.jsonl` a line as a flow mapping of unknown keys, which sent the user
// looking for a typo (red-team round 26). Said as the puzzle readers say it (core/file_kind.hpp):
// a YAML file other than a sidecar is read as a config, to be refused, if it is none, by key.
std::string read_config_text(const std::string& path) {
    std::string text = read_text_file(path);
    std::string kind = other_file_kind(text);
    if (kind.starts_with("YAML")) kind.clear();
    if (kind.empty()) kind = json_lines_kind(text);
    if (!kind.empty()) throw InputError(fmt::format("{}: {}, not an experiment config", path, kind));
    return text;
}

}  // namespace

ExperimentConfig parse_config(const std::string& text, const std::string& path) {
    const Where w(path, text);
    const YAML::Node root = load_root(text, path);
    ExperimentConfig c;
    c.path = path;
    c.text = text;
    c.config_hash = fmt::format("{:016x}", fnv1a64(text));
    return read_root(w, root, std::move(c));
}

ExperimentConfig load_config(const std::string& path) { return parse_config(read_config_text(path), path); }

std::vector<command::Declaration> load_commands(const std::string& path) {
    const std::string text = read_config_text(path);
    const Where w(path, text);
    const YAML::Node root = load_root(text, path);
    w.keys(root, kTopKeys, "the config");
    if (!root["commands"]) throw_input_error({path, 1, 0}, "no 'commands:' list here");
    return read_commands(w, root["commands"]);
}

}  // namespace futolab
