#include "records/machine.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

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

namespace {

// The busy ticks of all CPUs together (user, nice, system, irq, softirq, steal) from the
// first line of /proc/stat; nullopt if unreadable.
std::optional<std::uint64_t> busy_ticks() {
    std::ifstream in("/proc/stat");
    std::string cpu;
    std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    if (!(in >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) || cpu != "cpu")
        return std::nullopt;
    return user + nice + system + irq + softirq + steal;
}

std::int64_t own_cpu_ns() {
    std::int64_t total = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage u{};
        ::getrusage(who, &u);
        total += (static_cast<std::int64_t>(u.ru_utime.tv_sec) + u.ru_stime.tv_sec) * 1'000'000'000 +
                 (static_cast<std::int64_t>(u.ru_utime.tv_usec) + u.ru_stime.tv_usec) * 1000;
    }
    return total;
}

}  // namespace

LoadMeter::LoadMeter() : own_ns_(own_cpu_ns()), start_(std::chrono::steady_clock::now()) {
    const auto busy = busy_ticks();
    readable_ = busy.has_value();
    busy_ticks_ = busy.value_or(0);
}

std::optional<LoadFigure> LoadMeter::figure() const {
    const auto busy = busy_ticks();
    if (!readable_ || !busy) return std::nullopt;
    LoadFigure f;
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (f.seconds <= 0) return std::nullopt;
    const double busy_s = static_cast<double>(*busy - busy_ticks_) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    f.own_cores = static_cast<double>(own_cpu_ns() - own_ns_) / 1e9 / f.seconds;
    f.other_cores = std::max(0.0, busy_s / f.seconds - f.own_cores);
    return f;
}

}  // namespace futolab
