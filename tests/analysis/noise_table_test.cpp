// The noise table of analyze (analysis/noise_table.hpp): the run's end-of-sweep figure,
// recomputed from the CSV.
#include "analysis/noise_table.hpp"
#include "analysis/results_table.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;

namespace {

std::string write_csv(const std::string& name, const std::string& text) {
    const std::string path = (std::filesystem::temp_directory_path() / ("futolab-noise-" + name)).string();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("noise: per spec the median CV of finished repeats, time-outs left out", "[noise]") {
    // a: CVs of {100, 110} (0.0673) and {200, 200} (0), median 0.0337; the time-out of i2 is
    // left out, so i2 has one value and no CV. b: one pair {10, 20, 30}, CV 0.5.
    const std::string csv = write_csv("a.csv",
                                      "instance_hash,solver,options,spec,status,wall_ns,cpu_ns\n"
                                      "i1,a,,a,unique,100,1\n"
                                      "i1,a,,a,unique,110,1\n"
                                      "i3,a,,a,unique,200,1\n"
                                      "i3,a,,a,unique,200,1\n"
                                      "i2,a,,a,unique,300,1\n"
                                      "i2,a,,a,timeout,1000000,1\n"
                                      "i1,b,,b,unique,10,1\n"
                                      "i1,b,,b,unique,20,1\n"
                                      "i1,b,,b,unique,30,1\n");
    const auto t = noise_table(ResultsTable::load({csv}));
    REQUIRE(t);
    REQUIRE(t->rows.size() == 2);
    CHECK(t->rows[0][0].text == "a");
    CHECK(*t->rows[0][1].number == Approx(100 * 0.0673435 / 2).epsilon(1e-4));
    CHECK(*t->rows[0][2].number == 2);
    CHECK(t->rows[1][0].text == "b");
    CHECK(*t->rows[1][1].number == Approx(50.0));
    CHECK(*t->rows[1][2].number == 1);
}

TEST_CASE("noise: no table without repeats", "[noise]") {
    const std::string csv = write_csv("b.csv",
                                      "instance_hash,solver,options,spec,status,wall_ns,cpu_ns\n"
                                      "i1,a,,a,unique,100,1\n"
                                      "i2,a,,a,unique,110,1\n");
    CHECK_FALSE(noise_table(ResultsTable::load({csv})));
}
