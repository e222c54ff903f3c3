// The certificate tests' view of a JSON Lines file: its records, to tamper with, and back.
#pragma once

#include "core/error.hpp"
#include "core/instance.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace futolab::test {

inline std::vector<Json> lines_of(const std::string& text) {
    std::vector<Json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(Json::parse(line));
    return out;
}

inline std::string text_of(const std::vector<Json>& lines) {
    std::string out;
    for (const Json& j : lines) out += j.dump() + "\n";
    return out;
}

// What `check` throws for `text` with its first `from` typed as `to` instead: the edit is made
// on the text, so a number is as typed (a Json edit would re-print it).
template <class Check>
std::string refusal_with(const Check& check, std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    if (at == std::string::npos) return "no '" + from + "' in the text";
    text.replace(at, from.size(), to);
    try {
        check(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace futolab::test
