#include "app/json_locate.hpp"

#include "core/instance.hpp"  // Json

#include <algorithm>

namespace futolab::app {
namespace {

// A scan of JSON text that parsed: it moves over whole values without building them, so a
// value's place is found in one pass with no recursion (the text may nest as deep as its reader
// allows). Every index is checked against the end, so a text that is not JSON ends the scan.
class Scan {
public:
    explicit Scan(std::string_view text) : text_(text) {}

    std::size_t at() const { return at_; }
    std::size_t key_at() const { return key_at_; }  // where the key last entered starts
    bool done() const { return at_ >= text_.size(); }

    // Into the member `key` of the object here: true with the scan at its value.
    bool enter_key(const std::string& key) {
        if (!opens('{')) return false;
        for (space(); !done() && text_[at_] != '}';) {
            const std::size_t start = at_;
            skip_string();
            const bool match = decoded(text_.substr(start, at_ - start)) == key;
            space();
            if (!done() && text_[at_] == ':') ++at_;
            space();
            if (match) {
                key_at_ = start;
                return true;
            }
            next_item();
        }
        return false;
    }

    // Into item `index` of the array here: true with the scan at it.
    bool enter_index(std::size_t index) {
        if (!opens('[')) return false;
        space();
        for (std::size_t i = 0; i < index && !done() && text_[at_] != ']'; ++i) next_item();
        return !done() && text_[at_] != ']';
    }

    void space() {
        while (!done() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) ++at_;
    }

private:
    bool opens(char bracket) {
        if (done() || text_[at_] != bracket) return false;
        ++at_;
        return true;
    }

    // Past the value here, its ',' and the white space after it.
    void next_item() {
        skip_value();
        space();
        if (!done() && text_[at_] == ',') ++at_;
        space();
    }

    void skip_string() {
        for (++at_; !done() && text_[at_] != '"'; ++at_)
            if (text_[at_] == '\\') ++at_;  // the escaped character, '"' too
        if (!done()) ++at_;
    }

    // A string, a number, a literal, or a whole array or object (brackets counted outside strings).
    void skip_value() {
        if (done()) return;
        if (text_[at_] == '"') return skip_string();
        if (text_[at_] != '{' && text_[at_] != '[') {
            while (!done() && std::string_view(",]} \t\r\n").find(text_[at_]) == std::string_view::npos) ++at_;
            return;
        }
        std::size_t depth = 0;
        do {
            const char c = text_[at_];
            if (c == '"') {
                skip_string();
                continue;
            }
            if (c == '{' || c == '[') ++depth;
            if (c == '}' || c == ']') --depth;
            ++at_;
        } while (depth > 0 && !done());
    }

    // A key token as JSON reads it: escapes are rare in keys, so only then is it parsed.
    static std::string decoded(std::string_view token) {
        if (token.size() < 2) return {};
        if (token.find('\\') == std::string_view::npos) return std::string(token.substr(1, token.size() - 2));
        const Json key = Json::parse(token.begin(), token.end(), nullptr, false);
        return key.is_string() ? key.get<std::string>() : std::string();
    }

    std::string_view text_;
    std::size_t at_ = 0, key_at_ = 0;
};

TextPlace place_of(std::string_view text, std::size_t offset) {
    const std::size_t at = std::min(offset, text.size());
    const auto line = static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    const std::size_t start = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    return {line + 1, at - (start == std::string_view::npos ? 0 : start + 1) + 1};
}

}  // namespace

TextPlace locate_json_value(std::string_view text, const std::vector<JsonStep>& steps, bool at_key) {
    Scan scan(text);
    scan.space();
    std::size_t found = scan.at();  // the deepest value reached so far
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const bool key = std::holds_alternative<std::string>(steps[i]);
        const bool entered = key ? scan.enter_key(std::get<std::string>(steps[i])) : scan.enter_index(std::get<std::size_t>(steps[i]));
        if (!entered) break;
        found = at_key && key && i + 1 == steps.size() ? scan.key_at() : scan.at();
    }
    if (found >= text.size()) return {};
    return place_of(text, found);
}

}  // namespace futolab::app
