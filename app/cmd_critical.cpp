// futolab critical [--square "2 1 4 3/..." | --input FILE | --n N --count C] [--seed S]
//   [--use numbers|relations|both] [--objective greedy|h+k|2h+3k|k|h] [--iterations I]
//   [--time-limit SEC] [--verify-with BACKEND] [--sampler jm|shuffle] [--out FILE]
// futolab critical --exhaustive --n N
// futolab critical --exact --n N --objective 2h+3k|h+k|k|h|frontier [--jobs J] [--certificate FILE]
//   (task exact: one run per symmetry class, its results CSV beside --out, --resume)
// futolab critical --exact --n 6 --sample S --seed X --objective k   (an upper bound only)
// futolab critical --exact --square "..." | --input FILE --objective 2h+3k|h+k|k|h [--time-limit SEC] [--cpu-limit SEC]
//   (the minimum for each given square, n <= 9; bounds where the time limit stops it)
// futolab critical --construct --n N [--split M] [--certificate FILE]   (any n; the proof for n <= 40)
// futolab critical --check-certificate FILE...   (one certificate, or the N shards' of one --exact --shard run)
// futolab critical --free-square [--n N --count C | --input START] [--iterations I]
//   [--time-limit SEC] [--patience P] [--temperature T] [--max-remove R] [--node-limit N]
// futolab critical --n N --few-relations K [--shard I/N] [--checkpoint DIR [--shards N] [--jobs J]]
// The modes are one table (critical_modes(), app/critical_modes.hpp): two modes, or an option
// the chosen mode does not read, are refused (exit 2).
// Critical clue sets of solved squares (issue #4), one JSONL instance per set (SPEC §2.2),
// every one re-verified by a second backend before it is written (docs/critical.md).
// Random square i (0-based) uses seed S + i, recorded in its meta, as `generate` does. The
// default search runs as task greedy through the experiment driver (app/critical_experiment.hpp):
// its results CSV beside --out, --resume after a kill.
#include "app/commands.hpp"
#include "app/counted.hpp"
#include "app/critical_exact_report.hpp"
#include "app/critical_few_relations_report.hpp"
#include "app/critical_experiment.hpp"
#include "app/critical_modes.hpp"
#include "app/critical_order_report.hpp"
#include "app/critical_square_report.hpp"
#include "app/load.hpp"
#include "app/number_options.hpp"
#include "app/option_rules.hpp"
#include "app/output_folder.hpp"
#include "app/outputs_together.hpp"
#include "app/shard_text.hpp"
#include "app/vocabulary_option.hpp"
#include "app/whole_milliseconds.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_kind.hpp"
#include "core/files.hpp"
#include "core/json_read.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "core/seed_range.hpp"
#include "critical/construction/chain_construction.hpp"
#include "critical/construction/uniqueness_cnf.hpp"
#include "critical/construction/zero_given_certificate.hpp"
#include "critical/exact/certificate.hpp"
#include "critical/exact/certificate_read.hpp"
#include "critical/exact/exact_square.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/exact/square_certificate.hpp"
#include "critical/exact/exact_report.hpp"
#include "critical/zero_given/few_relations.hpp"
#include "critical/zero_given/few_relations_shards.hpp"
#include "critical/greedy/pipeline.hpp"
#include "critical/oracle/report.hpp"
#include "experiments/few_relations_record.hpp"
#include "experiments/methods.hpp"
#include "experiments/progress.hpp"
#include "experiments/rendered_config.hpp"
#include "experiments/run_matrix.hpp"
#include "generators/latin/square.hpp"
#include "generators/latin/random.hpp"
#include "generators/latin/symmetry.hpp"
#include "solvers/external/temp_dir.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"
#include "records/results_file.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"
#include "sandbox/interrupt.hpp"
#include "core/verify.hpp"
#include "core/visible_text.hpp"
#include "solvers/run/oracle.hpp"
#include "solvers/run/run.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <sys/stat.h>

namespace futolab::app {
namespace {
using namespace futolab::critical;
}  // namespace

// Declared in app/critical_modes.hpp, whose rows' run functions take it.
struct CriticalArgs {
    std::string square, input, out;
    int n = 0;
    std::uint64_t count = 1;
    std::uint64_t seed = 1;
    std::string verify_with{kCriticalVerifySpec};
    bool verify_with_given = false;  // --verify-with on the command line (--check-certificate: not for every kind)
    ClueUse use = ClueUse::both;
    Objective objective = Objective::greedy;
    GreedyOrder order = GreedyOrder::easy_first;
    LatinSampler sampler = LatinSampler::jacobson_matthews;
    std::uint64_t iterations = 0;
    double time_limit = 0;
    std::string time_limit_text;  // --time-limit as typed: the default search checks it, not the double
    double cpu_limit = 0;  // --exact --square: CPU seconds per square
    bool exhaustive = false;
    bool exact = false;  // exact minima with certificates (critical/exact/exact.hpp, SPEC §5c)
    int jobs = 1;
    HittingEngine engine = HittingEngine::bb;
    ProofKind proof = ProofKind::drat;
    std::size_t seed_sets = ExactOptions{}.seed_sets;
    bool per_class = false;
    std::string shard;  // --exact: "I/N", classes I, I + N, ...
    std::size_t sample = 0;  // --exact: the classes of this many random squares (n ≤ 6), not all
    std::optional<ExactOracle> oracle;  // --exact: none = the table, or the solver with --sample
    bool no_shrink = false, no_cycle_seeds = false;
    std::size_t probe_seeds = ExactOptions{}.probe_seeds;
    int below = 0;  // --sample: look only for sets cheaper than this
    int few_relations = 0;  // > 0: is any zero-given puzzle with this many relations unique?
    std::string checkpoint;  // --few-relations: one file per shard in this folder, resumable
    std::size_t shards = 64;  // --few-relations --checkpoint: how many shards
    std::string certificate;
    std::vector<std::string> check_certificate;  // one certificate, or the N shards' of one run
    bool free_square = false;  // zero-given puzzle-space search (critical/zero_given/zero_given.hpp)
    int patience = ZeroGivenOptions{}.patience;
    double temperature = ZeroGivenOptions{}.temperature;
    int max_remove = ZeroGivenOptions{}.max_remove;
    std::uint64_t node_limit = ZeroGivenOptions{}.node_limit;
    bool force = false;  // --force: replace an output the guard would keep (records/output_guard.hpp)
    bool resume = false;  // the default search: go on with the results CSV beside --out
    std::string command_line;  // for the sidecar
    bool construct = false;  // the chain construction (critical/construction/chain_construction.hpp)
    int split = -1;          // --construct: chains from 1; -1 = balanced_split(n), the fewest relations
    // The command's stop request: SIGINT, SIGTERM and SIGHUP from its start (run_critical), so a
    // signal while a mode reads standard input or enumerates the squares of --n is one too.
    Interrupt* stop = nullptr;
};

namespace {

// The largest seed a run can have: 63 bits, as the experiment driver's derived seeds
// (experiments/run_matrix.hpp), so any signed 64-bit reader of the CSV reads it.
constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();

struct SolvedSquare {
    int n;
    std::vector<int> square;
    std::string id;
    std::uint64_t seed;
    std::string name = {};    // --input: the instance's own id, for messages
    SourceLoc where = {};     // --input: its file and line; empty source for --square
};

SolvedSquare square_of(const Instance& in, std::uint64_t seed) {
    return {in.n, solved_square(in), in.id + ":critical", seed, in.id, {in.source, in.line, 0}};
}

// The squares of --square or --input, all read and validated before any search and before
// the output is opened (a bad input leaves an existing --out file alone); none for --n.
std::vector<SolvedSquare> given_squares(const CriticalArgs& a) {
    const int sources = (a.square.empty() ? 0 : 1) + (a.input.empty() ? 0 : 1) + (a.n > 0 ? 1 : 0);
    if (sources != 1) throw InputError("critical: give exactly one of --square, --input or --n");
    std::vector<SolvedSquare> given;
    if (!a.square.empty()) {
        int n = 0;
        std::vector<int> sq = parse_square(a.square, n);
        given.push_back({n, std::move(sq), "square:critical", a.seed});
    } else if (!a.input.empty()) {
        for (const Instance& in : read_instances(a.input)) given.push_back(square_of(in, a.seed));
    }
    return given;
}


// The objective of --exact: InputError for one only the greedy search has.
ExactObjective exact_objective_of(const CriticalArgs& a) {
    return exact_objective_from_name(objective_name(a.objective), "critical --exact: --objective");
}

// An output written at the end of a long search, reserved from its start (red-team round 11,
// F11: `--exact` held no lock while it searched, then replaced what `generate --out` had
// written there meanwhile): its lock is taken now, so a live writer of it refuses this search
// at once and no writer can start on it before the end. `option` places it: a refusal of its
// lock advises another of it ("use another --certificate": it said "another --out", which
// changes nothing for the certificate's lock). Standard output by any name ("-") redirected to
// a regular file: that file's lock (lock_of_stream_output, as the other modes' --out takes it).
// A device, a pipe or a terminal: none.
std::unique_ptr<OutputLock> reserve_output(const std::string& path, std::string_view option) {
    struct stat st {};
    if (path == "-" || (!path.empty() && own_stream_of(path) >= 0)) return lock_of_stream_output(path);
    if (path.empty() || (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))) return nullptr;
    return std::make_unique<OutputLock>(path, fmt::format("use another {}", option));
}

// Stops the work of an output reserved by reserve_output (null: none) whose lock is no longer
// this process's: removed or replaced, another futolab may have locked the name and written it
// (red-team round 14, A F6: the search then replaced that file, exit 0). Exit 1, one line.
void check_reserved(const std::string& path, const OutputLock* lock) {
    if (lock != nullptr) lock->check_held_for(path.empty() || path == "-" ? "standard output" : path);
}

// A reserved output among the outputs a mode puts in place together once its work is done
// (app/outputs_together.hpp: a full disk at one leaves them all as they were, issue #45 A F4),
// written only while its lock is still held and no stop came ("interrupted", what was there
// left as it was); `-` is standard output (for --certificate too, as /dev/stdout is). A
// certificate is one record: on standard output, begun and finished whole (red-team round 27,
// A F4).
void add_reserved(OutputsTogether& outputs, const std::string& path, std::string text, const OutputLock* lock,
                  bool certificate = false) {
    outputs.add(path, std::move(text), [path, lock] { check_reserved(path, lock); }, certificate);
}

// The step of a --certificate reserved by reserve_output (app/critical_experiment.hpp,
// CertificateStep), made by `make` from all the rows; none without --certificate. It is put in
// place together with --out while its lock is still held, whatever stop comes once both are
// made, and said.
CertificateStep reserved_certificate(const std::string& path, const OutputLock* lock,
                                     std::function<std::optional<std::string>(const Interrupt&)> make) {
    if (path.empty()) return {};
    return {.make = std::move(make), .path = path, .lock = lock};
}

// The command's stop request (CriticalArgs::stop): run_critical sets it for every mode it runs.
Interrupt& stop_of(const CriticalArgs& a) {
    if (a.stop == nullptr) throw std::logic_error("critical: a mode ran without the command's stop request");
    return *a.stop;
}

// A certificate at --certificate is rewritten only by the search that wrote it (red-team round
// 22, B F1: a resumed `--shard 0/2` replaced shard 1/2's certificate, exit 0, and the shards'
// certificates no longer checked together; another objective's or order's likewise). The guard
// lets one of the mode's format through for the search whose results CSV is beside --out
// (run_critical, rewritten_certificate); here, before any work, `another` reads its header with
// critical/'s reader and names what makes it another search's ("" if nothing: it is this
// one's). Another search's, or one whose header does not read, is refused, the file kept.
// --force replaces any file, as on every output (a resume takes none: no hint of it).
void refuse_another_searchs_certificate(const CriticalArgs& a, const std::function<std::string(std::istream&)>& another) {
    if (a.force) return;
    const std::string kind = kept_file_kind(a.certificate);
    if (kind.empty()) return;  // none there, or not a certificate (the guard judged it)
    std::ifstream in(a.certificate, std::ios::binary);
    std::string why;
    try {
        why = another(in);
    } catch (const InputError& e) {
        why = std::string("its header does not read as this search's: ") + e.what();
    }
    if (why.empty()) return;
    throw InputError(fmt::format("--certificate {}: is {} of another search ({}): refusing to overwrite it (use another file{})",
                                 a.certificate, kind, why, a.resume ? "" : ", or --force"));
}

std::string verify_choice(const CriticalArgs& a);
int run_rendered(RenderedConfig config, const CriticalArgs& a, RowReport report, std::function<void(const Interrupt&)> on_complete,
                 std::function<std::optional<std::string>(const Interrupt&)> records_of_all = nullptr,
                 std::optional<ProgressWords> progress = std::nullopt, CertificateStep certificate = {});

// --exact --sample S: the classes of S random squares, each its own minimum by the solver
// oracle (n ≤ 6), run as task exact-sample (one run, critical_orders: { n, seed }) by the
// experiment driver. The minimum over them is an upper bound: the record says so (meta.sample,
// sample_bound "upper", exact false), and its witness is verified like any other. The mode
// table refuses --certificate and --shard here: a sample proves no minimum.
int run_exact_sample(const CriticalArgs& a) {
    if (a.n < 2 || a.n > kMaxExactN)
        throw InputError(fmt::format("critical --exact --sample: --n must be 2..{}, got {}", kMaxExactN, a.n));
    // --objective first: the default one (greedy) reached the method as "solver 'exact-sample':
    // option objective=greedy is invalid", an option the user never typed.
    const ExactObjective exact_objective = exact_objective_of(a);
    check_seed_range("critical --exact", a.seed, a.sample, "--sample", "square");  // as the search checks it
    if (a.below > 0 && exact_objective == ExactObjective::frontier)
        throw InputError("critical --exact --sample: --below needs a single objective, not frontier");
    const std::string objective = objective_name(a.objective);
    RenderedConfig config{.name = std::string(method_name(Task::exact_sample)),
                          .description = "futolab critical --exact --sample, as its command line says",
                          .task = Task::exact_sample,
                          .squares = {},
                          .orders = {.n = a.n, .seed = a.seed},
                          .method = method_text(Task::exact_sample, {{"objective", objective},
                                                                     {"sample", std::to_string(a.sample)},
                                                                     {"engine", std::string(name_in(kHittingEngines, a.engine))},
                                                                     {"shrink", a.no_shrink ? "no" : "yes"},
                                                                     {"cycle_seeds", a.no_cycle_seeds ? "no" : "yes"},
                                                                     {"probe_seeds", std::to_string(a.probe_seeds)},
                                                                     {"below", std::to_string(a.below)},
                                                                     {"threads", std::to_string(a.jobs)},
                                                                     {"verify", verify_choice(a)}}),
                          .output = ""};
    const SampleReport report{.objective = objective, .sample = a.sample, .seed = a.seed, .below = static_cast<std::uint64_t>(a.below)};
    CriticalArgs one_run = a;
    one_run.jobs = 1;  // one run; its threads share the classes (--jobs)
    return run_rendered(std::move(config), one_run, [&](const CriticalRow& row, std::string& records) { return report.row(row, records); },
                        nullptr);
}

// "I/N" with 0 <= I < N: shard I of N (--exact classes I, I + N, ...; --few-relations likewise
// over the canonical pair sets). I counts from 0, as in every command (app/shard_text.hpp), each
// refusal naming what is wrong with the text.
std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
    const ShardText shard = parse_shard_text(text, "critical");
    return {static_cast<std::size_t>(shard.index), static_cast<std::size_t>(shard.count)};
}

