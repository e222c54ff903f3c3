// What a sweep was and how it ran, as its sidecar says it (experiment, run.isolation,
// run.memory_limit, run.total_runs and timing's order, warmup and pin), held to what a run of the
// sidecar's own config writes there. `experiment` too: two shards whose sidecars say
// `experiment: zz` of a config named sh were merged, the merged sidecar saying zz (red-team
// round 17, B F4).
// Merge copies these fields into the merged sidecar; it checked them only shard against
// shard, so a shard's sidecar edited to say `isolation: process` or `memory_limit` for a kind that
// runs only as threads of futolab and takes no limits, `warmup: 1`, `order`, `pin: true` for a
// config without them, or `total_runs: 3` for a 2-run matrix (then "1 runs missing" of a run
// the config never had) was merged with exit 0 or 1 (red-team round 16, B F3). Resume and
// merge ask this one function of every sidecar they read.
#pragma once

#include "experiments/config.hpp"
#include "records/sidecar.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace futolab {

// Why an item of the sidecar's `redone` list is no `--redo` of the sweep it describes ("" if each
// one is): its `at` outside run.first_started … run.finished (now, while the sidecar says the run
// goes on), give or take a minute for a step of the clock (experiments/clock_facts.hpp); a
// status that is no status, one no run of `config` writes in the sidecar's isolation
// (config_statuses.hpp: what `run --redo` takes), none, or one twice; more rows than the shard's
// runs (run.shard_runs, else run.total_runs). Red-team round 28, B F4: `at` in 2030, `statuses:
// [bogus]` and `rows: 999` of a 2-run sweep were resumed, merged and shown by report as the
// sweep's history. Resume and merge refuse such a sidecar; analyze and report warn
// (sidecar_warnings, held_rows.hpp). The reason ends with where the sidecar holds the key:
// "redone[0] at: 2030-12-01T08:22:07Z, after run.finished 2026-12-01T08:20:00Z (X.meta.yaml:40:9)".
std::string redone_problem(const SidecarFacts& facts, const ExperimentConfig& config);

// Why `facts` is no sidecar a sweep of `config` writes ("" if it is one): its experiment is not
// the config's name; its isolation is one the kind does not run in (the order kinds, generate
// and critical: threads only) or the config cannot take (isolation_problem: limits.memory, builds); its memory limit mechanism is none that
// isolation and limits.memory give (the host decides between rlimit and a cgroup); its timing is
// not the config's order, warmup and pin; or its total_runs is not `runs`, the size of the
// config's run matrix (nullopt: the caller could not build it, not checked). `--isolation`
// changes a sweep's isolation from its config text's, so any the kind and config take passes
// here; resume holds it to the one asked for (runner.cpp). An isolation or memory_limit left
// empty (sidecars of older futolab) is not checked. The reason ends with where the sidecar
// holds the key: "total_runs: 3, where its config's run matrix has 2 runs (X.meta.yaml:36:15)".
std::string sidecar_protocol_problem(const SidecarFacts& facts, const ExperimentConfig& config,
                                     std::optional<std::size_t> runs);

// Why a sidecar's `skipped_inputs` (`listed`) is not the list `skipped` that a sweep of its config
// skips (the run matrix built again, with --skip-invalid as the sidecar's list says; nullopt:
// not built, not checked) ("" if it is). Merge copies the list into the merged sidecar, and
// the config's inputs, pinned by their hashes, fix it: a list edited to leave an invalid input
// out, or to claim one, was merged as the shards' (red-team round 17, B F4's class). The reason
// ends with where `facts`' sidecar holds the item that differs (or the list).
std::string skipped_inputs_problem(const SidecarFacts& facts, const std::vector<SkippedInput>& listed,
                                   const std::optional<std::vector<SkippedInput>>& skipped);

// Why the sidecar's progress (run.state, shard_runs, completed) cannot be what a sweep or merge
// of its CSV, which holds `rows` whole rows, left there ("" if it can). A sweep's sidecar says
// `running` with the rows it began with (behind the rows written since: what a kill -9 leaves),
// then how it ended with every row it wrote: so `interrupted` and `finished` count at least the
// rows there (rows taken out since are run again by a resume; rows added were written by no
// sweep); `failed` may keep its first count (mark_sidecar_state). shard_runs is its shard's share
// of the matrix (run_matrix.hpp, in_shard), completed at most that, all of it once `finished`;
// a merged CSV's sidecar counts the whole matrix, all of it once `merged`, less if
// `merged-incomplete`. `runs` is the size of the config's run matrix (nullopt: not built; its
// total_runs is taken, up to 10^8 runs for a shard's share). Keys an older sidecar lacks are
// not checked. Merge once took a shard's `shard_runs: 99` and resume read `state` and
// `completed` for form only (round 20 left open). The reason ends with where the sidecar holds
// the key.
std::string sidecar_progress_problem(const SidecarFacts& facts, std::size_t rows, std::optional<std::size_t> runs);

}  // namespace futolab
