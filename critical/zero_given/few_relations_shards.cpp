#include "critical/zero_given/few_relations_shards.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/live_writer.hpp"
#include "core/message_text.hpp"
#include "core/numbers.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "core/yaml_bounds.hpp"
#include "core/yaml_fields.hpp"
#include "solvers/run/oracle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <exception>
#include <filesystem>
#include <initializer_list>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>

namespace futolab::critical {
namespace {

using CountField = FewRelationsCountField;
constexpr const auto& kFields = kFewRelationsCounts;  // the counts in file order (the header's list)

std::string example_text(const Instance& in) {
    std::string text = "[";
    for (std::size_t i = 0; i < in.lt.size(); ++i)
        text += fmt::format("{}[{}, {}, {}, {}]", i ? ", " : "", in.lt[i].r1, in.lt[i].c1, in.lt[i].r2, in.lt[i].c2);
    return text + "]";
}

// Each refusal names the file, the line and column of the value and the key, and quotes the
// value as typed (red-team round 18, B F5: "'unique' is not a valid value" named neither, for
// 08, 8.0 and 2^64 alike, and an unknown key had no line).
[[noreturn]] void refuse(const std::string& path, const YAML::Node& node, std::string_view problem) {
    const YAML::Mark m = node.Mark();
    throw_input_error({path, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0}, problem);
}

// The key's value, a single one (a missing key has no line to name: the file's name says where).
YAML::Node scalar_of(const YAML::Node& root, const char* key, const std::string& path) {
    const YAML::Node node = root[key];
    if (!node) throw InputError(fmt::format("{}: not a complete few-relations shard file: no '{}'", path, key));
    if (!node.IsScalar()) refuse(path, node, fmt::format("key '{}' must be a single value", key));
    return node;
}

// The text of a number as this file writes it: a plain scalar. `unique: "0"` and `cpu_seconds:
// "0.000"` were read by their text (red-team round 26, B F4), where another YAML reader reads a
// string; a tag (`!!float 0`) says another type than the text.
const std::string& plain_text(const YAML::Node& node, const std::string& what, const std::string& path) {
    if (node.Tag() != "?")
        refuse(path, node, fmt::format("{}: '{}' is {}, where futolab writes the number plain", what, message_text(node.Scalar(), 40),
                                       node.Tag() == "!" ? "quoted" : "tagged " + yaml_tag_name(node.Tag())));
    return node.Scalar();
}

// A whole number as this file writes it: plain digits, no leading zero (08 is refused, not
// read as 8), from 0 to `max`; `what` names it ("key 'unique'").
std::uint64_t whole_at(const YAML::Node& node, const std::string& what, std::uint64_t max, const std::string& path) {
    const std::string& text = plain_text(node, what, path);
    const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits && text.size() > 1 && text.front() == '0')
        refuse(path, node, fmt::format("{}: '{}' has a leading zero, where futolab writes none (accepted: 0 to {})", what,
                                       message_text(text, 40), max));
    try {
        return parse_uint_in(text, what, {0, max});  // "key 'unique': 18446744073709551616 is too large (accepted: …)"
    } catch (const NumberError& e) {
        refuse(path, node, e.what());
    }
}

std::uint64_t read_whole(const YAML::Node& root, const char* key, const std::string& path, std::uint64_t max = kMaxWhole) {
    return whole_at(scalar_of(root, key, path), fmt::format("key '{}'", key), max, path);
}

// A shard's time: a number of seconds from 0 to a year (issue #45: -5, .nan and 1e308 were
// taken, the last printed as a 309-digit sum), in the form the file writes it ("{:.3f}": plain
// digits, a point and 3 decimals): `-0.000`, `.000`, `0.0000` and `1e0` were taken (red-team
// round 26, B F4), as no other number of the file or of a sidecar is.
double read_seconds(const YAML::Node& root, const char* key, const std::string& path) {
    constexpr double kYear = 365.25 * 24 * 3600;
    const YAML::Node node = scalar_of(root, key, path);
    const std::string what = fmt::format("key '{}'", key);
    const std::string& text = plain_text(node, what, path);
    if (!is_fixed_point(text, 3))
        refuse(path, node, fmt::format("{}: '{}' is not a number of seconds as futolab writes it (3 decimals, no sign, exponent "
                                       "or leading zero: 12.345)",
                                       what, message_text(text, 40)));
    try {
        return parse_double_in(text, what, {0, kYear, "s", "a year of 365.25 days"});
    } catch (const NumberError& e) {
        refuse(path, node, e.what());
    }
}

// Whole milliseconds of a time read_seconds took ("12.345" -> 12345): exact, for comparing two.
std::uint64_t milliseconds_of(const YAML::Node& node) {
    std::string digits = node.Scalar();
    digits.erase(digits.find('.'), 1);
    return std::stoull(digits);
}

// The shard is counted on one thread (few_relations: the thread's CPU clock and the wall clock
// around it), whose CPU time cannot exceed the wall time: `seconds: 0.000` beside `cpu_seconds:
// 3000.000` was taken and published as the count's CPU (red-team round 26, B F4). One
// millisecond is left for the two clocks read one after the other, each rounded to 3 decimals.
void check_cpu_within_wall(const YAML::Node& root, const std::string& path) {
    const std::uint64_t wall = milliseconds_of(root["seconds"]), cpu = milliseconds_of(root["cpu_seconds"]);
    if (cpu > wall + 1)
        refuse(path, root["cpu_seconds"],
               fmt::format("key 'cpu_seconds' is {}, more than the shard's wall time (key 'seconds', line {}: {}): its count runs "
                           "on one thread, whose CPU time is never more than its wall time",
                           root["cpu_seconds"].Scalar(), root["seconds"].Mark().line + 1, root["seconds"].Scalar()));
}

// The four numbers of a relation as typed ("[0, 1, 0, 0]"), for a message.
std::string relation_text(const YAML::Node& r) {
    if (r.IsScalar()) return message_text(r.Scalar(), 40);
    if (!r.IsSequence()) return "a map";
    std::string text;
    for (const YAML::Node& x : r) text += (text.empty() ? "" : ", ") + (x.IsScalar() ? message_text(x.Scalar(), 40) : "[…]");
    return "[" + text + "]";
}

// One relation [r1, c1, r2, c2]: four whole numbers naming cells of the grid, kept with its
// place in the file for Puzzle::compile's messages.
LessThan read_relation(const YAML::Node& r, int n, const std::string& path) {
    const std::string what = "key 'example': relation " + relation_text(r);
    if (!r.IsSequence() || r.size() != 4) refuse(path, r, what + " is not four whole numbers [r1, c1, r2, c2]");
    int v[4];
    for (std::size_t i = 0; i < 4; ++i) {
        if (!r[i].IsScalar()) refuse(path, r[i], what + " is not four whole numbers [r1, c1, r2, c2]");
        v[i] = static_cast<int>(whole_at(r[i], what + ": a row or column", static_cast<std::uint64_t>(n - 1), path));
    }
    return {v[0], v[1], v[2], v[3], r.Mark().line + 1, r.Mark().column + 1};
}

// Puzzle::compile's refusal ("PATH:LINE:COLUMN: cells (1,2) and (1,1) are related both ways"),
// the key named.
Puzzle compiled(const Instance& in) {
    try {
        return Puzzle::compile(in);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{} (key 'example')", e.what()));
    }
}

// The example puzzle: exactly k relations and no givens, a valid puzzle of order n as `futolab
// check` reads one (Puzzle::compile: adjacent cells, none related twice or both ways, no cycle),
// with exactly one solution (one count to 2). A forged example (a 2-cycle, an unsatisfiable
// set) was taken and written to --out as the unique zero-given puzzle (red-team round 18, B
// F1); issue #45: a yaml-cpp conversion error escaped with no file named, and "example: 5"
// was read as an empty puzzle.
Instance read_example(const YAML::Node& node, int n, int k, const std::string& path) {
    if (!node.IsSequence() || node.size() != static_cast<std::size_t>(k))
        refuse(path, node, fmt::format("key 'example' must be a list of the {} relations [r1, c1, r2, c2]", k));
    Instance in;
    in.n = n;
    in.id = "few-relations";
    in.source = path;
    in.line = node.Mark().line + 1;
    for (const YAML::Node& r : node) in.lt.push_back(read_relation(r, n, path));
    const std::string problem = few_relations_example_problem(compiled(in));
    if (!problem.empty()) refuse(path, node, fmt::format("key 'example' is {}", problem));
    return in;
}

// The file's limits, where it records them: both keys or neither (a file of an older futolab,
// which records none). Each in the one form limit_text writes, from 0 (none) to kMaxSeconds.
std::optional<FewRelationsLimits> read_limits(const YAML::Node& root, const std::string& path) {
    if (!root["time_limit_ms"] && !root["cpu_limit_ms"]) return std::nullopt;
    constexpr double kMaxMs = kMaxSeconds * 1e3;
    FewRelationsLimits limits;
    for (const auto& [key, member] : {std::pair{"time_limit_ms", &FewRelationsLimits::time_ms},
                                      std::pair{"cpu_limit_ms", &FewRelationsLimits::cpu_ms}}) {
        const YAML::Node node = scalar_of(root, key, path);  // the other there, this one missing: not whole
        const std::string what = fmt::format("key '{}'", key);
        const std::string& text = plain_text(node, what, path);
        double ms = -1;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), ms, std::chars_format::fixed);
        if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(ms) || std::signbit(ms) || shortest_fixed(ms) != text)
            refuse(path, node, fmt::format("{}: '{}' is not a limit in milliseconds as futolab writes it (the shortest "
                                           "decimal, no sign, exponent or leading zero: 1000, 0.5; 0 for none)",
                                           what, message_text(text, 40)));
        if (ms > kMaxMs) refuse(path, node, fmt::format("{}: {} is too large (accepted: 0 to {})", what, text, shortest_fixed(kMaxMs)));
        limits.*member = ms;
    }
    return limits;
}

