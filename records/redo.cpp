#include "records/redo.hpp"

#include "core/atomic_file.hpp"

#include "core/files.hpp"
#include "records/csv_reader.hpp"
#include "records/output_lock.hpp"
#include "records/results_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace futolab {
namespace {

// The records of an RFC 4180 text as byte ranges, each with its line end: a newline inside
// quotes does not end a record. `text` ends with a complete record.
std::vector<std::string_view> records_of(std::string_view text) {
    std::vector<std::string_view> out;
    bool quoted = false;
    std::size_t start = 0;
    for (std::size_t p = 0; p < text.size(); ++p) {
        if (text[p] == '"') quoted = !quoted;  // "" inside quotes toggles twice: no change
        if (text[p] != '\n' || quoted) continue;
        out.push_back(text.substr(start, p + 1 - start));
        start = p + 1;
    }
    return out;
}

}  // namespace

RedoRemoval remove_rows_with_status(const std::string& csv_path, const std::set<std::string>& statuses,
                                    const std::vector<std::string>& header, const OutputLock* held) {
    RedoRemoval out;
    // A symlinked (or hard-linked) CSV is refused: the rewrite would replace the link with a
    // new file and leave the removed rows in the file it named.
    if (check_results_target(csv_path) == 0) return out;
    const std::string all = read_text_file(csv_path);
    const CsvTable table = parse_csv(all, csv_path);
    if (!header.empty() && table.header != header) return out;  // not this experiment's: resume refuses it
    const std::size_t status = table.column("status", csv_path);
    const std::vector<std::string_view> records = records_of(std::string_view(all).substr(0, table.complete_bytes));
    if (records.size() != table.rows.size() + 1)  // the reader and this scan must see the same rows
        throw std::runtime_error(csv_path + ": cannot tell its rows apart for --redo");
    std::string kept(records.front());
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const std::string& s = table.rows[r][status];
        if (statuses.count(s)) {
            ++out.rows;
            ++out.by_status[s];
        } else {
            kept += records[r + 1];
        }
    }
    if (out.rows == 0 && !table.truncated) return out;
    if (held != nullptr) held->check_name_held_for(csv_path);
    write_file_atomically(csv_path, kept);
    return out;
}

}  // namespace futolab
