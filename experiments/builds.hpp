// The builds of a sweep (SPEC §5 `build`; config `builds:`, `futolab run --build NAME=PATH`).
// Without `builds:` the one build is this binary, named `self`, and its warm workers are forked
// from futolab as always. An A/B sweep names several futolab binaries (other commits, other
// build types): each build's workers are started from its own binary (`PATH worker PLAN`,
// worker_protocol.hpp), and the runs of every build are interleaved in one shuffled order on
// the same cores, so the machine's drift during the sweep falls on all builds alike.
//
// Before anything is written, each build's binary is started once: its hello must speak this
// protocol, read the plan to the same fingerprint (the same instance hashes and specs) and
// name its build (commit, dirty flag, build type, binary hash); the identities go to the
// sidecar and to every row's `build` cell. A replacement worker started during the sweep must
// say the same, or the sweep stops: a binary rebuilt mid-sweep would mix two builds' rows.
#pragma once

#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "sandbox/warm_worker.hpp"
#include "records/build_identity.hpp"

#include <string>
#include <vector>

namespace futolab {

class SweepBuilds {
public:
    // `self_binary`: a futolab binary that serves `futolab worker` for a sweep without builds
    // ("": none, workers are forked). Throws InputError naming a build that cannot run this
    // sweep (no such binary, another protocol, another reading of the plan, a solver it does
    // not know).
    SweepBuilds(const ExperimentConfig& config, const RunMatrix& matrix, const std::string& self_binary = "");
    ~SweepBuilds();
    SweepBuilds(const SweepBuilds&) = delete;
    SweepBuilds& operator=(const SweepBuilds&) = delete;

    // Per build of the matrix (RunMatrix::build_names): its identity and its `build` cell.
    const std::vector<BuildIdentity>& identities() const { return identities_; }
    const std::string& cell(int build) const { return cells_[static_cast<std::size_t>(build)]; }
    // How to start a worker of each build; empty when the workers are forked from futolab
    // rather than started from binaries.
    const std::vector<WorkerCommand>& commands() const { return commands_; }

private:
    std::vector<BuildIdentity> identities_;
    std::vector<std::string> cells_;
    std::vector<WorkerCommand> commands_;
};

}  // namespace futolab
