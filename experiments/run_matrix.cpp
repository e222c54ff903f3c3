#include "experiments/run_matrix.hpp"

#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"
#include "core/visible_text.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/exact_squares.hpp"
#include "critical/zero_given/few_relations_shards.hpp"
#include "generators/latin/symmetry.hpp"
#include "generators/latin/square.hpp"
#include "experiments/methods.hpp"
#include "experiments/task_kinds.hpp"
#include "generators/random_instance.hpp"
#include "generators/unique.hpp"
#include "solvers/run/oracle.hpp"

#include <fmt/format.h>
#include <glob.h>

#include <algorithm>
#include <map>
#include <array>
#include <filesystem>
#include <iostream>
#include <limits>
#include <stdexcept>

namespace futolab {
namespace {

// The files a glob matches, sorted.
std::vector<std::string> glob_paths(const std::string& pattern) {
    glob_t g{};
    const int rc = ::glob(pattern.c_str(), GLOB_NOSORT, nullptr, &g);
    std::vector<std::string> paths(g.gl_pathv, g.gl_pathv + (rc == 0 ? g.gl_pathc : 0));
    ::globfree(&g);
    std::sort(paths.begin(), paths.end());
    return paths;
}

namespace fs = std::filesystem;

// The folder relative paths of a config are read from ("" for standard input, and for a
// config the CLI renders: its path is a name, not a file's).
fs::path config_folder(const ExperimentConfig& config) { return config.path == "-" ? fs::path() : fs::path(config.path).parent_path(); }

// `pattern` read beside the config (itself if absolute or the config has no folder).
std::string beside(const ExperimentConfig& config, const std::string& pattern) {
    const fs::path base = config_folder(config);
    return fs::path(pattern).is_relative() && !base.empty() ? (base / pattern).lexically_normal().string() : pattern;
}

// The paths a source's `pattern` names (`match`: the paths it names as given), and whether they
// were found from the working directory. A relative pattern is resolved against the config
// file's folder, so a config runs the same from any working directory. Configs written before
// that rule named paths from the working directory: where nothing matches beside the config, what
// matches from the working directory is used. Empty: neither matches.
template <class Match>
std::pair<std::vector<std::string>, bool> find_beside_config(const ExperimentConfig& config, const std::string& pattern, Match match) {
    if (!fs::path(pattern).is_relative() || config_folder(config).empty()) return {match(pattern), false};
    if (auto paths = match(beside(config, pattern)); !paths.empty()) return {paths, false};
    return {match(pattern), true};
}

// find_beside_config's paths, with a note saying how to write a pattern found from the working
// directory.
template <class Match>
std::vector<std::string> beside_config(const ExperimentConfig& config, const SourceLoc& at, const std::string& pattern, Match match) {
    auto [paths, from_here] = find_beside_config(config, pattern, match);
    if (from_here && !paths.empty())
        // Shown as the errors show text (the config's path and the pattern may hold a line feed).
        std::cerr << visible_text(fmt::format("futolab: note: {}: '{}' matches nothing beside the config, so it is read from "
                                              "the working directory; paths in a config are relative to the config file "
                                              "(write '{}')",
                                              format_location(at), pattern,
                                              fs::relative(fs::absolute(pattern), fs::absolute(config_folder(config))).string()))
                  << "\n";
    return paths;
}

// `path` alone if a file is there, else none: a file's "matches" (critical_squares.file, critical_orders.file).
std::vector<std::string> existing(const std::string& path) {
    std::error_code ec;
    return fs::exists(path, ec) ? std::vector<std::string>{path} : std::vector<std::string>{};
}

// The path of a file a source names (critical_squares.file, critical_orders.file), found as
// `file:` patterns are (beside_config); one found nowhere is named beside the config, where
// reading it says it cannot.
std::string source_file_path(const ExperimentConfig& config, const SourceLoc& at, const std::string& file) {
    const std::vector<std::string> paths = beside_config(config, at, file, existing);
    return paths.empty() ? beside(config, file) : paths.front();
}

// Expands a `file:` glob (beside_config); a pattern that matches nothing is an error (a typo must
// not run nothing), at the key's line and column.
// A matched file whose name a sidecar cannot hold (unwritable_name) is refused: the sidecar
// names every input file, and a run that wrote one could not be resumed or merged (red-team
// round 23, C F5).
// `name` with the characters glob(3) reads as a pattern escaped, so that it matches that file alone.
std::string glob_escaped(std::string_view name) {
    std::string out;
    for (char ch : name) {
        if (ch == '*' || ch == '?' || ch == '[' || ch == ']' || ch == '\\') out += '\\';
        out += ch;
    }
    return out;
}

// A `file:` pattern that is also the name of a file there, as typed, which the pattern itself does
// not match alone: `a[1].tatham` ran the file a1.tatham, or matched nothing, with a[1].tatham right
// there (red-team round 28, C F11). Which was meant cannot be told: refused, naming both.
void refuse_glob_beside_its_file(const ExperimentConfig& config, const InstanceSource& source,
                                 const std::vector<std::string>& paths) {
    const auto is_file = [](const std::string& path) {
        std::error_code ec;
        return fs::exists(path, ec) && !fs::is_directory(path, ec) ? std::vector<std::string>{path} : std::vector<std::string>{};
    };
    const std::vector<std::string> file = find_beside_config(config, source.file, is_file).first;
    if (file.empty() || paths == file) return;
    const std::string advice = fmt::format("write file: '{}' for that file (a backslash makes a character of the pattern "
                                           "its own)", glob_escaped(source.file));
    if (paths.empty())
        throw_input_error(source.file_at, fmt::format("file: no file matches the glob '{}'; the file {} exists: {}",
                                                      source.file, file.front(), advice));
    std::string matched;
    for (std::size_t i = 0; i < paths.size() && i < 3; ++i) matched += (i == 0 ? "" : ", ") + paths[i];
    if (paths.size() > 3) matched += fmt::format(" and {} more", paths.size() - 3);
    const bool it_too = std::find(paths.begin(), paths.end(), file.front()) != paths.end();
    throw_input_error(source.file_at, fmt::format("file: '{}' is a glob matching {}, not {}the file {}: {}", source.file, matched,
                                                  it_too ? "only " : "", file.front(), advice));
}

std::vector<std::string> expand(const ExperimentConfig& config, const InstanceSource& source) {
    refuse_glob_beside_its_file(config, source, find_beside_config(config, source.file, glob_paths).first);
    if (auto paths = beside_config(config, source.file_at, source.file, glob_paths); !paths.empty()) {
        for (const std::string& path : paths)
            if (const std::string why = unwritable_name(path); !why.empty())
                throw_input_error(source.file_at, fmt::format("file: '{}' matches '{}': {}: the sidecar names every "
                                                              "input file, and is UTF-8 text (give the file a UTF-8 name)",
                                                              source.file, message_text(path, 200), why));
        return paths;
    }
    const std::string at = beside(config, source.file);
    throw_input_error(source.file_at,
                      at == source.file ? fmt::format("file: no file matches '{}'", source.file)
                                        : fmt::format("file: no file matches '{}' (relative to the config file: '{}')", source.file, at));
}

// The instances of `path`, a file the config key `key` names (`value`: as given), read once; `files`
// (may be null) gets it with its content hash, `skipped` (may be null) its bad instances as
// read_instances's. A path that cannot be read (a folder, a FIFO, a symlink to nothing, no file) is
// refused at the key's line and column (red-team round 19: it named no config line, or the
// source's line alone); a bad instance in it is named at its own line, in the file.
std::vector<Instance> instances_at_key(const SourceLoc& at, std::string_view key, const std::string& value, const std::string& path,
                                       std::vector<SkippedInput>* skipped, std::vector<InputFile>* files) {
    std::string text;
    try {
        text = read_text_file(path);
    } catch (const InputError& e) {
        throw_at_key(at, key, value, path, e);
    }
    if (files != nullptr) files->push_back({path, fmt::format("{:016x}", fnv1a64(text))});
    return skipped ? read_instances(path, *skipped) : parse_instances(text, path, detect_format(path, text));
}

// Every sweep axis a generated instance can have (the CSV `param_<name>` columns, in order),
// and one instance's nominal values on them (NaN: not set).
constexpr std::array<std::string_view, 4> kAxes{"givens", "h", "relations", "k"};
using SweepPoint = std::array<double, kAxes.size()>;
constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
constexpr SweepPoint kNoPoint{kNone, kNone, kNone, kNone};

// a × b, or UINT64_MAX if it overflows (a count that large is refused all the same).
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    std::uint64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? std::numeric_limits<std::uint64_t>::max() : product;
}

std::uint64_t plus(std::uint64_t a, std::uint64_t b) {
    std::uint64_t sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<std::uint64_t>::max() : sum;
}

// Between two instances made or read: a stop request taken ends the build there.
void poll_stop(const std::atomic<bool>* stop) {
    if (stop != nullptr && stop->load()) throw MatrixStopped();
}

std::uint64_t source_count(const InstanceSource& source) {
    if (source.kind == InstanceSource::Kind::classes) return source.classes.count;  // 0 (all): counted once made
    if (source.kind == InstanceSource::Kind::squares) return times(source.squares.n.size(), static_cast<std::uint64_t>(source.squares.count));
    if (source.kind == InstanceSource::Kind::file) return 0;
    if (source.kind == InstanceSource::Kind::few_relations) {
        const FewRelationsSource& f = source.few_relations;
        return f.count > 0 ? f.count : (f.shards - 1 - f.first) / f.stride + 1;
    }
    if (source.kind == InstanceSource::Kind::critical_orders)
        return source.critical_orders.file.empty() ? source.critical_orders.count : 0;  // count is 1 where the kind takes none
    if (source.kind == InstanceSource::Kind::critical_squares)
        return source.critical_squares.n > 0 ? source.critical_squares.count : source.critical_squares.file.empty() ? 1 : 0;
    const GenerateSource& g = source.generate;
    const std::uint64_t per_n = static_cast<std::uint64_t>(g.count);
    if (g.kind == GeneratorKind::unique) return times(g.n.size(), per_n);
    const std::uint64_t given_points = g.h.empty() ? g.givens.size() : g.h.size();
    const std::uint64_t relation_points = g.k.empty() ? g.relations.size() : g.k.size();
    return times(times(times(g.n.size(), given_points), relation_points), per_n);
}

// The planted instances of a generate source: n × (givens | h) × (relations | k), `count`
// each, with seeds derived from the config seed and the point, so shards agree.
void generate_random(const ExperimentConfig& config, const GenerateSource& g, std::vector<Instance>& out,
                     std::vector<SweepPoint>& points, const std::atomic<bool>* stop) {
    const std::size_t given_points = g.h.empty() ? g.givens.size() : g.h.size();
    const std::size_t relation_points = g.k.empty() ? g.relations.size() : g.k.size();
    for (int n : g.n)
        for (std::size_t gi = 0; gi < given_points; ++gi)
            for (std::size_t ri = 0; ri < relation_points; ++ri)
                for (int i = 0; i < g.count; ++i) {
                    poll_stop(stop);
                    RandomInstanceSpec spec;
                    spec.n = n;
                    if (g.h.empty()) spec.p = g.givens[gi]; else spec.h = g.h[gi];
                    if (g.k.empty()) spec.q = g.relations[ri]; else spec.k = g.k[ri];
                    spec.sampler = g.sampler;
                    // By name, as the config spells it: the seeds do not depend on the enum.
                    const std::string point = fmt::format("random|{}|{}|{}|{}|{}|{}|{}", n, spec.p, spec.h.value_or(-1),
                                                          spec.q, spec.k.value_or(-1), latin_sampler_name(g.sampler), i);
                    out.push_back(random_instance(spec, derive_seed(config.seed, point)));
                    points.push_back({g.h.empty() ? g.givens[gi] : kNone, g.h.empty() ? kNone : g.h[gi],
                                      g.k.empty() ? g.relations[ri] : kNone, g.k.empty() ? kNone : g.k[ri]});
                }
}

// Uniquely solvable puzzles (generators/unique.hpp), `count` per n, made here — once, in
// the order of the config — so every shard and resume solves the same puzzles. A puzzle of a
// large order takes seconds: the grader's questions poll `stop` too.
void generate_unique(const ExperimentConfig& config, const GenerateSource& g, std::vector<Instance>& out,
                     const std::atomic<bool>* stop) {
    Grader grader(stop);
    try {
        for (int n : g.n)
            for (int i = 0; i < g.count; ++i) {
                poll_stop(stop);
                UniqueSpec spec;
                spec.n = n;
                spec.use = g.use;
                spec.sampler = g.sampler;
                spec.target = g.grade;
                spec.max_attempts = g.attempts;
                // By name ("" for no target grade), as the config spells it: seeds do not depend on the enums.
                const std::string point = fmt::format("unique|{}|{}|{}|{}|{}|{}", n, clue_use_name(g.use),
                                                      g.grade ? grade_name(*g.grade) : std::string_view(),
                                                      latin_sampler_name(g.sampler), g.attempts, i);
                out.push_back(unique_instance(spec, derive_seed(config.seed, point), grader));
            }
    } catch (const OracleStopped&) {
        throw MatrixStopped();
    }
}

// Random Latin squares, `count` per n (the inputs of generate and critical tasks).
void random_squares(const ExperimentConfig& config, const SquaresSource& s, std::vector<Instance>& out,
                    const std::atomic<bool>* stop) {
    for (int n : s.n)
        for (int i = 0; i < s.count; ++i) {
            poll_stop(stop);
            const std::uint64_t seed =
                derive_seed(config.seed, fmt::format("square|{}|{}|{}", n, latin_sampler_name(s.sampler), i));
            std::mt19937_64 rng(seed);
            Instance in = square_instance(n, random_latin_square(n, rng, s.sampler));
            in.id = fmt::format("square-n{}-s{}", n, seed);
            out.push_back(std::move(in));
        }
}

// The symmetry classes first, first + stride, ... of order n (generators/latin/symmetry.hpp),
// `count` of them (0: to the last), each as its canonical square with meta.class (its index) and
// meta.orbit; the id names both, e.g. exact-n5-c01234, so every shard and resume sees the same
// instances.
void square_classes_of(const ClassesSource& c, std::vector<Instance>& out, const std::atomic<bool>* stop) {
    const std::vector<SquareClass> classes = square_classes(c.n);
    const std::uint64_t total = classes.size();
    const std::uint64_t last = c.count == 0 ? c.first : plus(c.first, times(c.count - 1, c.stride));
    if (c.first >= total || last >= total)
        throw InputError(fmt::format("classes: first {} and count {}{} go past the last class (n = {} has {} classes: 0..{})",
                                     c.first, c.count, c.stride == 1 ? "" : fmt::format(" at stride {}", c.stride), c.n,
                                     total, total - 1));
    const std::uint64_t end = c.count == 0 ? total : last + 1;
    for (std::uint64_t i = c.first; i < end; i += c.stride) {
        poll_stop(stop);
        Instance in = square_instance(c.n, classes[i].square);
        in.id = class_instance_id(c.n, i);
        in.meta = Json::object();
        in.meta["class"] = i;
        in.meta["orbit"] = classes[i].orbit;
        out.push_back(std::move(in));
    }
}

// The squares of a critical_squares: source as `futolab critical` names and seeds them
// (config.hpp): meta.seed is the run's seed (build_run_matrix). `given_file`: its file's instances
// (own_file_instances).
void critical_squares_of(const CriticalSquaresSource& c, const std::vector<Instance>& given_file, std::vector<Instance>& out,
                         const std::atomic<bool>* stop) {
    const auto add = [&](Instance in, std::uint64_t seed) {
        in.meta = Json::object();
        in.meta["seed"] = seed;
        out.push_back(std::move(in));
    };
    if (c.n > 0) {
        for (std::uint64_t i = 0; i < c.count; ++i) {
            poll_stop(stop);
            const std::uint64_t seed = c.seed + i;
            std::mt19937_64 rng(seed);
            Instance in = square_instance(c.n, random_latin_square(c.n, rng, c.sampler));
            in.id = fmt::format("critical-n{}-s{}", c.n, seed);
            add(std::move(in), seed);
        }
        return;
    }
    if (!c.square.empty()) {
        int n = 0;
        std::vector<int> square = parse_square(c.square, n, "critical_squares.square");
        Instance in = square_instance(n, std::move(square));
        in.id = "square:critical";
        add(std::move(in), c.seed);
        return;
    }
    for (const Instance& given : given_file) {
        poll_stop(stop);
        Instance in = square_instance(given.n, solved_square(given));
        in.id = given.id + ":critical";
        in.source = given.source;  // a repeated id is named by its file and line
        in.line = given.line;
        add(std::move(in), c.seed);
    }
}

// The instances of a critical_orders: source (config.hpp): the empty board of its order, id n<n>;
// for a kind whose runs draw from the source's seed, `count` of them, ids n<n>-s<seed> and
// meta.seed the run's seed. A kind that takes start puzzles (free-square) names its runs as its
// records (free_square_id): from the empty board, or from each puzzle of `file` (its instance,
// zero-given, named where it was read; `given_file`: the file's instances, own_file_instances).
void critical_orders_of(const CriticalOrdersSource& c, const TaskInfo& kind, std::vector<Instance> given_file,
                        std::vector<Instance>& out, const std::atomic<bool>* stop) {
    if (!c.file.empty()) {
        for (Instance in : given_file) {
            poll_stop(stop);
            if (!in.givens.empty())
                throw_input_error({in.source, in.line, 0}, fmt::format("instance '{}' has givens: task {} starts from zero-given puzzles",
                                                                       in.id, kind.name));
            in.id = free_square_start_id(in.id, c.seed);
            in.meta = Json{{"seed", c.seed}};
            out.push_back(std::move(in));
        }
        return;
    }
    for (std::uint64_t i = 0; i < (kind.order_seed ? c.count : 1); ++i) {
        poll_stop(stop);
        const std::uint64_t seed = c.seed + i;
        Instance in;
        in.n = c.n;
        in.id = kind.start_puzzles ? free_square_id(c.n, seed) : kind.order_seed ? fmt::format("n{}-s{}", c.n, seed) : fmt::format("n{}", c.n);
        if (kind.order_seed) in.meta = Json{{"seed", seed}};
        out.push_back(std::move(in));
    }
}

// The shards of a few_relations: source (config.hpp): each the empty board of its order, named as
// its shard file (few_relations_shard_name), meta k, shard, shards and the checkpoint folder.
void few_relations_of(const FewRelationsSource& f, std::vector<Instance>& out, const std::atomic<bool>* stop) {
    const std::uint64_t runs = f.count > 0 ? f.count : (f.shards - 1 - f.first) / f.stride + 1;
    for (std::uint64_t i = 0; i < runs; ++i) {
        poll_stop(stop);
        const std::uint64_t shard = f.first + i * f.stride;
        Instance in;
        in.n = f.n;
        in.id = critical::few_relations_shard_name(f.n, f.k, shard, f.shards);
        in.meta = Json{{"k", f.k}, {"shard", shard}, {"shards", f.shards}, {"checkpoint", f.checkpoint}};
        out.push_back(std::move(in));
    }
}

// The orders each kind's TaskInfo::max_n names, as their own headers define them.
static_assert(task_info(Task::solve).max_n == kMaxSize && task_info(Task::greedy).max_n == kMaxSize);
static_assert(task_info(Task::exact).max_n == kMaxEnumeratedN);
static_assert(task_info(Task::exact_square).max_n == critical::kMaxWideN);
static_assert(task_info(Task::construct).max_n == kMaxSize && task_info(Task::exhaustive).max_n == critical::kMaxExhaustiveN);
static_assert(task_info(Task::exact_sample).max_n == critical::kMaxExactN);
static_assert(task_info(Task::free_square).max_n == kMaxSize);

// An instance of an order its task does not take (TaskInfo::max_n) is named where it was read,
// as the matrix is built and before any file is written (round 13, F4: a 10x10 square of task
// exact-square failed in its run, blamed on `critical --exact`, and left a CSV behind that the
// corrected config could not be run over). A critical_squares `n` is refused as the config is
// read (config.cpp); its square or a file's square is named here by its line.
void check_order(const ExperimentConfig& config, const InstanceSource& source, const Instance& in) {
    const TaskInfo& kind = task_info(config.task);
    if (in.n <= kind.max_n) return;
    const bool own_square = source.kind == InstanceSource::Kind::critical_squares && !source.critical_squares.square.empty();
    const std::string what = own_square ? std::string("critical_squares.square") : fmt::format("instance '{}'", in.id);
    throw_input_error({in.source, in.line, 0}, fmt::format("{} has order {}: task {} takes n from {} to {}", what, in.n,
                                                           kind.name, kMinSize, kind.max_n));
}

// The instances of a critical_squares: or critical_orders: source's `file` (none without one),
// found as `file:` sources' are, beside the config (source_file_path), and read as theirs are
// (instances_at_key: a path that cannot be read is refused at the key).
std::vector<Instance> own_file_instances(const ExperimentConfig& config, const InstanceSource& source,
                                         std::vector<InputFile>* files) {
    const bool squares = source.kind == InstanceSource::Kind::critical_squares;
    if (!squares && source.kind != InstanceSource::Kind::critical_orders) return {};
    const std::string& file = squares ? source.critical_squares.file : source.critical_orders.file;
    const SourceLoc& at = squares ? source.critical_squares.file_at : source.critical_orders.file_at;
    if (file.empty()) return {};
    return instances_at_key(at, squares ? "critical_squares.file" : "critical_orders.file", file,
                            source_file_path(config, at, file), nullptr, files);
}

// `skipped` null: the first bad file instance is an error; else bad ones are recorded there.
// `points` gets each instance's sweep point (kNoPoint unless it is a planted random instance).
// `files` (may be null) gets each file read with its content hash. `stop`: build_run_matrix's.
std::vector<Instance> source_instances(const ExperimentConfig& config, const InstanceSource& source,
                                       std::vector<SkippedInput>* skipped, std::vector<SweepPoint>& points,
                                       std::vector<InputFile>* files, const std::atomic<bool>* stop) {
    std::vector<Instance> out;
    points.clear();
    if (source.kind == InstanceSource::Kind::file) {
        for (const std::string& path : expand(config, source)) {
            poll_stop(stop);
            for (Instance& in : instances_at_key(source.file_at, "file", source.file, path, skipped, files))
                out.push_back(std::move(in));
        }
        points.assign(out.size(), kNoPoint);
        return out;
    }
    // Outside the try below: what is wrong with the file is named at its key or in the file.
    std::vector<Instance> given_file = own_file_instances(config, source, files);
    try {
        if (source.kind == InstanceSource::Kind::squares) random_squares(config, source.squares, out, stop);
        else if (source.kind == InstanceSource::Kind::classes) square_classes_of(source.classes, out, stop);
        else if (source.kind == InstanceSource::Kind::critical_squares)
            critical_squares_of(source.critical_squares, given_file, out, stop);
        else if (source.kind == InstanceSource::Kind::few_relations) few_relations_of(source.few_relations, out, stop);
        else if (source.kind == InstanceSource::Kind::critical_orders)
            critical_orders_of(source.critical_orders, task_info(config.task), std::move(given_file), out, stop);
        else if (source.generate.kind == GeneratorKind::unique) generate_unique(config, source.generate, out, stop);
        else generate_random(config, source.generate, out, points, stop);
    } catch (const InputError& e) {  // an out-of-range parameter: name the config line
        throw_input_error({config.path, source.line, 0}, e.what());
    } catch (const MatrixStopped&) {
        throw;  // no fault of the source's
    } catch (const std::runtime_error& e) {  // a generator that found no puzzle: which source asked for it
        throw std::runtime_error(fmt::format("{}:{}: {}", config.path, source.line, e.what()));
    }
    points.resize(out.size(), kNoPoint);
    // A file's squares and start puzzles keep their places; the rest of these sources' instances
    // are placed at the source's line (a repeated id names both lines, as file instances do).
    const bool own_places = source.kind == InstanceSource::Kind::critical_squares ||
                            source.kind == InstanceSource::Kind::critical_orders;
    for (Instance& in : out)
        if (!own_places || in.source.empty()) {
            in.source = config.path;
            if (own_places) in.line = source.line;
        }
    return out;
}

// Sources whose instances the config itself makes (generate, squares, classes): their place is
// the source's line of the config.
bool made_by_config(const InstanceSource& source) {
    using Kind = InstanceSource::Kind;
    return source.kind == Kind::generate || source.kind == Kind::squares || source.kind == Kind::classes ||
           source.kind == Kind::few_relations;
}

std::string_view source_key(const InstanceSource& source) {
    switch (source.kind) {
        case InstanceSource::Kind::generate: return "generate";
        case InstanceSource::Kind::squares: return "squares";
        case InstanceSource::Kind::classes: return "classes";
        case InstanceSource::Kind::few_relations: return "few_relations";
        default: return "instance";
    }
}

// What can be done about an instance id read twice, by the kind of source that read it again.
// critical_squares: names its squares itself (config.hpp), so "rename one" is no advice there.
// `first_line`: the config line of the source that read it first.
std::string repeated_id_advice(const ExperimentConfig& config, const InstanceSource& source, bool same_place, int first_line) {
    if (source.kind == InstanceSource::Kind::critical_orders)
        return source.critical_orders.file.empty() ? "give each order (and seed) once"
                                                   : "rename one in its file, or give the file once for each seed";
    // A source the config generates draws from seeds of the config seed and its values: two such
    // sources with a value in common make the same instances (red-team round 14, B F18).
    if (made_by_config(source))
        return fmt::format("the {} sources of {} lines {} and {} make the same instances (equal values draw equal "
                           "seeds): give each value in one of them only",
                           source_key(source), config.path, first_line, source.line);
    if (source.kind != InstanceSource::Kind::critical_squares) return "rename one, or list the file once";
    const CriticalSquaresSource& c = source.critical_squares;
    if (c.n > 0) return "critical_squares sources of one n need seed ranges (seed to seed + count - 1) that do not overlap";
    if (!c.square.empty())
        return "every critical_squares square is named square:critical: put the squares in a file, one instance each "
               "with its own id, and give it as critical_squares: { file: ... }";
    return same_place ? fmt::format("the file is given twice, {} lines {} and {}: list it once; all its squares take that "
                                    "source's one seed",
                                    config.path, first_line, source.line)
                      : "rename one in its file";
}

// The instance's values on the matrix's axes (`axes`: indices into kAxes).
void append_point(RunMatrix& m, const std::vector<std::size_t>& axes, const SweepPoint& point) {
    for (std::size_t a : axes) m.param_values.push_back(point[a]);
}

// Kinds whose input is squares (generate, critical) take solved squares: a file instance's
// solution (or its unique solution), a generated instance's planted square. The matrix holds
// them as full puzzles.
Puzzle square_input(const Instance& in) {
    if (in.givens.size() == static_cast<std::size_t>(in.n * in.n) && in.lt.empty()) return Puzzle::compile(in);
    Instance square = square_instance(in.n, solved_square(in));
    square.id = in.id;
    square.source = in.source;
    return Puzzle::compile(square);
}

// The puzzle a run is of, as the matrix holds it. A run of a kind that draws from its seed
// (TaskInfo::order_seed) is of its board and that seed: its instance_hash covers the seed, or
// analyze and compare took runs of different seeds from the empty board for repeats of one
// instance (a "noise" spread and "counter changes" that were different searches).
Puzzle run_instance(const ExperimentConfig& config, const Instance& in) {
    const TaskInfo& kind = task_info(config.task);
    if (kind.inputs == TaskInput::squares) return square_input(in);
    const Puzzle p = Puzzle::compile(in);
    // A few-relations shard is of its board and its shard of the count (one hash per run, as a seed's).
    if (kind.inputs == TaskInput::few_relations)
        return p.with_hash_of(fmt::format("few-relations k={} shard={}/{}", in.meta["k"].get<int>(),
                                          in.meta["shard"].get<std::uint64_t>(), in.meta["shards"].get<std::uint64_t>()));
    return kind.order_seed ? p.with_hash_of(fmt::format("seed={}", in.meta["seed"].get<std::uint64_t>())) : p;
}

}  // namespace

