#include "analysis/summary.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;

TEST_CASE("percentiles interpolate between closest ranks (type 7)", "[summary]") {
    const std::vector<double> v{1, 2, 3, 4, 10};
    CHECK(percentile(v, 0.5) == 3);
    CHECK(percentile(v, 0.9) == Approx(7.6));
    CHECK(percentile(v, 1.0) == 10);
    CHECK(percentile({5}, 0.9) == 5);
}

TEST_CASE("the shifted geometric mean handles zeros", "[summary]") {
    CHECK(shifted_geomean({0, 0}) == Approx(0));
    CHECK(shifted_geomean({3, 15}) == Approx(7));  // sqrt(4 * 16) - 1
    const MetricStats s = describe({4, 1, 3, 2});
    CHECK(s.median == 2.5);
    CHECK(s.mean == 2.5);
    CHECK(s.max == 4);
}

TEST_CASE("summaries group rows and sort n numerically", "[summary]") {
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-summary-test.csv").string();
    std::ofstream(path) << "solver,options,n,status,nodes,wall_ns,cpu_ns\n"
                           "fc,var=mrv,10,unique,5,1000000,0\n"
                           "fc,var=mrv,9,unique,7,2000000,0\n"
                           "fc,var=mrv,9,timeout,9,4000000,0\n"
                           "bitmask,,9,unique,100,3000000,0\n";
    const ResultsTable t = ResultsTable::load({path});
    const auto groups = summarize(t, {"spec", "n"}, {"nodes", "wall_ms"});
    REQUIRE(groups.size() == 3);
    CHECK(groups[0].key == std::vector<std::string>{"bitmask", "9"});
    CHECK(groups[1].key == std::vector<std::string>{"fc:var=mrv", "9"});
    CHECK(groups[2].key == std::vector<std::string>{"fc:var=mrv", "10"});
    CHECK(groups[1].runs == 2);
    CHECK(groups[1].finished == 1);
    CHECK(groups[1].limited == 1);
    CHECK(groups[1].metrics[0].median == 8);
    CHECK(groups[1].metrics[1].max == 4);
    const std::string md = summary_markdown(groups, {"spec", "n"}, {"nodes"});
    CHECK(groups[1].metrics[0].min == 7);
    CHECK(md.find("| fc:var=mrv | 9 | 2 | 1 | 1 | 7 | 8 | 8 | 8.800 | 9 |") != std::string::npos);
}

TEST_CASE("an empty counter is unknown: left out of the statistics, never read as 0", "[summary]") {
    // SPEC §4: an external tool's unreported counter is an empty field.
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-summary-unknown.csv").string();
    std::ofstream(path) << "solver,options,n,status,nodes,checks,wall_ns,cpu_ns\n"
                           "minizinc,solver=gecode,4,unique,6,,1000000,0\n"
                           "minizinc,solver=gecode,4,unique,,,3000000,0\n"
                           "minizinc,solver=gecode,4,unique,10,,2000000,0\n";
    const ResultsTable t = ResultsTable::load({path});
    const auto groups = summarize(t, {"solver"}, {"nodes", "checks"});
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].metrics[0].count == 2);
    CHECK(groups[0].metrics[0].median == 8);
    CHECK(groups[0].metrics[1].count == 0);
    const std::string md = summary_markdown(groups, {"solver"}, {"nodes", "checks"});
    CHECK(md.find("| minizinc | 3 | 3 | 0 | 6 | 8 | 8 | 9.600 | 10 |") != std::string::npos);
    CHECK(md.find("|  |  |  |  |  |  |") != std::string::npos);
    std::filesystem::remove(path);
}
