// The results-CSV readers out of memory (red-team round 24, C F4): a 98 MB CSV peaked at 2.3 GB
// in analyze, and under a memory cap `analyze`, `compare` and `report` ended with the bare
// "futolab: error: std::bad_alloc", exit 1. As the puzzle readers do (core/reader_memory.hpp),
// they end with one line naming the file and its size. Each read runs in a child whose address
// space may grow a few times the file's size, while its rows need ten times that.
#include "analysis/results_table.hpp"
#include "core/sanitizers.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/core/capped_child.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

namespace {

// A results CSV of distinct runs, about `bytes` bytes; its path and size.
std::pair<std::string, std::size_t> many_runs(const std::string& name, std::size_t bytes) {
    const std::string path = (futolab::test::fresh_dir("results-memory", name) / "big.csv").string();
    std::ofstream out(path);
    out << "instance,seed,repeat,solver,options,status,wall_ns,cpu_ns\n";
    for (std::size_t i = 0; static_cast<std::size_t>(out.tellp()) < bytes; ++i) out << 'i' << i << ",1,1,fc,,solved,1,1\n";
    out.close();
    return {path, std::filesystem::file_size(path)};
}

}  // namespace

TEST_CASE("analyze, compare and report out of memory name the results CSV and its size", "[results_table][memory]") {
    if (futolab::kSanitizerBuild) return;  // their allocators abort under RLIMIT_AS
    const auto made = many_runs("table", 8 << 20);
    const std::string path = made.first;  // a lambda may not capture a structured binding (clang)
    const auto size = made.second;
    const std::string said = futolab::test::read_capped([&] { futolab::ResultsTable::load({path}); }, 48 << 20);
    CHECK(said == path + ": out of memory reading it (" + std::to_string(size) + " bytes)");
}

TEST_CASE("merge and resume out of memory name the results CSV and its size", "[csv][memory]") {
    if (futolab::kSanitizerBuild) return;
    const auto made = many_runs("rows", 8 << 20);
    const std::string path = made.first;  // a lambda may not capture a structured binding (clang)
    const auto size = made.second;
    const std::string said = futolab::test::read_capped([&] { futolab::read_csv_file(path); }, 48 << 20);
    CHECK(said == path + ": out of memory reading it (" + std::to_string(size) + " bytes)");
}