// The classes --exact --n searches: all of the order, or a --shard's (I, I + S, ...; a shard
// that holds none does not search: run_empty_exact_shard).
std::vector<std::size_t> shard_classes(int n, const CertificateShard& shard) {
    const std::size_t total = square_classes(n).size();
    std::vector<std::size_t> classes;
    for (std::size_t c = shard.index; c < total; c += shard.count) classes.push_back(c);
    return classes;
}

// The method `exact` (experiments/methods.cpp) with --exact --n's options.
std::string exact_method_text(const CriticalArgs& a) {
    return method_text(Task::exact, {{"objective", objective_name(a.objective)},
                                     {"engine", std::string(name_in(kHittingEngines, a.engine))},
                                     {"seed_sets", std::to_string(a.seed_sets)},
                                     {"oracle", exact_oracle_name(a.oracle.value_or(ExactOracle::table))},
                                     {"shrink", a.no_shrink ? "no" : "yes"},
                                     {"cycle_seeds", a.no_cycle_seeds ? "no" : "yes"},
                                     {"probe_seeds", std::to_string(a.probe_seeds)},
                                     {"verify", verify_choice(a)}});
}

// --exact --n's certificate: the classes' searches run again (their unavoidable sets, with a
// square each, are too many for a row), on --jobs threads, each found to give its row's minima.
// Its text, or none if `stop` (SIGINT, SIGTERM and SIGHUP) came first: then neither it nor --out
// is written (exit 1, app/critical_experiment.hpp), the DRAT scratch folder removed.
std::optional<std::string> make_exact_certificate(const CriticalArgs& a, const ExactResult& from_rows, ExactOptions options,
                                                  const CertificateShard& shard, const OutputLock* lock, const Interrupt& stop) {
    options.first = shard.index;
    options.stride = shard.count;
    options.threads = a.jobs;
    options.progress = [&, bar = std::shared_ptr<Progress>()](std::size_t done, std::size_t total) mutable {
        check_reserved(a.certificate, lock);  // a lock gone stops the search (every 1% of classes)
        if (!bar) bar = std::make_shared<Progress>(total, false, ProgressWords{"class", "es", false});
        done == total ? bar->finish(done) : bar->update(done);
    };
    options.stop = stop.flag();
    // Said as it starts: the phase takes seconds to minutes after the rows' summary is known.
    std::cerr << fmt::format("futolab critical: certificate {}: the {} searched again for their sets\n",
                             visible_text(a.certificate), counted(from_rows.classes.size(), "class", "es"));
    std::ostringstream text;
    try {
        const ExactResult again = exact_minimum(a.n, from_rows.objective, options);
        if (const std::string differ = differing_minima(from_rows, again); !differ.empty())
            throw std::runtime_error(fmt::format("critical --exact --certificate: {}: not written", differ));
        write_certificate(text, again, a.proof, shard, options.stop);
    } catch (const OutOfTime&) {
        return std::nullopt;
    }
    if (stop.requested()) return std::nullopt;  // came after its last check
    return text.str();
}

// What an --exact --n search's certificate is, as a message names it: "n = 4, objective k, shard
// 1/2, proof drat".
std::string exact_search_words(int n, ExactObjective objective, const CertificateShard& shard, ProofKind proof) {
    return fmt::format("n = {}, objective {}, {}, proof {}", n, exact_objective_name(objective),
                       shard.count > 1 ? fmt::format("shard {}/{}", shard.index, shard.count) : std::string("every class"),
                       name_in(kProofKinds, proof));
}

// "--shard 2/5: n = 3 has 2 classes (0..1): this shard holds none", as the messages of a shard
// that holds no class say it.
std::string holds_none_words(int n, const CertificateShard& shard) {
    const std::size_t total = square_class_count(n);
    return fmt::format("--shard {}/{}: n = {} has {} (0..{}): this shard holds none", shard.index, shard.count, n,
                       counted(total, "class", "es"), total - 1);
}

// --exact --shard I/N whose shard holds no class: I at or past the classes of the order, as a
// SLURM array of more tasks than classes gives (red-team round 26, B F11: it was refused, exit 2,
// while the checker asked for its certificate, so the N shards' files never checked together).
// It runs in no time and exits 0: nothing to search, so no run and no results CSV (a CSV beside
// --out is another search's, and its records at --out are not replaced: refused), --out holds
// no record (no class, no minimum), and --certificate gets the header that claims nothing over
// no class (write_empty_shard_certificate), which the checker, enumerating the classes again,
// accepts as that shard. Every output reserved before the writes, as a search's.
int run_empty_exact_shard(const CriticalArgs& a, ExactObjective objective, const CertificateShard& shard,
                          const OutputLock* certificate_lock) {
    const std::string out = a.out.empty() ? "-" : a.out;
    if (const std::string csv = critical_csv_of(out); !csv.empty() && is_results_csv(csv))
        throw InputError(fmt::format("critical --exact: {}, so it keeps no results CSV, yet {} (the results CSV of --out {}) is "
                                     "there, another search's: refusing to replace its records at --out (give another --out, or "
                                     "move that CSV away)",
                                     holds_none_words(a.n, shard), csv, out));
    const std::unique_ptr<OutputLock> out_lock = reserve_output(out, "--out");
    std::ostringstream certificate;
    write_empty_shard_certificate(certificate, a.n, objective, a.proof, shard);
    std::cerr << fmt::format("futolab critical: {}: nothing to search, no record for --out{}\n", holds_none_words(a.n, shard),
                             a.certificate.empty() ? "" : "; its certificate claims nothing, and checks with the other shards'");
    const Interrupt& stop = stop_of(a);
    if (stop.requested()) {  // as a search stopped before its writes: neither written
        std::cerr << "futolab critical: interrupted: nothing written; run the same command again\n";
        return 1;
    }
    OutputsTogether outputs(stop);
    add_reserved(outputs, out, "", out_lock.get());
    if (!a.certificate.empty()) add_reserved(outputs, a.certificate, certificate.str(), certificate_lock, true);
    outputs.commit();
    if (!a.certificate.empty()) std::cerr << fmt::format("certificate {} written\n", visible_text(a.certificate));
    return stop.requested() ? 1 : 0;
}

// --exact --n N: the minimum over all squares of order N, run as task exact by the experiment
// driver: one run per symmetry class (a classes: source of the order; --shard I/S: classes I,
// I + S, ...), each the class's own minimum. Once every class has its row, --out gets the records
// made from the rows (app/critical_exact_report.hpp) and --certificate is written; after an
// interrupt neither is, and --resume goes on with the CSV beside --out.
int run_exact(const CriticalArgs& a) {
    const ExactObjective objective = exact_objective_of(a);
    if (a.n < 2 || a.n > kMaxEnumeratedN)
        throw InputError(fmt::format("critical --exact: --n must be 2..{} (n = 6: --sample S), got {}", kMaxEnumeratedN, a.n));
    CertificateShard shard;
    if (!a.shard.empty()) std::tie(shard.index, shard.count) = parse_shard(a.shard);
    // Its proof kind too: a resume with another --proof rewrote a drat certificate as a bb one
    // (or back) without a word (red-team round 23, B); the same options resume it.
    refuse_another_searchs_certificate(a, [&](std::istream& in) {
        const CertificateCheck c = read_certificate_claim(in, a.certificate);
        if (c.n == a.n && c.objective == objective && c.shard.index == shard.index && c.shard.count == shard.count &&
            c.proof == a.proof)
            return std::string();
        return fmt::format("{}; this search: {}", exact_search_words(c.n, c.objective, c.shard, c.proof),
                           exact_search_words(a.n, objective, shard, a.proof));
    });
    const std::unique_ptr<OutputLock> certificate_lock = reserve_output(a.certificate, "--certificate");
    if (shard.holds_none(square_class_count(a.n))) return run_empty_exact_shard(a, objective, shard, certificate_lock.get());
    const std::string method = exact_method_text(a);
    ExactClassesReport report{.n = a.n,
                              .objective = objective,
                              .classes = shard_classes(a.n, shard),
                              .search = exact_method(parse_method_spec(Task::exact, method)).search};
    RenderedConfig config{.name = std::string(method_name(Task::exact)),
                          .description = "futolab critical --exact --n, as its command line says",
                          .task = Task::exact,
                          .squares = {},
                          .orders = {},
                          .classes = {.n = a.n, .first = shard.index, .count = 0, .stride = shard.count},
                          .method = method,
                          .thread_isolation = true,  // as the search ran before: a fork per class costs 20-35 % more
                          .output = ""};
    ExactResult from_rows;
    std::vector<Instance> records;
    bool verified = true;
    const int status = run_rendered(
        std::move(config), a, [&](const CriticalRow& row, std::string& text) { return report.row(row, text); },
        [&](const Interrupt&) {
            for (const Instance& rec : records)
                std::cerr << fmt::format("n={} objective={} minimum={} (h={}, k={}) class={}\n", a.n, objective_name(a.objective),
                                         rec.meta["minimum"].get<int>(), rec.meta["h"].get<int>(), rec.meta["k"].get<int>(),
                                         rec.meta["class"].get<std::size_t>());
            std::cerr << fmt::format("n={} squares={} classes={} time={:.1f}s\n", a.n, from_rows.squares, from_rows.classes.size(),
                                     from_rows.seconds);
        },
        [&](const Interrupt& stop) -> std::optional<std::string> {
            // The classes no set determines are searched again here (seconds at n = 5): a stop
            // ends that, and --out is not written.
            try {
                from_rows = report.result(stop.flag());
            } catch (const OutOfTime&) {
                return std::nullopt;
            }
            records = exact_records(from_rows, parse_solver_spec(a.verify_with).text(), verified);
            return write_instances(records, Format::jsonl);
        },
        ProgressWords{"class", "es", false},
        reserved_certificate(a.certificate, certificate_lock.get(), [&](const Interrupt& stop) {
            return make_exact_certificate(a, from_rows, report.search, shard, certificate_lock.get(), stop);
        }));
    if (!verified) std::cerr << "futolab critical: a witness failed its verification\n";
    return verified ? status : 1;
}

// --check-certificate: exit 0 if the certificate checks, 1 if it does not, 2 if malformed.
// Several files: the certificates of the N shards of one `--exact --shard I/N` run, each
// checked, then the minimum over all squares from theirs (combine_shards).
// A per-square certificate (--exact --square/--input --certificate): one file, its squares' claims.
int run_check_square_certificate(const std::string& file, const std::string& text, const std::string& verify) {
    std::istringstream in(text);
    const SquareCertificateCheck c = check_square_certificate(in, file, verify);
    if (!c.ok) {
        std::cerr << fmt::format("futolab critical: {}: certificate rejected: {}\n", visible_text(file), c.why);
        return 1;
    }
    std::cout << fmt::format("{}: certificate accepted: {}, {}, branch and bound re-run ({}); {}minimum {} ({}) of the given square\n",
                             visible_text(file), counted(c.squares, "square"), counted(c.sets, "unavoidable set"),
                             counted(c.nodes, "node"), c.squares > 1 ? "last: " : "", c.minimum, exact_objective_name(c.objective));
    return 0;
}

