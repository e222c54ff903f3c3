#include "sandbox/pinning.hpp"

#include <fmt/format.h>
#include <pthread.h>
#include <sched.h>

#include <fstream>
#include <set>
#include <utility>

namespace futolab {
namespace {

int read_topology(int cpu, const char* field, int fallback) {
    std::ifstream in(fmt::format("/sys/devices/system/cpu/cpu{}/topology/{}", cpu, field));
    int value = 0;
    return in >> value ? value : fallback;
}

}  // namespace

std::vector<LogicalCpu> usable_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<LogicalCpu> out;
    if (::sched_getaffinity(0, sizeof set, &set) != 0) return out;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            out.push_back({cpu, read_topology(cpu, "physical_package_id", 0), read_topology(cpu, "core_id", cpu)});
    return out;
}

CorePlan plan_cores(int jobs, const std::vector<LogicalCpu>& cpus) {
    CorePlan plan;
    if (cpus.empty() || jobs <= 0) return plan;
    std::vector<int> firsts, siblings;
    std::set<std::pair<int, int>> seen;
    for (const LogicalCpu& c : cpus) (seen.insert({c.package, c.core}).second ? firsts : siblings).push_back(c.cpu);
    plan.physical_cores = static_cast<int>(firsts.size());
    std::vector<int> order = firsts;
    order.insert(order.end(), siblings.begin(), siblings.end());
    for (int j = 0; j < jobs; ++j) plan.cpus.push_back(order[static_cast<std::size_t>(j) % order.size()]);
    if (jobs > static_cast<int>(order.size()))
        plan.warning = fmt::format("pin: {} jobs on {} CPUs: workers share CPUs, their timings interfere; use --jobs {}",
                                   jobs, order.size(), plan.physical_cores);
    else if (jobs > plan.physical_cores)
        plan.warning = fmt::format("pin: {} jobs on {} physical cores: some workers share a core (SMT siblings), "
                                   "their timings interfere; use --jobs {}",
                                   jobs, plan.physical_cores, plan.physical_cores);
    return plan;
}

bool pin_current_thread(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set) == 0;
}

int current_cpu() { return ::sched_getcpu(); }

}  // namespace futolab
