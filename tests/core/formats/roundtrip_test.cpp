// Round trips over every sample instance: each writable format and back, and every ordered
// pair of readable formats A → B → A, keep the puzzle (same instance_hash). The count is
// printed for the record.
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace futolab;
using namespace futolab::test;

namespace {

std::vector<std::string> dev_files() {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(shared_data("tatham-dev")))
        if (entry.path().extension() == ".tatham") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

std::vector<Instance> sample_instances() {
    std::vector<Instance> out;
    for (const char* name : {"conjure-tutorial-4x4.param", "conjure-tutorial-4x4.futo", "guardian-5x5.tatham"})
        for (Instance& in : read_instances(shared_data(name))) out.push_back(std::move(in));
    for (const std::string& file : dev_files())
        for (Instance& in : read_instances(file)) out.push_back(std::move(in));
    return out;
}

// Same source name for every pass, so ids made from it do not differ between passes.
std::string source_for(Format f) { return "roundtrip" + std::string(format_info(f).extensions.front()); }

Instance through(const Instance& in, Format f) {
    return parse_one(write_instances({in}, f), f, source_for(f));
}

}  // namespace

TEST_CASE("round trips: every sample through every format and every pair of formats", "[roundtrip][heavy]") {
    const std::vector<Instance> samples = sample_instances();
    REQUIRE(samples.size() == 618);
    const std::vector<Format> formats = readable_formats();
    REQUIRE(formats.size() == 5);
    std::size_t single = 0, pairs = 0, dzn = 0;
    for (const Instance& in : samples) {
        const std::string hash = hash_of(in);
        INFO(in.source << " " << in.id);
        CHECK_FALSE(write_instances({in}, Format::dzn).empty());  // write-only: written, not read back
        ++dzn;
        for (Format a : formats) {
            const Instance in_a = through(in, a);
            REQUIRE(hash_of(in_a) == hash);
            ++single;
            for (Format b : formats) {
                if (a == b) continue;
                const Instance back = through(through(in_a, b), a);
                REQUIRE(hash_of(back) == hash);
                // Grid text has neither ids, meta nor clue order: it comes back character for
                // character. (Essence keeps the clue order of its source, which B may change.)
                if (a == Format::futo)
                    REQUIRE(write_instances({back}, a) == write_instances({in_a}, a));
                ++pairs;
            }
        }
    }
    CHECK(single == 618 * 5);
    CHECK(pairs == 618 * 20);
    WARN("format round trips: " << single << " single (sample -> format -> read) + " << pairs
                                << " pairwise (A -> B -> A) = " << single + pairs << " over " << samples.size()
                                << " sample instances; " << dzn << " dzn files written");
}

TEST_CASE("round trips: whole multi-instance files keep every puzzle in order", "[roundtrip]") {
    std::size_t files = 0, puzzles = 0;
    for (const std::string& file : dev_files()) {
        const auto all = read_instances(file);
        for (Format f : {Format::futo, Format::jsonl, Format::tatham}) {
            const auto back = parse_instances(write_instances(all, f), source_for(f), f);
            REQUIRE(back.size() == all.size());
            for (std::size_t i = 0; i < all.size(); ++i) REQUIRE(hash_of(back[i]) == hash_of(all[i]));
            ++files;
            puzzles += all.size();
        }
    }
    WARN("multi-instance file round trips: " << files << " files, " << puzzles << " puzzles");
}

TEST_CASE("round trips: tatham difficulty and jsonl meta survive tatham <-> jsonl", "[roundtrip]") {
    const auto all = read_instances(shared_data("tatham-dev/n06.tatham"));
    const std::string tatham = write_instances(all, Format::tatham);
    const auto via_jsonl = parse_instances(write_instances(all, Format::jsonl), "x.jsonl", Format::jsonl);
    CHECK(write_instances(via_jsonl, Format::tatham) == tatham);
    // The dev files are written back exactly as Tatham's generator wrote them.
    CHECK(tatham == slurp(shared_data("tatham-dev/n06.tatham")));
}
