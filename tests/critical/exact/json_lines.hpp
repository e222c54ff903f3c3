// The certificate tests' view of a JSON Lines file: its records, to tamper with, and back.
#pragma once

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

}  // namespace futolab::test
