#include "core/file_names.hpp"

#include "core/files.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {
namespace {

bool plain(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' ||
           ch == '-';
}

}  // namespace

std::string safe_file_stem(std::string_view text, std::size_t max) {
    max = std::clamp<std::size_t>(max, 24, 200);
    const bool keep = !text.empty() && text.size() <= max && text.front() != '.' && text.front() != '-' &&
                      std::all_of(text.begin(), text.end(), plain);
    if (keep) return std::string(text);
    const std::string mark = fmt::format("~{:016x}", fnv1a64(std::string(text)));
    std::string out;
    for (const char ch : text.substr(0, max - mark.size())) out += plain(ch) ? ch : '_';
    if (!out.empty() && (out.front() == '.' || out.front() == '-')) out.front() = '_';
    return out + mark;
}

}  // namespace futolab