// "3600000", "0 (none)": a limit for a message.
std::string limit_said(double ms) { return ms == 0 ? "0 (none)" : shortest_fixed(ms); }

// The file's limits are the count's that would take it: a shard counted under a 1 h limit was
// taken into a run of 1 s (or the reverse) without a word (red-team round 27, left open). Refused
// at the first key that differs, both values named.
void check_limits(const YAML::Node& root, const FewRelationsLimits& file, const FewRelationsLimits& now, const std::string& path) {
    for (const auto& [key, member, clock] : {std::tuple{"time_limit_ms", &FewRelationsLimits::time_ms, "wall"},
                                             std::tuple{"cpu_limit_ms", &FewRelationsLimits::cpu_ms, "CPU"}}) {
        if (file.*member == now.*member) continue;
        const YAML::Mark m = root[key].Mark();
        throw FewRelationsLimitsDiffer(fmt::format(
            "{}: key '{}' is {}, where this count's {} time limit is {}: its shard was counted under other limits than this "
            "count's, and is not taken as counted under these: remove it to count its shard again under them, or use another "
            "checkpoint folder",
            format_location({path, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0}), key,
            limit_said(file.*member), clock, limit_said(now.*member)));
    }
}

// Every key once and none unknown: YAML readers keep the first of two equal keys, so an
// appended "unique: 3" would otherwise be read past in silence.
void check_keys(const YAML::Node& root, const std::string& path) {
    std::set<std::string> known{"partition", "n",       "k",       "shard",        "shards",      "seconds",
                                "cpu_seconds", "example", "producer", "time_limit_ms", "cpu_limit_ms"};
    for (const CountField& f : kFields) known.insert(f.key);
    std::set<std::string> seen;
    for (const auto& entry : root) {
        const std::string key = entry.first.Scalar();
        if (!known.count(key)) refuse(path, entry.first, fmt::format("unknown key '{}'", message_text(key, 40)));
        if (!seen.insert(key).second) refuse(path, entry.first, fmt::format("key '{}' is given twice", message_text(key, 40)));
    }
}