// Does the first line of `text` that is not blank (core/json_read.hpp: the readers skip blank
// lines) carry this certificate format's name?
bool first_line_names(const std::string& text, const char* format) {
    return first_record_line(text).find(format) != std::string_view::npos;
}

// A certificate of --construct: the relations' exchange witnesses and the DRUP proof of uniqueness.
int run_check_zero_given_certificate(const std::string& file, const std::string& text) {
    std::istringstream in(text);
    const ZeroGivenCertificateCheck c = check_zero_given_certificate(in, file);
    if (!c.ok) {
        std::cerr << fmt::format("futolab critical: {}: certificate rejected: {}\n", visible_text(file), c.why);
        return 1;
    }
    // Counted in words that agree with the count ("DRUP proof, 1 lines" of a proof that is the
    // empty clause alone, as every construction's is; "1 relations" at n = 2: red-team round 26).
    std::cout << fmt::format("{}: certificate accepted: the zero-given puzzle of order {} with {} is uniquely completable "
                             "(DRUP proof, {}, checked by unit propagation) and critical ({})\n",
                             visible_text(file), c.n, counted(c.relations, "relation"), counted(c.proof_lines, "line"),
                             counted(c.relations, "exchange witness", "es"));
    return 0;
}

// A per-square or --construct certificate among several files: several files are only the N
// shards of one --exact --shard run, and each of those other certificates is checked alone. Such
// a file was refused as "sq3.cert:1: not a futolab-exact-critical file" (red-team round 26, B F3),
// telling a user who named a folder of valid per-square certificates that they were none.
void refuse_other_kind_among_shards(const std::string& file, const std::string& text) {
    const char* kind = first_line_names(text, kSquareCertificateFormat)     ? "a per-square certificate (--exact --square or --input)"
                       : first_line_names(text, kZeroGivenCertificateFormat) ? "a --construct certificate"
                                                                              : nullptr;
    if (kind != nullptr)
        throw InputError(fmt::format("critical --check-certificate: several files are only the shards of one --exact run; "
                                     "{} is {}: check it alone",
                                     file, kind));
}

// A certificate's whole text, read through read_text_file (a regular file only, size-capped: a
// FIFO or /dev/zero is refused, not waited for). A results CSV, sidecar or config there is named
// as what it is, not given JSON's syntax error ("last read: 'e'": red-team round 26, C F2).
// Read with the check's stop watched (`-` waiting on a pipe ends at a signal, also one taken
// before the read began).
std::string certificate_text(const std::string& file, const Interrupt& stop) {
    std::string text = read_text_file(file, stop.fd());
    refuse_other_file_kind(text, file, "a futolab certificate");
    return text;
}

// Several files, the shards of one run: each read for its form and the set checked to be one
// run's shards, each once, before any is judged, so that a malformed file, or one of another run,
// is exit 2 wherever it is, not exit 1 for a rejected claim in a file named before it (red-team
// round 24). One file's text in memory at a time: each is read again to be judged, and that
// read refuses a malformed line too.
void read_shard_certificates(const std::vector<std::string>& files, const Interrupt& stop) {
    std::vector<CertificateCheck> claims;
    for (const std::string& file : files) {
        const std::string text = certificate_text(file, stop);
        refuse_other_kind_among_shards(file, text);
        std::istringstream in(text);
        claims.push_back(read_certificate(in, file));
    }
    combine_shards(claims, files);  // for its refusals only: nothing is judged yet
}

// Before any certificate is judged, a --verify-with that runs a tool (minizinc, clpfd, ilp) is
// tried once on the empty 2x2 puzzle: a tool missing or broken says nothing of the certificate,
// and its error mid-check was exit 1, the code of "certificate rejected" (red-team round 27,
// B F7). Refused as an unusable --verify-with is, exit 2, with the tool's own reason.
void check_verifier_runs(const SolverSpec& spec, const Interrupt& stop) {
    if (!is_external_backend(spec.name)) return;
    Instance probe;
    probe.id = "probe";
    probe.n = 2;
    SolveRequest count;
    count.mode = Mode::count_to(2);
    count.limits.stop = stop.flag();
    const SolveResult r = make_solver(spec)->solve(Puzzle::compile_for_search(probe), count);
    if (stop.requested()) throw OracleStopped();
    if (outcome_of(r.status) == RunOutcome::finished) return;
    throw InputError(fmt::format("critical --check-certificate: --verify-with {} could not run ({}: {}): nothing checked, the "
                                 "certificate neither accepted nor rejected",
                                 spec.text(), status_name(r.status), r.message));
}

int check_certificates(const CriticalArgs& a, const Interrupt& stop) {
    // `- -` read standard input once and gave both its bytes: "- and - are not shards of one run"
    // blamed the content (red-team round 26, C F7). Refused as every command taking several inputs.
    refuse_stdin_twice(a.check_certificate);
    const SolverSpec verify_spec = parse_solver_spec(a.verify_with);
    const std::string verify = verify_spec.text();
    if (a.check_certificate.size() > 1) read_shard_certificates(a.check_certificate, stop);
    std::vector<CertificateCheck> checks;
    for (const std::string& file : a.check_certificate) {
        const std::string text = certificate_text(file, stop);
        const bool construct = a.check_certificate.size() == 1 && first_line_names(text, kZeroGivenCertificateFormat);
        if (&file == &a.check_certificate.front() && !construct) check_verifier_runs(verify_spec, stop);  // a --construct one runs none
        if (a.check_certificate.size() == 1 && first_line_names(text, kSquareCertificateFormat))
            return run_check_square_certificate(file, text, verify);
        if (a.check_certificate.size() == 1 && first_line_names(text, kZeroGivenCertificateFormat)) {
            // Nothing of it goes to a solver (red-team round 18, B F6: --verify-with was read and dropped).
            if (a.verify_with_given)
                throw InputError(fmt::format("critical --check-certificate: --verify-with does not apply to {}, a --construct "
                                             "certificate (its DRUP proof is checked by unit propagation and each relation by "
                                             "its exchange witness: no solver is run)",
                                             file));
            return run_check_zero_given_certificate(file, text);
        }
        std::istringstream in(text);
        checks.push_back(check_certificate(in, file, verify));
        if (!checks.back().ok) {
            std::cerr << fmt::format("futolab critical: {}: certificate rejected: {}\n", visible_text(file), checks.back().why);
            return 1;
        }
    }
    const bool combined = checks.size() > 1;
    const CertificateCheck c = combined ? combine_shards(checks, a.check_certificate) : checks[0];
    std::vector<std::string> ks;  // the frontier's min k for h_max 0, 1, ...
    for (const std::optional<int>& k : c.frontier) ks.push_back(k ? std::to_string(*k) : "none");
    // A shard that holds no class claims nothing ("no uniquely completable set" would be a claim
    // about squares it has none of).
    const std::string claim = c.shard.holds_none(c.order_classes)
                                  ? fmt::format("nothing claimed, the shard holding none of the {} of order {}",
                                                counted(c.order_classes, "class", "es"), c.n)
                              : c.objective == ExactObjective::frontier ? fmt::format("min k for h_max 0.. = {}", fmt::join(ks, ", "))
                              : c.minimum ? fmt::format("minimum {}", *c.minimum) : "no uniquely completable set";
    const std::string scope = c.shard.count > 1 ? fmt::format("over shard {}/{} only (check all {} shards' certificates together for all squares)",
                                                              c.shard.index, c.shard.count, c.shard.count)
                                                : fmt::format("over all squares of order {}", c.n);
    // A bb certificate stores no proof: its claims are refuted again by the branch and bound
    // (it said "2 proofs (0 lemmas)" of a file with none; red-team round 25, B F5).
    const std::string proofs = c.proof == ProofKind::bb ? counted(c.proofs, "claim") + " refuted again by branch and bound"
                                                        : fmt::format("{} ({})", counted(c.proofs, "proof"), counted(c.lemmas, "lemma"));
    // The name shown as the rejection shows it: a raw line feed made "b.cert: certificate
    // accepted" a line of its own for a file that is not b.cert (red-team round 26, B F7).
    std::cout << fmt::format("{}: certificate accepted: {}, {}, {}; {} ({}) {}\n",
                             combined ? counted(checks.size(), "shard") : visible_text(a.check_certificate[0]),
                             counted(c.classes, "class", "es"), counted(c.sets, "unavoidable set"), proofs, claim,
                             objective_name(c.objective), scope);
    return 0;
}

// A --verify-with backend that ran at the probe but gave no answer on a witness (a tool that
// crashed, was killed, exited non-zero or printed garbage) judged nothing: exit 2 naming the
// file, the line, the claim and what the tool did, never exit 1, the code of a claim found false
// (red-team round 27, left open).
int run_check_certificate(const CriticalArgs& a) {
    // SIGINT, SIGTERM and SIGHUP stop every count the check asks of its --verify-with backend,
    // a tool's run too (its processes and scratch folder gone): "interrupted", exit 1.
    Interrupt stop;
    const SignalScope signals(stop);
    const AmbientOracleStop counts(stop.flag());
    try {
        return check_certificates(a, stop);
    } catch (const OracleStopped&) {
        throw std::runtime_error("critical --check-certificate: interrupted: nothing judged, the certificate neither "
                                 "accepted nor rejected");
    } catch (const ClaimNotJudged& e) {
        const std::string did = e.message.empty() ? std::string(status_name(e.status))
                                                  : fmt::format("{}: {}", status_name(e.status), e.message);
        throw InputError(fmt::format("critical --check-certificate: {}: {}: --verify-with {} failed ({}): nothing judged, the "
                                     "certificate neither accepted nor rejected",
                                     e.where, e.claim, e.backend, did));
    }
}

// A whole count's table in its --checkpoint folder, printed too, and the lock standing for it.
struct FewRelationsTable {
    std::string path, text;
    const OutputLock* lock = nullptr;
};

// The line and the claim of one few-relations count (the whole enumeration, one shard, or the
// sum of a checkpoint folder's shards), once --out and the count's `table` (if any) are in place
// together (a full disk at one leaves both as they were).
void report_few_relations(const CriticalArgs& a, const FewRelationsCount& c, const std::string& scope, bool whole,
                          const OutputLock* out_lock, const std::string& basis = "proved",
                          const FewRelationsTable* table = nullptr) {
    OutputsTogether outputs(stop_of(a));
    if (table != nullptr) add_reserved(outputs, table->path, table->text, table->lock);
    // The file says what this count found: its example, or nothing. An older file at --out is
    // replaced by an empty one, never left to read as this count's answer.
    add_reserved(outputs, a.out, c.example ? write_instances({*c.example}, Format::jsonl) : std::string(), out_lock);
    outputs.prepare();  // a full disk fails here, before the table is printed
    if (table != nullptr) std::cout << table->text;
    outputs.commit();
    std::cout << fmt::format(
        "n={} k={}{}: {}, {} skipped (two rows or columns untouched: a swap), {} counted to 2: {} with a directed cycle, "
        "{} unsat, {} unique, {} multiple ({} by two pool squares); time={:.1f}s cpu={:.1f}s\n",
        a.n, a.few_relations, scope, counted(c.pair_sets, "canonical pair set"), c.swap_skipped,
        counted(c.puzzles, "oriented puzzle"), c.cyclic, c.unsat, c.unique, c.multiple, c.pool, c.seconds, c.cpu_seconds);
    if (c.unique > 0)
        std::cout << fmt::format("a zero-given puzzle of order {} with {} is unique{}\n", a.n,
                                 counted(static_cast<std::size_t>(a.few_relations), "relation"), scope);
    else if (!whole)
        std::cout << fmt::format("no unique puzzle{}; every shard must say so for the proof\n", scope);
    else
        std::cout << fmt::format("{}: every zero-given uniquely completable set of order {} has more than {}\n", basis, a.n,
                                 counted(static_cast<std::size_t>(a.few_relations), "relation"));
}

// What the claim of a whole count rests on: "proved" where this command counted every shard
// (one read from its file and counted again counts), else the files it took as they say
// (red-team round 27, B F5: files edited together printed "proved" for a false bound).
std::string claim_basis(std::size_t from_files, const std::optional<std::size_t>& recounted, std::size_t shards) {
    const std::size_t unchecked = from_files - (recounted && from_files > 0 ? 1 : 0);
    if (unchecked == 0) return "proved";
    return fmt::format("from {} of {} not counted by this command{}", counted(unchecked, "shard file"), counted(shards, "shard"),
                       recounted ? fmt::format(" (shard {}'s file counted again, the same)", *recounted) : "");
}

// Which shards of the count a command line runs, and where (--checkpoint DIR, or none).
struct FewRelationsPlan {
    std::optional<std::size_t> only;  // --shard I/S: shard I alone; else every shard
    std::size_t shards = 1;           // S, --shards with --checkpoint, else 1
    std::string checkpoint;
};

FewRelationsPlan few_relations_plan(const CriticalArgs& a) {
    FewRelationsPlan p{.only = std::nullopt, .shards = a.checkpoint.empty() ? 1 : a.shards, .checkpoint = a.checkpoint};
    if (!a.shard.empty()) std::tie(p.only, p.shards) = parse_shard(a.shard);
    return p;
}

