#include "experiments/builds.hpp"

#include "core/error.hpp"
#include "experiments/worker_protocol.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>

namespace futolab {
namespace {

// The binary of a build, absolute (workers start after no chdir, but the sidecar should say
// which file it was); InputError if it is not an executable file, at its `path:` key's line
// and column (it named the line alone) or at --build.
std::string binary_of(const BuildSpec& b) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path path = fs::absolute(b.path, ec);
    const std::string what = b.path_at.line > 0 ? fmt::format("{}: build {}: path {}", format_location(b.path_at), b.name, b.path)
                                                : fmt::format("--build: build {}: {}", b.name, b.path);
    if (ec || !fs::exists(path, ec))
        throw InputError(what + ": no such file (build it first: scripts/build-rev.sh REV)");
    if (!fs::is_regular_file(path, ec))  // a folder or FIFO is there: "no such file" would mislead
        throw InputError(what + ": is not a file (give the futolab binary, e.g. .cache/builds/COMMIT/build/app/futolab)");
    if (::access(path.c_str(), X_OK) != 0) throw InputError(what + ": not executable");
    return path.string();
}

// The hello of a worker of build `b`: refused unless it speaks this protocol, read the plan as
// futolab did, and (once the build is known) is the same binary as before.
WorkerHello checked_hello(std::string_view text, const BuildSpec& b, const std::string& path,
                          const std::string& fingerprint, const BuildIdentity* known) {
    const std::string who = fmt::format("build {} ({})", b.name, path);
    const std::optional<WorkerHello> hello = parse_hello(text);
    if (!hello) throw InputError(who + ": its first answer is not a futolab worker's hello");
    if (hello->protocol != kWorkerProtocol)
        throw InputError(fmt::format("{} speaks worker protocol {}, this futolab speaks {}: build both from commits of "
                                     "the same protocol",
                                     who, hello->protocol, kWorkerProtocol));
    if (!hello->error.empty()) throw InputError(fmt::format("{} cannot run this sweep: {}", who, hello->error));
    if (hello->fingerprint != fingerprint)
        throw InputError(fmt::format("{} read the plan as other work (fingerprint {}, futolab's {}): its instance "
                                     "hashes or spec texts differ from this futolab's",
                                     who, hello->fingerprint, fingerprint));
    if (known != nullptr && !known->same_binary(hello->build))
        throw InputError(fmt::format("{} changed during the sweep: {} at its start, now {}", who, known->text(),
                                     hello->build.text()));
    return *hello;
}

// Whether this sweep's workers are started from binaries: always for an A/B sweep; for this
// binary alone, in an isolation with warm workers (process) for the kinds that take builds (solve, count), so that
// each worker session has an address-space layout of its own (exec re-randomises it; a fork
// keeps futolab's) and the sweep's sessions sample the layout's effect on timings instead of
// all runs sharing one (docs/isolation.md, "Sessions"). Other kinds fork their workers.
bool started_from_binaries(const ExperimentConfig& config, const std::string& self_binary) {
    if (!config.builds.empty()) return true;
    return !self_binary.empty() && sandbox_row(config.isolation).warm_workers && accepts(task_info(config.task), TaskKey::builds);
}

// The wait for a worker's hello (issue #45, "hangs"): worker_wait_seconds() (10 s, or
// FUTOLAB_WORKER_WAIT), plus 2 s per MiB of plan, which the worker reads first: a 13.5 MB plan
// (20 000 9x9 instances) took 0.6 s in a release build, a sanitizer build is up to ~10x slower.
double hello_seconds(const std::string& plan) {
    constexpr double kSecondsPerMiB = 2;
    return worker_wait_seconds() + kSecondsPerMiB * static_cast<double>(plan.size()) / (1 << 20);
}

}  // namespace

SweepBuilds::SweepBuilds(const ExperimentConfig& config, const RunMatrix& matrix, const std::string& self_binary) {
    if (!started_from_binaries(config, self_binary)) {
        identities_.push_back(this_build());
        cells_.push_back(this_build().cell());
        return;
    }
    std::vector<BuildSpec> builds = config.builds;
    // This binary by its /proc link: a worker's child execs the very file futolab runs from,
    // even if a rebuild has replaced the path meanwhile.
    if (builds.empty()) builds.push_back({std::string(kSelfBuild), self_binary, {}});
    // The plan goes to each worker as its first request: no file to write, leave or find.
    const std::string plan = worker_plan(config, matrix);
    const std::string fingerprint = plan_fingerprint(matrix);
    const double hello_wait = hello_seconds(plan);
    identities_.resize(builds.size());
    for (std::size_t i = 0; i < builds.size(); ++i) {
        const BuildSpec& b = builds[i];
        const std::string path = binary_of(b);
        BuildIdentity* known = &identities_[i];
        commands_.push_back({path, {"worker"}, plan, [b, path, fingerprint, known](std::string_view text) {
                                 const bool first = known->binary_hash.empty() && known->name.empty();
                                 WorkerHello hello = checked_hello(text, b, path, fingerprint, first ? nullptr : known);
                                 if (!first) return;
                                 *known = hello.build;
                                 known->name = b.name;
                                 known->path = path;
                             },
                             kWorkerProtocol, fmt::format("build {} ({})", b.name, path), hello_wait});
        // Started once now: the identity is known, or the build refused, before any row.
        WarmWorker probe(commands_.back(), 0);
        probe.ensure_started();
        if (config.builds.empty()) {
            if (!identities_[i].same_binary(this_build()))
                throw InputError(fmt::format("{}: changed since this futolab started ({}, not {}): run it again",
                                             this_build().path, identities_[i].text(), this_build().text()));
            identities_[i].path = this_build().path;
        }
        cells_.push_back(identities_[i].cell());
    }
}

SweepBuilds::~SweepBuilds() = default;

}  // namespace futolab