std::string class_instance_id(int n, std::uint64_t index) { return fmt::format("exact-n{}-c{:05d}", n, index); }

std::uint64_t derive_seed(std::uint64_t base, const std::string& coordinates) {
    std::uint64_t h = splitmix64(base);
    for (unsigned char ch : coordinates) h = splitmix64(h ^ ch);
    return h >> 1;  // 63 bits: survives any signed 64-bit reader of the CSV
}

std::vector<std::string> sweep_axes(const ExperimentConfig& config) {
    std::array<bool, kAxes.size()> used{};
    for (const InstanceSource& source : config.instances) {
        if (source.kind != InstanceSource::Kind::generate || source.generate.kind == GeneratorKind::unique) continue;
        const GenerateSource& g = source.generate;
        used[g.h.empty() ? 0 : 1] = true;
        used[g.k.empty() ? 2 : 3] = true;
    }
    std::vector<std::string> names;
    for (std::size_t a = 0; a < kAxes.size(); ++a)
        if (used[a]) names.emplace_back(kAxes[a]);
    return names;
}

std::uint64_t generated_instance_count(const ExperimentConfig& config) {
    std::uint64_t total = 0;
    for (const InstanceSource& source : config.instances) total = plus(total, source_count(source));
    return total;
}

void check_run_count(const ExperimentConfig& config, std::uint64_t instances, bool at_least) {
    const std::uint64_t per_pair = static_cast<std::uint64_t>(config.repeats) + static_cast<std::uint64_t>(config.warmup);
    const std::uint64_t builds = std::max<std::uint64_t>(1, config.builds.size());
    const std::uint64_t runs = times(times(times(instances, config.solvers.size()), builds), per_pair);
    if (runs <= config.max_runs) return;
    const std::string count = runs == std::numeric_limits<std::uint64_t>::max()
                                  ? "more than 18446744073709551615"
                                  : fmt::format("{}{}", at_least ? "at least " : "", runs);
    const std::string warmup = config.warmup > 0 ? fmt::format(" + {} warm-up", config.warmup) : "";
    const std::string times_builds = builds > 1 ? fmt::format(" × {} builds", builds) : "";
    throw InputError(fmt::format("{}: the run matrix has {} runs ({}{} instances × {} solvers{} × ({} repeats{})), "
                                 "more than max_runs = {}: refused before building it (raise max_runs if you mean it)",
                                 config.path, count, at_least ? "at least " : "", instances, config.solvers.size(),
                                 times_builds, config.repeats, warmup, config.max_runs));
}

