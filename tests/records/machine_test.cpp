// Machine facts for the sidecar: the frequency governor and turbo state, read from a sysfs-like tree.
#include "records/machine.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;
namespace fs = std::filesystem;

TEST_CASE("governor and turbo state are read where the files exist", "[machine]") {
    const fs::path root = fs::temp_directory_path() / "futolab-machine-test";
    fs::remove_all(root);
    CHECK(frequency_facts(root.string() + "/", 2).empty());  // a VM without cpufreq
    for (int cpu = 0; cpu < 2; ++cpu) {
        fs::create_directories(root / ("cpu" + std::to_string(cpu)) / "cpufreq");
        std::ofstream(root / ("cpu" + std::to_string(cpu)) / "cpufreq" / "scaling_governor") << "performance\n";
    }
    fs::create_directories(root / "intel_pstate");
    std::ofstream(root / "intel_pstate" / "no_turbo") << "1\n";
    auto facts = frequency_facts(root.string() + "/", 2);
    REQUIRE(facts.size() == 2);
    CHECK(facts[0].key == "governor");
    CHECK(facts[0].value == "performance");
    CHECK(facts[1].key == "no_turbo");
    CHECK(facts[1].value == "1");
    std::ofstream(root / "cpu1" / "cpufreq" / "scaling_governor", std::ios::trunc) << "powersave\n";
    fs::create_directories(root / "cpufreq");
    std::ofstream(root / "cpufreq" / "boost") << "0\n";
    facts = frequency_facts(root.string() + "/", 2);
    REQUIRE(facts.size() == 3);
    CHECK(facts[0].value == "performance (cpu0; the CPUs differ)");
    CHECK(facts[2].key == "boost");
    CHECK(facts[2].value == "0");
    fs::remove_all(root);
}

TEST_CASE("host and CPU model are named", "[machine]") {
    CHECK_FALSE(host_name().empty());
    CHECK_FALSE(cpu_model().empty());
}
