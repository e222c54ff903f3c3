#include "core/files.hpp"

#include "core/error.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace futolab {

std::string read_text_file(const std::string& path) {
    if (path == "-") return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw_input_error({path}, "cannot read: is a directory");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw_input_error({path}, std::string("cannot read: ") + std::strerror(errno));
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad()) throw_input_error({path}, std::string("cannot read: ") + std::strerror(errno));
    return text.str();
}

std::uint64_t fnv1a64(const std::string& text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char ch : text) {
        h ^= ch;
        h *= 1099511628211ull;
    }
    return h;
}

}  // namespace futolab
