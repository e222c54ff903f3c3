#include "experiments/methods.hpp"

#include "core/error.hpp"
#include "core/numbers.hpp"
#include "experiments/method_tables.hpp"
#include "experiments/task_kinds.hpp"
#include "solvers/option_applies.hpp"
#include "solvers/option_table.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

namespace futolab {
namespace {

// The method `unique` (task generate): its config is the generator's own UniqueSpec.
const OptionTable<UniqueSpec>& unique_table() {
    using C = UniqueSpec;
    // grade=any: no target (UniqueSpec::target empty); the others: a target grade.
    static const std::vector<std::pair<std::string_view, std::optional<Grade>>> grades = [] {
        std::vector<std::pair<std::string_view, std::optional<Grade>>> g{{"any", std::nullopt}};
        for (const GradeWord& w : target_grades()) g.emplace_back(w.name, w.value);
        return g;
    }();
    static const OptionTable<C> table{
        choice<C>("use", [](C& c) -> auto& { return c.use; }, kClueUses, "clue kinds the puzzle may use"),
        choice<C>("grade", [](C& c) -> auto& { return c.target; }, grades, "target difficulty grade (retries new squares)"),
        // Without a target grade an attempt fails only where relations alone leave the square
        // ambiguous: with numbers every square's first attempt succeeds (generators/unique.cpp).
        whole<C>("attempts", [](C& c) -> auto& { return c.max_attempts; }, 1, 1000000, "squares tried for the target grade")
            .applies_when({OptionTest::is_not("grade", {"any"})})
            .or_when({OptionTest::is("use", {"relations"})}),
    };
    return table;
}

// The backends that verify a set of methods critical and exact-square, by option value.
std::vector<std::pair<std::string_view, std::string>> verify_choices() {
    return {{"gecode", std::string(kCriticalVerifySpec)}, {"gac", "gac"}, {"fc", "fc"}, {"sat", "sat"}};
}
constexpr std::string_view kVerifyHelp = "backend of the independent verification (gecode: gecode:var=afcsize,cube=yes)";

// The method `critical` (tasks critical and greedy). iterations = 0 and time_ms = 0 mean one
// greedy pass for objective greedy, else 200 passes, as `futolab critical` does
// (critical_pipeline). Bounding by iterations keeps the run deterministic; time_ms does not.
// What another option makes inert is refused, as the command line refuses it (issue #45,
// red-team round 12 finding 3): iterations and time_ms with objective greedy (one pass,
// critical/greedy/local_search.cpp); use with objective k or h (objective_use forces relations
// or numbers), unless it names the clue kind the objective forces.
struct CriticalMethod {
    critical::Objective objective = critical::Objective::greedy;
    ClueUse use = ClueUse::both;
    std::uint64_t iterations = 0;
    std::uint64_t time_ms = 0;
    critical::GreedyOrder order = critical::GreedyOrder::easy_first;
    std::string oracle{critical::kSearchOracle};
    std::string verify{kCriticalVerifySpec};
};

const OptionTable<CriticalMethod>& critical_table() {
    using C = CriticalMethod;
    static const OptionTable<C> table{
        choice<C>("objective", [](C& c) -> auto& { return c.objective; }, critical::search_objectives(), "what the search minimises"),
        choice<C>("use", [](C& c) -> auto& { return c.use; }, kClueUses, "clue kinds the set may use")
            .applies_when({OptionTest::is_not("objective", {"k", "h"})})
            .or_when({OptionTest::is("objective", {"k"}), OptionTest::is("use", {"relations"})})
            .or_when({OptionTest::is("objective", {"h"}), OptionTest::is("use", {"numbers"})}),
        whole<C>("iterations", [](C& c) -> auto& { return c.iterations; }, 0, kNoUpperBound,
                 "greedy passes (0: 200)")
            .applies_when({OptionTest::is_not("objective", {"greedy"})}),
        whole<C>("time_ms", [](C& c) -> auto& { return c.time_ms; }, 0, 1000ULL * 86400 * 365,
                 "search time bound per square in ms (0: none; not deterministic)")
            .applies_when({OptionTest::is_not("objective", {"greedy"})}),
        choice<C>("order", [](C& c) -> auto& { return c.order; }, critical::kGreedyOrders,
                  "questions of a greedy pass: easy-first (few-node questions first), plain (one each, in random order)"),
        choice<C>("oracle", [](C& c) -> auto& { return c.oracle; }, {{"gac", std::string(critical::kSearchOracle)}, {"gecode", "gecode"}},
                  "uniqueness oracle of the search (gac: gac:sac=none,var=domwdeg)"),
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
    };
    return table;
}

// The method `exact` (task exact). engine, seed_sets and the oracle's options change the speed,
// never the minimum (docs/critical.md, Exact mode); objective says what is minimised. oracle:
// counterexamples from the table of all squares (seed_sets seeds it) or a search for one square
// (shrink, cycle_seeds and probe_seeds tune it), as `critical --exact --n --oracle`.
struct ExactConfig {
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    critical::HittingEngine engine = critical::HittingEngine::bb;
    std::uint64_t seed_sets = critical::ExactOptions{}.seed_sets;
    critical::ExactOracle oracle = critical::ExactOracle::table;
    bool shrink = critical::ExactOptions{}.shrink;
    bool cycle_seeds = critical::ExactOptions{}.cycle_seeds;
    std::uint64_t probe_seeds = critical::ExactOptions{}.probe_seeds;
    std::string verify{kCriticalVerifySpec};
};

const OptionTable<ExactConfig>& exact_table() {
    using C = ExactConfig;
    const auto table_oracle = [] { return std::vector{OptionTest::is("oracle", {"table"})}; };
    const auto solver_oracle = [] { return std::vector{OptionTest::is("oracle", {"solver"})}; };
    static const OptionTable<C> table{
        choice<C>("objective", [](C& c) -> auto& { return c.objective; }, critical::exact_objectives(),
                  "what the class's minimum is of (frontier: min k for every h_max)"),
        choice<C>("engine", [](C& c) -> auto& { return c.engine; }, critical::kHittingEngines, "hitting-set engine"),
        whole<C>("seed_sets", [](C& c) -> auto& { return c.seed_sets; }, 0, 100000000,
                 "smallest unavoidable sets seeded per class (table oracle)")
            .applies_when(table_oracle()),
        choice<C>("oracle", [](C& c) -> auto& { return c.oracle; }, critical::kExactOracles, "where counterexamples come from"),
        choice<C>("shrink", [](C& c) -> auto& { return c.shrink; }, {{"no", false}, {"yes", true}},
                  "shrink each counterexample to an inclusion-minimal set (solver oracle)")
            .applies_when(solver_oracle()),
        choice<C>("cycle_seeds", [](C& c) -> auto& { return c.cycle_seeds; }, {{"no", false}, {"yes", true}},
                  "seed each class with its square's cycle switches (solver oracle)")
            .applies_when(solver_oracle()),
        whole<C>("probe_seeds", [](C& c) -> auto& { return c.probe_seeds; }, 0, 100000000,
                 "random probes seeding each class (solver oracle)")
            .applies_when(solver_oracle()),
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
    };
    return table;
}

// The method `exact-square` (task exact-square): one given square's own minimum
// (critical/exact/exact_square.hpp). shrink, cycle_seeds and probe_seeds change the speed,
// never the minimum; certificate=yes makes each proved minimum's record carry its certificate
// (critical/exact/square_certificate.hpp) in meta.certificate, one JSON value per line.
struct ExactSquareConfig {
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    bool shrink = critical::ExactOptions{}.shrink;
    bool cycle_seeds = critical::ExactOptions{}.cycle_seeds;
    std::uint64_t probe_seeds = critical::ExactOptions{}.probe_seeds;
    std::string verify{kCriticalVerifySpec};
    bool certificate = false;
};

const OptionTable<ExactSquareConfig>& exact_square_table() {
    using C = ExactSquareConfig;
    static const OptionTable<C> table{
        choice<C>("objective", [](C& c) -> auto& { return c.objective; }, critical::square_objectives(),
                  "what the square's minimum is of"),
        choice<C>("shrink", [](C& c) -> auto& { return c.shrink; }, {{"no", false}, {"yes", true}},
                  "shrink each counterexample to an inclusion-minimal set"),
        choice<C>("cycle_seeds", [](C& c) -> auto& { return c.cycle_seeds; }, {{"no", false}, {"yes", true}},
                  "seed the pool with the square's cycle switches"),
        whole<C>("probe_seeds", [](C& c) -> auto& { return c.probe_seeds; }, 0, 100000000,
                 "random probes seeding the pool"),
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
        choice<C>("certificate", [](C& c) -> auto& { return c.certificate; }, {{"no", false}, {"yes", true}},
                  "each proved minimum's record carries its certificate (meta.certificate)"),
    };
    return table;
}

// The method `construct` (task construct): the chain construction of the run's order
// (critical/construction/chain_construction.hpp) with `split` chains from 1 (balanced: the
// fewest relations, balanced_split(n)), verified by `verify`; certificate=yes makes the record
// carry its zero-given certificate (zero_given_certificate.hpp) in meta.certificate, one JSON
// value per line. Split is a word, not a whole number, for its default depends on the order.
struct ConstructConfig {
    int split = kBalancedSplit;
    std::string verify{kCriticalVerifySpec};
    bool certificate = false;
};

std::vector<std::pair<std::string_view, int>> split_choices() {
    static const std::vector<std::string> numbers = [] {
        std::vector<std::string> out;
        for (int m = 0; m < kMaxSize; ++m) out.push_back(std::to_string(m));
        return out;
    }();
    std::vector<std::pair<std::string_view, int>> words{{"balanced", kBalancedSplit}};
    for (int m = 0; m < kMaxSize; ++m) words.emplace_back(numbers[static_cast<std::size_t>(m)], m);
    return words;
}

const OptionTable<ConstructConfig>& construct_table() {
    using C = ConstructConfig;
    static const OptionTable<C> table{
        choice<C>("split", [](C& c) -> auto& { return c.split; }, split_choices(),
                  "chains from 1, 0 to n-1 (balanced: floor((n-1)/2), the fewest relations)"),
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
        choice<C>("certificate", [](C& c) -> auto& { return c.certificate; }, {{"no", false}, {"yes", true}},
                  "the record carries its uniqueness proof and exchanges (meta.certificate, n <= 40)"),
    };
    return table;
}

// The method `exhaustive` (task exhaustive): the exact minima of 2h+3k and of k with h = 0 over
// every square of the run's order (critical/exact/exhaustive.hpp); only the verification varies.
struct ExhaustiveConfig {
    std::string verify{kCriticalVerifySpec};
};

const OptionTable<ExhaustiveConfig>& exhaustive_table() {
    using C = ExhaustiveConfig;
    static const OptionTable<C> table{
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
    };
    return table;
}

// The method `exact-sample` (task exact-sample): `sample` random squares drawn from the run's
// seed, each class's own minimum by the solver oracle (critical/exact/exact.hpp, exact_sample).
// below=B asks each class only for sets cheaper than B (0: its own minimum); threads share the
// classes. Only the objective, sample and below change what is found.
struct ExactSampleConfig {
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    std::uint64_t sample = 1;
    critical::HittingEngine engine = critical::HittingEngine::bb;
    bool shrink = critical::ExactOptions{}.shrink;
    bool cycle_seeds = critical::ExactOptions{}.cycle_seeds;
    std::uint64_t probe_seeds = critical::ExactOptions{}.probe_seeds;
    std::uint64_t below = 0;
    std::uint64_t threads = 1;
    std::string verify{kCriticalVerifySpec};
};

const OptionTable<ExactSampleConfig>& exact_sample_table() {
    using C = ExactSampleConfig;
    static const OptionTable<C> table{
        choice<C>("objective", [](C& c) -> auto& { return c.objective; }, critical::exact_objectives(),
                  "what each class's minimum is of (frontier: min k for every h_max)"),
        whole<C>("sample", [](C& c) -> auto& { return c.sample; }, 1, 100000000, "random squares drawn (square i from seed + i)"),
        choice<C>("engine", [](C& c) -> auto& { return c.engine; }, critical::kHittingEngines, "hitting-set engine"),
        choice<C>("shrink", [](C& c) -> auto& { return c.shrink; }, {{"no", false}, {"yes", true}},
                  "shrink each counterexample to an inclusion-minimal set"),
        choice<C>("cycle_seeds", [](C& c) -> auto& { return c.cycle_seeds; }, {{"no", false}, {"yes", true}},
                  "seed each class with its square's cycle switches"),
        whole<C>("probe_seeds", [](C& c) -> auto& { return c.probe_seeds; }, 0, 100000000, "random probes seeding each class"),
        whole<C>("below", [](C& c) -> auto& { return c.below; }, 0, 1000, "look only for sets cheaper than this (0: each class's own minimum)")
            .applies_when({OptionTest::is_not("objective", {"frontier"})}),
        whole<C>("threads", [](C& c) -> auto& { return c.threads; }, 1, 1024, "threads sharing the classes"),
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
    };
    return table;
}

// The method `free-square` (task free-square): the zero-given search with the solution free to
// change (critical/zero_given/zero_given.hpp). iterations = 0 and time_limit = 0 mean 500 moves;
// a time limit (seconds, kept in whole nanoseconds as --time-limit keeps it) cuts the search
// where the clock says, so such a run is not deterministic. temperature is a real number
// (OptionSpec::real).
struct FreeSquareConfig {
    std::uint64_t iterations = 0;
    double time_limit = 0;
    int patience = critical::ZeroGivenOptions{}.patience;
    double temperature = critical::ZeroGivenOptions{}.temperature;
    int max_remove = critical::ZeroGivenOptions{}.max_remove;
    std::uint64_t node_limit = critical::ZeroGivenOptions{}.node_limit;
    std::string verify{kCriticalVerifySpec};
};

const OptionTable<FreeSquareConfig>& free_square_table() {
    using C = FreeSquareConfig;
    static const OptionTable<C> table{
        whole<C>("iterations", [](C& c) -> auto& { return c.iterations; }, 0, kNoUpperBound,
                 "moves in all (0 with time_limit 0: 500)"),
        limit_seconds<C>("time_limit", [](C& c) -> auto& { return c.time_limit; }, kMaxSeconds,
                         "search time in seconds (0: none; not deterministic)"),
        whole<C>("patience", [](C& c) -> auto& { return c.patience; }, 1, std::numeric_limits<int>::max(),
                 "moves without a new best before a restart"),
        real<C>("temperature", [](C& c) -> auto& { return c.temperature; }, 0, 1e9,
                "annealing temperature (0: never accept a larger k)"),
        whole<C>("max_remove", [](C& c) -> auto& { return c.max_remove; }, 1, 2 * kMaxSize * (kMaxSize - 1),
                 "a move removes 1..max_remove relations"),
        whole<C>("node_limit", [](C& c) -> auto& { return c.node_limit; }, 0, kNoUpperBound,
                 "nodes per oracle search (0: none); a start or move with an undecided check is dropped"),
        choice<C>("verify", [](C& c) -> auto& { return c.verify; }, verify_choices(), kVerifyHelp),
    };
    return table;
}

}  // namespace

std::span<const OptionSpec> free_square_method_options() { return free_square_table().specs(); }
// The count has nothing to choose: the enumeration, its pool and its checks are fixed
// (critical/zero_given/few_relations.hpp), so its figures are comparable across shards and runs.
std::span<const OptionSpec> few_relations_method_options() { return {}; }

FreeSquareMethod free_square_method(const SolverSpec& method) {
    const FreeSquareConfig c = free_square_table().decode(method);
    FreeSquareMethod m;
    m.search.iterations = c.iterations;
    m.search.time_limit = c.time_limit;
    if (c.iterations == 0 && c.time_limit <= 0) m.search.iterations = kFreeSquareIterations;
    m.search.patience = c.patience;
    m.search.temperature = c.temperature;
    m.search.max_remove = c.max_remove;
    m.search.node_limit = c.node_limit;
    m.verify = c.verify;
    return m;
}

std::string free_square_id(int n, std::uint64_t seed) { return fmt::format("zero-given-n{}-free-s{}", n, seed); }
std::string free_square_start_id(std::string_view start, std::uint64_t seed) { return fmt::format("{}:free-s{}", start, seed); }
bool free_square_from_empty(std::string_view instance, int n, std::uint64_t seed) { return instance == free_square_id(n, seed); }

std::span<const OptionSpec> exact_sample_method_options() { return exact_sample_table().specs(); }

std::uint64_t seeds_per_run(Task task, const SolverSpec& method) {
    return task == Task::exact_sample ? exact_sample_method(method).sample : 1;
}

std::string exact_sample_no_set_message(std::uint64_t below) {
    return below > 0 ? fmt::format("no class has a set cheaper than {}", below) : std::string("no class has a set");
}

ExactSampleMethod exact_sample_method(const SolverSpec& method) {
    const ExactSampleConfig c = exact_sample_table().decode(method);
    ExactSampleMethod m;
    m.objective = c.objective;
    m.sample = c.sample;
    m.search.engine = c.engine;
    m.search.oracle = critical::ExactOracle::solver;
    m.search.shrink = c.shrink;
    m.search.cycle_seeds = c.cycle_seeds;
    m.search.probe_seeds = static_cast<std::size_t>(c.probe_seeds);
    m.search.below = static_cast<int>(c.below);
    m.search.threads = static_cast<int>(c.threads);
    m.verify = c.verify;
    return m;
}

std::span<const OptionSpec> construct_method_options() { return construct_table().specs(); }
std::span<const OptionSpec> exhaustive_method_options() { return exhaustive_table().specs(); }

ConstructMethod construct_method(const SolverSpec& method) {
    const ConstructConfig c = construct_table().decode(method);
    return {c.split, c.verify, c.certificate};
}

std::string exhaustive_verify(const SolverSpec& method) { return exhaustive_table().decode(method).verify; }

std::span<const OptionSpec> unique_method_options() { return unique_table().specs(); }
std::span<const OptionSpec> critical_method_options() { return critical_table().specs(); }
std::span<const OptionSpec> exact_method_options() { return exact_table().specs(); }
std::span<const OptionSpec> exact_square_method_options() { return exact_square_table().specs(); }

std::string_view method_name(Task task) { return task_info(task).method; }

std::span<const OptionSpec> method_options(Task task) {
    const TaskInfo& kind = task_info(task);
    return kind.method_options ? kind.method_options() : std::span<const OptionSpec>{};
}

SolverSpec parse_method_spec(Task task, std::string_view text) {
    SpecText parts = split_spec(text, "method");
    if (parts.name != method_name(task))
        throw InputError(fmt::format("task {} has one method, '{}', not '{}'", task_name(task), method_name(task),
                                     parts.name));
    return resolve_spec_text(std::move(parts.name), method_options(task), parts.options);
}

std::string method_text(Task task, const std::map<std::string, std::string>& settings) {
    const std::span<const OptionSpec> table = method_options(task);
    const std::string name(method_name(task));
    const std::map<std::string, std::string> options = resolve_options(name, table, settings);
    std::vector<std::string> kept;
    for (const auto& [key, value] : settings) {
        const OptionSpec& o = *std::find_if(table.begin(), table.end(), [&key = key](const OptionSpec& r) { return r.key == key; });
        // Dropped only at its default: an inert value of its own stays, for parse_method_spec to refuse.
        if (options.at(key) == o.default_value && !inert_because(table, key, options).empty()) continue;
        kept.push_back(fmt::format("{}={}", key, value));
    }
    return kept.empty() ? name : fmt::format("{}:{}", name, fmt::join(kept, ","));
}

UniqueSpec unique_method(const SolverSpec& method, int n) {
    UniqueSpec spec = unique_table().decode(method);
    spec.n = n;
    return spec;
}

critical::PipelineOptions critical_method(const SolverSpec& method) {
    const CriticalMethod m = critical_table().decode(method);
    critical::PipelineOptions opt;
    opt.search.objective = m.objective;
    opt.search.use = m.use;
    opt.search.order = m.order;
    opt.search.iterations = m.iterations;
    opt.search.time_limit = static_cast<double>(m.time_ms) / 1e3;
    if (opt.search.iterations == 0 && opt.search.time_limit <= 0)
        opt.search.iterations = critical::default_iterations(m.objective);
    opt.search.backend = m.oracle;
    opt.verify_backend = m.verify;
    return opt;
}

std::string critical_record_id(Task task, std::string_view instance, std::uint64_t seed) {
    return task == Task::greedy ? std::string(instance) : fmt::format("{}:critical-s{}", instance, seed);
}

bool method_counters_deterministic(const SolverSpec& method, const Limits& limits) {
    if (method.name == method_name(Task::exact_square)) return limits.time_seconds <= 0 && limits.cpu_seconds <= 0;
    if (method.name == method_name(Task::free_square)) return free_square_method(method).search.time_limit <= 0;
    if (method.name != method_name(Task::critical)) return true;
    const critical::SearchOptions search = critical_method(method).search;
    return search.objective == critical::Objective::greedy || search.time_limit <= 0;
}

namespace {

const OptionSpec& critical_verify_option() {
    for (const OptionSpec& o : critical_method_options())
        if (o.key == "verify") return o;
    throw std::logic_error("method critical has no verify option");
}

}  // namespace

std::optional<std::string> critical_verify_choice(std::string_view backend_spec) {
    const std::string want = parse_solver_spec(backend_spec).text();
    for (std::string_view choice : critical_verify_option().values) {
        const SolverSpec method = parse_method_spec(Task::critical, fmt::format("{}:verify={}", method_name(Task::critical), choice));
        if (parse_solver_spec(critical_method(method).verify_backend).text() == want) return std::string(choice);
    }
    return std::nullopt;
}

std::string critical_verify_choices() { return fmt::format("{}", fmt::join(critical_verify_option().values, ", ")); }

ExactSquareMethod exact_square_method(const SolverSpec& method) {
    const ExactSquareConfig c = exact_square_table().decode(method);
    ExactSquareMethod m;
    m.objective = c.objective;
    m.search.shrink = c.shrink;
    m.search.cycle_seeds = c.cycle_seeds;
    m.search.probe_seeds = static_cast<std::size_t>(c.probe_seeds);
    m.verify = c.verify;
    m.certificate = c.certificate;
    return m;
}

ExactMethod exact_method(const SolverSpec& method) {
    const ExactConfig c = exact_table().decode(method);
    ExactMethod m;
    m.objective = c.objective;
    m.search.engine = c.engine;
    m.search.seed_sets = static_cast<std::size_t>(c.seed_sets);
    m.search.oracle = c.oracle;
    m.search.shrink = c.shrink;
    m.search.cycle_seeds = c.cycle_seeds;
    m.search.probe_seeds = static_cast<std::size_t>(c.probe_seeds);
    m.search.prune = false;
    m.verify = c.verify;
    return m;
}

}  // namespace futolab
