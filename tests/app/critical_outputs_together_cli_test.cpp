// critical's --out and --certificate go together (issue #45, A F4).
// `critical --exact --n 4 --out r.jsonl --certificate c.cert --force` over an earlier run's files
// renamed its new r.jsonl into place, then failed on a full disk at c.cert: a new --out beside
// the earlier certificate. Both are now written whole to their temporary files before either is
// renamed (app/outputs_together.hpp), so a failure leaves the earlier pair as it was.
// A file size limit stands in for the full disk (`ulimit -f`, 512-byte blocks in sh; SIGXFSZ
// ignored, the write fails with EFBIG), as in outputs_together_cli_test.cpp, or /dev/full (ENOSPC).
// --construct and --exact --square cannot be cut so: their results CSV, rewritten by --force
// before --out, holds the certificate, and its column schema (11 KB) is larger than both.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// A file as the forced run must leave it: its bytes and its inode (a file renamed over it with
// the same bytes, as an empty --out is, is another file).
struct Kept {
    std::string text;
    ino_t inode = 0;
    bool operator==(const Kept&) const = default;
};

std::map<std::string, Kept> kept(const fs::path& dir, const std::vector<std::string>& names) {
    std::map<std::string, Kept> out;
    for (const std::string& name : names) {
        struct stat st {};
        if (::stat((dir / name).c_str(), &st) == 0) out[name] = {slurp((dir / name).string()), st.st_ino};
    }
    return out;
}

// The lines of `text` that hold `part`.
std::size_t lines_with(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = text.find('\n', at);
        const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
        count += has(line, part);
        at = end == std::string::npos ? text.size() : end + 1;
    }
    return count;
}

// The earlier run's r.jsonl and c.cert: `critical ARGS --out r.jsonl --certificate c.cert` in `dir`.
std::map<std::string, Kept> earlier_run(const fs::path& dir, const std::string& args) {
    const auto first = run_cli("critical " + args + " --out r.jsonl --certificate c.cert", dir.string());
    INFO(first.err);
    REQUIRE(first.exit_code == 0);
    auto before = kept(dir, {"r.jsonl", "c.cert"});
    REQUIRE(before.size() == 2);
    return before;
}

// A forced run that failed to write `failing`: exit 1, one line naming it, r.jsonl and c.cert the
// earlier run's (`before`), no temporary file left.
void earlier_files_kept(const fs::path& dir, const futolab::test::CliResult& r, const std::string& failing,
                        const std::map<std::string, Kept>& before) {
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(lines_with(r.err, "cannot write " + failing + ": ") == 1);
    CHECK(lines_with(r.err, "cannot write") == 1);
    CHECK(kept(dir, {"r.jsonl", "c.cert"}) == before);
    for (const auto& entry : fs::directory_iterator(dir))  // no temporary file left either
        CHECK_FALSE(has(entry.path().filename().string(), ".tmp-"));
}

}  // namespace

TEST_CASE("critical --exact --n --force keeps the earlier --out and certificate when the certificate cannot be written",
          "[cli][critical][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("critical-outputs-together", "exact");
    const std::string args = "--exact --n 4 --objective k";
    const auto before = earlier_run(dir, args);
    // 64 KiB: the results CSV (49 KB), its schema, sidecar and --out (0.6 KB) fit; the
    // certificate (130 KB) does not. --out is written first: it was renamed into place.
    REQUIRE(before.at("r.jsonl").text.size() < 65536);
    REQUIRE(before.at("c.cert").text.size() > 65536);
    const auto r = futolab::test::run_cli_env("trap '' XFSZ; ulimit -f 128; ",
                                              "critical " + args + " --out r.jsonl --certificate c.cert --force", dir.string());
    earlier_files_kept(dir, r, "c.cert", before);
}

// A shard that holds no class writes an empty --out and a certificate header of 175 bytes, no
// results CSV: no file size limit lets its lock files (a pid each) through and not the
// certificate, so the certificate goes to /dev/full, a device that is always full (ENOSPC). Its
// --out, the same bytes as before, was renamed into place all the same: a new file.
TEST_CASE("critical --exact --shard that holds no class --force keeps the earlier --out when its certificate finds the disk full",
          "[cli][critical][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("critical-outputs-together", "empty-shard");
    const std::string args = "--exact --n 3 --objective k --shard 3/4";
    const auto before = earlier_run(dir, args);
    const auto r = run_cli("critical " + args + " --out r.jsonl --certificate /dev/full --force", dir.string());
    earlier_files_kept(dir, r, "/dev/full", before);
}
