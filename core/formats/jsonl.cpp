// JSON Lines corpus (.jsonl), SPEC §2.2: one object per line with id, n, givens [[r,c,v]],
// lt [[r1,c1,r2,c2]] (0-based), optional solution and meta. Unknown keys go to
// Instance::extra and are written back, so a rewrite loses nothing.
#include "core/formats/readers.hpp"
#include "core/formats/text.hpp"
#include "core/json_read.hpp"
#include "core/message_text.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include "core/puzzle.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace futolab::formats_internal {
namespace {

// SPEC §2.2: the id of a record without one.
std::string default_id(const std::string& source, int line) { return fmt::format("{}:{}", file_stem(source), line); }

// An id read_id takes: printable, and showing something.
bool usable_id(const std::string& id) { return !find_control(id) && !shows_nothing(id); }

// An integer that does not fit an int (outside -2147483648..2147483647), including one so
// large that the JSON parser kept it as a double (2^64 and up, -2^63-1 and down).
bool too_large_integer(const Json& value) {
    if (value.is_number_integer()) return true;  // an integer as_int rejected
    if (!value.is_number_float()) return false;
    const double v = value.get<double>();
    return std::isfinite(v) && v == std::floor(v) && std::fabs(v) > INT_MAX;
}

// A whole number typed `-0`: the parser reads one without a minus sign as unsigned (and JSON
// has no `+0`), so a signed integer 0 had one (app/bench_manifest.cpp reads the manifest so).
bool signed_zero(const Json& value) {
    return value.is_number_integer() && !value.is_number_unsigned() && value.get<std::int64_t>() == 0;
}

// Counts into `seen` the signed zeros of `value` that come before `target` in document order
// (a parsed value keeps its line's order); true once `target` is reached.
bool zeros_before(const Json& value, const Json* target, std::size_t& seen) {
    if (&value == target) return true;
    if (value.is_structured()) {
        for (const Json& inner : value)
            if (zeros_before(inner, target, seen)) return true;
    } else if (signed_zero(value)) {
        ++seen;
    }
    return false;
}

// The 1-based column of the `index`-th (from 0) whole number `-0` of a JSON line, outside its
// strings: the parser tells no position of a value it took. JSON has no `-0` followed by a
// digit, so one followed by none of '.', 'e', 'E' is a whole number (-0.0 is read as a double).
int signed_zero_column(std::string_view text, std::size_t index) {
    const std::size_t at = find_outside_strings(text, [&](std::size_t i) {
        if (text[i] != '-' || text.substr(i + 1, 1) != "0") return false;
        const char next = i + 2 < text.size() ? text[i + 2] : ' ';
        return next != '.' && next != 'e' && next != 'E' && index-- == 0;
    });
    return at == text.size() ? 0 : static_cast<int>(at + 1);
}

std::optional<int> as_int(const Json& value) {
    if (value.is_number_unsigned()) {
        const auto u = value.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(INT_MAX)) return std::nullopt;
        return static_cast<int>(u);
    }
    if (value.is_number_integer()) {
        const auto s = value.get<std::int64_t>();
        if (s < INT_MIN || s > INT_MAX) return std::nullopt;
        return static_cast<int>(s);
    }
    return std::nullopt;
}

// One line's object turned into an Instance; every error names the line.
class LineReader {
public:
    LineReader(const std::string& source, const Line& line, const TypedNumbers& typed)
        : source_(source), line_(line.number), text_(line.text), typed_(typed) {}

