// Inputs that the fuzz targets (tests/fuzz) once found crashing, hanging or breaking the round
// trip, kept in tests/data/fuzz-regressions/<target>/ and replayed here against the normal
// reader: each must read or fail with an InputError, and every instance that compiles must
// keep its instance_hash when written back in its format and read again.
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>

using namespace futolab;
using namespace futolab::test;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> regression_files(const std::string& target) {
    std::vector<std::string> out;
    const fs::path dir = test_data("fuzz-regressions/" + target);
    if (fs::is_directory(dir))
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.is_regular_file() && entry.path().filename() != "README.md") out.push_back(entry.path().string());
    return out;
}

std::optional<std::vector<Instance>> parsed_or_rejected(const std::string& text, Format format) {
    try {
        return parse_instances(text, "regression", format);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

void check_round_trip(const Instance& instance, Format format) {
    std::optional<Puzzle> puzzle;
    try {
        puzzle = Puzzle::compile(instance);
    } catch (const InputError&) {
        return;
    }
    const std::vector<Instance> again = parse_instances(write_instances({instance}, format), "roundtrip", format);
    REQUIRE(again.size() == 1);
    CHECK(Puzzle::compile(again.front()).hash() == puzzle->hash());
}

}  // namespace

TEST_CASE("fuzz regressions: each input reads or is an InputError, and round-trips", "[formats][fuzz]") {
    const std::vector<std::pair<std::string, Format>> targets{
        {"futo", Format::futo}, {"jsonl", Format::jsonl}, {"tatham", Format::tatham}, {"essence", Format::essence}};
    for (const auto& [target, format] : targets)
        for (const std::string& file : regression_files(target)) {
            INFO(file);
            const auto instances = parsed_or_rejected(slurp(file), format);
            if (instances)
                for (const Instance& instance : *instances) check_round_trip(instance, format);
        }
}

TEST_CASE("fuzz regression: a JSON number beyond double is an InputError naming the line", "[formats][fuzz]") {
    const std::string text = "{\"n\": 2, \"givens\": [], \"lt\": []}\n{\"n\": 2E2222}\n";
    CHECK_THROWS_WITH(parse_instances(text, "c.jsonl", Format::jsonl),
                      Catch::Contains("c.jsonl:2:12: number 2E2222 is too large (beyond ±1.8e308, the range of a double)"));
    // Round 11 (finding 20): valid JSON, so never "malformed JSON" (nlohmann's "number overflow").
    for (const std::string number : {"1e400", "1e309", "-1e400", "17976931348623159e292"}) {
        INFO(number);
        const std::string line = "{\"id\": \"a\", \"n\": " + number + ", \"givens\": [], \"lt\": []}\n";
        CHECK_THROWS_WITH(parse_instances(line, "a.jsonl", Format::jsonl),
                          Catch::Contains("a.jsonl:1:") && Catch::Contains(": number " + number + " is too large") &&
                              !Catch::Contains("malformed") && !Catch::Contains("overflow"));
    }
}
