// The results CSV as the runner writes it: opened for appending (after repairing a line cut
// off by a crash), one write(2) per row so rows are whole and reach the kernel at once.
#pragma once

#include <set>
#include <string>

namespace futolab {

class ResultsFile {
public:
    // Creates the file with its header, or, with `resume`, reopens it: checks the header,
    // cuts a truncated last line, and collects the run keys already present. Without
    // `resume`, an existing file is an InputError (results are never overwritten).
    ResultsFile(const std::string& path, bool resume);
    ~ResultsFile();
    ResultsFile(const ResultsFile&) = delete;
    ResultsFile& operator=(const ResultsFile&) = delete;

    const std::set<std::string>& finished_keys() const { return finished_; }
    std::size_t rows() const { return rows_; }
    // Throws std::runtime_error naming the file if the write fails (disk full, unwritable).
    void append(const std::string& line);

private:
    void write_all(const std::string& text);
    std::string path_;
    int fd_ = -1;
    std::set<std::string> finished_;
    std::size_t rows_ = 0;
    std::size_t bytes_ = 0;  // length of the whole rows written: where a failed row is cut
};

}  // namespace futolab
