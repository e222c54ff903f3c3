// Placeholder: replaced by the format readers and writers (issue #2).
#include "core/formats/formats.hpp"

#include "core/error.hpp"

namespace futolab {

const std::vector<FormatInfo>& format_table() {
    static const std::vector<FormatInfo> rows;
    return rows;
}
Format format_from_name(std::string_view name) { throw InputError("unknown format " + std::string(name)); }
std::optional<Format> format_from_extension(std::string_view) { return std::nullopt; }
Format detect_format(const std::string& path, std::string_view) { throw InputError(path + ": unknown format"); }
std::vector<Instance> read_instances(const std::string& path) { throw InputError(path + ": unknown format"); }
std::vector<Instance> parse_instances(std::string_view, const std::string& source, Format) {
    throw InputError(source + ": unknown format");
}
std::string write_instances(const std::vector<Instance>&, Format) { return {}; }

}  // namespace futolab