// The count a file is of: exactly this one's n, k, shard and shards, or it is another's.
void check_count_of(const YAML::Node& root, const FewRelationsShard& run, const std::string& path) {
    const std::pair<const char*, std::uint64_t> keys[] = {{"n", static_cast<std::uint64_t>(run.n)},
                                                          {"k", static_cast<std::uint64_t>(run.k)},
                                                          {"shard", run.shard},
                                                          {"shards", run.shards}};
    for (const auto& [key, value] : keys)
        if (read_whole(root, key, path) != value)
            refuse(path, root[key], fmt::format("key '{}' is {}: the file of another count (this one is n={} k={} shard {}/{})", key,
                                                root[key].Scalar(), run.n, run.k, run.shard, run.shards));
}

// True if the parts add up to `total` exactly, taken off one by one: a forged part near 2^64 must
// not wrap the sum round to the total.
bool adds_up(std::uint64_t total, std::initializer_list<std::uint64_t> parts) {
    for (const std::uint64_t part : parts) {
        if (part > total) return false;
        total -= part;
    }
    return total == 0;
}

void check_sums(const FewRelationsCount& c, const std::string& path) {
    if (const std::string problem = few_relations_count_problem(c); !problem.empty()) throw InputError(path + ": " + problem);
}

// The key few_relations_search_problem's refusal is about: the count it names first
// ("puzzles is 7, where …").
std::string_view key_of_search_problem(std::string_view problem) { return problem.substr(0, problem.find(' ')); }

