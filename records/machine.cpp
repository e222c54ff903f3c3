#include "records/machine.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <set>
#include <thread>

namespace futolab {
namespace {

// The first line of a sysfs file, or empty if it cannot be read.
std::string first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

}  // namespace

std::string host_name() {
    char buf[256] = {};
    return ::gethostname(buf, sizeof buf - 1) == 0 ? buf : "unknown";
}

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return line.substr(line.find(':') + 2);
    return "unknown";
}

std::vector<FrequencyFact> frequency_facts(const std::string& base, unsigned cpus) {
    std::vector<FrequencyFact> out;
    std::set<std::string> governors;
    if (cpus == 0) cpus = std::thread::hardware_concurrency();
    for (unsigned cpu = 0; cpu < cpus; ++cpu)
        if (std::string g = first_line(fmt::format("{}cpu{}/cpufreq/scaling_governor", base, cpu)); !g.empty())
            governors.insert(g);
    if (const std::string g = first_line(base + "cpu0/cpufreq/scaling_governor"); !g.empty())
        out.push_back({"governor", governors.size() > 1 ? g + " (cpu0; the CPUs differ)" : g});
    if (const std::string v = first_line(base + "intel_pstate/no_turbo"); !v.empty()) out.push_back({"no_turbo", v});
    if (const std::string v = first_line(base + "cpufreq/boost"); !v.empty()) out.push_back({"boost", v});
    return out;
}

}  // namespace futolab
