#include "core/error.hpp"
#include "core/yaml_aliases.hpp"

#include <fmt/format.h>

namespace futolab {

std::string nul_kept(std::string text) {
    for (std::size_t at = text.find('\0'); at != std::string::npos; at = text.find('\0', at + 2))
        text.replace(at, 1, "\xC0\x80");
    return text;
}

std::string format_location(const SourceLoc& loc) {
    std::string out = loc.source.empty() ? std::string("<input>") : loc.source;
    if (loc.line > 0) out += fmt::format(":{}", loc.line);
    if (loc.line > 0 && loc.column > 0) out += fmt::format(":{}", loc.column);
    if (loc.line > 0 && loc.column > 0) out += yaml_alias_note(loc.source, loc.line, loc.column);  // "" but in a YAML text with aliases
    return out;
}

void throw_input_error(const SourceLoc& loc, std::string_view problem) {
    throw InputError(fmt::format("{}: {}", format_location(loc), problem));
}

}  // namespace futolab
