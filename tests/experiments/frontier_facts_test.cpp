// A frontier row (exact-sample's over its sample, task exact's of one square) held by resume
// and merge to the corners its search writes (experiments/frontier_facts.hpp): h_max from the
// first set to k = 0, no corner left out where a one-clue swap shows one, and task exact's
// message listing the same corners.
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::refused_by_both;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("frontier-facts", name, config); }

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    for (std::size_t from = 0, to = 0; from <= text.size(); from = to + 1) {
        to = text.find('\n', from);
        if (to == std::string::npos) to = text.size();
        lines.push_back(text.substr(from, to - from));
    }
    return lines;
}

// Row 0 with only the corners `kept` (indices into its records), its h, k and solutions the
// kept ones' (so only the corners are left to refuse), and its message changed by `message`.
futolab::test::TableEdit corners_kept(const std::vector<std::size_t>& kept,
                                      const std::function<std::string(std::string)>& message = {}) {
    return [kept, message](futolab::CsvTable& t) {
        std::vector<std::string>& row = t.rows.at(0);
        const std::vector<std::string> records = lines_of(row.at(t.column("output", "t")));
        std::string output;
        for (std::size_t i : kept) output += (output.empty() ? "" : "\n") + records.at(i);
        row.at(t.column("output", "t")) = output;
        const Json first = Json::parse(records.at(kept.front()));
        row.at(t.column("h", "t")) = std::to_string(first["givens"].size());
        row.at(t.column("k", "t")) = std::to_string(first["lt"].size());
        row.at(t.column("solutions", "t")) = std::to_string(kept.size());
        if (message) row.at(t.column("message", "t")) = message(row.at(t.column("message", "t")));
    };
}

}  // namespace

TEST_CASE("exact-sample frontier: a row with a corner left out is refused by resume and merge", "[resume][merge][exact-sample]") {
    // n = 4, seed 5, sample 3: corners at h_max 0..4 with k 4, 3, 2, 1, 0; a class is determined by its relations.
    const fs::path dir = sweep("sample", "name: fr\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 5 }\n"
                                         "methods: [ \"exact-sample:objective=frontier,sample=3\" ]\n");
    const futolab::CsvTable t = table_of(dir / "base" / "fr.csv");
    REQUIRE(lines_of(cell(t, 0, "output")).size() == 5);
    REQUIRE(Json::parse(lines_of(cell(t, 0, "output")).back())["meta"]["point"] == Json::parse("[4, 0]"));
    accepted_by_both(dir, "fr");
    refused_by_both(dir, "fr", 0, corners_kept({1, 2, 3, 4}), "first corner is at h_max 1, where the relations alone determine square");
    refused_by_both(dir, "fr", 0, corners_kept({0, 1, 3, 4}), "a frontier without its corner at h_max 2");
    refused_by_both(dir, "fr", 0, corners_kept({0, 1, 4}), "after line 2's at h_max 1 with k 3, where the next corner is 1 or 2 h_max later");
    refused_by_both(dir, "fr", 0, corners_kept({0, 1, 2, 3}), "last corner (line 4) has k 1, where the search runs h_max until k is 0");
    refused_by_both(dir, "fr", 0, corners_kept({4}), "first corner is at h_max 4");
}

TEST_CASE("exact frontier: the records are the corners of the row's message, as the search writes both", "[resume][merge][exact]") {
    // Class 0 of n = 4: min k 6 4 3 2 1 0 for h_max 0..5, a corner at each.
    const fs::path dir = sweep("exact", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 1 }\n"
                                        "methods: [ \"exact:objective=frontier\" ]\nisolation: thread\n");
    REQUIRE(cell(table_of(dir / "base" / "ex.csv"), 0, "message") == "min k for h_max = 0..5: 6 4 3 2 1 0");
    accepted_by_both(dir, "ex");
    refused_by_both(dir, "ex", 0, corners_kept({0, 1, 3, 4, 5}), "(line 3) at h_max 3 with k 2, where its message's corner 3 is at h_max 2");
    const auto level = [](std::string m) { return m.replace(m.find("6 4 3"), 5, "6 4 4"); };
    refused_by_both(dir, "ex", 0, corners_kept({0, 1, 3, 4, 5}, level), "a frontier without its corner at h_max 2");
    refused_by_both(dir, "ex", 0, corners_kept({0, 1, 2, 3, 4, 5}, [](std::string m) { return m + " "; }),
                    "where its run writes 'min k for h_max = 0..E:'");
    refused_by_both(dir, "ex", 0, corners_kept({0, 1, 2, 3, 4, 5}, [](const std::string&) { return std::string("min k for h_max = 0..5: 6 4 3 2 1 1"); }),
                    "where the search's list has its '-' first, k falling or level, and 0 last only (h_max 5 breaks it)");
}
