// Facts about the machine a run happens on, for the results CSV (`host`) and the metadata
// sidecar (CPU model, the frequency governor and turbo state that make timings comparable
// or not). Read from /proc and /sys where readable; "unknown" or empty where not.
#pragma once

#include <string>
#include <vector>

namespace futolab {

std::string host_name();   // gethostname, or "unknown"
std::string cpu_model();   // /proc/cpuinfo "model name", or "unknown"

// One readable frequency setting, e.g. {"governor", "performance"} or {"no_turbo", "1"}.
struct FrequencyFact {
    std::string key;
    std::string value;
};

// The cpufreq governor (cpu0's, with a note if other CPUs differ), intel_pstate's no_turbo
// and cpufreq's boost: those that exist under `root` (none in many VMs). `cpus`: how many
// cpuN folders to look at.
std::vector<FrequencyFact> frequency_facts(const std::string& root = "/sys/devices/system/cpu/", unsigned cpus = 0);

}  // namespace futolab