// The results CSV of a count: in its --checkpoint folder, named as the count's table
// (n6-k8-of-256.csv) or, for --shard I/S, as shard I's file (n6-k8-shard-003-of-256.csv: the
// shards of one job array write side by side, each its own CSV); none without a folder.
std::string few_relations_csv(const CriticalArgs& a, const FewRelationsPlan& p) {
    if (p.checkpoint.empty()) return "";
    const std::string name = p.only ? few_relations_shard_name(a.n, a.few_relations, *p.only, p.shards)
                                    : few_relations_count_name(a.n, a.few_relations, p.shards);
    return (std::filesystem::path(p.checkpoint) / (name + ".csv")).string();
}

// The table at the count's name, known by its first line as a table (check_checkpoint_table), is
// replaced only if it is this count's, row by row as its shard files `files` (every one of the
// count, in order) give it: a table of another n, k or shard count copied under this name was
// replaced, exit 0 (round 22, left open). Unless --force; refused naming the table and the first
// field that differs (exit 2).
void check_table_of_count(const CriticalArgs& a, const FewRelationsPlan& p, const std::vector<std::optional<FewRelationsShard>>& files) {
    const std::string table = few_relations_table_path(p.checkpoint, a.n, a.few_relations, p.shards);
    std::error_code ec;
    if (a.force || !std::filesystem::is_regular_file(std::filesystem::symlink_status(table, ec))) return;
    const std::string text = read_text_file(table);  // its header known past a byte-order mark (check_checkpoint_table)
    if (const std::string why = few_relations_table_difference(without_byte_order_mark(text), p.checkpoint, a.n, a.few_relations, files);
        !why.empty())
        throw InputError(fmt::format("--checkpoint {}: its table {}: is not this count's table as its shard files give it ({}): refusing to overwrite it "
                                     "(the table replaces only an earlier table of this count: move it away, or --force)",
                                     p.checkpoint, table, why));
}

// The names of the files a count makes in its --checkpoint folder: its shard files (the first
// and the last, the longest number), its table, and its results CSV with the files beside it.
std::vector<std::string> checkpoint_file_names(const CriticalArgs& a, const FewRelationsPlan& p) {
    namespace fs = std::filesystem;
    const auto name = [](const std::string& path) { return fs::path(path).filename().string(); };
    const std::string csv = few_relations_csv(a, p);
    std::vector<std::string> names{name(few_relations_table_path(p.checkpoint, a.n, a.few_relations, p.shards)), name(csv),
                                   name(sidecar_path(csv)), name(schema_path(csv))};
    for (const std::size_t shard : {p.only.value_or(0), p.only.value_or(p.shards - 1)})
        names.push_back(name(few_relations_shard_path(p.checkpoint, a.n, a.few_relations, shard, p.shards)));
    return names;
}

// Before any lock is taken or anything made: the folder a folder (not `-`, a file, a descriptor
// like /dev/fd/3, or a path with no room for the names made in it), the file at its table's name
// an earlier table (or none; a whole count writes it). --out's lock was made before these
// refusals and stayed behind (red-team round 24, left open).
void check_checkpoint(const CriticalArgs& a, const FewRelationsPlan& p) {
    if (p.checkpoint.empty()) return;
    check_output_folder(p.checkpoint, "--checkpoint", checkpoint_file_names(a, p));
    if (!p.only)
        check_checkpoint_table(few_relations_table_path(p.checkpoint, a.n, a.few_relations, p.shards),
                               "--checkpoint " + p.checkpoint + ": its table", a.force);
}

// What an interrupted count leaves, as the command says it (exit 1).
[[noreturn]] void few_relations_interrupted(const CriticalArgs& a) {
    throw std::runtime_error(a.checkpoint.empty()
                                 ? "critical --few-relations: interrupted: nothing written"
                                 : fmt::format("critical --few-relations: interrupted: --out not written; the shard files "
                                               "written before it stay in {}: run the same command to go on",
                                               a.checkpoint));
}

// The shard file a command counted again, and the CPU seconds that took.
struct Recount {
    std::size_t shard = 0;
    double cpu_seconds = 0;
};

// The first shard file of `files` there, counted again before any shard runs (recount_shard_file:
// a file that differs is refused, exit 2); none where no file is there.
std::optional<Recount> recount_first_file(const CriticalArgs& a, const FewRelationsPlan& p,
                                          const std::vector<std::optional<FewRelationsShard>>& files) {
    for (const std::optional<FewRelationsShard>& file : files) {
        if (!file) continue;
        try {
            return Recount{file->shard, recount_shard_file(*file, p.checkpoint, stop_of(a).flag(), "the file, the table and the claim")};
        } catch (const critical::FewRelationsStopped&) {
            few_relations_interrupted(a);
        }
    }
    return std::nullopt;
}

// Before any shard runs, once check_checkpoint passed: its shard files of this count whole (a file
// not whole, or of another count, is refused naming it: exit 2), and one writer per count (the
// table's lock, held to the end and returned) or per shard (--shard I/S: refused here if another
// futolab holds the shard's file; its run holds it from before it reads it to after it writes it).
std::unique_ptr<OutputLock> hold_checkpoint(const CriticalArgs& a, const FewRelationsPlan& p, std::optional<Recount>& recounted) {
    if (p.checkpoint.empty()) return nullptr;
    create_output_folder(p.checkpoint, "--checkpoint");
    std::unique_ptr<OutputLock> lock;
    const std::string elsewhere = "use another --checkpoint folder";  // the option that placed them (not --out)
    if (p.only) {
        const std::string shard = few_relations_shard_path(p.checkpoint, a.n, a.few_relations, *p.only, p.shards);
        const OutputLock held(shard, elsewhere);
        // A whole count of these shards running in the folder holds every shard file of it from
        // its start (core/live_writer.hpp; red-team round 26, A F7).
        if (const std::string why = count_reservation(shard); !why.empty())
            throw InputError(fmt::format("{}: {}: wait for it to end, or {}", shard, why, elsewhere));
    } else {
        lock = std::make_unique<OutputLock>(few_relations_table_path(p.checkpoint, a.n, a.few_relations, p.shards), elsewhere);
        // Held from here, the table's lock keeps every later writer off its shard files; one there
        // already (a count of one shard alone) is refused now, before any shard runs, not made an
        // error row when the count reaches its shard.
        if (const std::string why = live_shard_writer(p.checkpoint, a.n, a.few_relations, p.shards); !why.empty())
            throw InputError(fmt::format("--checkpoint {}: {}: wait for it to end, or {}", p.checkpoint, why,
                                         elsewhere));
    }
    std::vector<std::optional<FewRelationsShard>> files;  // this build's only (few_relations_producer)
    for (std::size_t i = p.only.value_or(0); i < (p.only ? *p.only + 1 : p.shards); ++i)
        files.push_back(read_few_relations_shard(few_relations_shard_path(p.checkpoint, a.n, a.few_relations, i, p.shards),
                                                 a.n, a.few_relations, i, p.shards, few_relations_producer(),
                                                 FewRelationsLimits{}));  // counted without limits, as this count runs
    check_files_against_csv(few_relations_csv(a, p), p.checkpoint, files);  // before the count makes that CSV again
    if (!p.only) check_table_of_count(a, p, files);
    recounted = recount_first_file(a, p, files);
    return lock;
}

// The config a --few-relations command line means: task few-relations over its shards, the
// checkpoint folder as found from here (normal_path), on the runner's threads.
RenderedConfig few_relations_config(const CriticalArgs& a, const FewRelationsPlan& p) {
    return {.name = std::string(method_name(Task::few_relations)),
            .description = "futolab critical --few-relations, as its command line says",
            .task = Task::few_relations,
            .squares = {},
            .orders = {},
            .few_relations = {.n = a.n, .k = a.few_relations, .shards = p.shards, .first = p.only.value_or(0),
                              .count = p.only ? 1u : 0u, .stride = 1,
                              .checkpoint = p.checkpoint.empty() ? "" : normal_path(p.checkpoint)},
            .method = std::string(method_name(Task::few_relations)),
            .output = ""};
}

// The config key few_relations_config renders from --checkpoint, as the driver's messages name it
// (with the folder as rendered), and the option as typed: a refusal of the folder names the option.
std::vector<std::pair<std::string, std::string>> options_of_keys(const RenderedConfig& config, const CriticalArgs& a) {
    if (a.checkpoint.empty()) return {};
    return {{"few_relations.checkpoint " + config.few_relations.checkpoint, "--checkpoint " + a.checkpoint}};
}

// The shards of `plan` run by the experiment driver (one run each, --jobs at once with
// --checkpoint), each row read by `report`; exit 0, or 1 when a row failed. The results CSV of a
// --checkpoint folder is made again by each command: the shards done are in their files.
int run_few_relations_rows(const CriticalArgs& a, const FewRelationsPlan& plan, FewRelationsReport& report) {
    RenderedConfig config = few_relations_config(a, plan);
    try {
        return run_critical_experiment({.config_of = [&config](const std::string& path) {
                                            config.output = path;
                                            return render_config(config);
                                        },
                                        .out = a.out,
                                        .csv = few_relations_csv(a, plan),
                                        .csv_option = "--checkpoint " + a.checkpoint,
                                        .csv_elsewhere = "another --checkpoint folder",
                                        .writes_out = false,
                                        .resume = false,
                                        .force = true,
                                        .jobs = plan.only || plan.checkpoint.empty() ? 1 : a.jobs,
                                        .command_line = a.command_line,
                                        .report = [&report](const CriticalRow& row, std::string& records) { return report.row(row, records); },
                                        .records_of_all = nullptr,
                                        .on_complete = nullptr,
                                        .progress = ProgressWords{"shard", "s", false},
                                        .stop = a.stop,
                                        .go_on = "run the same command to go on (the shards done are in their files)",
                                        .redo_stopped = "the same command redoes them",
                                        .runs_taken = [&report](std::size_t written, std::size_t) {
                                            return fmt::format("{} searched now, {} read from their checkpoint files",
                                                               written - report.from_files, report.from_files);
                                        },
                                        .csv_goes_on = fmt::format("its sidecar; the same command with --checkpoint {} "
                                                                   "goes on from the shard files",
                                                                   visible_text(a.checkpoint)),
                                        .options_of_keys = options_of_keys(config, a)});
    } catch (const MatrixStopped&) {
        few_relations_interrupted(a);  // a stop before any shard ran: said as any stop of the count
    }
}

// "n4-k4-shard-000-of-004.yaml to n4-k4-shard-003-of-004.yaml": the files a whole count's total comes from.
std::string shard_file_range(const CriticalArgs& a, std::size_t shards) {
    const auto name = [&a, shards](std::size_t i) { return few_relations_shard_name(a.n, a.few_relations, i, shards) + ".yaml"; };
    return shards == 1 ? name(0) : fmt::format("{} to {}", name(0), name(shards - 1));
}

// --few-relations K --n N [--shard I/N] [--checkpoint DIR [--shards N] [--jobs J]]: every
// zero-given puzzle with K relations up to symmetry, counted to 2, run as task few-relations
// (one run per shard) by the experiment driver. None unique proves min k > K over all squares
// of order N (critical/zero_given/few_relations.hpp); with shards, only when no shard found one
// and every shard was run. With --checkpoint, each shard's counts go to its file in DIR as its
// run ends and a shard whose file is there is read, not counted (so the same command goes on
// after a stop, on any build: the files, not the CSV, are the checkpoint); the results CSV of the
// command's runs lies there too, made again by each command (a row read from its shard's file
// says so, meta.from); once every shard is there, the per-shard table.
int run_few_relations(const CriticalArgs& a) {
    // The range for this n, before any work (red-team round 13, F11: "accepted: 1 to 112").
    if (a.n < 2 || a.n > task_info(Task::few_relations).max_n)
        throw InputError(fmt::format("critical --few-relations: --n {} is not {} to {}", a.n, kMinSize,
                                     task_info(Task::few_relations).max_n));
    if (a.few_relations > few_relations_max_k(a.n))
        throw InputError(fmt::format("critical --few-relations: {} relations with --n {}: accepted 1 to {} (min(2n(n-1), {}))",
                                     a.few_relations, a.n, few_relations_max_k(a.n), kMaxFewRelations));
    const FewRelationsPlan plan = few_relations_plan(a);
    check_checkpoint(a, plan);  // before --out's lock is made
    // No --out is standard output: the count's example goes there (report_few_relations).
    const std::unique_ptr<OutputLock> out_lock = reserve_output(a.out.empty() ? "-" : a.out, "--out");
    // A refusal here (another futolab counts it) leaves no lock file of --out: one made here goes
    // again as the command is refused (core/made_folders.hpp; round 25 left it behind).
    std::optional<Recount> recounted;  // the shard whose file this command counted again
    const std::unique_ptr<OutputLock> count_lock = hold_checkpoint(a, plan, recounted);
    FewRelationsReport report;
    const int status = run_few_relations_rows(a, plan, report);
    if (stop_of(a).requested()) few_relations_interrupted(a);
    if (status != 0) return status;
    if (recounted)  // said once the rows are, so a refusal of the folder's CSV stays the one line
        std::cerr << fmt::format("futolab critical: shard {}/{}: its file counted again before the count, the same ({:.1f} s CPU)\n",
                                 recounted->shard, plan.shards, recounted->cpu_seconds);
    // The claim needs every shard planned: a row missing is a fault of the driver, never a proof.
    if (report.shards.size() != (plan.only ? 1 : plan.shards))
        throw std::logic_error(fmt::format("critical --few-relations: {} shard rows, where {} were planned", report.shards.size(),
                                           plan.only ? 1 : plan.shards));
    const FewRelationsCount total = total_of(report.shards);
    if (plan.checkpoint.empty()) {  // the whole count, or one shard of it
        report_few_relations(a, total, plan.shards > 1 ? fmt::format(" (shard {}/{}: its {} only)", plan.only.value_or(0), plan.shards,
                                                                     counted(total.pair_sets, "canonical pair set"))
                                                       : "",
                             plan.shards == 1, out_lock.get());
    } else if (plan.only) {
        report_few_relations(a, total, fmt::format(" (shard {}/{} only)", *plan.only, plan.shards), false, out_lock.get());
    } else {
        // The claim from a whole count only (red-team round 25, B F10): its shards' files passed
        // each check one by one; together they must be the one search's count of every set.
        if (const std::string why = few_relations_total_problem(total, a.n, a.few_relations); !why.empty())
            throw InputError(fmt::format("--checkpoint {}: {}: refusing its table and claim (the shard files {})", a.checkpoint,
                                         why, shard_file_range(a, plan.shards)));
        const FewRelationsTable table{.path = few_relations_table_path(a.checkpoint, a.n, a.few_relations, plan.shards),
                                      .text = few_relations_table(report.shards),
                                      .lock = count_lock.get()};
        report_few_relations(a, total, fmt::format(" ({} of {})", counted(report.shards.size(), "shard"), visible_text(a.checkpoint)),
                             true, out_lock.get(),
                             claim_basis(report.from_files, recounted ? std::optional(recounted->shard) : std::nullopt, plan.shards),
                             &table);
    }
    return 0;
}