    Instance read(const Json& object) {
        root_ = &object;
        Instance in;
        in.source = source_;
        in.line = line_;
        bool has_n = false;
        const Json* solution = nullptr;  // read once n is known: "n" may come after it
        for (const auto& [key, value] : object.items()) {
            if (key == "id") in.id = read_id(value);
            else if (key == "n") { in.n = integer(value, "\"n\""); has_n = true; }
            else if (key == "givens") read_givens(value, in);
            else if (key == "lt") read_lt(value, in);
            else if (key == "solution") solution = &value;
            else if (key == "meta") read_meta(value, in);
            else {
                check_carried(value, key);
                if (!in.extra.is_object()) in.extra = Json::object();
                append_new_member(in.extra, key, value);  // unknown: kept for the rewrite (keys of a read object differ)
            }
        }
        if (!has_n) error("missing \"n\" (the size of the board)");
        if (in.n >= kMinSize && in.n <= kMaxSize) {  // else compile reports the size
            check_entries(in);
            if (solution) read_solution(*solution, in);
        }
        if (in.id.empty()) in.id = default_id(source_, line_);  // no "id" key: an empty one is refused
        return in;
    }

private:
    [[noreturn]] void error(std::string_view problem) const { fail(source_, line_, 0, problem); }

    int integer(const Json& value, std::string_view what) const {
        // Read as 0 before (red-team round 26): every other reader of futolab refuses `-0`
        // (core/numbers.hpp negative_zero), which no writer of futolab's writes.
        if (signed_zero(value)) {
            std::size_t before = 0;
            zeros_before(*root_, &value, before);
            fail(source_, line_, signed_zero_column(text_, before),
                 fmt::format("{} is '-0', zero with a minus sign, which futolab never writes (write 0)", what));
        }
        if (auto v = as_int(value)) return *v;
        if (too_large_integer(value))  // the side it misses: -2147483649 is too small, not too large
            error(fmt::format("{} is too {}: {} (integers here are -2147483648 to 2147483647)", what,
                              value.get<double>() < 0 ? "small" : "large", shown(value)));
        error(fmt::format("{} must be an integer, got {} {}", what, value.type_name(), shown(value)));
    }

    // Ids go into CSV cells, file names and messages: a control character (a NUL, a line
    // break, an escape sequence) would corrupt them all, so it is refused here, at input; a C1
    // control too (U+0085 NEL breaks a line for YAML 1.1, U+009B is the 8-bit CSI a terminal
    // acts on): they passed, and went raw into CSV and JSONL (red-team round 26, C F6). So is
    // an id that shows as nothing ("", "   ", a no-break space): "" was replaced in silence by
    // the default <stem>:<line> that SPEC §2.2 gives only a record WITHOUT an id, so a rewrite
    // changed the key's value, and "   " named a row no reader can see (red-team round 25, C F8).
    std::string read_id(const Json& value) const {
        if (!value.is_string()) error(fmt::format("\"id\" must be a string, got {} {}", value.type_name(), shown(value)));
        std::string id = value.get<std::string>();
        if (const auto bad = find_control(id))
            error(fmt::format("\"id\" holds the control character U+{:04X} at byte {}: ids must be printable text",
                              static_cast<std::uint32_t>(bad->code_point), bad->byte + 1));
        if (shows_nothing(id)) error(blank_id(id));
        return id;
    }

    std::string blank_id(const std::string& id) const {
        // Named by its code points: quoted, white space would show as nothing again.
        const std::string what =
            id.empty() ? "is empty" : fmt::format("is only white space or invisible characters ({})", code_points(id));
        return fmt::format("\"id\" {}: leave the key out for the default id {}", what, default_id(source_, line_));
    }

    // An array of `arity` integers, e.g. a [r, c, v] given.
    std::vector<int> tuple(const Json& entry, std::size_t arity, std::string_view what, std::size_t index,
                           std::string_view shape) const {
        if (!entry.is_array() || entry.size() != arity)
            error(fmt::format("{}[{}] must be {}, got {}", what, index, shape, shown(entry)));
        std::vector<int> out;
        for (std::size_t j = 0; j < entry.size(); ++j) out.push_back(integer(entry[j], fmt::format("{}[{}][{}]", what, index, j)));
        return out;
    }