// The file's producer is `producer`, this build: a file another build counted (or one that does
// not say) is not taken as this build's count, as resume takes no row of another build.
void check_producer(const YAML::Node& root, const std::string& producer, const std::string& path) {
    const std::string advice = "remove it to count its shard again with this build, or run the build that counted it";
    if (!root["producer"])
        throw InputError(fmt::format("{}: no 'producer': it does not say which futolab counted it, so it is not taken as this "
                                     "build's ({}): {}",
                                     path, producer, advice));
    const std::string said = scalar_of(root, "producer", path).Scalar();
    if (said != producer)
        refuse(path, root["producer"],
               fmt::format("key 'producer' is '{}': another build counted it, not this one ({}): {}", message_text(said, 200),
                           producer, advice));
}

}  // namespace

std::string few_relations_shard_name(int n, int k, std::size_t shard, std::size_t shards) {
    return fmt::format("n{}-k{}-shard-{:03}-of-{:03}", n, k, shard, shards);
}

std::string few_relations_example_problem(const Puzzle& example) {
    const Status answer = CountOracle().count_to_two(example).status;
    if (answer == Status::unique) return "";
    return fmt::format("a puzzle with {}, not the unique one a count keeps",
                       answer == Status::unsat ? "no solution" : "more than one solution");
}

std::string few_relations_counts_difference(const FewRelationsCount& file, const FewRelationsCount& other,
                                            const std::string& whence) {
    for (const CountField& c : kFields)
        if (file.*c.member != other.*c.member)
            return fmt::format("key '{}' is {}, where {} says {}", c.key, file.*c.member, whence, other.*c.member);
    const auto said = [](const std::optional<Instance>& example) { return example ? example_text(*example) : "none"; };
    if (said(file.example) != said(other.example))
        return fmt::format("key 'example' is {}, where {} says {}", said(file.example), whence, said(other.example));
    return "";
}

double recount_shard_file(const FewRelationsShard& file, const std::string& dir, const std::atomic<bool>* stop,
                          std::string_view refusing) {
    const FewRelationsCount again = few_relations(file.n, file.k, file.shard, file.shards, nullptr, stop);
    const std::string whence = fmt::format("the shard counted again by this command ({:.1f} s CPU)", again.cpu_seconds);
    if (const std::string why = few_relations_counts_difference(file.count, again, whence); !why.empty())
        throw InputError(fmt::format("{}: {}: a shard file must be what its shard counts: refusing to take {}; remove it to "
                                     "count its shard again",
                                     few_relations_shard_path(dir, file.n, file.k, file.shard, file.shards), why, refusing));
    return again.cpu_seconds;
}

// Each rule on its own, with the values that break it (one message for all three quoted two
// rules that held, and not the one that failed).
std::string few_relations_count_problem(const FewRelationsCount& c) {
    if (!adds_up(c.puzzles, {c.cyclic, c.multiple, c.unsat, c.unique}))
        return fmt::format("the counts do not add up: puzzles is {}, where cyclic + multiple + unsat + unique is {} + {} + {} + {}",
                           c.puzzles, c.cyclic, c.multiple, c.unsat, c.unique);
    if (c.pool > c.multiple)
        return fmt::format("pool is {}, more than multiple ({}): pool counts some of the multiple puzzles", c.pool,
                           c.multiple);
    if (c.swap_skipped > c.pair_sets)
        return fmt::format("swap_skipped is {}, more than pair_sets ({}): swap_skipped counts some of the canonical pair sets", c.swap_skipped,
                           c.pair_sets);
    if ((c.unique > 0) != c.example.has_value()) return "'example' must be there exactly when 'unique' is not 0";
    return "";
}

std::uint64_t few_relations_pair_set_count(int n, int k) {
    const auto pairs = static_cast<std::uint64_t>(2 * n * (n - 1));
    std::uint64_t c = 1;  // C(pairs, i) after step i; pairs <= 60 and k <= 16 keep it below 2^53
    for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(k); ++i) c = i < pairs ? c * (pairs - i) / (i + 1) : 0;
    return c;
}

