#include "core/json_read.hpp"

#include "core/binary_data.hpp"
#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace futolab {
namespace {

// "[json.exception.parse_error.101] parse error at line 2, column 1: syntax error …" → what
// follows the position; "[json.exception.out_of_range.406] number overflow parsing '1e400'" →
// what follows the tag. The position is computed from the byte offset instead.
std::string reason_of(const std::string& what) {
    std::string reason = what.substr(what.find(']') == std::string::npos ? 0 : what.find(']') + 1);
    if (!reason.empty() && reason.front() == ' ') reason.erase(0, 1);
    if (reason.starts_with("parse error") && reason.find(": ") != std::string::npos) reason.erase(0, reason.find(": ") + 2);
    return reason;
}

// The token nlohmann names in a syntax error ("last read: '\"a<U+0009>'") has each control byte
// written as "<U+00XX>", its own escaping, which message_text would escape again ("<U+003C>U+0009>":
// red-team round 29, C3). The token's bytes end where the parser stopped (`position`): matched
// against the text backwards from there (a control byte of the text against its marker, any
// other byte against itself, so a "<U+0009>" typed as text stays text), the message quotes
// those bytes, escaped once by the final printing; a token that does not match stays as written.
std::string raw_token(std::string_view text, std::size_t position, const std::string& token) {
    const std::size_t end = std::min(position, text.size());
    std::size_t t = token.size(), p = end;
    while (t > 0) {
        if (p == 0) return token;
        const auto byte = static_cast<unsigned char>(text[p - 1]);
        const std::string expected = byte < 0x20 ? fmt::format("<U+{:04X}>", byte) : std::string(1, text[p - 1]);
        if (t < expected.size() || token.compare(t - expected.size(), expected.size(), expected) != 0) return token;
        t -= expected.size();
        --p;
    }
    return std::string(text.substr(p, end - p));
}

std::string shown_key(const std::string& key) { return message_text(Json(key).dump(-1, ' ', false, Json::error_handler_t::replace), 40); }

// The byte offset of the first '[' or '{' of `text` (outside strings) that opens level
// `max_depth` + 1: where the Builder stopped a read nested too deep. nlohmann's SAX interface
// tells a handler the position only with a parse error, so a depth refusal named no line and
// column (the bench manifest's "m.json: nested deeper than 16 levels"); the text before that
// bracket is JSON the parser took, so bracket and quote counting finds the same byte.
std::size_t too_deep_offset(std::string_view text, std::size_t max_depth) {
    std::size_t depth = 0;
    return find_outside_strings(text, [&](std::size_t i) {
        const char c = text[i];
        if (c == '[' || c == '{') return ++depth > max_depth;
        if ((c == ']' || c == '}') && depth > 0) --depth;
        return false;
    });
}

// The byte offset of the opening quote of string number `index` (0-based, keys and values
// alike, in document order) of `text`: where the Builder stopped at a key given twice. The
// parser hands the handler each string token in the order of the text and tells it no
// position, so counting the tokens it handed and then the quotes that open strings in the text
// (a quote outside a string always opens one) finds the same key, escapes and all (red-team
// round 25: `key "name" is given twice` named no line in a manifest and no column elsewhere).
std::size_t string_token_offset(std::string_view text, std::size_t index) {
    std::size_t seen = 0;
    return find_outside_strings(text, [&](std::size_t i) { return text[i] == '"' && seen++ == index; });
}

// The value built event by event (nlohmann's SAX interface, as its own DOM parser does), with
// the text of each number kept as a double in the order the parser met them, matched to the
// values afterwards by one walk in document order: the values' addresses move while their
// arrays and objects grow. Json is an ordered_json, whose objects are vectors searched
// linearly, so nothing here looks a key up in one: an object's keys so far are a hash set
// beside it and a new key is appended as it is (red-team round 11, F14: 80 000 meta keys
// took 9.6 s, quadratic; now linear).
class Builder {
public:
    explicit Builder(std::size_t max_depth) : max_depth_(max_depth) {}

