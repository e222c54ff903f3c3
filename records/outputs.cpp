#include "records/outputs.hpp"

#include "core/atomic_file.hpp"
#include "core/live_writer.hpp"
#include "records/csv_reader.hpp"

#include <filesystem>
#include <map>

namespace futolab {

std::string outputs_path(const std::string& csv_path) { return outputs_file_of(csv_path); }

std::size_t export_outputs(const std::string& csv_path) {
    const CsvTable t = read_csv_file(csv_path);
    const std::size_t run = t.column("run", csv_path), output = t.column("output", csv_path);
    std::map<std::size_t, const std::string*> lines;
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        if (!t.rows[r][output].empty()) lines.emplace(whole_number_cell(t, r, run, csv_path), &t.rows[r][output]);
    if (lines.empty()) return 0;
    // Written beside and renamed over: a reader never sees half a corpus.
    AtomicFile file(outputs_path(csv_path));
    for (const auto& [index, line] : lines) file.write(*line + '\n');
    file.commit();
    return lines.size();
}

}  // namespace futolab
