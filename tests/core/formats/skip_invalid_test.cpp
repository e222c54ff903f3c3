// Lenient reads (`futolab run --skip-invalid`): a bad line of a line format is left out and
// recorded with its id and error, the other instances keep their ids; in the other formats
// the whole file is left out; a missing file is still an error.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace futolab;
using namespace futolab::test;
using Catch::Matchers::Contains;

namespace {

const std::string kGoodLine = R"({"id": "a", "n": 2, "givens": [], "lt": []})";

std::vector<Instance> lenient(const std::string& text, Format format, const std::string& source,
                              std::vector<SkippedInput>& skipped) {
    return parse_instances(text, source, format, &skipped);
}

std::string write_temp(const std::string& name, const std::string& text) {
    const auto dir = std::filesystem::temp_directory_path() / "futolab-skip-invalid";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

TEST_CASE("skip-invalid: a malformed JSONL line is skipped, named by line and id", "[formats][skip]") {
    const std::string text = kGoodLine + "\n" + R"({"n": 2, "givens": [}  )" + "\n" +
                             R"({"id": "bad-n", "n": "two"})" + "\n" + R"({"n": 2})" + "\n";
    std::vector<SkippedInput> skipped;
    const auto read = lenient(text, Format::jsonl, "dir/c.jsonl", skipped);
    REQUIRE(read.size() == 2);
    CHECK(read[0].id == "a");
    CHECK(read[1].id == "c:4");  // the line number, as in a strict read
    REQUIRE(skipped.size() == 2);
    CHECK(skipped[0].id == "c:2");  // no id could be read: the one it would have had
    CHECK_THAT(skipped[0].error, Contains("dir/c.jsonl:2:") && Contains("malformed JSON"));
    CHECK(skipped[1].id == "bad-n");  // the id was readable
    CHECK_THAT(skipped[1].error, Contains("dir/c.jsonl:3:") && Contains("\"n\" must be an integer"));
    // A strict read of the same text stops at the first bad line.
    CHECK_THROWS_WITH(parse(text, Format::jsonl, "dir/c.jsonl"), Contains("dir/c.jsonl:2:"));
}

TEST_CASE("skip-invalid: a bad Tatham line is skipped and the others keep their ids", "[formats][skip]") {
    const std::string good = "4:2,0,0,0,0U,2,0,0,0,0D,0,0L,0,0,0,0U,";
    std::vector<SkippedInput> skipped;
    const auto read = lenient(good + "\n4:2,0,0\n", Format::tatham, "t.tatham", skipped);
    REQUIRE(read.size() == 1);
    CHECK(read[0].id == "t:1");  // two records in the file, so ids carry the line
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].id == "t:2");
    CHECK_THAT(skipped[0].error, Contains("t.tatham:2"));
    // A one-record file: its id is the stem, skipped or not.
    skipped.clear();
    CHECK(lenient("4:2,0,0\n", Format::tatham, "t.tatham", skipped).empty());
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].id == "t");
}

TEST_CASE("skip-invalid: in a file format the whole file is skipped, a missing file is an error", "[formats][skip]") {
    std::vector<SkippedInput> skipped;
    CHECK(read_instances(test_data("bad/futo-bad-token.futo"), skipped).empty());
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].id == "futo-bad-token");
    CHECK_THAT(skipped[0].error, Contains("futo-bad-token.futo:"));
    CHECK(read_instances(test_data("bad/garbage.jsonl"), skipped).empty());
    CHECK(skipped.size() >= 2);
    CHECK_THROWS_AS(read_instances(test_data("bad/no-such-file.jsonl"), skipped), InputError);
}

TEST_CASE("skip-invalid: a valid file reads the same as a strict read", "[formats][skip]") {
    const std::string path = write_temp("good.jsonl", kGoodLine + "\n" + R"({"n": 3})" + "\n");
    std::vector<SkippedInput> skipped;
    const auto lenient_read = read_instances(path, skipped);
    const auto strict_read = read_instances(path);
    CHECK(skipped.empty());
    REQUIRE(lenient_read.size() == strict_read.size());
    for (std::size_t i = 0; i < strict_read.size(); ++i) {
        CHECK(lenient_read[i].id == strict_read[i].id);
        CHECK(hash_of(lenient_read[i]) == hash_of(strict_read[i]));
    }
}
