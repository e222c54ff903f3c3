// futolab generate random|unique [--n N] [--givens P|--h H] [--relations Q|--k K] [--count C]
//   [--seed S] [--sampler jm|shuffle] [--steps T] [--use numbers|relations|both]
//   [--grade fc|ac|gac|search] [--max-attempts A] [--out FILE]
// JSONL out (SPEC §2.2), one instance per line with `solution` and `meta`. Instance i (0-based)
// of a run uses seed S + i, recorded in its meta, so any single instance can be regenerated.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "records/output_guard.hpp"
#include "app/number_options.hpp"
#include "app/vocabulary_option.hpp"
#include "core/clue_use.hpp"
#include "core/grades.hpp"
#include "core/seed_range.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "generators/random_instance.hpp"
#include "generators/generator_kind.hpp"
#include "generators/latin/random.hpp"
#include "generators/unique.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

#include <functional>
#include <memory>

namespace futolab::app {
namespace {

struct GenerateArgs {
    std::optional<GeneratorKind> kind;  // required
    int n = 5;
    double p = 0.3, q = 0.1;
    int h = 0, k = 0;
    std::uint64_t count = 1;
    std::uint64_t seed = 1;
    LatinSampler sampler = LatinSampler::jacobson_matthews;
    std::uint64_t steps = 0;
    ClueUse use = ClueUse::both;
    std::optional<Grade> grade;  // none: any grade
    int max_attempts = 100;
    std::string out;
    bool force = false;  // --force: --out may replace a results CSV or a sidecar
    // Which options were given, to reject those that do not apply to the kind.
    CLI::Option *opt_p = nullptr, *opt_h = nullptr, *opt_q = nullptr, *opt_k = nullptr;
    CLI::Option *opt_use = nullptr, *opt_grade = nullptr, *opt_attempts = nullptr, *opt_steps = nullptr;
};

void reject(const CLI::Option* opt, std::string_view kind) {
    if (opt->count() > 0) throw InputError(fmt::format("{} does not apply to 'generate {}'", opt->get_name(), kind));
}

// Each instance is written (and flushed) as soon as it is made: a long run that is stopped
// keeps what it made, and nothing grows with --count. SIGINT, SIGTERM and SIGHUP are a stop
// request, as for every write of records (red-team round 16, A F1: the default action ended
// it with 143 and no word): the instance being made is dropped (`stop` also ends the
// uniqueness checks of generate unique: OracleStopped), the stream ends after whole records,
// exit 1, "interrupted".
void write_each(const GenerateArgs& a, Interrupt& stop, const std::function<Instance(std::uint64_t seed)>& make) {
    // JSON Lines under another format's name would be read back as that format and refused
    // (red-team round 25, C F4; a YAML or companion name too, round 26, C F2): said before any
    // instance is made, once what is there has been asked (a kept file), whose refusal says more
    // but then advises no --force (round 27, A F6: it was refused in turn).
    const std::string why = foreign_extension_problem(a.out, Format::jsonl);
    check_output_path(a.out, {}, a.force, "--out", false, why.empty());
    if (!why.empty())
        throw InputError(fmt::format("generate: --out {} {}; generate writes JSON Lines (.jsonl)", a.out, why));
    OutputStream out(a.out, &stop);
    const SignalScope signals(stop);
    for (std::uint64_t i = 0; i < a.count; ++i) out.write(write_instances({make(a.seed + i)}, Format::jsonl));
    out.close();
}

void generate_random(const GenerateArgs& a, Interrupt& stop) {
    for (const CLI::Option* opt : {a.opt_use, a.opt_grade, a.opt_attempts}) reject(opt, generator_name(*a.kind));
    RandomInstanceSpec spec;
    spec.n = a.n;
    spec.p = a.p;
    spec.q = a.q;
    if (a.opt_h->count() > 0) spec.h = a.h;
    if (a.opt_k->count() > 0) spec.k = a.k;
    spec.sampler = a.sampler;
    spec.steps = a.steps;
    validate(spec);
    write_each(a, stop, [&spec](std::uint64_t seed) { return random_instance(spec, seed); });
}

void generate_unique(const GenerateArgs& a, Interrupt& stop) {
    for (const CLI::Option* opt : {a.opt_p, a.opt_h, a.opt_q, a.opt_k}) reject(opt, generator_name(*a.kind));
    UniqueSpec spec;
    spec.n = a.n;
    spec.use = a.use;
    spec.sampler = a.sampler;
    spec.steps = a.steps;
    spec.target = a.grade;
    spec.max_attempts = a.max_attempts;
    // Inert where the first square always gives a puzzle (method unique's rule, red-team round 12).
    if (a.opt_attempts->count() > 0 && !a.grade && a.use != ClueUse::relations)
        throw InputError("generate: --max-attempts does not apply without --grade or --use relations (the first square always "
                         "gives a puzzle)");
    validate(spec);
    Grader grader(stop.flag());  // one gac solver for every uniqueness check of the run
    write_each(a, stop, [&spec, &grader](std::uint64_t seed) { return unique_instance(spec, seed, grader); });
}

// Options that would be ignored (issue #45): refused, naming both.
void refuse_unused(const GenerateArgs& a) {
    if (a.opt_steps->count() > 0 && a.sampler != LatinSampler::jacobson_matthews)
        throw InputError("generate: --steps does not apply with --sampler shuffle (it counts Jacobson-Matthews moves)");
    if (a.force && (a.out.empty() || a.out == "-"))
        throw InputError("generate: --force does not apply without --out FILE (it lets --out replace a results CSV or a sidecar)");
}

int generate(const GenerateArgs& a) {
    refuse_unused(a);
    check_seed_range("generate", a.seed, a.count, "--count", "instance");  // before --out is opened
    Interrupt stop;
    switch (*a.kind) {
        case GeneratorKind::random: generate_random(a, stop); break;
        case GeneratorKind::unique: generate_unique(a, stop); break;
    }
    return 0;
}

}  // namespace

void add_generate(CLI::App& app, Action& run) {
    auto a = std::make_shared<GenerateArgs>();
    CLI::App* cmd = app.add_subcommand("generate", "Generate random planted or uniquely solvable instances (JSONL with meta)");
    cmd->footer("Instance i uses seed S+i. A uniquely solvable puzzle is made by assembling clues until it is unique, "
                "then stripping them. Details: docs/generators.md");
    add_optional_word(cmd, "kind", a->kind, kGeneratorKinds, "What to generate: " + word_help(kGeneratorKinds))->required();
    add_whole(cmd, "--n", a->n, {kMinSize, kMaxSize}, "Order of the square, 2..64 (default 5)");
    a->opt_p = add_real(cmd, "--givens", a->p, {0, 1}, "random: probability that a cell is a given (default 0.3)");
    a->opt_h = add_whole(cmd, "--h", a->h, {0, kMaxSize * kMaxSize}, "random: exact number of givens, 0..n^2")->excludes(a->opt_p);
    a->opt_q = add_real(cmd, "--relations", a->q, {0, 1}, "random: probability that an adjacent pair is related (default 0.1)");
    a->opt_k = add_whole(cmd, "--k", a->k, {0, 2 * kMaxSize * (kMaxSize - 1)}, "random: exact number of relations, 0..2n(n-1)")
                   ->excludes(a->opt_q);
    // At least 1, as every count of instances or runs (configs' generate.count too): 0 made nothing.
    // At most 2^63 (from --seed 0): instance i has seed --seed + i, at most 2^63-1, so a larger
    // count is always refused, and its range is stated as this.
    add_whole(cmd, "--count", a->count, {1, kMaxDerivedSeed + 1}, "Number of instances (default 1), each written when made");
    // Up to the largest seed an instance has (core/seed_range.hpp), so a refusal states the one
    // range: `--seed -1` said "accepted: 0 to 18446744073709551615" and 2^63 was refused later.
    add_whole(cmd, "--seed", a->seed, {0, kMaxDerivedSeed}, "Seed of the first instance (default 1); instance i uses seed + i, at most 2^63-1");
    add_word(cmd, "--sampler", a->sampler, kLatinSamplers, "Latin squares: " + word_help(kLatinSamplers));
    a->opt_steps = add_whole(cmd, "--steps", a->steps, {}, "Jacobson-Matthews steps per square (a move from a proper square plus the improper moves back; 0 = n^3, the default)");
    a->opt_use = add_word(cmd, "--use", a->use, kClueUses, "unique: clue kinds allowed");
    a->opt_grade = add_optional_word(cmd, "--grade", a->grade, target_grades(),
                                     "unique: retry new squares until the puzzle has this grade (default any)");
    a->opt_attempts = add_whole(cmd, "--max-attempts", a->max_attempts, {1, kMaxWhole},
                                "unique: squares tried per instance before failing (default 100)");
    cmd->add_option("--out", a->out, "Output file (default stdout); never an existing results CSV or sidecar, nor a FIFO; "
                    "a full disk leaves whole records only");
    cmd->add_flag("--force", a->force, "Replace --out even if it is a results CSV or a sidecar");
    cmd->callback([a, &run] { run = [a] { return generate(*a); }; });
}

}  // namespace futolab::app