// --input -: standard input is read once, checked under its own name (`check`, each instance),
// and kept in a private file (returned; a.input names it) that the experiment reads (and hashes)
// like any input; it cannot be read again, so such a search has no --resume. The file is named
// "stdin", as ids name standard input. Null for any other input.
std::unique_ptr<external::TempDir> private_stdin(CriticalArgs& a, const std::function<void(const Instance&)>& check) {
    if (a.input != "-") return nullptr;
    if (a.resume) throw InputError("critical --resume: --input - (standard input) cannot be read again; give a file");
    const std::string text = read_text_file("-", stop_of(a).fd());  // a signal ends the wait for its end
    for (const Instance& in : parse_instances(text, "-", detect_format("-", text))) check(in);
    auto copy = std::make_unique<external::TempDir>("critical-stdin");
    a.input = copy->write("stdin", text).string();
    return copy;
}

// A square the default search and --exact --square/--input take: an instance's solution, or its unique solution.
void check_square(const Instance& in) { static_cast<void>(solved_square(in)); }

// The backends --verify-with may name in the default search and --exact --square: the method's
// verify values as the backend specs they stand for ("gecode" is gecode:var=afcsize,cube=yes
// there, not Gecode's defaults, so the short name would mean two things: the specs are listed).
std::string verify_specs() {
    std::vector<std::string> specs;
    for (const OptionSpec& o : critical_method_options())
        if (o.key == "verify")
            for (std::string_view value : o.values)
                specs.push_back(critical_method(parse_method_spec(Task::critical, fmt::format("{}:verify={}", method_name(Task::critical), value)))
                                    .verify_backend);
    return fmt::format("{}", fmt::join(specs, ", "));
}

// The value of a method's verify option (methods critical and exact-square) for --verify-with.
std::string verify_choice(const CriticalArgs& a) {
    const std::optional<std::string> verify = critical_verify_choice(a.verify_with);
    if (!verify)
        throw InputError(fmt::format("critical: --verify-with {}: this search verifies with one of {} (each with any "
                                     "options it has by default), not this backend",
                                     a.verify_with, verify_specs()));
    return *verify;
}

// The method `exact-square` (experiments/methods.cpp) with --exact's options.
std::string exact_square_method_text(const CriticalArgs& a) {
    return fmt::format("{}:objective={},shrink={},cycle_seeds={},probe_seeds={},verify={},certificate={}",
                       method_name(Task::exact_square), objective_name(a.objective), a.no_shrink ? "no" : "yes",
                       a.no_cycle_seeds ? "no" : "yes", a.probe_seeds, verify_choice(a), a.certificate.empty() ? "no" : "yes");
}

// The squares of the default search as a critical_squares: source (experiments/config.hpp):
// the same ids and seeds the command has always given them. The values are rendered as they
// will be read (the square's canonical text, the file's path as found: normal_path), so one
// search spelled two ways renders one config, and --resume takes either (round 12, F11).
CriticalSquaresSource greedy_squares(const CriticalArgs& a) {
    if (a.seed > kMaxSeed || (a.n > 0 && a.count > 0 && a.count - 1 > kMaxSeed - a.seed))
        throw InputError(fmt::format("critical: --seed {}{}: too large (square i has seed --seed + i, at most {})", a.seed,
                                     a.n > 0 ? fmt::format(" with --count {}", a.count) : "", kMaxSeed));
    std::string square;
    if (!a.square.empty()) {
        int n = 0;
        const std::vector<int> grid = parse_square(a.square, n);
        square = solution_to_text(n, grid);
    }
    return {.n = a.n, .count = a.count, .seed = a.seed, .sampler = a.sampler, .square = square,
            .file = a.input.empty() ? "" : normal_path(a.input)};
}

// The whole-number option of `task`'s method named `key` (experiments/methods.hpp): the
// command's checks use its range, the one the search takes.
const OptionSpec& method_option(Task task, std::string_view key) {
    for (const OptionSpec& o : method_options(task))
        if (o.key == key) return o;
    throw std::logic_error(fmt::format("method {} has no option {}", method_name(task), key));
}

// --objective among those `search` minimises (`takes`): else the rendered config would be
// blamed for it (round 12, F9).
void check_objective(const CriticalArgs& a, const std::vector<ObjectiveWord>& takes, std::string_view search) {
    for (const ObjectiveWord& w : takes)
        if (w.value == a.objective) return;
    throw InputError(fmt::format("critical: --objective {}: {} minimises one of {}", objective_name(a.objective), search,
                                 names_of(takes)));
}

// --time-limit as the method `critical` keeps it, in whole milliseconds up to its time_ms
// maximum: a limit it cannot keep exactly is refused, never rounded (round 12, F9 and F20).
// Whether it is whole is read from the text as typed: the double (whole ns) takes
// 1.0000000000000001 for 1 (round 14, B F9). Any whole-ms value above the maximum is at least
// the maximum + 1, which the double shows as above it too.
std::uint64_t greedy_time_ms(const CriticalArgs& a) {
    const double ms = a.time_limit * 1e3, max_ms = static_cast<double>(method_option(Task::greedy, "time_ms").max);
    const std::string typed = a.time_limit_text.empty() ? "0" : a.time_limit_text;
    const std::string shown = typed + (typed.find_first_not_of("0123456789.eE+-") == std::string::npos ? " s" : "");
    if (ms > max_ms)
        throw InputError(fmt::format("critical: --time-limit {}: the search takes at most {} s ({} days) per square", shown,
                                     max_ms / 1e3, max_ms / 864e5));
    const double whole = std::round(ms);
    if (!is_whole_milliseconds(typed))
        throw InputError(fmt::format("critical: --time-limit {}: the search keeps its time limit in whole milliseconds; "
                                     "give a whole number of ms (e.g. {}ms)",
                                     shown, std::max(1.0, whole)));
    return static_cast<std::uint64_t>(whole);
}

// An option given at the value its absence stands for renders as absent, so one search spelled
// two ways is one config and --resume takes either (red-team round 20, A F2: `--split 2` at n = 6,
// the split left out gives there, was refused against the same search without it, and vice versa;
// `--iterations 200` with --objective k and `--free-square --iterations 500` likewise). Here
// --iterations: at the passes or moves its absence gives (`by_default`) when no time limit
// bounds the search (experiments/methods.cpp resolves 0 so), it is 0.
std::string iterations_text(std::uint64_t given, std::uint64_t by_default, bool timed) {
    return std::to_string(!timed && given == by_default ? 0 : given);
}

// The method `critical` (experiments/methods.cpp) with the search's options.
std::string greedy_method(const CriticalArgs& a) {
    const std::uint64_t time_ms = greedy_time_ms(a);
    return method_text(Task::greedy, {{"objective", objective_name(a.objective)},
                                      {"use", std::string(clue_use_name(a.use))},
                                      {"order", std::string(name_in(kGreedyOrders, a.order))},
                                      {"iterations", iterations_text(a.iterations, default_iterations(a.objective), time_ms > 0)},
                                      {"time_ms", std::to_string(time_ms)},
                                      {"verify", verify_choice(a)}});
}

// A mode's rendered config run by the experiment driver (app/critical_experiment.hpp) with the
// command's --out, --resume, --force and --jobs; `report` reads each row back, `on_complete`
// says what needs every row, `records_of_all` (if any) makes --out's records from all rows, and
// `certificate` (if any) the certificate, both made before either is written.
int run_rendered(RenderedConfig config, const CriticalArgs& a, RowReport report, std::function<void(const Interrupt&)> on_complete,
                 std::function<std::optional<std::string>(const Interrupt&)> records_of_all, std::optional<ProgressWords> progress,
                 CertificateStep certificate) {
    return run_critical_experiment({.config_of = [&config](const std::string& csv) {
                                        config.output = csv;
                                        return render_config(config);
                                    },
                                    .out = a.out,
                                    .resume = a.resume,
                                    .force = a.force,
                                    .jobs = a.jobs,
                                    .command_line = a.command_line,
                                    .report = std::move(report),
                                    .records_of_all = std::move(records_of_all),
                                    .on_complete = std::move(on_complete),
                                    .certificate = std::move(certificate),
                                    .progress = std::move(progress),
                                    .stop = a.stop});
}

// The default search: greedy or iterated, on given or random squares, run as task greedy (one
// run per square) by the experiment driver (app/critical_experiment.hpp).
int run_greedy(const CriticalArgs& args) {
    CriticalArgs a = args;
    const std::unique_ptr<external::TempDir> stdin_copy = private_stdin(a, check_square);
    static_cast<void>(given_squares(a));  // read and checked first: the messages name --square and --input
    check_objective(a, search_objectives(), "the default search");
    RenderedConfig config{.name = std::string(method_name(Task::greedy)),
                          .description = "futolab critical, as its command line says",
                          .task = Task::greedy,
                          .squares = greedy_squares(a),
                          .orders = {},
                          .method = greedy_method(a),
                          .output = ""};
    return run_rendered(std::move(config), a, report_greedy_row, nullptr);
}

// A square of an order the per-square search does not take, named where it was read, as `run`
// names it: --square, or the instance's file and line (`typed_input`: --input as given, so
// standard input is "-", not its private copy) (round 13 F4, round 14 B F17).
[[noreturn]] void refuse_wide_square(const SolvedSquare& s, const std::string& typed_input) {
    const std::string problem = fmt::format("has order {}: the per-square search (critical --exact --square/--input) takes n "
                                            "from {} to {}",
                                            s.n, kMinSize, kMaxWideN);
    if (s.where.source.empty()) throw InputError("critical --exact: --square " + problem);
    SourceLoc where = s.where;
    if (typed_input == "-") where.source = "-";
    throw_input_error(where, fmt::format("instance '{}' {}", s.name, problem));
}

// What makes the per-square certificate in `in` another search's than this one of `squares`
// ("" if nothing): its squares, each of the search's objective, are some of `squares`, in their
// order (a square no clue set determines has no certificate in it).
std::string another_squares_search(const CriticalArgs& a, const std::vector<SolvedSquare>& squares, std::istream& in) {
    const ExactObjective objective = exact_objective_of(a);
    auto next = squares.begin();
    std::size_t i = 0;
    for (const SquareClaim& c : read_square_certificate_claims(in, a.certificate)) {
        ++i;
        if (c.objective != objective)
            return fmt::format("its square {} of objective {}; this search: objective {}", i, exact_objective_name(c.objective),
                               exact_objective_name(objective));
        next = std::find_if(next, squares.end(), [&](const SolvedSquare& s) { return s.n == c.n && s.square == c.square; });
        if (next == squares.end()) return fmt::format("its square {} is none of this search's squares, in their order", i);
        ++next;
    }
    return "";
}

