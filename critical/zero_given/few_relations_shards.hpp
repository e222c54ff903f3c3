// The few-relations enumeration (few_relations.hpp) as shards on disk, so a computation of
// CPU-hours (n = 6, K = 8, issue #26) survives a kill and can be spread over machines: each
// shard's counts go to their own file in a checkpoint folder when the shard ends (written
// atomically), a re-run skips the shards whose files are there, and the table and the claim
// come from the files. A shard is the unit of loss (a kill costs the shards running then)
// and of re-checking: re-running one shard must give its file's counts exactly.
#pragma once

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "critical/zero_given/few_relations.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

// The shard partition of few_relations(): a file from another partition is refused.
inline constexpr int kFewRelationsPartition = 3;  // 3: the depth grows with k (few_relations.cpp)
// The most shards one count is split into (`critical --shards`, a few_relations: source's shards).
inline constexpr std::uint64_t kMaxFewRelationsShards = 1000000;

// The limits a shard was counted under, as its file records them (`time_limit_ms`,
// `cpu_limit_ms`): the run's wall and CPU time limits in milliseconds, written as the results
// CSV writes its columns of those names (records/results_csv.hpp limit_ms: whole nanoseconds,
// the shortest fixed decimal), 0 for none. The count honours no other limit (a config's
// limits.nodes and limits.memory are refused for the task).
struct FewRelationsLimits {
    double time_ms = 0;
    double cpu_ms = 0;
    bool operator==(const FewRelationsLimits&) const = default;
};

struct FewRelationsShard {
    int n = 0, k = 0;
    std::size_t shard = 0, shards = 1;
    FewRelationsCount count;
    // Who computed it (the futolab build): a reader that names the build it takes files of
    // refuses another's (read_few_relations_shard).
    std::string producer;
    // The limits it was counted under: written to every file (none: 0, as a count without
    // limits); read back as the file says them, nullopt for a file of an older futolab that
    // records none (read as before: held to the run's limits only).
    std::optional<FewRelationsLimits> limits = std::nullopt;
};

// A shard file counted under other limits than the count that would take it (its run's, or
// none for `critical --few-relations`): read_few_relations_shard's refusal, at the key, naming
// both values. A run refuses it before any work (experiments/runner.cpp), where another
// InputError of a shard file is that shard's error row.
struct FewRelationsLimitsDiffer : InputError {
    using InputError::InputError;
};

// DIR/n6-k8-shard-003-of-064.yaml
std::string few_relations_shard_path(const std::string& dir, int n, int k, std::size_t shard, std::size_t shards);
// Whether a file name (no folder) is one of the shard files of (n, k), any sharding, or its
// lock: a checkpoint folder's own files, which no other output may be.
bool is_few_relations_shard_file(std::string_view name, int n, int k);
// DIR/n6-k8-of-064.table.md: the per-shard table of a complete folder
std::string few_relations_table_path(const std::string& dir, int n, int k, std::size_t shards);
// Why a whole count of (n, k) in `shards` shards cannot start in the checkpoint folder `dir` now
// ("" if it can): another process writes one of its shard files (`critical --shard I/S`, a
// config's task few-relations), holding that file's lock: "DIR/n6-k8-shard-003-of-064.yaml:
// another futolab (pid N) is writing it", for the caller's advice to follow. Found by the lock
// files in the folder, one read of it however many shards. The whole count holds its table's
// lock from its start, which covers every shard file of the count (core/live_writer.hpp,
// count_reservation), so a writer that comes later is refused in turn (red-team round 26, A F7).
std::string live_shard_writer(const std::string& dir, int n, int k, std::size_t shards);
std::string write_few_relations_shard(const FewRelationsShard& s);  // the file's text
// The counts of a shard, in its file's order, with their members: one list for the file's
// writer, its reader and the total, and the results rows' record of a shard
// (experiments/few_relations_record.hpp), whose keys are the file's.
struct FewRelationsCountField {
    const char* key;
    std::uint64_t FewRelationsCount::*member;
};
inline constexpr FewRelationsCountField kFewRelationsCounts[] = {
    {"pair_sets", &FewRelationsCount::pair_sets}, {"swap_skipped", &FewRelationsCount::swap_skipped},
    {"puzzles", &FewRelationsCount::puzzles},     {"cyclic", &FewRelationsCount::cyclic},
    {"multiple", &FewRelationsCount::multiple},   {"pool", &FewRelationsCount::pool},
    {"unsat", &FewRelationsCount::unsat},         {"unique", &FewRelationsCount::unique},
};

// Why `example` cannot be the unique zero-given puzzle a count keeps ("" if it can): it has no
// solution or more than one (one count to 2). The shard file's reader and the results record's
// both ask it: a forged example was written to --out as the unique one.
std::string few_relations_example_problem(const Puzzle& example);

