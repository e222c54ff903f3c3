// A memory cgroup per worker process (issue #23 §2, BenchExec's approach): the kernel bounds
// the resident memory of the worker *and every process a run starts in it* (an external tool
// and its solver), counts their peak, and tells an OOM kill from any other SIGKILL. Detected
// at run time, used where futolab may create a child of its own memory cgroup, skipped
// otherwise (the worker then relies on RLIMIT_AS and the peak rule alone; where the site is
// usable but one worker's cgroup cannot be made or entered, that worker runs nothing and its
// run is an `error` row: warm_worker.hpp):
//   cgroup v1: the `memory` hierarchy; memory.limit_in_bytes, memory.max_usage_in_bytes
//              (reset by writing 0), memory.oom_control's oom_kill counter;
//   cgroup v2: the unified hierarchy with the memory controller enabled for children;
//              memory.max, memory.peak (reset by a write, Linux 6.12+), memory.events' oom_kill.
// Pages a forked worker shares with futolab stay charged to futolab's cgroup: the worker's
// cgroup counts what the runs add (allocations, copied pages, tools), so its limit bounds a
// run's own memory; max_rss_kb stays the process tree's resident peak (docs/isolation.md).
#pragma once

#include "core/owner.hpp"

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

enum class CgroupVersion { v1, v2 };

// Where new memory cgroups can be made: the directory of this process's own memory cgroup,
// if it is writable and a child can be created and removed there (probed once per process).
// Every cgroup futolab makes is named futolab-<owner token>-N (solvers/external/owner.hpp:
// the maker's pid and start time); the probe removes those whose owner is dead (a kill -9 of
// `futolab run` left its workers' cgroups), killing what is left in them first.
struct CgroupSite {
    CgroupVersion version;
    std::string dir;
};
std::optional<CgroupSite> memory_cgroup_site();

// The owner a cgroup's name gives if it is exactly one futolab makes: futolab-<owner token>-N
// (N as std::to_string writes it) or futolab-probe-<owner token>; nullopt for anything else
// (red-team round 25, A F5: any name holding a p<N>s<M> token was taken).
std::optional<external::Owner> cgroup_owner(std::string_view name);

// Removes, from the cgroup folder `site`, the cgroups futolab made whose owner is dead (their
// processes killed first): only names cgroup_owner takes, directories of this user on a
// cgroup file system (a plain folder named so, its `cgroup.procs` listing pids, is no cgroup).
// memory_cgroup_site's probe does this once; here for tests.
void reap_stale_cgroups(const std::string& site);

// "cgroup-v1", "cgroup-v2" (the sidecar's memory_limit).
std::string cgroup_mechanism(CgroupVersion version);

class MemoryCgroup;

// What MemoryCgroup::create gave: the cgroup, or why not ("PATH: the system's reason", naming the
// directory it could not make or the limit file it could not write).
struct MadeCgroup {
    std::unique_ptr<MemoryCgroup> cgroup;
    std::string problem;
};

class MemoryCgroup {
public:
    // A new child cgroup of `site` with `limit_bytes` as its hard limit, or the problem if the
    // kernel refuses. The caller must not run under another mechanism than the sidecar records
    // (memory_limit_mechanism): a warm worker's run without its cgroup is an `error` row.
    static MadeCgroup create(const CgroupSite& site, std::uint64_t limit_bytes);
    ~MemoryCgroup();  // removes the cgroup (its processes must be gone)
    MemoryCgroup(const MemoryCgroup&) = delete;
    MemoryCgroup& operator=(const MemoryCgroup&) = delete;

    // Moves the process (its later children are born inside); "" if moved, else the problem
    // ("DIR/cgroup.procs: the system's reason": the cgroup removed under it, a write refused).
    std::string add(pid_t pid) const;
    void reset_peak() const;          // before a run
    std::int64_t peak_kb() const;     // the cgroup's peak since the reset (-1: unknown)
    std::uint64_t oom_kills() const;  // OOM kills inside the cgroup so far

private:
    MemoryCgroup(CgroupVersion version, std::string dir) : version_(version), dir_(std::move(dir)) {}
    CgroupVersion version_;
    std::string dir_;
};

}  // namespace futolab