std::vector<ConfigInput> config_inputs(const ExperimentConfig& config) {
    std::vector<ConfigInput> inputs;
    if (config.path != "-") inputs.push_back({.path = config.path, .what = "the config itself"});
    for (const InstanceSource& source : config.instances) {
        if (source.kind == InstanceSource::Kind::file)
            for (std::string& path : find_beside_config(config, source.file, glob_paths).first)
                inputs.push_back({.path = std::move(path),
                                  .what = fmt::format("an instances file, file: at {}", format_location(source.file_at))});
        const bool squares = source.kind == InstanceSource::Kind::critical_squares;
        if (!squares && source.kind != InstanceSource::Kind::critical_orders) continue;
        const std::string& file = squares ? source.critical_squares.file : source.critical_orders.file;
        const SourceLoc& at = squares ? source.critical_squares.file_at : source.critical_orders.file_at;
        if (!file.empty())
            for (std::string& path : find_beside_config(config, file, existing).first)
                inputs.push_back({.path = std::move(path),
                                  .what = fmt::format("{}.file at {}", squares ? "critical_squares" : "critical_orders",
                                                      format_location(at))});
    }
    for (const BuildSpec& b : config.builds)
        inputs.push_back({.path = b.path, .what = fmt::format("the binary of build {}", b.name)});
    return inputs;
}

