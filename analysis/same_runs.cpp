#include "analysis/same_runs.hpp"

#include "core/counted.hpp"
#include "core/files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <unordered_set>

#include <sys/stat.h>
#include <unistd.h>

namespace futolab {
namespace {

struct Rows {
    std::string header;
    std::unordered_set<std::string> lines;  // the data lines, byte for byte
};

Rows rows_of(const std::string& path) {
    Rows out;
    const std::string read = read_text_file(path);
    const std::string_view text = without_byte_order_mark(read);  // a copy re-saved with a mark holds the same runs
    std::size_t at = 0;
    bool first = true;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(at, end - at));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (first) out.header = std::move(line);
        else if (!line.empty()) out.lines.insert(std::move(line));
        first = false;
        at = end + 1;
    }
    return out;
}

bool within(const Rows& a, const Rows& b) {
    return !a.lines.empty() && a.header == b.header && a.lines.size() <= b.lines.size() &&
           std::all_of(a.lines.begin(), a.lines.end(), [&](const std::string& line) { return b.lines.count(line) > 0; });
}

}  // namespace

// "-" is standard input: given twice it is one input (read once, core/files.hpp), and it is the
// file it was redirected from (`check --expect M s.csv - < s.csv` counted every run twice).
bool one_file(const std::string& a, const std::string& b) {
    if (a == "-" || b == "-") {
        struct stat in {}, other {};
        const std::string& path = a == "-" ? b : a;
        if (path == "-") return true;
        return ::fstat(STDIN_FILENO, &in) == 0 && ::stat(path.c_str(), &other) == 0 && S_ISREG(in.st_mode) &&
               in.st_dev == other.st_dev && in.st_ino == other.st_ino;
    }
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec) && !ec;
}

std::vector<std::string> same_runs_warnings(const std::vector<std::string>& inputs, const std::vector<std::string>& labels,
                                            std::string_view effect) {
    std::vector<Rows> rows;
    for (const std::string& path : inputs) rows.push_back(rows_of(path));
    std::vector<std::string> out;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = i + 1; j < inputs.size(); ++j) {
            if (one_file(inputs[i], inputs[j])) continue;
            const bool i_in_j = within(rows[i], rows[j]), j_in_i = within(rows[j], rows[i]);
            if (i_in_j && j_in_i)
                out.push_back(fmt::format("{} and {} hold the same {}, measurements included (a copy?): they are {}",
                                          labels[i], labels[j], counted(rows[i].lines.size(), "run"), effect));  // not "1 runs"
            else if (i_in_j || j_in_i) {
                const std::size_t part = i_in_j ? i : j, whole = i_in_j ? j : i;
                out.push_back(fmt::format("every run of {} ({}) is a row of {}, measurements included (a shard beside "
                                          "its merge?): those runs are {}",
                                          labels[part], rows[part].lines.size(), labels[whole], effect));
            }
        }
    return out;
}

std::string shared_replicates(const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = i + 1; j < inputs.size(); ++j)
            if (one_file(inputs[i], inputs[j])) return fmt::format("{} and {} are one file", inputs[i], inputs[j]);
    std::vector<Rows> rows;
    for (const std::string& path : inputs) rows.push_back(rows_of(path));
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = 0; j < inputs.size(); ++j)
            if (i != j && within(rows[i], rows[j]))
                return rows[i].lines.size() == rows[j].lines.size()
                           ? fmt::format("{} and {} hold the same {}, measurements included (a copy?)", inputs[i], inputs[j],
                                         counted(rows[i].lines.size(), "run"))
                           : fmt::format("every run of {} is a row of {}, measurements included (a shard beside its merge?)",
                                         inputs[i], inputs[j]);
    // Two sweeps never time a run alike to the nanosecond: a row of one that is a row of the other,
    // byte for byte, is the same run twice (a copy cut and resumed, or edited in one cell:
    // spot check of round 31, J1, where 100 to 149 of 150 runs were shared and the gate ran).
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = i + 1; j < inputs.size(); ++j) {
            if (rows[i].header != rows[j].header) continue;
            const std::size_t shared = static_cast<std::size_t>(std::count_if(
                rows[i].lines.begin(), rows[i].lines.end(), [&](const std::string& line) { return rows[j].lines.count(line) > 0; }));
            if (shared > 0)
                return fmt::format("{} and {} share {} of {}'s {}, measurements included (a copy resumed, redone or edited?)",
                                   inputs[i], inputs[j], shared, inputs[i], counted(rows[i].lines.size(), "run"));
        }
    return "";
}

}  // namespace futolab
