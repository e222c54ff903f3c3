// Helpers shared by the format tests: paths of the sample data and a short way to read,
// compile and hash instances.
#pragma once

#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace futolab::test {

inline std::string shared_data(const std::string& name) { return std::string(FUTOLAB_DATA_DIR) + "/" + name; }
inline std::string test_data(const std::string& name) { return std::string(FUTOLAB_SOURCE_DIR) + "/tests/data/" + name; }

inline std::string slurp(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

inline std::string hash_of(const Instance& instance) { return Puzzle::compile(instance).hash(); }

inline std::vector<Instance> parse(const std::string& text, Format format, const std::string& source = "t.txt") {
    return parse_instances(text, source, format);
}

inline Instance parse_one(const std::string& text, Format format, const std::string& source = "t.txt") {
    auto all = parse(text, format, source);
    if (all.size() != 1) throw std::runtime_error("expected one instance");
    return all.front();
}

// The readable formats, in table order.
inline std::vector<Format> readable_formats() {
    std::vector<Format> out;
    for (const FormatInfo& info : format_table())
        if (info.readable) out.push_back(info.format);
    return out;
}

}  // namespace futolab::test
