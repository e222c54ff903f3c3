// `pin: true`: one CPU per worker, distinct physical cores first.
#include "sandbox/pinning.hpp"

#include <catch2/catch.hpp>

#include <thread>

using namespace futolab;

TEST_CASE("workers get distinct physical cores before SMT siblings", "[pin]") {
    // Two cores with two hardware threads each, numbered as Linux often does.
    const std::vector<LogicalCpu> cpus{{0, 0, 0}, {1, 0, 1}, {2, 0, 0}, {3, 0, 1}};
    CorePlan plan = plan_cores(2, cpus);
    CHECK(plan.cpus == std::vector<int>{0, 1});
    CHECK(plan.physical_cores == 2);
    CHECK(plan.warning.empty());
    plan = plan_cores(3, cpus);
    CHECK(plan.cpus == std::vector<int>{0, 1, 2});
    CHECK(plan.warning == "pin: 3 jobs on 2 physical cores: some workers share a core (SMT siblings), their timings "
                          "interfere; use --jobs 2");
    plan = plan_cores(5, cpus);
    CHECK(plan.cpus == std::vector<int>{0, 1, 2, 3, 0});
    CHECK(plan.warning.find("pin: 5 jobs on 4 CPUs") == 0);
    // Two packages: the same core_id in each is two physical cores.
    CHECK(plan_cores(2, {{0, 0, 0}, {1, 1, 0}}).warning.empty());
}

TEST_CASE("a pinned thread runs on its CPU", "[pin]") {
    const std::vector<LogicalCpu> cpus = usable_cpus();
    REQUIRE_FALSE(cpus.empty());
    for (const LogicalCpu& c : cpus) {
        int seen = -2;
        bool pinned = false;
        std::thread([&] {
            pinned = pin_current_thread(c.cpu);
            seen = current_cpu();
        }).join();
        CHECK(pinned);
        CHECK(seen == c.cpu);
    }
}
