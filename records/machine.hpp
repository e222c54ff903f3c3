// Facts about the machine a run happens on, for the results CSV (`host`) and the metadata
// sidecar (CPU model, the frequency governor and turbo state that make timings comparable
// or not). Read from /proc and /sys where readable; "unknown" or empty where not.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
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

// The CPU use of the whole machine over an interval (/proc/stat), split into this process's
// own (with every child it has reaped: a sweep's workers and their tools) and the rest: the
// load other processes put on the machine while a sweep ran (issue #41 §2; compare prints it
// for both sides, as a figure that explains a drift, not one that corrects it).
struct LoadFigure {
    double other_cores = 0;  // average number of cores busy with other processes
    double own_cores = 0;    // average number of cores futolab kept busy
    double seconds = 0;      // the interval's wall time
};

class LoadMeter {
public:
    LoadMeter();  // starts the interval
    // The figure from the start to now; nullopt where /proc/stat cannot be read.
    std::optional<LoadFigure> figure() const;

private:
    std::uint64_t busy_ticks_ = 0;
    std::int64_t own_ns_ = 0;
    std::chrono::steady_clock::time_point start_;
    bool readable_ = false;
};

}  // namespace futolab