    // Each entry on its own, in the file's 0-based coordinates and named by its index, so
    // that `[-1,0,2]` is reported as written. Checks across entries (a cell given twice,
    // a relation both ways, cycles) are Puzzle::compile's, in 1-based (row,col).
    void check_entries(const Instance& in) const {
        for (std::size_t i = 0; i < in.givens.size(); ++i) {
            const Given& g = in.givens[i];
            const std::string entry = fmt::format("givens[{}] = [{},{},{}]", i, g.row, g.col, g.value);
            check_cell(in.n, entry, g.row, g.col);
            if (g.value < 1 || g.value > in.n)
                error(fmt::format("{}: value {} is out of range 1..{}", entry, g.value, in.n));
        }
        for (std::size_t i = 0; i < in.lt.size(); ++i) {
            const LessThan& r = in.lt[i];
            const std::string entry = fmt::format("lt[{}] = [{},{},{},{}]", i, r.r1, r.c1, r.r2, r.c2);
            check_cell(in.n, entry, r.r1, r.c1);
            check_cell(in.n, entry, r.r2, r.c2);
            if (r.r1 == r.r2 && r.c1 == r.c2) error(fmt::format("{}: relation between cell [{},{}] and itself", entry, r.r1, r.c1));
            if (std::abs(r.r1 - r.r2) + std::abs(r.c1 - r.c2) != 1)
                error(fmt::format("{}: relation between non-adjacent cells [{},{}] and [{},{}]", entry, r.r1, r.c1, r.r2, r.c2));
        }
    }

    void check_cell(int n, const std::string& entry, int row, int col) const {
        if (row < 0 || row >= n || col < 0 || col >= n)
            error(fmt::format("{}: cell [{},{}] is outside the {}x{} board (0-based: rows and columns 0..{})", entry, row,
                              col, n, n, n - 1));
    }

    void require_array(const Json& value, std::string_view what) const {
        if (!value.is_array()) error(fmt::format("\"{}\" must be an array, got {}", what, value.type_name()));
    }

    void read_givens(const Json& value, Instance& in) const {
        require_array(value, "givens");
        for (std::size_t i = 0; i < value.size(); ++i) {
            const auto t = tuple(value[i], 3, "givens", i, "[row, col, value]");
            in.givens.push_back({t[0], t[1], t[2], line_, 0});
        }
    }

    void read_lt(const Json& value, Instance& in) const {
        require_array(value, "lt");
        for (std::size_t i = 0; i < value.size(); ++i) {
            const auto t = tuple(value[i], 4, "lt", i, "[r1, c1, r2, c2]");
            in.lt.push_back({t[0], t[1], t[2], t[3], line_, 0});
        }
    }

    // n rows of n integers. A file with no known solution leaves the key out: an empty
    // array is not that form, and taking it as "none" would drop the key on a rewrite.
    void read_solution(const Json& value, Instance& in) const {
        require_array(value, "solution");
        if (value.empty()) error(fmt::format("\"solution\" is empty, expected n = {} rows of {} integers (leave the key out when "
                                             "no solution is known)", in.n, in.n));
        if (std::cmp_not_equal(value.size(), in.n))
            error(fmt::format("\"solution\" has {} row{}, expected n = {}", value.size(), value.size() == 1 ? "" : "s", in.n));
        for (std::size_t r = 0; r < value.size(); ++r) {
            const Json& row = value[r];
            if (!row.is_array() || std::cmp_not_equal(row.size(), in.n))
                error(fmt::format("solution row {} must be an array of {} integers, got {}", r + 1, in.n, shown(row)));
            std::vector<int> values;
            for (std::size_t c = 0; c < row.size(); ++c)
                values.push_back(integer(row[c], fmt::format("solution[{}][{}]", r, c)));
            in.solution.push_back(std::move(values));
        }
    }

    void read_meta(const Json& value, Instance& in) const {
        if (value.is_null()) return;
        if (!value.is_object()) error(fmt::format("\"meta\" must be an object, got {}", value.type_name()));
        check_carried(value, "meta");
        in.meta = value;
    }

    // `meta` and unknown keys are carried to outputs by value (SPEC §2.2): a number whose value
    // a double cannot keep would be written back as another number, so it is refused here.
    void check_carried(const Json& value, const std::string& key) const {
        const auto changed = changed_number(value, typed_);
        if (!changed) return;
        const std::string& path = changed->path;
        const std::string where = path.empty() ? key : key + (path.front() == '[' ? "" : ".") + path;
        error(fmt::format("\"{}\" is {}, which futolab would write back as {} (a double cannot hold it): write it as a "
                          "string to keep it",
                          message_text(where, 60), changed->typed, changed->written));
    }