// "n6-k8-of-256": the whole count's name, as its table (and `critical`'s results CSV) names it.
std::string few_relations_count_name(int n, int k, std::size_t shards);
// "n6-k8-shard-003-of-256": the shard's name, as its file and a results row (its instance) name it.
std::string few_relations_shard_name(int n, int k, std::size_t shard, std::size_t shards);
// Why these cannot be one count's figures ("" if they can): puzzles = cyclic + multiple + unsat +
// unique, pool <= multiple, swap_skipped <= pair_sets, an example exactly when unique is not 0.
// The shard files' reader and the results rows' resume and merge ask the same.
std::string few_relations_count_problem(const FewRelationsCount& c);
// How many sets of k of the 2n(n − 1) adjacent pairs of an n×n grid there are: C(2n(n − 1), k).
std::uint64_t few_relations_pair_set_count(int n, int k);
// Why these cannot be what the search of order n and k relations counts, in one shard or all
// ("" if they can; red-team round 25, B F10: a file of 4294967297 canonical 3-sets of the 220 of
// a 3×3 grid was taken): more canonical pair sets than there are sets of k pairs, oriented
// puzzles other than 2^(k−1) for each set not skipped (its first relation points up, the others
// either way), or puzzles settled by a pool at an order that has none (n ≤ 4).
std::string few_relations_search_problem(const FewRelationsCount& c, int n, int k);
// Why the total of every shard of one count cannot be the search's ("" if it can): it counts
// each set of k pairs once up to the 8 symmetries of the grid, so between C/8 and C canonical
// sets (C = few_relations_pair_set_count), and few_relations_search_problem; and none unique at
// k >= floor(n²/4), which the chain construction (critical/construction/chain_construction.hpp) refutes for every n.
std::string few_relations_total_problem(const FewRelationsCount& total, int n, int k);
// The first of the eight counts, or the example, where `file` is not `other` ("" if none), each
// with both values: "key 'unique' is 0, where WHENCE says 45". The times are measurements, not
// compared.
std::string few_relations_counts_difference(const FewRelationsCount& file, const FewRelationsCount& other,
                                            const std::string& whence);

// A shard file read back is one count's figures, each check of it one by one passing, not
// proof that its shard counts so: files edited together (every unique puzzle moved into
// multiple, the sums kept; red-team round 27, B F5) printed "proved" for a false bound. So
// `critical --few-relations --checkpoint` and `futolab run` of a few-relations config count one
// such shard again before any shard runs (about 1/N of the whole: 25 s of a 256-shard n = 6,
// k = 8 count) and compare the eight counts and the example (few_relations_counts_difference);
// one that differs is refused naming the file (in `dir`) and the count, saying what is not taken
// (`refusing`: "the file, the table and the claim"; InputError: exit 2). Returns the CPU seconds
// of the count again. Throws FewRelationsStopped on `stop`.
double recount_shard_file(const FewRelationsShard& file, const std::string& dir, const std::atomic<bool>* stop,
                          std::string_view refusing);

// nullopt when the file does not exist; InputError naming the file when it is not a complete
// shard file of exactly this (n, k, shard, shards) and partition, or its counts do not add up
// or are not the search's (few_relations_search_problem), and the line and column of a value
// written otherwise than futolab writes it (quoted as typed, a number with its accepted range)
// or of an example that is not a valid puzzle of k relations with exactly one solution (one
// count to 2). With `producer`, a file another build counted (its `producer` another, or none)
// is refused at that line too: its counts are not this build's (round 25, B F10). A file
// records the limits it was counted under (`time_limit_ms`, `cpu_limit_ms`, both or neither);
// with `limits`, the count's that would take it, a file recording others is refused at the
// first that differs (FewRelationsLimitsDiffer, asked last, of a file otherwise whole and this
// build's): a shard counted under a 1 h limit taken into a run of 1 s, or the reverse, mixed
// counts of different limits in one results CSV without a word (red-team round 27, left open).
// A file of an older futolab, recording none, is read as before.
std::optional<FewRelationsShard> read_few_relations_shard(const std::string& path, int n, int k, std::size_t shard,
                                                          std::size_t shards,
                                                          const std::optional<std::string>& producer = std::nullopt,
                                                          const std::optional<FewRelationsLimits>& limits = std::nullopt);

struct ShardPlan {
    int n = 0, k = 0;
    std::size_t shards = 64;
    std::optional<std::size_t> only;  // one shard (a cluster job), else every shard
    std::string dir;                  // the checkpoint folder (created if missing)
    int jobs = 1;                     // threads, each one shard at a time
    std::string producer;
    // Taken before a shard is computed and held until its file is written (the caller's lock
    // on the shard's file, records/output_lock.hpp; throws if another process holds it): a run
    // of that shard alone beside this one (`--shard I/N`, holding the same lock) is then never
    // a second writer of it (red-team round 11, F6). None: no lock.
    std::function<std::shared_ptr<void>(std::size_t shard)> hold = nullptr;
    // The command's stop request (may be null): once true, no shard starts and the running
    // ones end unwritten (FewRelationsStopped); the files written before stay, for a re-run.
    const std::atomic<bool>* stop = nullptr;
};

// Runs the plan's shards that have no file yet (in index order, `jobs` at a time; one whose
// file appeared by the time its hold was taken is read instead) and returns
// every shard of the plan found on disk or computed, in index order. `done` is called, one
// call at a time, for each shard as it is read (resumed = true) or finished.
std::vector<FewRelationsShard> run_few_relations_shards(const ShardPlan& plan,
                                                        const std::function<void(const FewRelationsShard&, bool resumed)>& done);

FewRelationsCount total_of(const std::vector<FewRelationsShard>& shards);
// A Markdown table, one row per shard and a total row.
std::string few_relations_table(const std::vector<FewRelationsShard>& shards);
// Why `table`, the text at a count's table name (few_relations_table_path), is not the table of
// that count (n, k in `dir`, its shards' files as read, in order: none where a file is not
// there), "" if it is: the first line where the two differ, named with its column and both
// values ("its line 3 (shard 0/4): canonical sets is '12', where this count's shard file F gives
// 7"), or a row of another shard count ("its line 3 is the row of shard '0/8', …"). The table
// holds no n or k: a table of another n or k differs in its counts, so a row whose shard file is
// not there (removed, to count that shard again) is checked by its shard's name alone, and a
// table none of whose rows can be checked (no file of this count there) is not taken for this
// count's. CPU seconds, a measurement, are not compared.
std::string few_relations_table_difference(std::string_view table, const std::string& dir, int n, int k,
                                           const std::vector<std::optional<FewRelationsShard>>& files);

}  // namespace futolab::critical