// --exact --square/--input: each given square's own minimum (critical/exact/exact_square.hpp),
// n <= 9, run as task exact-square (one run per square) by the experiment driver; with
// --time-limit or --cpu-limit (the runs' limits) a search stops there and its record gives the
// bounds reached (meta.exact = false). --certificate: the method's certificate=yes, each proved
// minimum's certificate written from its record, in the order of the squares.
int run_exact_square(const CriticalArgs& args) {
    CriticalArgs a = args;
    const std::unique_ptr<external::TempDir> stdin_copy = private_stdin(a, check_square);
    check_objective(a, square_objectives(), "--exact --square/--input");
    const std::vector<SolvedSquare> squares = given_squares(a);
    for (const SolvedSquare& s : squares)
        if (s.n > kMaxWideN) refuse_wide_square(s, args.input);
    refuse_another_searchs_certificate(a, [&](std::istream& in) { return another_squares_search(a, squares, in); });
    const std::unique_ptr<OutputLock> certificate_lock = reserve_output(a.certificate, "--certificate");
    ExactSquareReport report{.objective = objective_name(a.objective), .certify = !a.certificate.empty(), .certificate = "",
                             .uncertified = "", .no_set = ""};
    RenderedConfig config{.name = std::string(method_name(Task::exact_square)),
                          .description = "futolab critical --exact, as its command line says",
                          .task = Task::exact_square,
                          .squares = greedy_squares(a),
                          .orders = {},
                          .method = exact_square_method_text(a),
                          .time_seconds = a.time_limit,
                          .cpu_seconds = a.cpu_limit,
                          .output = ""};
    return run_rendered(std::move(config), a, [&](const CriticalRow& row, std::string& records) { return report.row(row, records); },
                        nullptr, nullptr, std::nullopt,
                        reserved_certificate(a.certificate, certificate_lock.get(), [&](const Interrupt&) {
                            if (!report.uncertified.empty())
                                throw InputError(fmt::format("critical --exact --certificate: {}; "
                                                             "only a proved minimum is certified (no certificate written)",
                                                             report.uncertified));
                            // Only squares no set determines: nothing to certify, and an empty
                            // certificate is one --check-certificate rejects (round 14, B F8).
                            if (report.certificate.empty())
                                throw InputError(report.no_set.empty()
                                                     ? std::string("critical --exact --certificate: no square has a proved "
                                                                   "minimum to certify (no certificate written)")
                                                     : fmt::format("critical --exact --certificate: {}: no clue set determines "
                                                                   "the square, so it has no minimum to certify, nor has any "
                                                                   "other square (no certificate written)",
                                                                   report.no_set));
                            return std::optional<std::string>(report.certificate);
                        }));
}

// --exhaustive --n N: the exact minima of 2h+3k and of k (h = 0) over every square of the order,
// run as task exhaustive (one run) by the experiment driver.
int run_exhaustive(const CriticalArgs& a) {
    if (a.n > critical::kMaxExhaustiveN)
        throw InputError(fmt::format("critical --exhaustive: --n must be 2..{}, got {}", critical::kMaxExhaustiveN, a.n));
    RenderedConfig config{.name = std::string(method_name(Task::exhaustive)),
                          .description = "futolab critical --exhaustive, as its command line says",
                          .task = Task::exhaustive,
                          .squares = {},
                          .orders = {a.n},
                          .method = method_text(Task::exhaustive, {{"verify", verify_choice(a)}}),
                          .output = ""};
    return run_rendered(std::move(config), a, report_exhaustive_row, nullptr);
}

// --split as rendered: "balanced" when left out or given as the split its absence gives (see
// iterations_text).
std::string split_text(const CriticalArgs& a) {
    return a.split < 0 || a.split == balanced_split(a.n) ? "balanced" : std::to_string(a.split);
}

// --construct --n N [--split M]: the chain construction (critical/construction/), verified like
// every set futolab writes (uniqueness by --verify-with, each relation by its exchange witness),
// run as task construct (one run) by the experiment driver; --certificate: the DRUP proof of
// uniqueness and the exchanges, for --check-certificate, written from the row's record.
int run_construct(const CriticalArgs& a) {
    if (a.split > a.n - 1)
        throw InputError(fmt::format("critical --construct: --split must be 0..{} for n = {}, got {}", a.n - 1, a.n, a.split));
    if (!a.certificate.empty() && a.n > kMaxCnfOrder)
        throw InputError(fmt::format("critical --construct --certificate: the uniqueness proof is written for --n <= {}, got {}", kMaxCnfOrder, a.n));
    refuse_another_searchs_certificate(a, [&](std::istream& in) {
        const ZeroGivenClaim c = read_zero_given_claim(in, a.certificate);
        if (c.n != a.n) return fmt::format("n = {}; this search: n = {}", c.n, a.n);
        const ChainConstruction own = chain_construction(a.n, a.split < 0 ? balanced_split(a.n) : a.split);
        const auto same = [](const LessThan& x, const LessThan& y) { return x.r1 == y.r1 && x.c1 == y.c1 && x.r2 == y.r2 && x.c2 == y.c2; };
        if (c.square == own.square && std::equal(c.relations.begin(), c.relations.end(), own.relations.begin(), own.relations.end(), same))
            return std::string();
        return fmt::format("n = {}, its square or relations not those of --split {}", c.n, split_text(a));
    });
    const std::unique_ptr<OutputLock> certificate_lock = reserve_output(a.certificate, "--certificate");
    ConstructReport report;
    RenderedConfig config{.name = std::string(method_name(Task::construct)),
                          .description = "futolab critical --construct, as its command line says",
                          .task = Task::construct,
                          .squares = {},
                          .orders = {a.n},
                          .method = method_text(Task::construct, {{"split", split_text(a)},
                                                                  {"verify", verify_choice(a)},
                                                                  {"certificate", a.certificate.empty() ? "no" : "yes"}}),
                          .output = ""};
    return run_rendered(std::move(config), a, [&](const CriticalRow& row, std::string& records) { return report.row(row, records); },
                        nullptr, nullptr, std::nullopt,
                        reserved_certificate(a.certificate, certificate_lock.get(), [&](const Interrupt&) {
                            return std::optional<std::string>(report.certificate);
                        }));
}

// A start puzzle of --free-square --input: relations only (h = 0), a valid puzzle; read and
// checked before any search (the experiment reads the file again, as task free-square's start
// puzzles: experiments/run_matrix.cpp). Named by its file and line, as every bad instance is
// (red-team round 16, A 164: the message gave the file and the id, not the line).
void check_start(const Instance& in) {
    if (!in.givens.empty())
        throw_input_error({in.source, in.line, 0},
                          fmt::format("instance '{}' has givens: --free-square starts from zero-given puzzles", in.id));
    static_cast<void>(Puzzle::compile(in));  // validates size, adjacency and acyclicity
}

// --free-square: zero-given puzzles with the solution free to change (critical/zero_given/),
// run as task free-square by the experiment driver: --n/--count gives C runs from the empty
// board with seeds S..S+C−1, --input one run per start puzzle with seed S (a critical_orders:
// source of `n` and `count`, or of `file`). Each verified record goes to --out, in that order.
int run_free_square(const CriticalArgs& args) {
    CriticalArgs a = args;
    if (!a.square.empty() || (a.n > 0) == !a.input.empty())
        throw InputError("critical --free-square: give exactly one of --n or --input");
    check_seed_range("critical --free-square", a.seed, a.n > 0 ? a.count : 1, a.n > 0 ? "--count" : "", "square");
    const std::unique_ptr<external::TempDir> stdin_copy = private_stdin(a, check_start);
    if (!stdin_copy && !a.input.empty())  // standard input was checked as it was read
        for (const Instance& in : read_instances(a.input)) check_start(in);
    RenderedConfig config{.name = std::string(method_name(Task::free_square)),
                          .description = "futolab critical --free-square, as its command line says",
                          .task = Task::free_square,
                          .squares = {},
                          .orders = {.n = a.n, .seed = a.seed, .count = a.count, .file = a.input.empty() ? "" : normal_path(a.input)},
                          .method = method_text(Task::free_square, {{"iterations", iterations_text(a.iterations, kFreeSquareIterations,
                                                                                                   a.time_limit > 0)},
                                                                    {"time_limit", real_text(a.time_limit)},
                                                                    {"patience", std::to_string(a.patience)},
                                                                    {"temperature", real_text(a.temperature)},
                                                                    {"max_remove", std::to_string(a.max_remove)},
                                                                    {"node_limit", std::to_string(a.node_limit)},
                                                                    {"verify", verify_choice(a)}}),
                          .output = ""};
    return run_rendered(std::move(config), a, report_free_square_row, nullptr);
}

bool contains(const std::vector<std::string_view>& names, std::string_view name);

// The shard file of --few-relations --checkpoint DIR that `out` names, if any ("" if none): the
// one its number gives, if the folder and the rest of the name are one shard file's.
std::string checkpoint_shard_named(const CriticalArgs& a, const std::string& out, std::size_t shards) {
    const std::string name = std::filesystem::path(out).filename().string();
    const std::string head = fmt::format("n{}-k{}-shard-", a.n, a.few_relations);
    if (!name.starts_with(head)) return "";
    std::size_t shard = 0;
    const char* digits = name.data() + head.size();
    if (std::from_chars(digits, name.data() + name.size(), shard).ec != std::errc() || shard >= shards) return "";
    const std::string path = few_relations_shard_path(a.checkpoint, a.n, a.few_relations, shard, shards);
    return std::filesystem::path(path).filename() == name ? path : "";
}

// The shard file this command writes whose file, or whose lock's, `out` is under another name
// (a hard link), if any ("" if none): --shard I/S writes shard I, a whole count each shard. The
// shard's run would find --out's lock on it and blame another futolab, after the work (red-team
// round 19, A F2). A file of one name is a shard file only by that name (checkpoint_shard_named),
// so only a file of several names is looked for among them.
std::string checkpoint_shard_linked(const CriticalArgs& a, const std::string& out) {
    struct stat given {};
    if (out == "-" || ::stat(out.c_str(), &given) != 0 || !S_ISREG(given.st_mode) || given.st_nlink < 2) return "";
    const FewRelationsPlan plan = few_relations_plan(a);
    for (std::size_t i = plan.only.value_or(0); i < (plan.only ? *plan.only + 1 : plan.shards); ++i) {
        const std::string shard = few_relations_shard_path(a.checkpoint, a.n, a.few_relations, i, plan.shards);
        for (const std::string& file : {shard, lock_path(shard)}) {
            struct stat st {};
            if (::stat(file.c_str(), &st) == 0 && st.st_dev == given.st_dev && st.st_ino == given.st_ino) return shard;
        }
    }
    return "";
}

// The files the command writes on its own account, which no output named on its command line
// may be (red-team round 13, F3 and F6): the results CSV beside --out with its sidecar, schema
// and lock, and the files of a --checkpoint folder (its table, the shard file --out names or is
// another name of).
std::vector<NamedOutput> own_files(const CriticalArgs& a, const std::string& own_csv, const std::string& out) {
    std::vector<NamedOutput> own;
    const auto add = [&own](const std::string& what, const std::string& path) {
        own.push_back({.option = what, .path = path, .results_of = "", .own = true});
        own.push_back({.option = "the lock of " + what, .path = lock_path(path), .results_of = "", .own = true});
    };
    if (!own_csv.empty()) {
        add("--out's results CSV", own_csv);
        own.push_back({.option = "the sidecar of --out's results CSV", .path = sidecar_path(own_csv), .results_of = "", .own = true});
        own.push_back({.option = "the column schema of --out's results CSV", .path = schema_path(own_csv), .results_of = "", .own = true});
    }
    if (a.checkpoint.empty() || a.few_relations == 0) return own;
    const std::size_t shards = a.shard.empty() ? a.shards : parse_shard(a.shard).second;
    add("--checkpoint's table", few_relations_table_path(a.checkpoint, a.n, a.few_relations, shards));
    const std::string csv = few_relations_csv(a, few_relations_plan(a));
    add("--checkpoint's results CSV", csv);
    own.push_back({.option = "the sidecar of --checkpoint's results CSV", .path = sidecar_path(csv), .results_of = "", .own = true});
    own.push_back({.option = "the column schema of --checkpoint's results CSV", .path = schema_path(csv), .results_of = "", .own = true});
    std::string shard = checkpoint_shard_named(a, out, shards);
    if (shard.empty()) shard = checkpoint_shard_linked(a, out);
    if (!shard.empty()) add("--checkpoint's shard file", shard);
    return own;
}

// --exact --n with a --shard that holds no class of the order (run_empty_exact_shard); false for
// an --n out of range (the mode refuses it).
bool exact_shard_holds_none(const CriticalArgs& a) {
    if (a.shard.empty() || a.n < 2 || a.n > kMaxEnumeratedN) return false;
    CertificateShard shard;
    std::tie(shard.index, shard.count) = parse_shard(a.shard);
    return shard.holds_none(square_class_count(a.n));
}

// The certificate a mode rewrites at --certificate (its format) once its results CSV is there,
// "" if none: a --resume writes it again from the rows it goes on with (docs/critical.md), and
// the same command without --resume or --force is refused for that CSV, whose message says so
// (not for the certificate, whose --force would start the whole search again). A certificate of
// another kind there is not this search's, refused as on every output; one of this kind is
// rewritten only if its header names this search (the mode asks refuse_another_searchs_certificate).
std::string_view rewritten_certificate(const CriticalArgs& a, const CriticalMode& mode, const std::string& own_csv) {
    if (a.certificate.empty()) return "";
    // An --exact shard that holds no class keeps no CSV: it rewrites its own certificate (the
    // same bytes; its header is checked to be this search's) when run again, as by a SLURM requeue.
    if (mode.name == "exact" && exact_shard_holds_none(a)) return critical::kExactCertificateFormat;
    if (!is_results_csv(own_csv)) return "";
    if (mode.name == "construct") return critical::kZeroGivenCertificateFormat;
    if (mode.name == "exact") return critical::kExactCertificateFormat;
    if (mode.name == "exact-square") return critical::kSquareCertificateFormat;
    return "";
}

