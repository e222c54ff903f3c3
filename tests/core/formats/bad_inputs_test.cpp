// The bad-input corpus tests/data/bad: every file, read and compiled, must raise one
// InputError whose one-line message names the file and contains the substring given for it in
// bad/EXPECTED.tsv (tab-separated: path relative to tests/data, expected substring).
#include "test_util.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

using namespace futolab;
using namespace futolab::test;

namespace {

struct Expectation {
    std::string file, message;
};

std::vector<Expectation> expectations() {
    std::vector<Expectation> out;
    std::istringstream lines(slurp(test_data("bad/EXPECTED.tsv")));
    for (std::string line; std::getline(lines, line);) {
        if (line.empty()) continue;
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos) throw std::runtime_error("EXPECTED.tsv: no tab in: " + line);
        out.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return out;
}

// The error that reading and compiling a file raises ("" if none).
std::string error_of(const std::string& path) {
    try {
        for (const Instance& in : read_instances(path)) Puzzle::compile(in);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("bad inputs: every file of tests/data/bad fails with its expected one-line error", "[bad]") {
    const auto rows = expectations();
    std::set<std::string> listed;
    for (const Expectation& row : rows) {
        INFO(row.file);
        listed.insert(row.file);
        const std::string error = error_of(test_data(row.file));
        CHECK_THAT(error, Catch::Matchers::Contains(row.message));
        CHECK(error.find('\n') == std::string::npos);
        CHECK(error.find(row.file) != std::string::npos);
    }
    // Every file in bad/ has a row, so none is forgotten.
    for (const auto& entry : std::filesystem::directory_iterator(test_data("bad"))) {
        const std::string name = "bad/" + entry.path().filename().string();
        if (name != "bad/EXPECTED.tsv") CHECK(listed.count(name) == 1);
    }
    CHECK(rows.size() >= 30);
    WARN("bad inputs checked: " << rows.size());
}
