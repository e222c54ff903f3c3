// The metadata sidecar `<csv>.meta.yaml` (SPEC §5): the config verbatim, futolab version and
// git commit, compiler and flags, CPU model, core count, host, start/end time, command line,
// and the run's shard and progress. Written at the start and rewritten at the end.
#pragma once

#include "core/formats/formats.hpp"
#include "experiments/config.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace futolab {

struct RunInfo {
    std::string command_line;
    int jobs = 1;
    int shard_index = 1, shard_count = 1;
    std::size_t total_runs = 0;    // the whole matrix
    std::size_t shard_runs = 0;    // this shard's share
    std::size_t completed = 0;     // rows in the CSV of this shard
    std::string started, finished;  // ISO 8601 UTC
    std::string state;             // running, finished, interrupted, failed
    std::vector<SkippedInput> skipped_inputs;  // left out by --skip-invalid
    std::string isolation, memory_limit;  // process or thread; how limits.memory is enforced
};

struct SidecarFacts {  // what merge checks
    std::string config_hash;
    std::string name;
    int shard_index = 1, shard_count = 1;
    std::size_t total_runs = 0;
};

std::string sidecar_path(const std::string& csv_path);
void write_sidecar(const std::string& csv_path, const ExperimentConfig& config, const RunInfo& info);
SidecarFacts read_sidecar(const std::string& csv_path);  // throws InputError
// The `skipped_inputs` list of a sidecar (empty if it has none).
std::vector<SkippedInput> read_skipped_inputs(const std::string& csv_path);
std::string utc_now_iso8601();

}  // namespace futolab