    bool null() { return add(Json(nullptr)); }
    bool boolean(bool b) { return add(Json(b)); }
    bool number_integer(Json::number_integer_t v) { return add(Json(v)); }
    bool number_unsigned(Json::number_unsigned_t v) { return add(Json(v)); }
    bool number_float(Json::number_float_t v, const Json::string_t& text) {
        if (!levels_.empty()) floats_.push_back(text);  // the top value has no lasting address
        return add(Json(v));
    }
    bool string(Json::string_t& s) {
        ++strings_;
        return add(Json(std::move(s)));
    }
    bool binary(Json::binary_t& b) { return add(Json::binary(std::move(b))); }
    bool start_object(std::size_t) { return open(Json::object()); }
    bool start_array(std::size_t) { return open(Json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(Json::string_t& k) {
        Level& top = levels_.back();
        if (!top.keys.insert(k).second) {
            twice_at_ = strings_;  // this key's token, located by result()
            return stop(fmt::format("key {} is given twice in one object", shown_key(k)));
        }
        ++strings_;
        append_new_member(*top.node, std::move(k), nullptr);  // a null, filled by the value that follows
        top.slot = &top.node->get_ref<Json::object_t&>().back().second;
        return true;
    }
    bool parse_error(std::size_t position, const std::string& token, const Json::exception& e) {
        position_ = position;
        // 1e400 is valid JSON (RFC 8259 §6 leaves the range to the reader) that no double holds:
        // too large, as 1.5e308 is for the field that reads it, not "malformed" (round 11, F20).
        if (e.id == 406) return stop(fmt::format("number {} is too large (beyond ±1.8e308, the range of a double)",
                                                 message_text(token, 40)));
        syntax_reason_ = reason_of(e.what());
        syntax_token_ = token;
        return stop("malformed JSON: " + message_text(syntax_reason_, 160));
    }

    JsonRead result(std::string_view text) && {
        JsonRead r;
        r.problem = std::move(problem_);
        if (!r.problem.empty()) {
            if (too_deep_) position_ = too_deep_offset(text, max_depth_) + 1;
            if (twice_at_) position_ = string_token_offset(text, *twice_at_) + 1;
            if (!syntax_token_.empty()) {
                const std::string quoted = "last read: '" + syntax_token_ + "'";
                const std::size_t at = syntax_reason_.find(quoted);
                if (at != std::string::npos)
                    r.problem = "malformed JSON: " +
                                message_text(syntax_reason_.replace(at, quoted.size(), "last read: '" +
                                                                   raw_token(text, position_, syntax_token_) + "'"),
                                             160);
            }
            locate(text, r);
            return r;
        }
        r.value = std::move(root_);  // inner values stay where they are: their containers' storage moves whole
        if (!floats_.empty()) match_floats(r.value, r.typed);
        return r;
    }

private:
    struct Level {
        Json* node;
        std::unordered_set<std::string> keys;  // an object's keys so far
        Json* slot = nullptr;                  // an object's value for its last key
    };

    Json* place(Json&& v) {
        if (levels_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        Level& top = levels_.back();
        if (top.node->is_array()) {
            top.node->push_back(std::move(v));
            return &top.node->back();
        }
        *top.slot = std::move(v);
        return top.slot;
    }

    bool add(Json&& v) {
        place(std::move(v));
        return true;
    }

    bool open(Json&& container) {
        if (max_depth_ != 0 && levels_.size() >= max_depth_) {
            too_deep_ = true;  // located by result()
            return stop(fmt::format("nested deeper than {} levels", max_depth_));
        }
        levels_.push_back({place(std::move(container)), {}, nullptr});
        return true;
    }

    bool close() {
        levels_.pop_back();
        return true;
    }

    bool stop(std::string why) {
        problem_ = std::move(why);
        return false;  // ends the parse
    }

    // The inner doubles of `root` in document order (its containers keep that order), each
    // given its text: a walk with a stack of its own, as deep nesting is allowed (max_depth 0).
    void match_floats(const Json& root, TypedNumbers& typed) const {
        std::size_t next = 0;
        std::vector<std::pair<Json::const_iterator, Json::const_iterator>> stack;
        if (root.is_structured()) stack.emplace_back(root.cbegin(), root.cend());
        while (!stack.empty() && next < floats_.size()) {
            auto& [at, end] = stack.back();
            if (at == end) {
                stack.pop_back();
                continue;
            }
            const Json& v = *at;
            ++at;
            if (v.is_number_float()) typed[&v] = floats_[next++];
            else if (v.is_structured()) stack.emplace_back(v.cbegin(), v.cend());
        }
    }

    // The byte the parser stopped at (`position_`, 1-based) as a line and column of `text`.
    void locate(std::string_view text, JsonRead& r) const {
        if (position_ == 0) return;
        const std::size_t at = std::min(position_ - 1, text.size());
        r.line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        const std::size_t start = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
        r.column = at - (start == std::string_view::npos ? 0 : start + 1) + 1;
    }

    std::size_t max_depth_;
    Json root_;
    std::vector<Level> levels_;
    std::vector<std::string> floats_;  // the texts of the inner doubles, in document order
    std::string problem_;
    std::size_t position_ = 0;
    std::string syntax_reason_, syntax_token_;  // of a syntax error, quoted again by result()
    bool too_deep_ = false;
    std::size_t strings_ = 0;                // the string tokens handed so far, keys too
    std::optional<std::size_t> twice_at_;    // the one of a key given twice
};

void append_typed(const Json& v, const TypedNumbers& typed, std::size_t max, std::string& out) {
    if (out.size() > max) return;  // the rest would be cut: not even walked (deep nesting)
    if (v.is_number_float()) {
        const auto it = typed.find(&v);
        out += it != typed.end() ? it->second : v.dump();
    } else if (v.is_array() || v.is_object()) {
        out += v.is_array() ? '[' : '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end() && out.size() <= max; ++it, first = false) {
            if (!first) out += ',';
            if (v.is_object()) out += Json(it.key()).dump(-1, ' ', false, Json::error_handler_t::replace) + ':';
            append_typed(*it, typed, max, out);
        }
        out += v.is_array() ? ']' : '}';
    } else {
        out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
}

}  // namespace

void append_new_member(Json& object, std::string key, Json value) {
    static_cast<Json::object_t::Container&>(object.get_ref<Json::object_t&>()).emplace_back(std::move(key), std::move(value));
}

bool is_blank_line(std::string_view line) {
    return line.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos;
}

std::string_view first_record_line(std::string_view text) {
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        if (!is_blank_line(line)) return line;
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return {};
}

JsonRead read_json(std::string_view text, std::size_t max_depth) {
    // Before the parser, which takes a NUL for the end of its input and would read
    // `{…}\0garbage` as `{…}` (core/binary_data.hpp).
    if (const auto bad = find_binary_byte(text)) {
        JsonRead refused;
        refused.problem = binary_data(bad->byte);
        refused.line = bad->line;
        refused.column = bad->column;
        return refused;
    }
    if (text.starts_with("\xEF\xBB\xBF")) {
        JsonRead refused;
        refused.problem = "U+FEFF, a UTF-8 byte-order mark, at the start of a line: skipped only at the start of a file";
        refused.line = 1;
        refused.column = 1;
        return refused;
    }
    Builder builder(max_depth);
    Json::sax_parse(text, &builder);  // strict: nothing may follow the value
    return std::move(builder).result(text);
}

std::string typed_json(const Json& value, const TypedNumbers& typed, std::size_t max) {
    std::string out;
    append_typed(value, typed, max, out);
    return message_text(out, max);
}

namespace {

// A JSON number's exact decimal value, normalised: sign, significant digits without leading or
// trailing zeros, and the power of ten of the last digit. Zero is {false, "", 0} whatever its sign
// (-0 and 0 are the same number). The exponent saturates far beyond any double.
struct Decimal {
    bool negative = false;
    std::string digits;
    long long exponent = 0;
    bool operator==(const Decimal&) const = default;
};

Decimal decimal_of(std::string_view text) {
    Decimal d;
    std::size_t i = 0;
    if (i < text.size() && text[i] == '-') { d.negative = true; ++i; }
    long long frac_digits = 0;
    bool in_fraction = false;
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
        if (text[i] == '.') { in_fraction = true; continue; }
        d.digits += text[i];
        frac_digits += in_fraction ? 1 : 0;
    }
    long long exp = 0;
    bool exp_negative = false;
    if (i < text.size()) ++i;  // the 'e'
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exp_negative = text[i++] == '-';
    for (; i < text.size(); ++i) exp = std::min<long long>(exp * 10 + (text[i] - '0'), 1'000'000'000'000LL);
    d.exponent = (exp_negative ? -exp : exp) - frac_digits;
    const std::size_t first = d.digits.find_first_not_of('0');
    if (first == std::string::npos) return {};
    d.digits.erase(0, first);
    while (d.digits.back() == '0') { d.digits.pop_back(); ++d.exponent; }
    return d;
}

void find_changed(const Json& v, const TypedNumbers& typed, const std::string& path, std::optional<ChangedNumber>& out) {
    if (out) return;
    if (v.is_object()) {
        for (const auto& [key, item] : v.items()) find_changed(item, typed, path.empty() ? key : path + "." + key, out);
        return;
    }
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size() && !out; ++i) find_changed(v[i], typed, path + "[" + std::to_string(i) + "]", out);
        return;
    }
    const auto it = typed.find(&v);
    if (it == typed.end()) return;  // an integer kept exactly, a string, a bool or null
    const std::string written = v.dump();
    if (decimal_of(it->second) != decimal_of(written)) out = ChangedNumber{path, message_text(it->second, 40), written};
}

}  // namespace

std::optional<ChangedNumber> changed_number(const Json& value, const TypedNumbers& typed) {
    std::optional<ChangedNumber> out;
    find_changed(value, typed, "", out);
    return out;
}

bool written_alike(const Json& got, const Json& want) {
    if (got != want) return false;
    if (got.is_number()) return got.is_number_float() == want.is_number_float();
    if (got.is_array())
        return std::equal(got.begin(), got.end(), want.begin(), want.end(),
                          [](const Json& a, const Json& b) { return written_alike(a, b); });
    if (got.is_object())  // equal objects: the same keys
        for (const auto& [key, value] : got.items())
            if (!written_alike(value, want.at(key))) return false;
    return true;
}

}  // namespace futolab
