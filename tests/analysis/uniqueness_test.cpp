#include "analysis/uniqueness.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;
using futolab::test::analysis_csv;

TEST_CASE("Wilson intervals: textbook values, inside [0, 1] at the extremes", "[uniqueness]") {
    // The closed form evaluated independently (Python, statistics.NormalDist); R: prop.test(correct = FALSE).
    const Proportion half = wilson_interval(5, 10);
    CHECK(half.p == 0.5);
    CHECK(half.low == Approx(0.2366).margin(1e-4));
    CHECK(half.high == Approx(0.7634).margin(1e-4));
    const Proportion none = wilson_interval(0, 10);
    CHECK(none.low == 0);
    CHECK(none.high == Approx(0.2775).margin(1e-4));
    const Proportion all = wilson_interval(10, 10);
    CHECK(all.low == Approx(0.7225).margin(1e-4));
    CHECK(all.high == Approx(1));
    const Proportion big = wilson_interval(608, 1000);
    CHECK(big.low == Approx(0.5774).margin(1e-4));
    CHECK(big.high == Approx(0.6377).margin(1e-4));
    CHECK(wilson_interval(0, 0).high == 1);  // no data: no information
}

TEST_CASE("uniqueness points: decided runs per n and sweep value, limits left out", "[uniqueness]") {
    const std::string dir = (std::filesystem::temp_directory_path() / "futolab-uniqueness-test").string();
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/u.csv")
        << "experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,nodes,fails,checks,"
           "propagations,max_depth,wall_ns,cpu_ns,solution,run,message,grade,output,spec,max_rss_kb,host,core,param_givens,"
           "param_relations\n"
           "u,a,01,6,0,30,gac,,1,1,count:2,unique,1,0,0,0,0,0,10,10,,0,,,,gac,,h,,0,1\n"
           "u,b,02,6,0,30,gac,,2,1,count:2,multiple,2,0,0,0,0,0,10,10,,1,,,,gac,,h,,0,1\n"
           "u,c,03,6,0,30,gac,,3,1,count:2,unique,1,0,0,0,0,0,10,10,,2,,,,gac,,h,,0,1\n"
           "u,d,04,6,0,30,gac,,4,1,count:2,timeout,1,0,0,0,0,0,10,10,,3,,,,gac,,h,,0,1\n"
           "u,e,05,6,0,15,gac,,5,1,count:2,multiple,2,0,0,0,0,0,10,10,,4,,,,gac,,h,,0,0.5\n"
           "u,f,06,7,0,40,gac,,6,1,count:2,unique,1,0,0,0,0,0,10,10,,5,,,,gac,,h,,0,1\n"
           "u,g,07,7,0,40,fc,,7,1,count:2,multiple,2,0,0,0,0,0,10,10,,6,,,,fc,,h,,0,1\n";
    const ResultsTable t = ResultsTable::load({dir + "/u.csv"});
    CHECK(uniqueness_axis(t) == "param_relations");
    const auto points = uniqueness_points(t, "gac");
    REQUIRE(points.size() == 3);
    CHECK(points[0].n == 6);
    CHECK(points[0].x == 0.5);
    CHECK(points[0].decided == 1);
    CHECK(points[0].share.p == 0);
    CHECK(points[1].x == 1);
    CHECK(points[1].decided == 3);  // the timeout is not a decided run
    CHECK(points[1].undecided == 1);
    CHECK(points[1].unique == 2);
    CHECK(points[1].share.p == Approx(2.0 / 3));
    CHECK(points[2].n == 7);
    CHECK(points[2].share.p == 1);  // fc's run is another spec's
    const PlotSpec plot = uniqueness_plot(t, "gac");
    REQUIRE(plot.series.size() == 2);
    CHECK(plot.series[0].label == "n=6");
    CHECK(plot.series[0].rows.size() == 2);
    CHECK(plot.series[0].columns == "1:2:3:4");
    CHECK_THROWS_AS(uniqueness_points(t, "bitmask"), InputError);
    std::filesystem::remove_all(dir);
}

TEST_CASE("uniqueness points without a relations sweep bin the givens fraction", "[uniqueness]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("phase.csv")});
    CHECK(uniqueness_axis(t) == "givens_frac");
    const auto points = uniqueness_points(t, "fc");
    REQUIRE(points.size() == 4);
    CHECK(points[1].x == Approx(0.2));  // n = 5, h = 5: unique, multiple; timeout and error undecided
    CHECK(points[1].decided == 2);
    CHECK(points[1].undecided == 2);
    CHECK(points[1].unique == 1);
}
