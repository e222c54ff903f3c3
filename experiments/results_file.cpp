#include "experiments/results_file.hpp"

#include "core/error.hpp"
#include "experiments/csv_reader.hpp"
#include "experiments/results_csv.hpp"
#include "experiments/run_matrix.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace futolab {
namespace {

std::set<std::string> keys_of(const CsvTable& t, const std::string& path) {
    const std::size_t instance = t.column("instance", path), hash = t.column("instance_hash", path),
                      solver = t.column("solver", path), options = t.column("options", path),
                      seed = t.column("seed", path), repeat = t.column("repeat", path);
    std::set<std::string> keys;
    for (const auto& row : t.rows)
        keys.insert(run_key(row[instance], row[hash], row[solver], row[options], std::stoull(row[seed]),
                            std::stoi(row[repeat])));
    return keys;
}

}  // namespace

ResultsFile::ResultsFile(const std::string& path, bool resume) : path_(path) {
    namespace fs = std::filesystem;
    const bool exists = fs::exists(path) && fs::file_size(path) > 0;  // empty: a crash before the header
    if (exists && !resume)
        throw InputError(path + ": results exist already: use --resume to continue them, or remove the file");
    if (exists) {
        const CsvTable table = read_csv_file(path);
        if (table.header != csv_columns())
            throw InputError(path + ": the header is not futolab's results header: cannot resume into it");
        if (table.truncated) fs::resize_file(path, table.complete_bytes);  // a row cut off by a kill
        finished_ = keys_of(table, path);
        rows_ = table.rows.size();
    } else if (!fs::path(path).parent_path().empty()) {
        fs::create_directories(fs::path(path).parent_path());
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    bytes_ = exists ? static_cast<std::size_t>(fs::file_size(path)) : 0;
    if (!exists) write_all(csv_header_line());
}

ResultsFile::~ResultsFile() {
    if (fd_ >= 0) ::close(fd_);
}

void ResultsFile::append(const std::string& line) {
    write_all(line);
    ++rows_;
}

void ResultsFile::write_all(const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int error = n < 0 ? errno : ENOSPC;
            // A full disk (or a file size limit) may have taken part of the row before
            // refusing the rest: cut it off, so the file keeps only whole rows.
            if (done > 0) (void)::ftruncate(fd_, static_cast<off_t>(bytes_));
            throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(error));
        }
        done += static_cast<std::size_t>(n);
    }
    bytes_ += text.size();
}

}  // namespace futolab
