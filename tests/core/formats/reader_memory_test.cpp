// What the instance readers need beside the input (red-team round 23, C F8): a 108 MB essence
// file peaked at 4.3 GB, and under a memory cap a reader's std::bad_alloc ended futolab with
// exit 1, naming no file. Each case reads in a child process whose address space is capped a
// little above the test's own, so a reader that needs tens of bytes per input byte runs out.
// Not JSONL: its JSON library's destructor allocates, so running out inside it terminates.
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/sanitizers.hpp"
#include "tests/core/capped_child.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

// What reading `text` as `format` ends in (capped_child.hpp).
std::string read_capped(const std::string& text, futolab::Format format, std::size_t headroom) {
    return futolab::test::read_capped([&] { futolab::parse_instances(text, "big.in", format); }, headroom);
}

// `clue` repeated to about `bytes` bytes.
std::string repeated(const std::string& clue, std::size_t bytes) {
    std::string out;
    out.reserve(bytes + clue.size());
    while (out.size() < bytes) out += clue;
    return out;
}

}  // namespace

using Catch::Matchers::Contains;

TEST_CASE("essence: the reader takes one token at a time, not a vector of them all", "[essence][memory]") {
    if (futolab::kSanitizerBuild) return;  // their allocators abort under RLIMIT_AS
    // 24 MB: the token vector needed about 40 bytes an input byte (1 GB), the reader now 2-3.
    const std::string text = "letting n be 4\nletting hints be function(" + repeated("(1,1) --> 2,", 24 << 20) + ")\n";
    const std::string said = read_capped(text, futolab::Format::essence, 200 << 20);
    CHECK_FALSE(said.find("bad_alloc") != std::string::npos);
    CHECK_FALSE(said.find("out of memory") != std::string::npos);
}

TEST_CASE("a reader out of memory is one line naming the file and its size", "[futo][memory]") {
    if (futolab::kSanitizerBuild) return;
    // 8 MB of 4x4 puzzles: their instances alone take several times that.
    const std::string text = repeated("# p\n2   .   .   .\n^   .   .   .\n.   2   .   .\n.   .   .   .\n.   .   . < .\n"
                                                ".   v   .   ^\n.   .   .   .\n", 8 << 20);
    const std::string said = read_capped(text, futolab::Format::futo, 16 << 20);
    CHECK(said == "big.in: out of memory reading it (" + std::to_string(text.size()) + " bytes)");
}
