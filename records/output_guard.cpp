#include "records/output_guard.hpp"

#include "core/error.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

namespace futolab {
namespace {

namespace fs = std::filesystem;

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec) && !ec;
    return fs::weakly_canonical(fs::absolute(a, ec), ec) == fs::weakly_canonical(fs::absolute(b, ec), ec);
}

[[noreturn]] void refuse(const std::string& option, const std::string& out, const std::string& why) {
    throw InputError(fmt::format("{} {}: {}: refusing to overwrite it (use another file, or --force)", option, out, why));
}

}  // namespace

bool is_results_csv(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    std::string prefix;
    for (const std::string& c : csv_base_columns()) {
        prefix += (prefix.empty() ? "" : ",") + c;
        if (prefix.size() > 40) break;  // enough to be sure, without reading a long line
    }
    std::string head(prefix.size(), '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    return in.gcount() == static_cast<std::streamsize>(prefix.size()) && head == prefix;
}

void check_output_path(const std::string& out, const std::vector<std::string>& inputs, bool force,
                       const std::string& option) {
    if (out.empty() || out == "-") return;
    std::error_code ec;
    if (fs::is_directory(out, ec))
        throw InputError(fmt::format("{} {}: is a folder, not a file", option, out));
    if (force) return;
    for (const std::string& input : inputs) {
        if (input == "-") continue;
        if (same_file(out, input)) refuse(option, out, "is the input " + input);
        if (same_file(out, sidecar_path(input))) refuse(option, out, "is the sidecar of the input " + input);
    }
    if (!fs::exists(out, ec)) return;
    if (is_results_csv(out)) refuse(option, out, "is a results CSV");
    if (out.ends_with(".meta.yaml")) refuse(option, out, "is a metadata sidecar");
}

}  // namespace futolab
