#include "core/shell_words.hpp"

namespace futolab {
namespace {

// The characters no POSIX shell treats specially anywhere in a word: letters, digits and
// _@%+=:,./- ('~' expands at a word's start, '=' only matters before the command name, which
// the program name always is).
bool is_safe(char ch) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) return true;
    return std::string_view("_@%+=:,./-").find(ch) != std::string_view::npos;
}

}  // namespace

std::string shell_quoted(std::string_view word) {
    bool safe = !word.empty();
    for (const char ch : word) safe = safe && is_safe(ch);
    if (safe) return std::string(word);
    std::string out = "'";
    for (const char ch : word) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
}

std::string shell_command(std::string_view program, const std::vector<std::string>& words) {
    std::string out(program);
    for (const std::string& word : words) out += " " + shell_quoted(word);
    return out;
}

}  // namespace futolab