    // The value as the line typed it (core/json_read.hpp): `1e0` stays 1e0, 2^64 its digits.
    // A `-0` too, which typed_json writes as 0 (`"id": -0` was "got number '0'").
    std::string shown(const Json& value) const { return "'" + (signed_zero(value) ? "-0" : typed_json(value, typed_, 40)) + "'"; }

    const std::string& source_;
    int line_;
    std::string_view text_;        // the line, for the column of a `-0`
    const Json* root_ = nullptr;  // the line's object, read()'s
    const TypedNumbers& typed_;
};

// Deeper than any record needs (an entry is 3 levels, `meta` is free-form): a line nested
// 300 000 levels in `meta` crashed the copy into Instance::meta (nlohmann copies and dumps
// recursively), so nesting is refused as the line is read.
constexpr std::size_t kMaxDepth = 64;

JsonRead parse_line(const Line& line, const std::string& source) {
    JsonRead read = read_json(line.text, kMaxDepth);
    // A key twice ({"n":4,"n":5}) is refused too: the parser would keep the last one silently.
    if (!read.problem.empty()) fail(source, line.number, static_cast<int>(read.column), read.problem);
    return read;
}

Instance read_line(const Line& line, const std::string& source) {
    const JsonRead read = parse_line(line, source);
    if (!read.value.is_object())
        fail(source, line.number, 0, fmt::format("expected a JSON object {{...}}, got {}", read.value.type_name()));
    return LineReader(source, line, read.typed).read(read.value);
}

// The id a bad line has, if it got as far as a string "id", else the one it would be given.
std::string id_of_bad_line(const Line& line, const std::string& source) {
    // The linear reader (nlohmann's own parse builds an ordered_json in n² steps).
    const JsonRead read = read_json(line.text, kMaxDepth);
    const Json& object = read.value;
    if (read.problem.empty() && object.is_object() && object.contains("id") && object["id"].is_string()) {
        std::string id = object["id"].get<std::string>();
        // An id refused for what it holds is not reused: the sidecar lists it.
        if (usable_id(id)) return id;
    }
    return default_id(source, line.number);
}

}  // namespace

std::vector<Instance> read_jsonl(std::string_view text, const std::string& source,
                                 std::vector<SkippedInput>* skipped) {
    std::vector<Instance> out;
    for (const Line& line : split_lines(text)) {
        if (is_blank_line(line.text)) continue;  // core/json_read.hpp: the certificates skip the same lines
        try {
            out.push_back(read_line(line, source));
        } catch (const InputError& e) {
            if (!skipped) throw;
            skipped->push_back({id_of_bad_line(line, source), e.what()});
        }
    }
    return out;
}

namespace {

Json to_json(const Instance& in) {
    Json j = Json::object();
    if (!in.id.empty()) j["id"] = in.id;
    j["n"] = in.n;
    j["givens"] = Json::array();
    for (const Given& g : in.givens) j["givens"].push_back({g.row, g.col, g.value});
    j["lt"] = Json::array();
    for (const LessThan& r : in.lt) j["lt"].push_back({r.r1, r.c1, r.r2, r.c2});
    if (!in.solution.empty()) j["solution"] = in.solution;
    if (in.meta.is_object()) j["meta"] = in.meta;
    if (in.extra.is_object()) {
        // The fields' names, looked up in a set: j.contains() searches j linearly, and j grows
        // with every extra key (n² for a record of n unknown keys).
        std::set<std::string> fields{"solution", "meta"};
        for (const auto& [key, value] : j.items()) fields.insert(key);
        for (const auto& [key, value] : in.extra.items())
            if (!fields.contains(key)) append_new_member(j, key, value);  // never shadow a field
    }
    return j;
}

}  // namespace

std::string write_jsonl(const std::vector<Instance>& instances) {
    std::string out;
    for (const Instance& in : instances)
        out += to_json(in).dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
    return out;
}

}  // namespace futolab::formats_internal
