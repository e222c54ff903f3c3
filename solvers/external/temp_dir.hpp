// A private temporary directory per run (mkdtemp under $TMPDIR or /tmp, mode 0700), removed
// with everything in it when the run ends, whatever way it ends.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace futolab::external {

class TempDir {
public:
    explicit TempDir(std::string_view prefix);  // throws std::runtime_error if it cannot be made
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `text` to path()/name (throws std::runtime_error on failure) and returns its path.
    std::filesystem::path write(const std::string& name, std::string_view text) const;

private:
    std::filesystem::path path_;
};

}  // namespace futolab::external