// Every mode writes JSON Lines at --out, and a certificate is JSON Lines too: under another
// format's name either would be read back as that format and refused (red-team round 25, C F4;
// round 26, C F2: `--certificate c.futo` was written), so it is refused before any search, once
// what is there has been asked (an input, an own output, a kept file), whose refusals say more.
// Names go in raw, as in every refusal: app/main.cpp shows the message (visible_text once; twice,
// a line feed in a name printed as <U+003C>U+000A>).
void refuse_foreign_names(const std::string& out, const std::string& certificate) {
    if (const std::string why = foreign_extension_problem(out, Format::jsonl); !why.empty())
        throw InputError(fmt::format("critical: --out {} {}; critical writes JSON Lines (.jsonl)", out, why));
    if (const std::string why = foreign_extension_problem(certificate, Format::jsonl); !why.empty())
        throw InputError(fmt::format("critical: --certificate {} {}; a certificate is JSON Lines (.jsonl, or a name of no "
                                     "format's such as .cert)",
                                     certificate, why));
}

// Outputs that would replace the input, a results CSV or a sidecar are refused before any mode runs.
int run_critical(const CriticalArgs& a, const CriticalMode& mode) {
    // A backend spec the registry refuses is named by the option that gave it (the registry's
    // message names only the solver: "solver 'gac': option var=dom is invalid").
    try {
        static_cast<void>(parse_solver_spec(a.verify_with));
    } catch (const InputError& e) {
        throw InputError(fmt::format("critical: --verify-with {}: {}", a.verify_with, e.what()));
    }
    const std::vector<std::string> inputs = a.input.empty() ? std::vector<std::string>{} : std::vector{a.input};
    // A certificate is written whole at the end, as --exact --n's --out: `-` is standard output
    // as /dev/stdout is, a device is written as it is (red-team round 14, A F5: `-` was refused as
    // "not standard output or a device" while /dev/stdout and /dev/null were taken). And not one
    // file, nor one stream: no --out is standard output (a certificate to /dev/stdout would be
    // mixed into the JSONL, red-team round 10).
    const std::string out = a.out.empty() && contains(mode.takes, "--out") ? "-" : a.out;
    // The default search and --exact --square write their results CSV beside --out (app/critical_experiment.hpp) and
    // --out from it: that file may be there from an earlier run of the same search.
    const std::string own_csv = mode.experiment ? critical_csv_of(out) : "";
    // A mode that writes --out itself (--few-relations) refuses a link there as the others do
    // (red-team round 19, A F1: the link was replaced by a regular file, exit 0).
    if (!mode.experiment && contains(mode.takes, "--out"))
        check_out_not_linked(out, "--out is written at the name given (a link there would be replaced, not followed)");
    // --out's records may replace the instances of --input with --force (the same search again,
    // its records over the ones it read); a certificate never.
    // Neither advises --force under a name refused anyway (refuse_foreign_names: red-team round 27, A F6).
    std::vector<NamedOutput> outputs{{.option = "--out", .path = out, .results_of = own_csv, .inputs_kind = true,
                                      .force_works = foreign_extension_problem(out, Format::jsonl).empty()},
                                     {.option = "--certificate", .path = a.certificate, .results_of = "", .own = false,
                                      .rewrites_certificate = std::string(rewritten_certificate(a, mode, own_csv)),
                                      .force_works = foreign_extension_problem(a.certificate, Format::jsonl).empty()}};
    for (NamedOutput& own : own_files(a, own_csv, out)) outputs.push_back(std::move(own));
    // The folder itself is none of the files, nor under one (red-team round 22, A F1).
    if (!a.checkpoint.empty()) outputs.push_back({.option = "--checkpoint", .path = a.checkpoint, .folder = true});
    check_output_paths(outputs, inputs, a.force);
    refuse_foreign_names(out, a.certificate);
    if (!own_csv.empty()) check_results_names(own_csv);  // before any lock is made (red-team round 14, A F4)
    return mode.run(a);
}

// Runs `mode` with the signals as stop requests from the command's start, in every mode that
// searches (red-team round 17, A F6: --exact --n 5 took them only after its 0.3-0.5 s enumeration
// of the squares; A F3: --few-relations never did). --check-certificate writes nothing: the
// default action ends it.
int run_critical_stoppable(const CriticalArgs& a, const CriticalMode& mode) {
    if (mode.flag == "--check-certificate") return run_critical(a, mode);
    Interrupt stop;
    const SignalScope signals(stop);
    CriticalArgs stopped_by = a;
    stopped_by.stop = &stop;
    return run_critical(stopped_by, mode);
}

bool contains(const std::vector<std::string_view>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// A mode with a file to write: --out, --certificate or --checkpoint among the options it reads.
bool writes_files(const CriticalMode& m) {
    return contains(m.takes, "--out") || contains(m.takes, "--certificate") || contains(m.takes, "--checkpoint");
}

// Whether mode `m` reads the option `name` (not its own flags). --help runs nothing: any mode.
// --force only lets a file output replace a file, so a mode that writes none (--check-certificate)
// refuses it as any option it does not read: it was taken and did nothing (red-team round 23, B).
bool mode_takes(const CriticalMode& m, std::string_view name) {
    if (name == "--help") return true;
    return name == "--force" ? writes_files(m) : contains(m.takes, name);
}

// --exact over all squares (or a sample) whose counterexamples come from the table of all
// squares: the default over all squares, or --oracle table.
bool table_oracle(const CriticalArgs& a) {
    return a.exact && a.square.empty() && a.input.empty() && (a.oracle ? *a.oracle == ExactOracle::table : a.sample == 0);
}

// The default objective makes one greedy pass (critical/greedy/local_search.cpp stops after
// it): an iteration count or a time limit would be read and ignored.
constexpr const char* kOnePass =
    "does not apply with --objective greedy, the default (one greedy pass; --objective h+k, 2h+3k, k or h searches)";

std::string unless_solver_oracle(const CriticalArgs& a) {
    return table_oracle(a) ? "does not apply with the table oracle (it tunes the solver oracle: --oracle solver, or --sample)" : "";
}

// Inside a mode, the options another option's value leaves unused or overrides (issue #45:
// `--use relations --objective h` wrote a numbers-only set; `--use numbers --objective k`
// wrote nothing, exit 0). The mode table has already refused options the mode never reads.
const std::vector<OptionRule<CriticalArgs>>& critical_rules() {
    static const std::vector<OptionRule<CriticalArgs>> rules{
        {"--use", "other than numbers with --objective h, relations with --objective k", [](const CriticalArgs& a) -> std::string {
             const ClueUse forced = objective_use(a.objective, a.use);
             return forced == a.use ? "" : fmt::format("{} does not apply with --objective {} (it uses {} only)", clue_use_name(a.use),
                                                       objective_name(a.objective), clue_use_name(forced));
         }},
        {"--objective", "other than k with --free-square", [](const CriticalArgs& a) -> std::string {
             return a.free_square && a.objective != Objective::k_only
                        ? fmt::format("{} does not apply with --free-square (it minimises k only: --objective k)", objective_name(a.objective))
                        : "";
         }},
        {"--iterations", "with --objective greedy (the default) outside --free-square", [](const CriticalArgs& a) -> std::string {
             return !a.free_square && a.objective == Objective::greedy ? kOnePass : "";
         }},
        {"--time-limit", "with --objective greedy (the default) in the default search", [](const CriticalArgs& a) -> std::string {
             return !a.free_square && !a.exact && a.objective == Objective::greedy ? kOnePass : "";
         }},
        {"--force", "with --resume", [](const CriticalArgs& a) -> std::string {
             return a.resume ? "does not apply with --resume (--resume goes on with the results CSV, --force searches again "
                               "from scratch: give one)"
                             : "";
         }},
        // Standard output is never a file it replaces (a redirect onto futolab data is refused,
        // --force or not): without a file output --force was taken and did nothing.
        {"--force", "without --out FILE, --certificate FILE or --checkpoint", [](const CriticalArgs& a) -> std::string {
             const auto none = [](const std::string& path) { return path.empty() || path == "-"; };
             return none(a.out) && none(a.certificate) && a.checkpoint.empty()
                        ? "does not apply without --out FILE, --certificate FILE or --checkpoint DIR (it only lets a file "
                          "output replace a file; standard output is none)"
                        : "";
         }},
        {"--shards", "with --shard", [](const CriticalArgs& a) -> std::string {
             return a.shard.empty() ? "" : "does not apply with --shard I/N (its N is the number of shards)";
         }},
        {"--jobs", "with --few-relations --shard", [](const CriticalArgs& a) -> std::string {
             return a.few_relations > 0 && !a.shard.empty() ? "does not apply with --few-relations --shard (one shard runs)" : "";
         }},
        // Every class of --exact gets its own minimum now (one run of the experiment each, or
        // of the sample): the flag is kept to say so to a command line that still gives it.
        {"--per-class", "with --exact --n or --sample", [](const CriticalArgs& a) -> std::string {
             return a.sample > 0 ? "does not apply with --exact --sample (every class gets its own minimum there)"
                                 : "does not apply with --exact --n: every class gets its own minimum there (each class is "
                                   "one run of its experiment), as --per-class asked";
         }},
        {"--oracle", "table with --sample", [](const CriticalArgs& a) -> std::string {
             return a.sample > 0 && a.oracle == ExactOracle::table
                        ? "table does not apply with --exact --sample (a sample's classes are searched by the solver oracle)"
                        : "";
         }},
        {"--no-shrink", "with the table oracle", unless_solver_oracle},
        {"--no-cycle-seeds", "with the table oracle", unless_solver_oracle},
        {"--probe-seeds", "with the table oracle", unless_solver_oracle},
        {"--seed-sets", "with the solver oracle", [](const CriticalArgs& a) -> std::string {
             return a.exact && !table_oracle(a) ? "does not apply with the solver oracle (it seeds the table oracle, the default of --exact over all squares)" : "";
         }},
    };
    return rules;
}

// What a mode asks for when --n is left out (CriticalMode::required): the order and its range.
std::string required_order(int max, std::string_view beyond = "") {
    return fmt::format("the order with --n ({} to {}{})", kMinSize, max, beyond);
}

// What a mode asks for when --objective is left out: the objectives it minimises.
std::string required_objective(const std::vector<ObjectiveWord>& takes) { return fmt::format("--objective ({})", names_of(takes)); }

}  // namespace

// The rows, in the order a command line is matched: a flag's variants (`with`) before the
// flag alone. Decisions on what is refused (issue #25, #27): an option a mode never reads is
// an error (it would be silently ignored); an option that refines another (`needs`) is an
// error without it. What depends on another option's value (the solver-oracle knobs with the
// table oracle, --use with --objective k or h) is refused by critical_rules() (issue #45).
const std::vector<CriticalMode>& critical_modes() {
    static const std::vector<CriticalMode> modes{
        {"few-relations", "--few-relations", {},
         {"--n", "--shard", "--checkpoint", "--shards", "--jobs", "--out"},
         {{"--shards", "--checkpoint"}, {"--jobs", "--checkpoint"}},
         {{"--n", required_order(task_info(Task::few_relations).max_n)}},
         "is any zero-given puzzle of order --n with K relations unique? (none: min k > K for every square)",
         run_few_relations},
        {"exhaustive", "--exhaustive", {}, {"--n", "--verify-with", "--out", "--resume"}, {},
         {{"--n", required_order(critical::kMaxExhaustiveN)}},
         "exact minima of 2h+3k and of k (h = 0) over all squares of order --n <= 4", run_exhaustive, true},
        {"exact-square", "--exact", {"--square", "--input"},
         {"--objective", "--time-limit", "--cpu-limit", "--no-shrink", "--probe-seeds", "--no-cycle-seeds", "--verify-with",
          "--certificate", "--out", "--jobs", "--resume"},
         {},
         {{"--objective", required_objective(square_objectives())}},
         "each given square's own minimum (n <= 9), bounds where a limit stops it; --certificate for proved minima", run_exact_square,
         true},
        {"exact-sample", "--exact", {"--sample"},
         {"--n", "--objective", "--seed", "--jobs", "--engine", "--seed-sets", "--per-class", "--oracle", "--no-shrink",
          "--probe-seeds", "--no-cycle-seeds", "--below", "--verify-with", "--out", "--resume"},
         {},
         {{"--n", required_order(kMaxExactN)}, {"--objective", required_objective(exact_objectives())}},
         "the classes of S random squares of order --n <= 6: an upper bound on the minimum", run_exact_sample, true},
        {"exact", "--exact", {},
         {"--n", "--objective", "--jobs", "--engine", "--proof", "--certificate", "--shard", "--seed-sets", "--per-class",
          "--oracle", "--no-shrink", "--probe-seeds", "--no-cycle-seeds", "--verify-with", "--out", "--resume"},
         {{"--proof", "--certificate"}},
         {{"--n", required_order(kMaxEnumeratedN, "; n = 6: --sample S")}, {"--objective", required_objective(exact_objectives())}},
         "the exact minimum over all squares of order --n <= 5, each class its own minimum, with an optional certificate",
         run_exact, true},
        {"check-certificate", "--check-certificate", {}, {"--verify-with"}, {}, {},
         "check a certificate of --exact without searching (exit 0 accepted, 1 rejected)", run_check_certificate},
        {"free-square", "--free-square", {},
         {"--n", "--count", "--seed", "--input", "--objective", "--iterations", "--time-limit", "--patience", "--temperature",
          "--max-remove", "--node-limit", "--verify-with", "--out", "--resume"},
         {{"--count", "--n"}},
         {},  // --n or --input: run_free_square says so
         "zero-given puzzles (h = 0, min k) with the solution free to change", run_free_square, true},
        {"construct", "--construct", {}, {"--n", "--split", "--verify-with", "--certificate", "--out", "--resume"}, {},
         {{"--n", required_order(kMaxSize)}},
         "the zero-given puzzle of order --n with floor(n^2/4) relations (docs/critical.md, the chain construction), verified; "
         "--certificate: its DRUP proof of uniqueness and one exchange witness per relation",
         run_construct, true},
        {"greedy", "", {},
         {"--square", "--input", "--n", "--count", "--seed", "--sampler", "--use", "--objective", "--order", "--iterations",
          "--time-limit", "--verify-with", "--out", "--jobs", "--resume"},
         {{"--count", "--n"}, {"--sampler", "--n"}},
         {},  // --square, --input or --n: given_squares says so
         "critical sets of given or random squares by the greedy or iterated search (the default)", run_greedy, true},
    };
    return modes;
}

