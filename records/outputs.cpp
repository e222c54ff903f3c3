#include "records/outputs.hpp"

#include "records/csv_reader.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

namespace futolab {

std::string outputs_path(const std::string& csv_path) {
    return std::filesystem::path(csv_path).replace_extension(".jsonl").string();
}

std::size_t export_outputs(const std::string& csv_path) {
    const CsvTable t = read_csv_file(csv_path);
    const std::size_t run = t.column("run", csv_path), output = t.column("output", csv_path);
    std::map<std::size_t, const std::string*> lines;
    for (const auto& row : t.rows)
        if (!row[output].empty()) lines.emplace(std::stoull(row[run]), &row[output]);
    if (lines.empty()) return 0;
    // Written beside and renamed over: a reader never sees half a corpus.
    const std::string path = outputs_path(csv_path), tmp = path + ".tmp";
    {
        std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
        for (const auto& [index, line] : lines) file << *line << '\n';
        if (!file.flush()) throw std::runtime_error("cannot write " + tmp);
    }
    std::filesystem::rename(tmp, path);
    return lines.size();
}

}  // namespace futolab
