// The numbers and timestamps of a results CSV's metadata sidecar (records/sidecar.hpp), each
// read in the form futolab writes it and within the range it can have. One table
// (kSidecarNumbers, sidecar_numbers.cpp) names every such key with its form and range, and every
// reader of a sidecar goes through it: red-team round 25, B F8 found `run.memory_poll_ms` taking
// 020, -20, 20.5 and 2^64, the loads `01.235`, a pinned CPU of 2^66 and `started: not-a-date`,
// each passed as futolab's own while the keys beside them were refused.
// Each refusal is an InputError "FILE:LINE:COLUMN: key 'run.memory_poll_ms' …" (YamlFields).
#pragma once

#include "core/yaml_fields.hpp"

#include <cstdint>
#include <string_view>

namespace futolab {

// The ranges the table holds the sidecar's counts to, for the readers that narrow one.
inline constexpr std::uint64_t kSidecarMaxShards = 1000000;             // --shard I/N: N <= 10^6
inline constexpr std::uint64_t kSidecarMaxRuns = 1000000000000000;      // 10^15: far beyond any matrix
inline constexpr std::uint64_t kSidecarMaxCores = 1048576;              // machine.cores, the loads' busy cores: 2^20
inline constexpr std::uint64_t kSidecarMaxLoadSeconds = 1000000000;     // run.load_seconds: about 31 years

// Every key of the table the sidecar `root` holds, each in its form and range, and run.finished
// not before run.started. A key left out passes: which keys must be there is each reader's rule
// (older sidecars lack some).
void check_sidecar_numbers(const YamlFields& y, const YamlAt& root);

// Seconds since 1970-01-01T00:00:00Z of `text`, a time in the form the table reads (its check
// passed: "2026-11-30T21:22:31Z"), as the clock that wrote it counts them (no leap second).
std::int64_t utc_seconds(std::string_view text);

// The whole number at `at`, a whole-number key of the table ("run.total_runs", "redone[2].rows"):
// plain digits, no sign or leading zero, within the table's range ("is missing" if absent).
std::uint64_t sidecar_whole(const YamlFields& y, const YamlAt& at);

// The number at `at`, a fixed-point key of the table (the loads): plain digits, a point and the
// decimals futolab writes, within the table's range.
double sidecar_decimal(const YamlFields& y, const YamlAt& at);

}  // namespace futolab