RunMatrix build_run_matrix(const ExperimentConfig& config, bool skip_invalid, const std::atomic<bool>* stop) {
    // Counted from the config before any instance is generated or read: a generated count
    // or repeats of 10^9 is refused here, not after filling memory.
    check_run_count(config, generated_instance_count(config), true);
    RunMatrix m;
    m.solvers = config.solvers;
    for (const SolverSpec& s : m.solvers) m.specs.push_back(s.spec());
    m.param_names = sweep_axes(config);
    std::vector<std::size_t> axes;
    for (const std::string& name : m.param_names)
        axes.push_back(static_cast<std::size_t>(std::find(kAxes.begin(), kAxes.end(), name) - kAxes.begin()));
    std::vector<SkippedInput>* skipped = skip_invalid ? &m.skipped : nullptr;
    std::vector<SweepPoint> points;
    // A run is keyed by its instance's id (with its hash): one id twice (a JSONL corpus with a
    // repeated id, a file listed twice or matched by two globs) would count runs twice in every
    // analysis and mix them on resume. Refused before the sweep, naming both places.
    std::map<std::string, std::pair<std::string, int>> seen;  // id → where it was first read, by the source of which line
    for (const InstanceSource& source : config.instances) {
        const std::vector<Instance> list = source_instances(config, source, skipped, points, &m.input_files, stop);
        for (std::size_t j = 0; j < list.size(); ++j) {
            poll_stop(stop);  // each is compiled and hashed
            const Instance& in = list[j];
            const std::string where = in.line > 0          ? fmt::format("{}:{}", in.source, in.line)
                                      : made_by_config(source) ? fmt::format("{}:{}", config.path, source.line)
                                                               : in.source;
            if (const auto [first, fresh] = seen.emplace(in.id, std::pair{where, source.line}); !fresh)
                throw InputError(fmt::format("{}: instance id '{}' again (first at {}): ids must be unique in an "
                                             "experiment ({})",
                                             where, in.id, first->second.first,
                                             repeated_id_advice(config, source, where == first->second.first, first->second.second)));
            try {  // the semantic checks: values in range, adjacent and acyclic relations, …
                check_order(config, source, in);
                m.instances.push_back(run_instance(config, in));
                append_point(m, axes, points[j]);
                if (source.kind == InstanceSource::Kind::classes)
                    m.classes.push_back({in.meta["class"].get<std::size_t>(), in.meta["orbit"].get<int>()});
                if (source.kind == InstanceSource::Kind::few_relations)
                    m.few_relations.push_back({in.meta["k"].get<int>(), in.meta["shard"].get<std::uint64_t>(),
                                               in.meta["shards"].get<std::uint64_t>(), in.meta["checkpoint"].get<std::string>()});
                if (own_seeds(task_info(config.task))) m.own_seeds.push_back(in.meta["seed"].get<std::uint64_t>());
            } catch (const InputError& e) {
                if (!skipped) throw;
                skipped->push_back({in.id, e.what()});
            }
        }
    }
    if (m.instances.empty() && !m.skipped.empty())
        throw InputError(fmt::format("{}: every instance is invalid ({} skipped, the first: {})", config.path,
                                     m.skipped.size(), m.skipped.front().error));
    check_run_count(config, m.instances.size());  // now with the file instances
    // Builds (an A/B sweep) are the innermost axis but one: a run of each build per (instance,
    // solver, repeat), all with the same seed, so the builds solve exactly the same runs. One
    // build (`self`) gives the matrix, indices and seeds of a sweep without `builds:`.
    for (const BuildSpec& b : config.builds) m.build_names.push_back(b.name);
    if (m.build_names.empty()) m.build_names.emplace_back(kSelfBuild);
    const int builds = static_cast<int>(m.build_names.size());
    m.runs.reserve(m.instances.size() * m.solvers.size() * m.build_names.size() * static_cast<std::size_t>(config.repeats));
    for (int i = 0; i < static_cast<int>(m.instances.size()); ++i)
        for (int s = 0; s < static_cast<int>(m.solvers.size()); ++s)
            for (int b = 0; b < builds; ++b)
                for (int r = 1; r <= config.repeats; ++r) {
                    // Each run, not each instance: one instance of 10^8 repeats took minutes to lay
                    // out, a stop unseen meanwhile (red-team round 17, B F6).
                    poll_stop(stop);
                    const std::string coords = fmt::format("{}|{}|{}", m.instances[i].hash(), m.solvers[s].text(), r);
                    const std::uint64_t seed = m.own_seeds.empty() ? derive_seed(config.seed, coords) : m.own_seeds[static_cast<std::size_t>(i)];
                    m.runs.push_back({.index = m.runs.size(), .instance = i, .solver = s, .repeat = r,
                                      .seed = seed, .warmup = false, .build = b});
                }
    return m;
}

bool in_shard(std::size_t run_index, int index, int count) {
    return static_cast<int>(splitmix64(run_index) % static_cast<std::uint64_t>(count)) == index;
}

std::vector<PlannedRun> shard_of(const std::vector<PlannedRun>& runs, int index, int count, const std::atomic<bool>* stop) {
    std::vector<PlannedRun> out;
    for (const PlannedRun& r : runs) {
        poll_stop(stop);
        if (in_shard(r.index, index, count)) out.push_back(r);
    }
    return out;
}

std::string run_key(const RunMatrix& m, const PlannedRun& run) {
    const Puzzle& p = m.instances[run.instance];
    const SolverSpec& s = m.solvers[run.solver];
    return run_key(p.id(), p.hash(), s.name, s.canonical_options(), run.seed, run.repeat,
                   m.build_names[static_cast<std::size_t>(run.build)]);
}

}  // namespace futolab