std::string few_relations_search_problem(const FewRelationsCount& c, int n, int k) {
    const std::uint64_t sets = few_relations_pair_set_count(n, k);
    if (c.pair_sets > sets)
        return fmt::format("pair_sets is {}, more than the {} sets of {} of the {} adjacent pairs of a {}x{} grid", c.pair_sets,
                           sets, k, 2 * n * (n - 1), n, n);
    // A set not skipped is counted in each orientation whose first relation points up (the
    // reversal of all is the same puzzle up to symmetry): 2^(k−1) puzzles, no more, no fewer.
    const std::uint64_t per_set = std::uint64_t{1} << (k - 1);
    const std::uint64_t searched = c.pair_sets - std::min(c.swap_skipped, c.pair_sets);
    if (c.puzzles != searched * per_set)
        return fmt::format("puzzles is {}, where the search counts 2^{} oriented puzzles for each of the {} pair sets not "
                           "skipped (pair_sets {} - swap_skipped {}): {}",
                           c.puzzles, k - 1, searched, c.pair_sets, c.swap_skipped, searched * per_set);
    if (c.pool > 0 && n <= 4) return fmt::format("pool is {}, where the search of order {} has no pool of squares (n <= 4)", c.pool, n);
    return "";
}

std::string few_relations_total_problem(const FewRelationsCount& total, int n, int k) {
    const std::uint64_t sets = few_relations_pair_set_count(n, k);
    if (total.pair_sets < (sets + 7) / 8)
        return fmt::format("its shards count {} canonical pair sets in all, fewer than the {} orbits at least of the {} sets of "
                           "{} adjacent pairs under the 8 symmetries of the grid: shards are missing their sets",
                           total.pair_sets, (sets + 7) / 8, sets, k);
    if (std::string why = few_relations_search_problem(total, n, k); !why.empty()) return why;
    // The chain construction (critical/construction/chain_construction.hpp, `critical --construct`) is proved unique for every
    // n with floor(n²/4) relations, and any other relations of its square added keep it unique:
    // a count of k >= floor(n²/4) with none unique contradicts a theorem, so its counts are not
    // the search's (red-team round 27, B F5: edited shard files printed "proved" at n = 4, k = 4).
    if (const int chain = n * n / 4; total.unique == 0 && k >= chain)
        return fmt::format("unique is 0 in all, where the chain construction (critical --construct --n {0}, proved for every n) "
                           "is a unique zero-given puzzle of order {0} with {1} relations, and any {2} more of its square's "
                           "relations keep one unique: {3} relations >= floor(n^2/4) = {1}, so some puzzle of {3} is unique",
                           n, chain, k - chain, k);
    return "";
}

std::string few_relations_shard_path(const std::string& dir, int n, int k, std::size_t shard, std::size_t shards) {
    return (std::filesystem::path(dir) / (few_relations_shard_name(n, k, shard, shards) + ".yaml")).string();
}

namespace {

// Takes one or more digits off the front of `text`.
bool take_digits(std::string_view& text) {
    std::size_t i = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    text.remove_prefix(i);
    return i > 0;
}

bool take(std::string_view& text, std::string_view part) {
    if (!text.starts_with(part)) return false;
    text.remove_prefix(part.size());
    return true;
}

}  // namespace

// nN-kK-shard-DIGITS-of-DIGITS.yaml, or .THAT.lock (OutputLock's name for it).
bool is_few_relations_shard_file(std::string_view name, int n, int k) {
    const bool lock = name.starts_with('.') && name.ends_with(".lock");
    if (lock) name = name.substr(1, name.size() - 6);
    return take(name, fmt::format("n{}-k{}-shard-", n, k)) && take_digits(name) && take(name, "-of-") && take_digits(name) &&
           name == ".yaml";
}

std::string few_relations_count_name(int n, int k, std::size_t shards) { return fmt::format("n{}-k{}-of-{:03}", n, k, shards); }

std::string few_relations_table_path(const std::string& dir, int n, int k, std::size_t shards) {
    return (std::filesystem::path(dir) / (few_relations_count_name(n, k, shards) + ".table.md")).string();
}

