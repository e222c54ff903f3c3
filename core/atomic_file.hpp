// The one way futolab writes a whole file (reports, merged CSVs, sidecars, tables, plots'
// data and scripts, converted instances, certificates): the text goes to a temporary file
// beside the target, created exclusively under a fresh random name without following a
// symlink (O_CREAT | O_EXCL | O_NOFOLLOW), is flushed to disk (fsync) and then renamed over
// the target. So a reader never sees half a file; a kill, a full disk or a failed write leaves
// the old file as it was (the temporary file is removed on failure, and a kill leaves at most
// `<target>.tmp-XXXXXX`); a symlink at the target is replaced, never written through; and
// nothing planted at a guessable name (`<target>.tmp`) is ever opened. A target that is a
// device or a FIFO (`--out /dev/null`, a pipe) is written directly: it cannot be replaced.
//
// The two outputs written in place on purpose are appenders whose every record must survive a
// kill: the results CSV of a run (records/results_file.hpp) and the record streams of
// `generate` and `critical` (app/load.hpp); neither follows a symlink at its target.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

class AtomicFile {
public:
    // Creates the temporary file; throws std::runtime_error "cannot write PATH: REASON".
    explicit AtomicFile(std::string path);
    ~AtomicFile();  // removes the temporary file unless committed
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view text);  // throws std::runtime_error naming the target
    // fsync, close, rename over the target (and fsync its folder); throws on failure.
    void commit();
    const std::string& temp_path() const { return temp_; }

private:
    std::string path_, temp_;
    int fd_ = -1;
    bool committed_ = false;
    bool direct_ = false;  // the target is a device or FIFO: written as it is, not replaced
};

// AtomicFile in one call.
void write_file_atomically(const std::string& path, std::string_view text);

}  // namespace futolab
