#include "analysis/svg_inline.hpp"

#include <stdexcept>

namespace futolab {
namespace {

bool is_ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
// XML name characters, as far as SVG's element and attribute names use them.
bool is_name_char(char c) { return is_ascii_alnum(c) || c == ':' || c == '-' || c == '_' || c == '.'; }

// `value` with each url(#name), url('#name') or url("#name") made url(#<prefix>name).
std::string prefixed_urls(std::string_view value, std::string_view prefix) {
    std::string out;
    std::size_t p = 0;
    for (std::size_t u; (u = value.find("url(", p)) != std::string_view::npos;) {
        std::size_t q = u + 4;
        while (q < value.size() && (is_space(value[q]) || value[q] == '\'' || value[q] == '"')) ++q;
        out.append(value.substr(p, q - p));
        if (q < value.size() && value[q] == '#') {
            out.append("#").append(prefix);
            ++q;
        }
        p = q;
    }
    return out.append(value.substr(p));
}

// The value of attribute `name` with its id, or its reference to one, prefixed.
std::string rewritten(std::string_view name, std::string_view value, std::string_view prefix) {
    if (name == "id") return std::string(prefix).append(value);
    if ((name == "href" || name == "xlink:href") && !value.empty() && value.front() == '#')
        return std::string("#").append(prefix).append(value.substr(1));
    return prefixed_urls(value, prefix);
}

// Copies the start (or empty-element) tag at s[p] == '<' into `out` with its attribute values
// rewritten; returns the position after it.
std::size_t copy_tag(std::string_view s, std::size_t p, std::string_view prefix, std::string& out) {
    out += s[p++];
    while (p < s.size() && s[p] != '>') {
        if (!is_name_char(s[p])) {
            out += s[p++];
            continue;
        }
        const std::size_t name_start = p;
        while (p < s.size() && is_name_char(s[p])) ++p;
        const std::string_view name = s.substr(name_start, p - name_start);
        out.append(name);
        std::size_t q = p;  // name, spaces, '=', spaces, the quote
        while (q < s.size() && is_space(s[q])) ++q;
        if (q >= s.size() || s[q] != '=') continue;  // the element's name, or a bare word
        ++q;
        while (q < s.size() && is_space(s[q])) ++q;
        if (q >= s.size() || (s[q] != '"' && s[q] != '\'')) continue;
        const std::size_t end = s.find(s[q], q + 1);
        if (end == std::string_view::npos) break;  // cut off: copied as it is below
        out.append(s.substr(p, q + 1 - p)).append(rewritten(name, s.substr(q + 1, end - q - 1), prefix)) += s[q];
        p = end + 1;
    }
    if (p < s.size()) out += s[p++];
    return p;
}

// Where the markup construct starting at s[p] == '<' ends when its text is copied as it is
// (a comment, CDATA, a processing instruction, a declaration or an end tag); npos for a start
// tag, whose attributes are rewritten.
std::size_t end_of_verbatim(std::string_view s, std::size_t p) {
    const std::string_view rest = s.substr(p);
    const auto through = [&](std::string_view close) {
        const std::size_t e = s.find(close, p);
        return e == std::string_view::npos ? s.size() : e + close.size();
    };
    if (rest.substr(0, 4) == "<!--") return through("-->");
    if (rest.substr(0, 9) == "<![CDATA[") return through("]]>");
    if (rest.size() > 1 && (rest[1] == '?' || rest[1] == '!' || rest[1] == '/')) return through(">");
    if (rest.size() > 1 && is_name_char(rest[1])) return std::string_view::npos;
    return p + 1;  // a lone '<' (not well-formed XML): copied
}

}  // namespace

std::string inline_svg(std::string_view svg_text, std::string_view prefix) {
    for (char c : prefix)
        if (!is_ascii_alnum(c) && c != '-' && c != '_') throw std::invalid_argument("inline_svg: the prefix must be [A-Za-z0-9_-]");
    const std::size_t start = svg_text.find("<svg");
    if (start == std::string_view::npos) return "";
    const std::string_view s = svg_text.substr(start);
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    for (std::size_t p = 0; p < s.size();) {
        const std::size_t lt = s.find('<', p);
        out.append(s.substr(p, lt == std::string_view::npos ? std::string_view::npos : lt - p));
        if (lt == std::string_view::npos) break;
        const std::size_t verbatim = end_of_verbatim(s, lt);
        if (verbatim == std::string_view::npos) {
            p = copy_tag(s, lt, prefix, out);
        } else {
            out.append(s.substr(lt, verbatim - lt));
            p = verbatim;
        }
    }
    return out;
}

}  // namespace futolab