std::string live_shard_writer(const std::string& dir, int n, int k, std::size_t shards) {
    namespace fs = std::filesystem;
    const std::string tail = fmt::format("-of-{:03}.yaml.lock", shards);  // this count's, not another --shards'
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.ends_with(tail) || !is_few_relations_shard_file(name, n, k)) continue;
        const std::string file = (fs::path(dir) / name.substr(1, name.size() - 6)).string();  // `.NAME.lock`
        if (const std::string pid = other_writer_of(file); !pid.empty())
            return fmt::format("{}: another futolab (pid {}) is writing it", file, pid);
    }
    return "";
}

std::string write_few_relations_shard(const FewRelationsShard& s) {
    std::string text = fmt::format(
        "# futolab critical --n {} --few-relations {} --shard {}/{}: zero-given puzzles with {} relations, up to symmetry\n"
        "partition: {}\nn: {}\nk: {}\nshard: {}\nshards: {}\n",
        s.n, s.k, s.shard, s.shards, s.k, kFewRelationsPartition, s.n, s.k, s.shard, s.shards);
    for (const CountField& f : kFields) text += fmt::format("{}: {}\n", f.key, s.count.*f.member);
    text += fmt::format("seconds: {:.3f}\ncpu_seconds: {:.3f}\n", s.count.seconds, s.count.cpu_seconds);
    if (s.count.example) text += "example: " + example_text(*s.count.example) + "\n";
    YAML::Emitter quoted;  // a string from elsewhere: quoted by the YAML library, never raw YAML
    quoted << YAML::DoubleQuoted << s.producer;
    // The limits last: the lines above keep the numbers a file of an older futolab has them at.
    const FewRelationsLimits limits = s.limits.value_or(FewRelationsLimits{});
    return text + "producer: " + quoted.c_str() + "\n" +
           fmt::format("time_limit_ms: {}\ncpu_limit_ms: {}\n", shortest_fixed(limits.time_ms), shortest_fixed(limits.cpu_ms));
}

std::optional<FewRelationsShard> read_few_relations_shard(const std::string& path, int n, int k, std::size_t shard,
                                                          std::size_t shards, const std::optional<std::string>& producer,
                                                          const std::optional<FewRelationsLimits>& limits) {
    if (!std::filesystem::exists(path)) return std::nullopt;
    const YAML::Node root = load_yaml_bounded(read_text_file(path), path);
    if (!root.IsMap()) refuse(path, root, "not a few-relations shard file (a map of keys)");
    check_keys(root, path);
    if (read_whole(root, "partition", path) != static_cast<std::uint64_t>(kFewRelationsPartition))
        refuse(path, root["partition"],
               fmt::format("key 'partition' is {}: written for another shard partition (this futolab writes {}): remove it or "
                           "use another --checkpoint folder",
                           root["partition"].Scalar(), kFewRelationsPartition));
    FewRelationsShard s{n, k, shard, shards, {}, "", std::nullopt};
    check_count_of(root, s, path);
    for (const CountField& f : kFields) s.count.*f.member = read_whole(root, f.key, path);
    s.count.seconds = read_seconds(root, "seconds", path);
    s.count.cpu_seconds = read_seconds(root, "cpu_seconds", path);
    check_cpu_within_wall(root, path);
    if (root["producer"]) s.producer = scalar_of(root, "producer", path).Scalar();
    if (root["example"]) s.count.example = read_example(root["example"], n, k, path);
    if ((s.count.unique > 0) != s.count.example.has_value())
        refuse(path, root["unique"],
               fmt::format("key 'unique' is {}: 'example' must be there exactly when 'unique' is not 0", root["unique"].Scalar()));
    check_sums(s.count, path);
    if (const std::string problem = few_relations_search_problem(s.count, n, k); !problem.empty())
    {
        const std::string key(key_of_search_problem(problem));
        refuse(path, root[key], fmt::format("key '{}'{}", key, problem.substr(key.size())));
    }
    s.limits = read_limits(root, path);
    if (producer) check_producer(root, *producer, path);
    if (limits && s.limits) check_limits(root, *s.limits, *limits, path);  // a file recording none: as before
    return s;
}