std::string critical_mode_flags(const CriticalMode& mode) {
    std::string out(mode.flag);
    if (!mode.with.empty()) out += " " + fmt::format("{}", fmt::join(mode.with, "/"));
    return out;
}

const CriticalMode& critical_mode_for(const std::vector<std::string>& given) {
    const auto is_given = [&](std::string_view name) { return std::find(given.begin(), given.end(), name) != given.end(); };
    std::vector<std::string_view> flags;  // the modes' flags given, each once
    for (const CriticalMode& m : critical_modes())
        if (!m.flag.empty() && is_given(m.flag) && !contains(flags, m.flag)) flags.push_back(m.flag);
    if (flags.size() > 1) throw InputError(fmt::format("critical: {} and {} are two modes: choose one", flags[0], flags[1]));
    const std::string_view flag = flags.empty() ? "" : flags[0];
    const CriticalMode* mode = nullptr;
    for (const CriticalMode& m : critical_modes())
        if (!mode && m.flag == flag && (m.with.empty() || std::any_of(m.with.begin(), m.with.end(), is_given))) mode = &m;
    const std::string where = "critical" + (flag.empty() ? std::string() : " " + critical_mode_flags(*mode));
    for (const std::string& name : given)
        if (name != mode->flag && !contains(mode->with, name) && !mode_takes(*mode, name))
            throw InputError(fmt::format("{}: {} does not apply here ({}it takes {})", where, name,
                                         name == "--force" ? "it writes no file; " : "", fmt::join(mode->takes, ", ")));
    for (const auto& [option, needed] : mode->needs)
        if (is_given(option) && !is_given(needed)) throw InputError(fmt::format("{}: {} needs {}", where, option, needed));
    return *mode;
}

void check_required(const CriticalMode& mode, const std::vector<std::string>& given) {
    for (const auto& [option, what] : mode.required)
        if (std::find(given.begin(), given.end(), option) == given.end())
            throw InputError(fmt::format("critical{}: give {}", mode.flag.empty() ? "" : " " + critical_mode_flags(mode), what));
}

std::string critical_modes_help() {
    std::string out = "Modes: one per command line, chosen by its flag; an option the mode does not read is refused (exit 2).\n";
    for (const CriticalMode& m : critical_modes()) {
        out += fmt::format("  {} ({}): {}.\n    Takes {}", m.name, m.flag.empty() ? "no flag" : critical_mode_flags(m), m.summary,
                           fmt::join(m.takes, ", "));
        for (const auto& [option, needed] : m.needs) out += fmt::format("; {} needs {}", option, needed);
        for (const auto& [option, what] : m.required) out += fmt::format("; {} is required", option);
        out += ".\n";
    }
    std::vector<std::string_view> no_file;  // the modes that write no file, so take no --force
    for (const CriticalMode& m : critical_modes())
        if (!writes_files(m)) no_file.push_back(m.name);
    return out + fmt::format("Every mode but {} (it writes no file) takes --force. Inside a mode, by value: ", fmt::join(no_file, ", ")) +
           option_rules_help(critical_rules());
}

void add_critical(CLI::App& app, Action& run, const std::string& command_line) {
    auto a = std::make_shared<CriticalArgs>();
    a->command_line = command_line;
    CLI::App* cmd = app.add_subcommand("critical", "Find verified critical clue sets of solved squares (JSONL out)");
    cmd->add_option("--square", a->square, "A solved square, rows separated by '/': \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\"");
    cmd->add_option("--input", a->input, "Instances: each one's solution, or its unique solution, is the square");
    add_whole(cmd, "--n", a->n, {kMinSize, kMaxSize}, "Order of random squares (with --count), or of --exhaustive");
    // At least 1, as every count of runs (configs' critical_squares.count and critical_orders.count
    // too): 0 made an experiment of no runs.
    add_whole(cmd, "--count", a->count, {1, kDefaultMaxRuns},
              fmt::format("Number of random squares (default 1, at most {}: the run-matrix guard of the default search, one "
                          "run per square); the default search keeps each in its results CSV when done",
                          kDefaultMaxRuns));
    // Up to the largest seed a run has (core/seed_range.hpp), so a refusal states the one range:
    // `--seed -1` said "accepted: 0 to 18446744073709551615" and 2^63 was refused later.
    add_whole(cmd, "--seed", a->seed, {0, kMaxDerivedSeed}, "Seed; random square i uses seed + i (default 1, at most 2^63-1)");
    add_word(cmd, "--sampler", a->sampler, kLatinSamplers, "Random squares: " + word_help(kLatinSamplers));
    add_word(cmd, "--use", a->use, kClueUses, "Clues the search may use");
    add_word(cmd, "--objective", a->objective, kObjectives, "What is minimised: " + word_help(kObjectives));
    add_word(cmd, "--order", a->order, kGreedyOrders, "Questions of a greedy pass: " + word_help(kGreedyOrders));
    add_whole(cmd, "--iterations", a->iterations, {0, method_option(Task::greedy, "iterations").max},
              fmt::format("Greedy passes per square (default 1 for greedy, else 200; 0 = the default; at most {})",
                          method_option(Task::greedy, "iterations").max));
    add_duration(cmd, "--time-limit", a->time_limit,
                 fmt::format("Search time per square: seconds, or 500ms, 2m, 1h (0 = none; at most 9.2e9 s; the default "
                             "search: whole milliseconds, at most {} days)",
                             method_option(Task::greedy, "time_ms").max / 86400000),
                 &a->time_limit_text);
    add_duration(cmd, "--cpu-limit", a->cpu_limit,
                 "--exact --square/--input: CPU time of each square's search (like --time-limit, but fair under load)");
    cmd->add_option("--verify-with", a->verify_with, "Backend of the independent verification (default gecode:var=afcsize,cube=yes, Gecode with its AFC variable order and the Latin cube's third face; sat = one incremental CaDiCaL solver per set); clues the search kept come with witnesses checked without it. The default search and --exact --square/--input take " + verify_specs());
    cmd->add_flag("--exhaustive", a->exhaustive, "Exact minima of 2h+3k and of k (h = 0) over all squares of order --n <= 4");
    cmd->add_flag("--exact", a->exact,
                  "Exact minimum of --objective (" + names_of(exact_objectives()) + ") over all squares of order --n <= 5, "
                  "by lazy minimum hitting sets (CaDiCaL); witnesses verified by --verify-with. With --square or "
                  "--input: each given square's own minimum (n <= 9; not frontier), --time-limit per square, "
                  "bounds where it stops");
    add_whole(cmd, "--jobs", a->jobs, {1, 1024}, "--exact: threads sharing the symmetry classes; --few-relations --checkpoint: shards run at once; the default search: squares searched at once (default 1)");
    cmd->add_option("--certificate", a->certificate,
                    "--exact: also write a certificate (unavoidable sets + DRAT proofs) to this file; with --square/--input, each proved "
                    "minimum's (unavoidable sets with their squares, re-checked by branch and bound); with --construct, the DRUP "
                    "proof of uniqueness and one exchange witness per relation; - for standard output (--out then names a file)");
    add_word(cmd, "--proof", a->proof, kProofKinds, "--certificate: " + word_help(kProofKinds));
    cmd->add_option("--check-certificate", a->check_certificate,
                    "Check a certificate of --exact or --construct without searching (exit 0 accepted, 1 rejected); several files: "
                    "the certificates of the N shards of one --exact --shard I/N run, together certifying all squares")
        ->expected(1, 1000000);
    cmd->add_option("--shard", a->shard, "I/N, I counting from 0 as in every command (0 <= I < N <= 1000000). --exact: solve classes I, I+N, ... only; minima over those. --few-relations: the canonical pair sets I, I+N, ...");
    add_whole(cmd, "--seed-sets", a->seed_sets, {0, 100000000}, "--exact: smallest unavoidable sets seeded per class (default 2000)");
    cmd->add_flag("--per-class", a->per_class,
                  "--exact: refused: every class gets its own minimum (each is one run of the experiment), as this asked");
    add_word(cmd, "--engine", a->engine, kHittingEngines, "--exact: hitting-set engine: " + word_help(kHittingEngines));
    add_whole(cmd, "--sample", a->sample, {1, 100000000},
              "--exact: the classes of this many random squares (seed --seed), each its own minimum by the solver "
              "oracle; n <= 6; an UPPER bound on the minimum over all squares");
    add_optional_word(cmd, "--oracle", a->oracle, kExactOracles,
                      "--exact: where counterexamples come from: " + word_help(kExactOracles) +
                          " (default the table, the solver with --sample)");
    cmd->add_flag("--no-shrink", a->no_shrink, "--exact, solver oracle: keep counterexamples unshrunk (for measuring)");
    add_whole(cmd, "--probe-seeds", a->probe_seeds, {0, 100000000},
              "--exact, solver oracle: seed the sets of this many queries on random dense candidates");
    add_whole(cmd, "--below", a->below, {1, 1000},
              "--exact --sample: per class, only look for sets cheaper than this (the cost of a pruned complete run)");
    add_whole(cmd, "--few-relations", a->few_relations, {1, kMaxFewRelations},
              fmt::format("With --n (2 to 6): count every zero-given puzzle with this many relations (up to symmetry) to "
                          "2; none unique proves min k is larger; 1 to min(2n(n-1), {}): {} for n = 2, {} for n = 3, {} "
                          "from n = 4",
                          kMaxFewRelations, few_relations_max_k(2), few_relations_max_k(3), few_relations_max_k(4)));
    cmd->add_option("--checkpoint", a->checkpoint,
                    "--few-relations: one file per shard in this folder, written when the shard ends; a re-run reads "
                    "the shards already there instead of counting them (resume), then prints the per-shard table; the "
                    "results CSV of the runs lies there too");
    add_whole(cmd, "--shards", a->shards, {1, kMaxFewRelationsShards}, "--few-relations --checkpoint: how many shards (default 64)");
    cmd->add_flag("--no-cycle-seeds", a->no_cycle_seeds, "--exact, solver oracle: no cycle-switch seeds (for measuring)");
    cmd->add_flag("--construct", a->construct,
                  "With --n: the zero-given puzzle with floor(n^2/4) relations of the chain construction "
                  "(docs/critical.md), proved unique and critical for every n, verified here again");
    add_whole(cmd, "--split", a->split, {0, kMaxSize - 1},
              "--construct: how many chains start from 1 (the other n-1 less that many run into n); floor((n-1)/2), "
              "the fewest relations, when not given");
    cmd->add_flag("--free-square", a->free_square,
                  "Zero-given puzzles (h = 0, min k) searched with the solution free to change; "
                  "--input: zero-given start puzzles");
    add_whole(cmd, "--patience", a->patience, {1, kMaxWhole},
              "--free-square: moves without a new best before a restart (default 300)");
    add_real(cmd, "--temperature", a->temperature, {0, 1e9, "", "0 = never accept a larger k"},
             "--free-square: annealing temperature, 0 = never accept a larger k");
    add_whole(cmd, "--max-remove", a->max_remove, {1, 2 * kMaxSize * (kMaxSize - 1)},
              "--free-square: a move removes 1..R relations (default 2)");
    add_whole(cmd, "--node-limit", a->node_limit, {0, method_option(Task::free_square, "node_limit").max, "0 = none"},
                    "--free-square: nodes per oracle search, 0 = none; a start or move with an undecided "
                    "check is dropped (default 200000)");
    cmd->add_option("--out", a->out, "Output JSONL file (default stdout)");
    cmd->add_flag("--resume", a->resume,
                  "The default search: go on with the results CSV beside --out (sets.jsonl: sets.csv), after a kill or an "
                  "interrupt; the same options only (the CSV's sidecar holds the config they make)");
    cmd->add_flag("--force", a->force, "Replace --out or --certificate even if it is a results CSV or a sidecar, and --out even if it is the input");
    cmd->footer(critical_modes_help());
    cmd->callback([a, cmd, &run] {
        const std::vector<std::string> given = given_options(*cmd);
        const CriticalMode& mode = critical_mode_for(given);
        a->verify_with_given = std::find(given.begin(), given.end(), "--verify-with") != given.end();
        // The mode table at parse time; the value rules first thing when it runs, before any work.
        run = [a, &mode, given] {
            check_required(mode, given);
            refuse_clashes("critical" + (mode.flag.empty() ? std::string() : " " + critical_mode_flags(mode)), critical_rules(), *a, given);
            return run_critical_stoppable(*a, mode);
        };
    });
}

}  // namespace futolab::app
