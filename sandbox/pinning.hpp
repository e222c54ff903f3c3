// `pin: true` (SPEC §6): each worker thread runs on its own core, so the scheduler does not
// move a timed run between cores (cold caches, another frequency) and two workers do not
// share one core's execution units while others are idle. The plan prefers distinct physical
// cores (one hardware thread of each) before their SMT siblings; a run's forked process
// inherits its worker's affinity.
#pragma once

#include <string>
#include <vector>

namespace futolab {

struct LogicalCpu {
    int cpu = 0;      // the kernel's CPU number
    int package = 0;  // physical_package_id
    int core = 0;     // core_id within the package
};

struct CorePlan {
    std::vector<int> cpus;     // the CPU of worker j is cpus[j]
    int physical_cores = 0;    // distinct (package, core) among the usable CPUs
    std::string warning;       // non-empty when workers must share a core
};

// The CPUs this process may run on (sched_getaffinity) with their topology from
// /sys/devices/system/cpu/cpuN/topology (package 0, core = cpu where unreadable).
std::vector<LogicalCpu> usable_cpus();

// One CPU per worker: the first hardware thread of each physical core, in CPU order, then
// the remaining threads; with more workers than CPUs, round again (and warn). Warns too when
// the workers outnumber the physical cores.
CorePlan plan_cores(int jobs, const std::vector<LogicalCpu>& cpus);

// Pins the calling thread to `cpu`; false if the kernel refuses (a CPU outside the cgroup).
bool pin_current_thread(int cpu);

// The CPU the calling thread is running on now (sched_getcpu), or -1.
int current_cpu();

}  // namespace futolab