std::vector<FewRelationsShard> run_few_relations_shards(const ShardPlan& plan,
                                                        const std::function<void(const FewRelationsShard&, bool)>& done) {
    if (plan.shards == 0 || (plan.only && *plan.only >= plan.shards))
        throw InputError("--few-relations: shard I/N needs 0 <= I < N");
    create_output_folder(plan.dir, "--checkpoint");
    std::vector<std::size_t> todo = plan.only ? std::vector<std::size_t>{*plan.only} : std::vector<std::size_t>{};
    if (!plan.only)
        for (std::size_t i = 0; i < plan.shards; ++i) todo.push_back(i);
    std::vector<std::optional<FewRelationsShard>> found(todo.size());
    std::vector<std::size_t> missing;
    std::mutex lock;
    for (std::size_t t = 0; t < todo.size(); ++t) {
        found[t] = read_few_relations_shard(few_relations_shard_path(plan.dir, plan.n, plan.k, todo[t], plan.shards), plan.n,
                                            plan.k, todo[t], plan.shards);
        if (found[t]) done(*found[t], true);
        else missing.push_back(t);
    }
    if (!missing.empty()) {
        const auto pool = few_relations_pool(plan.n);
        std::atomic<std::size_t> next{0};
        std::exception_ptr failure;
        auto work = [&] {
            for (std::size_t m; (m = next++) < missing.size();) {
                const std::size_t t = missing[m];
                try {
                    const std::string path = few_relations_shard_path(plan.dir, plan.n, plan.k, todo[t], plan.shards);
                    const std::shared_ptr<void> held = plan.hold ? plan.hold(todo[t]) : nullptr;
                    // A run of this shard alone may have written it since the folder was read.
                    if (auto written = read_few_relations_shard(path, plan.n, plan.k, todo[t], plan.shards)) {
                        const std::lock_guard<std::mutex> hold(lock);
                        found[t] = std::move(written);
                        done(*found[t], true);
                        continue;
                    }
                    if (plan.stop != nullptr && plan.stop->load()) throw FewRelationsStopped();
                    FewRelationsShard s{plan.n, plan.k, todo[t], plan.shards,
                                        few_relations(plan.n, plan.k, todo[t], plan.shards, pool, plan.stop), plan.producer,
                                        FewRelationsLimits{}};  // counted without limits
                    write_file_atomically(path, write_few_relations_shard(s));
                    const std::lock_guard<std::mutex> hold(lock);
                    found[t] = s;
                    done(s, false);
                } catch (...) {
                    const std::lock_guard<std::mutex> hold(lock);
                    if (!failure) failure = std::current_exception();
                    next = missing.size();  // start no other shard
                }
            }
        };
        std::vector<std::thread> threads;
        for (int j = 1; j < std::max(1, plan.jobs); ++j) threads.emplace_back(work);
        work();
        for (std::thread& t : threads) t.join();
        if (failure) std::rethrow_exception(failure);
    }
    std::vector<FewRelationsShard> all;
    for (auto& s : found) all.push_back(std::move(*s));
    return all;
}

FewRelationsCount total_of(const std::vector<FewRelationsShard>& shards) {
    FewRelationsCount sum;
    for (const FewRelationsShard& s : shards) {
        for (const CountField& f : kFields) sum.*f.member += s.count.*f.member;
        sum.seconds += s.count.seconds;
        sum.cpu_seconds += s.count.cpu_seconds;
        if (!sum.example && s.count.example) sum.example = s.count.example;
    }
    return sum;
}

namespace {

// Seconds to a tenth, a tie rounded up: a shard's file keeps 3 decimals, and 17.950 read back is
// the double just below 17.95, which "{:.1f}" made 17.9 where the table written from the count
// in memory (17.9503…) said 18.0. Rounding the file's ties up makes the table of a folder read
// back the table its counts were written with (results/critical/n6/k8, byte for byte); a count
// in memory moves only within 1e-7 s of a tie.
std::string tenths(double seconds) { return fmt::format("{:.1f}", std::round(seconds * 10 + 1e-6) / 10); }

constexpr std::string_view kTableHead =
    "| shard | canonical sets | skipped (swap) | puzzles | cyclic | unsat (searched) | unique | multiple | by the pool | "
    "multiple by search | CPU s |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";

std::string table_row(const std::string& name, const FewRelationsCount& c) {
    return fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", name, c.pair_sets, c.swap_skipped, c.puzzles,
                       c.cyclic, c.unsat, c.unique, c.multiple, c.pool, c.multiple - c.pool, tenths(c.cpu_seconds));
}

// The cells of a table line, trimmed: "| a | b |" -> {"a", "b"}.
std::vector<std::string_view> cells_of(std::string_view line) {
    std::vector<std::string_view> cells;
    if (line.starts_with('|')) line.remove_prefix(1);
    while (!line.empty()) {
        const std::size_t bar = line.find('|');
        std::string_view cell = line.substr(0, bar);
        while (cell.starts_with(' ')) cell.remove_prefix(1);
        while (cell.ends_with(' ')) cell.remove_suffix(1);
        if (bar != std::string_view::npos || !cell.empty()) cells.push_back(cell);
        if (bar == std::string_view::npos) break;
        line.remove_prefix(bar + 1);
    }
    return cells;
}

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

// Whether line `at` (1-based) of a table is the row of the shard `name` ("" if it is).
std::string row_name_difference(std::size_t at, std::string_view line, std::string_view name) {
    const std::vector<std::string_view> cells = cells_of(line);
    const std::string_view shard = cells.empty() ? std::string_view() : cells[0];
    if (shard == name) return "";
    return fmt::format("its line {} is the row of shard '{}', where this count's table has {} there", at, message_text(shard, 40), name);
}

// How line `at` of a table differs from the row this count writes there (`want`, from `whence`),
// "" if it does not: the first column that differs, by the header's name. The last column, CPU
// seconds, is a measurement, not the count's: not compared.
std::string row_difference(std::size_t at, std::string_view line, std::string_view want, std::string_view whence) {
    const std::vector<std::string_view> is = cells_of(line), was = cells_of(want);
    if (const std::string why = row_name_difference(at, line, was[0]); !why.empty()) return why;
    if (is.size() != was.size()) return fmt::format("its line {} has {} columns, where this count's table has {}", at, is.size(), was.size());
    const std::vector<std::string_view> names = cells_of(kTableHead.substr(0, kTableHead.find('\n')));
    for (std::size_t c = 1; c + 1 < is.size(); ++c)
        if (is[c] != was[c])
            return fmt::format("its line {} (shard {}): {} is '{}', where {} gives {}", at, was[0], names[c], message_text(is[c], 40),
                               whence, was[c]);
    return "";
}

}  // namespace

std::string few_relations_table(const std::vector<FewRelationsShard>& shards) {
    std::string text(kTableHead);
    for (const FewRelationsShard& s : shards) text += table_row(fmt::format("{}/{}", s.shard, s.shards), s.count);
    return text + table_row("**total**", total_of(shards));
}

std::string few_relations_table_difference(std::string_view table, const std::string& dir, int n, int k,
                                           const std::vector<std::optional<FewRelationsShard>>& files) {
    const std::vector<std::string_view> is = lines_of(table), head = lines_of(kTableHead);
    std::vector<FewRelationsShard> all;  // for the total row, when every file is there
    for (const auto& file : files)
        if (file) all.push_back(*file);
    for (std::size_t i = 0; i < head.size(); ++i)
        if (i >= is.size() || is[i] != head[i])
            return fmt::format("its line {} is not the table's header line", i + 1);
    const std::size_t lines = head.size() + files.size() + 1;
    for (std::size_t i = 0; i <= files.size(); ++i) {
        const std::size_t at = head.size() + i + 1;
        if (is.size() < at) return fmt::format("it ends after {} lines, where this count's table has {}", is.size(), lines);
        const bool total = i == files.size();
        const std::string name = total ? "**total**" : fmt::format("{}/{}", i, files.size());
        // A row whose file is not there (removed to count its shard again), or the total of such
        // rows, has only its name to compare.
        if (total ? all.size() < files.size() : !files[i]) {
            if (const std::string why = row_name_difference(at, is[at - 1], name); !why.empty()) return why;
            continue;
        }
        const std::string want = table_row(name, total ? total_of(all) : files[i]->count);
        const std::string whence = total ? "the sum of this count's shard files"
                                         : "this count's shard file " + few_relations_shard_path(dir, n, k, i, files.size());
        if (const std::string why = row_difference(at, is[at - 1], std::string_view(want).substr(0, want.size() - 1), whence);
            !why.empty())
            return why;
    }
    if (is.size() > lines) return fmt::format("it has {} lines, where this count's table has {}", is.size(), lines);
    if (all.empty())  // a table of another n or k differs from this count's only in its counts
        return fmt::format("none of its rows can be checked: no shard file of this count is there ({} and the others)",
                           few_relations_shard_path(dir, n, k, 0, files.size()));
    return "";
}

}  // namespace futolab::critical
