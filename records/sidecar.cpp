#include "records/sidecar.hpp"

#include "core/atomic_file.hpp"
#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/yaml_bounds.hpp"
#include "core/yaml_exact.hpp"
#include "core/yaml_fields.hpp"
#include "records/csv_reader.hpp"
#include "records/machine.hpp"
#include "records/sidecar_numbers.hpp"
#include "records/table_schema.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <climits>
#include <charconv>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <thread>
#include <utility>

namespace futolab {
namespace {

// run.shard_numbering: says run.shard_index counts from 0, as `--shard I/N` does in every
// command; a sidecar without it was written when `run --shard` counted from 1.
constexpr std::string_view kShardNumbering = "from 0";

// The identity of one build as the sidecar keeps it (git_commit with "-dirty" as before issue
// #41, so older readers still see a dirty build; `dirty` says it plainly).
void emit_identity(ExactEmitter& out, const BuildIdentity& b, bool with_name) {
    if (with_name) {
        out << YAML::Key << "name" << YAML::Value << b.name;
        out << YAML::Key << "path" << YAML::Value << b.path;
    }
    out << YAML::Key << "version" << YAML::Value << b.version;
    out << YAML::Key << "git_commit" << YAML::Value << (b.dirty ? b.commit + "-dirty" : b.commit);
    out << YAML::Key << "dirty" << YAML::Value << b.dirty;
    out << YAML::Key << "compiler" << YAML::Value << b.compiler;
    out << YAML::Key << "build_type" << YAML::Value << b.build_type;
    out << YAML::Key << "flags" << YAML::Value << b.flags;
    out << YAML::Key << "binary_hash" << YAML::Value << b.binary_hash;
}

// `hosts` with `host` added at its end if it is not there yet.
std::vector<std::string> with_host(std::vector<std::string> hosts, const std::string& host) {
    if (std::find(hosts.begin(), hosts.end(), host) == hosts.end()) hosts.push_back(host);
    return hosts;
}

void emit_build(ExactEmitter& out, const RunInfo& info) {
    out << YAML::Key << "futolab" << YAML::Value << YAML::BeginMap;
    emit_identity(out, info.driver, false);
    out << YAML::EndMap;
    if (info.merged_by) {
        out << YAML::Key << "merged_by" << YAML::Value << YAML::BeginMap;
        emit_identity(out, *info.merged_by, false);
        out << YAML::EndMap;
    }
    out << YAML::Key << "builds" << YAML::Value << YAML::BeginSeq;
    for (const BuildIdentity& b : info.builds) {
        out << YAML::BeginMap;
        emit_identity(out, b, true);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "machine" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "cpu" << YAML::Value << cpu_model();
    // 0 means the count is unknown, and a reader refuses 0 cores: then the key is left out.
    if (std::thread::hardware_concurrency() > 0)
        out << YAML::Key << "cores" << YAML::Value << std::thread::hardware_concurrency();
    out << YAML::Key << "host" << YAML::Value << host_name();
    // A sweep's rows are written by this machine and, after a resume elsewhere, by earlier ones;
    // a merge's rows are its shards' (`shards`, each with its own list).
    if (info.shards.empty()) out << YAML::Key << "hosts" << YAML::Value << YAML::Flow << with_host(info.hosts, host_name());
    for (const FrequencyFact& f : frequency_facts()) out << YAML::Key << f.key << YAML::Value << f.value;
    out << YAML::EndMap;
}

// A build as a sidecar names it; fields an older sidecar lacks are empty (and so never the
// same binary as a build of today: resume and merge refuse it, naming what they found).
BuildIdentity parse_identity(const YamlFields& y, const YamlAt& node, const std::string& default_name) {
    BuildIdentity b;
    if (!y.map(node)) return b;
    const auto field = [&](std::string_view key, const std::string& fallback = "") {
        return y.text(y.child(node, key), fallback);
    };
    b.name = field("name", default_name);
    b.path = field("path");
    b.version = field("version");
    std::string commit = field("git_commit");
    b.dirty = y.flag(y.child(node, "dirty"), commit.ends_with("-dirty"));
    if (commit.ends_with("-dirty")) commit.resize(commit.size() - 6);
    b.commit = commit;
    b.compiler = field("compiler");
    b.build_type = field("build_type");
    b.flags = field("flags");
    b.binary_hash = field("binary_hash");
    return b;
}

void emit_timing(ExactEmitter& out, const RunInfo& info) {
    out << YAML::Key << "timing" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "order" << YAML::Value << info.timing.order;
    out << YAML::Key << "warmup" << YAML::Value << info.timing.warmup;
    out << YAML::Key << "pin" << YAML::Value << info.timing.pin;
    out << YAML::Key << "pinned_cpus" << YAML::Value << YAML::Flow << info.pinned_cpus;
    out << YAML::EndMap;
}

void emit_shards(ExactEmitter& out, const std::vector<ShardMachine>& shards) {
    if (shards.empty()) return;
    out << YAML::Key << "shards" << YAML::Value << YAML::BeginSeq;
    for (const ShardMachine& m : shards)
        out << YAML::BeginMap << YAML::Key << "file" << YAML::Value << m.file << YAML::Key << "host" << YAML::Value
            << m.host << YAML::Key << "cpu" << YAML::Value << m.cpu << YAML::Key << "hosts" << YAML::Value << YAML::Flow
            << m.hosts << YAML::EndMap;
    out << YAML::EndSeq;
}

void emit_run(ExactEmitter& out, const RunInfo& info) {
    out << YAML::Key << "run" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "command" << YAML::Value << info.command_line;
    out << YAML::Key << "state" << YAML::Value << info.state;
    // Times and loads are written plain, as numbers are (records/sidecar_numbers.hpp reads them so).
    out << YAML::Key << "started" << YAML::Value << PlainScalar{info.started};
    if (!info.first_started.empty()) out << YAML::Key << "first_started" << YAML::Value << PlainScalar{info.first_started};
    out << YAML::Key << "finished" << YAML::Value << PlainScalar{info.finished};
    out << YAML::Key << "jobs" << YAML::Value << info.jobs;
    out << YAML::Key << "shard_index" << YAML::Value << info.shard_index;
    out << YAML::Key << "shard_count" << YAML::Value << info.shard_count;
    out << YAML::Key << "shard_numbering" << YAML::Value << std::string(kShardNumbering);
    out << YAML::Key << "total_runs" << YAML::Value << info.total_runs;
    out << YAML::Key << "shard_runs" << YAML::Value << info.shard_runs;
    out << YAML::Key << "completed" << YAML::Value << info.completed;
    out << YAML::Key << "isolation" << YAML::Value << info.isolation;
    out << YAML::Key << "memory_limit" << YAML::Value << info.memory_limit;
    if (info.memory_poll_ms > 0) out << YAML::Key << "memory_poll_ms" << YAML::Value << info.memory_poll_ms;
    if (info.load) {
        out << YAML::Key << "load_other_cores" << YAML::Value << PlainScalar{fmt::format("{:.3f}", info.load->other_cores)};
        out << YAML::Key << "load_own_cores" << YAML::Value << PlainScalar{fmt::format("{:.3f}", info.load->own_cores)};
        out << YAML::Key << "load_seconds" << YAML::Value << PlainScalar{fmt::format("{:.1f}", info.load->seconds)};
    }
    out << YAML::EndMap;
}

// Always present (an empty list without --skip-invalid), so readers need no special case.
void emit_skipped(ExactEmitter& out, const std::vector<SkippedInput>& skipped) {
    out << YAML::Key << "skipped_inputs" << YAML::Value << YAML::BeginSeq;
    for (const SkippedInput& s : skipped)
        out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << s.id << YAML::Key << "error" << YAML::Value
            << s.error << YAML::EndMap;
    out << YAML::EndSeq;
}

// The whole number under `key` of `parent`, in the form futolab writes it (plain digits, no
// leading zero: `shard_index: 00` or `completed: 075` is refused as `0x4b` is) and within its
// range, both the sidecar_numbers table's; InputError at its line and column naming the key
// and the range (a missing key: at the line of its map).
std::uint64_t count_of(const YamlFields& y, const YamlAt& parent, const char* key) { return sidecar_whole(y, y.child(parent, key)); }

// A load figure under `key` of `run`, as futolab writes it ("1.206"; a negative load or one of
// 10^300 busy cores is no measurement: compare gated on it and printed it whole).
double load_of(const YamlFields& y, const YamlAt& run, const char* key) {
    const YamlAt at = y.child(run, key);
    return at ? sidecar_decimal(y, at) : 0;  // missing: 0, as before (older sidecars)
}

// count_of for a key older sidecars lack: nullopt where it is absent.
std::optional<std::uint64_t> count_if_given(const YamlFields& y, const YamlAt& parent, const char* key) {
    if (!y.child(parent, key)) return std::nullopt;
    return count_of(y, parent, key);
}

// run.state is a word futolab writes there: a sweep's, or a merge's for a merged CSV (an older
// sidecar without it: empty, not checked).
void check_state_word(const YamlFields& y, const YamlAt& run, const SidecarFacts& f) {
    if (f.state.empty()) return;
    using Words = std::span<const std::string_view>;
    const Words words = f.merged ? Words(kMergedStates) : Words(kRunStates);
    if (std::find(words.begin(), words.end(), f.state) == words.end())
        y.fail(y.child(run, "state"), fmt::format("is '{}', not a state {} writes ({})", f.state.substr(0, 40),
                                                  f.merged ? "futolab merge" : "a sweep", fmt::join(words, ", ")));
}

// The shard, counted from 0 whichever numbering the file was written in: with
// `shard_numbering: from 0` as written, without it (an older sidecar, e.g. the committed
// results' `shard_index: 1, shard_count: 1`) as index − 1, so no reader mixes the two.
void read_shard(const YamlFields& y, const YamlAt& run, SidecarFacts& f) {
    f.shard_count = static_cast<int>(count_of(y, run, "shard_count"));
    const YamlAt numbering = y.child(run, "shard_numbering");
    if (numbering && y.text(numbering) != kShardNumbering)
        y.fail(numbering, fmt::format("is '{}', not '{}' (the one shard numbering)", y.text(numbering).substr(0, 40),
                                      kShardNumbering));
    f.shard_from_one = !numbering;
    const std::uint64_t first = f.shard_from_one ? 1 : 0;
    const auto last = static_cast<std::uint64_t>(f.shard_count) - 1 + first;
    const std::uint64_t index = count_of(y, run, "shard_index");
    if (index < first || index > last)
        y.fail(y.child(run, "shard_index"), fmt::format("must be a whole number from {} to {}, not '{}'", first, last, index));
    f.shard_index = static_cast<int>(index - first);
}

// The keys futolab writes in a sidecar that its readers require, one list for every reader
// (parse_sidecar: merge and resume through read_sidecar, analyze, report and compare through
// whole_sidecar), beside config_hash, futolab, total_runs and the shard's counts read above. A
// sidecar without one was edited: compare dropped the commit from its provenance lines and
// merge took a shard without run.state (red-team round 27, B F9). `kAlwaysWritten`: in every
// sidecar futolab has written (every committed results/ sidecar holds them);
// `kWrittenSinceNumbering`: in every sidecar that names run.shard_numbering (written since
// 2026-11-30, after these keys): the older sidecars of results/ lack binary_hash and isolation,
// and are read as before (docs/reliability.md). Their shard_index counts from 1, so removing
// shard_numbering from a newer sidecar makes its shard_index 0 out of range: refused too.
constexpr std::string_view kAlwaysWritten[]{"futolab.version", "futolab.git_commit", "machine.cpu", "machine.host",
                                            "run.state", "run.jobs", "run.started", "run.finished"};
constexpr std::string_view kWrittenSinceNumbering[]{"futolab.binary_hash", "run.isolation", "run.memory_limit"};
// A sweep's load figure is its three keys or none (none where /proc/stat cannot be read):
// a missing load_own_cores was read as 0 cores.
constexpr std::string_view kLoadKeys[]{"run.load_other_cores", "run.load_own_cores", "run.load_seconds"};

// The value at a dotted key ("run.state"). Recursive, not a loop reassigning a YamlAt: a
// YAML::Node assigned to is not rebound, its document node is overwritten (yaml-cpp).
YamlAt key_at(const YamlFields& y, const YamlAt& parent, std::string_view dotted) {
    const std::size_t dot = dotted.find('.');
    if (dot == std::string_view::npos) return y.child(parent, dotted);
    return key_at(y, y.child(parent, dotted.substr(0, dot)), dotted.substr(dot + 1));
}

// InputError "X.meta.yaml:L:C: key 'run.state' is missing, which futolab writes in every
// sidecar (edited?)" (at the line of its map) for the first required key the sidecar lacks.
void check_required_keys(const YamlFields& y, const YamlAt& root) {
    const auto need = [&](std::string_view key, std::string_view why) {
        if (const YamlAt at = key_at(y, root, key); !at.node.IsDefined())
            y.fail(at, fmt::format("is missing, {} (edited?)", why));
    };
    for (const std::string_view key : kAlwaysWritten) need(key, "which futolab writes in every sidecar");
    if (!key_at(y, root, "run.shard_numbering").node.IsDefined()) return;  // an older futolab's
    for (const std::string_view key : kWrittenSinceNumbering)
        need(key, "which futolab writes in every sidecar that names run.shard_numbering");
    const bool any_load = std::any_of(std::begin(kLoadKeys), std::end(kLoadKeys),
                                      [&](std::string_view key) { return key_at(y, root, key).node.IsDefined(); });
    if (any_load)
        for (const std::string_view key : kLoadKeys) need(key, "where the other load keys are given (futolab writes the three together)");
}

// Every key futolab writes, and has written, in each map of a sidecar (keyed by its dotted path,
// "[]" for every item of a list); the committed results/ sidecars hold no other. A key besides
// these was added by hand or by another program, and merge dropped it from the merged sidecar
// without a word (red-team round 28, C F7): it is refused as a missing key is.
constexpr std::string_view kTopKeys[]{"experiment", "config_file", "config_hash", "futolab", "merged_by", "builds", "machine",
                                      "run", "timing", "shards", "skipped_inputs", "inputs", "redone", "config"};
constexpr std::string_view kIdentityKeys[]{"version", "git_commit", "dirty", "compiler", "build_type", "flags", "binary_hash"};
constexpr std::string_view kBuildKeys[]{"name",     "path",       "version", "git_commit", "dirty",
                                        "compiler", "build_type", "flags",   "binary_hash"};
constexpr std::string_view kMachineKeys[]{"cpu", "cores", "host", "hosts", "governor", "no_turbo", "boost"};
constexpr std::string_view kRunKeys[]{"command",      "state",           "started",        "first_started",   "finished",
                                      "jobs",         "shard_index",     "shard_count",    "shard_numbering", "total_runs",
                                      "shard_runs",   "completed",       "isolation",      "memory_limit",    "memory_poll_ms",
                                      "load_other_cores", "load_own_cores", "load_seconds"};
constexpr std::string_view kTimingKeys[]{"order", "warmup", "pin", "pinned_cpus"};
constexpr std::string_view kShardKeys[]{"file", "host", "cpu", "hosts", "cores"};
constexpr std::string_view kSkippedKeys[]{"id", "error"};
constexpr std::string_view kInputKeys[]{"file", "hash"};
constexpr std::string_view kRedoneKeys[]{"at", "statuses", "rows"};
struct KeysOfMap {
    std::string_view map;
    std::span<const std::string_view> keys;
};
constexpr KeysOfMap kKnownKeys[]{{"", kTopKeys},           {"futolab", kIdentityKeys}, {"merged_by", kIdentityKeys},
                                 {"builds[]", kBuildKeys}, {"machine", kMachineKeys},  {"run", kRunKeys},
                                 {"timing", kTimingKeys},  {"shards[]", kShardKeys},   {"skipped_inputs[]", kSkippedKeys},
                                 {"inputs[]", kInputKeys}, {"redone[]", kRedoneKeys}};

// InputError "X.meta.yaml:L:C: key 'futolab.patched_by' is not a key futolab writes there
// (futolab writes version, …; edited?)" at the key, for the first key of a map at `map` (its
// row of kKnownKeys) that futolab never writes; the maps and lists of maps under it likewise.
void check_known_keys(const YamlFields& y, const YamlAt& at, const std::string& map) {
    const auto row = std::find_if(std::begin(kKnownKeys), std::end(kKnownKeys), [&](const KeysOfMap& r) { return r.map == map; });
    if (row == std::end(kKnownKeys) || !at.node.IsMap()) return;  // a map of another kind is refused by its reader
    for (const auto& entry : at.node) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "?";
        const std::string path = at.path.empty() ? key : at.path + "." + key;
        if (std::find(row->keys.begin(), row->keys.end(), key) == row->keys.end())
            y.fail({entry.first, path, at.node.Mark()},
                   fmt::format("is not a key futolab writes {} (it writes {}; edited, or written by another program?)",
                               map.empty() ? "at the top of a sidecar" : "in '" + map + "'", fmt::join(row->keys, ", ")));
        const std::string inner = map.empty() ? key : map + "." + key;
        const YAML::Node value = entry.second;  // const: operator[] looks up and never inserts
        if (value.IsMap()) check_known_keys(y, {value, path, at.node.Mark()}, inner);
        for (std::size_t i = 0; value.IsSequence() && i < value.size(); ++i)
            check_known_keys(y, {value[i], fmt::format("{}[{}]", path, i), value.Mark()}, inner + "[]");
    }
}

// Only when the CSV was redone: sidecars of other runs stay as they were.
void emit_redone(ExactEmitter& out, const std::vector<RedoRecord>& redone) {
    if (redone.empty()) return;
    out << YAML::Key << "redone" << YAML::Value << YAML::BeginSeq;
    for (const RedoRecord& r : redone)
        out << YAML::BeginMap << YAML::Key << "at" << YAML::Value << PlainScalar{r.at} << YAML::Key << "statuses" << YAML::Value
            << YAML::Flow << r.statuses << YAML::Key << "rows" << YAML::Value << r.rows << YAML::EndMap;
    out << YAML::EndSeq;
}

}  // namespace

std::string sidecar_path(const std::string& csv_path) { return csv_path + ".meta.yaml"; }

namespace {

// True if anything follows the CSV's first line (its header); reads only that far.
bool holds_a_row(const std::string& csv_path) {
    std::ifstream in(csv_path, std::ios::binary);
    std::string header;
    std::getline(in, header);
    return in && in.peek() != std::ifstream::traits_type::eof();
}

// The first input that differs, as the two sides of "made by X, not Y", each saying where it
// comes from (round 10: an emptied `inputs:` gave "made by inputs as they were, not a new
// input file p4.tatham"): what the sidecar lists, and what the config reads now.
std::pair<std::string, std::string> input_sides(const std::vector<InputFile>& listed, const std::vector<InputFile>& read) {
    for (std::size_t i = 0; i < std::max(listed.size(), read.size()); ++i) {
        if (i >= listed.size())
            return {listed.empty() ? "no input file (its sidecar lists none)"
                                   : fmt::format("{} input file{} (its sidecar lists no more)", i, i == 1 ? "" : "s"),
                    fmt::format("input file {}{} (the config reads it)", read[i].path, listed.empty() ? "" : " too")};
        // A file the sidecar lists twice is still read (round 11, F18: "the config no longer reads" it).
        const auto same_path = [&](const InputFile& f) { return f.path == listed[i].path; };
        if (i >= read.size() && std::any_of(listed.begin(), listed.begin() + static_cast<std::ptrdiff_t>(i), same_path))
            return {fmt::format("input file {} twice (its sidecar lists it again as input {})", listed[i].path, i + 1),
                    fmt::format("inputs that list it once (the config reads {} once)", listed[i].path)};
        if (i >= read.size())
            return {fmt::format("input file {} (its sidecar lists it)", listed[i].path),
                    fmt::format("inputs without it (the config no longer reads {})", listed[i].path)};
        if (listed[i].path != read[i].path)
            return {fmt::format("input file {} (its sidecar's input {})", listed[i].path, i + 1),
                    fmt::format("input file {} (the config's input {})", read[i].path, i + 1)};
        if (listed[i].hash != read[i].hash)
            return {fmt::format("input file {} with content hash {} (its sidecar)", listed[i].path, listed[i].hash),
                    fmt::format("content hash {} (the file as the config reads it now)", read[i].hash)};
    }
    return {};
}

}  // namespace

std::string input_difference(const std::vector<InputFile>& was, const std::vector<InputFile>& is) {
    for (std::size_t i = 0; i < std::max(was.size(), is.size()); ++i) {
        if (i >= was.size()) return fmt::format("a new input file {}", is[i].path);
        if (i >= is.size() && std::any_of(was.begin(), was.begin() + static_cast<std::ptrdiff_t>(i),
                                          [&](const InputFile& f) { return f.path == was[i].path; }))
            return fmt::format("input file {} listed twice (as input {}), read once", was[i].path, i + 1);
        if (i >= is.size()) return fmt::format("input file {} no longer read", was[i].path);
        if (was[i].path != is[i].path)
            return fmt::format("input file {} where {} was", is[i].path, was[i].path);
        if (was[i].hash != is[i].hash)
            return fmt::format("input file {} changed (content hash {}, was {})", is[i].path, is[i].hash, was[i].hash);
    }
    return "";
}

std::string utc_now_iso8601() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

namespace {

// Every key of the sidecar but `config` (the last one, so its text may hold any line), into an
// open map.
void emit_facts(ExactEmitter& out, const ExperimentIdentity& made_by, const RunInfo& info) {
    out << YAML::Key << "experiment" << YAML::Value << made_by.name;
    out << YAML::Key << "config_file" << YAML::Value << made_by.config_file;
    out << YAML::Key << "config_hash" << YAML::Value << made_by.config_hash;
    emit_build(out, info);
    emit_run(out, info);
    emit_timing(out, info);
    emit_shards(out, info.shards);
    emit_skipped(out, info.skipped_inputs);
    out << YAML::Key << "inputs" << YAML::Value << YAML::BeginSeq;
    for (const InputFile& f : made_by.inputs)
        out << YAML::Flow << YAML::BeginMap << YAML::Key << "file" << YAML::Value << f.path << YAML::Key << "hash"
            << YAML::Value << f.hash << YAML::EndMap;
    out << YAML::EndSeq;
    emit_redone(out, info.redone);
}

// Whether the sidecar `yaml` reads back with `config` holding exactly `text`.
bool keeps_config(const std::string& yaml, const std::string& text) {
    try {
        const YAML::Node config = YAML::Load(yaml)["config"];
        return config.IsScalar() && config.Scalar() == text;
    } catch (const YAML::Exception&) {
        return false;
    }
}

// The sidecar's text. Its config text must read back byte for byte (resume and merge check it
// against config_hash). A `|` block is the readable form, but it brings back one final line end
// whatever the text had, folds CR LF to LF, takes the first line's indentation as the block's
// and holds no noncharacter; where the block does not read back, the text is written as a
// double-quoted scalar with escapes instead (red-team round 24, B F5). The reader takes both.
std::string sidecar_yaml(const ExperimentIdentity& made_by, const RunInfo& info) {
    ExactEmitter block;  // every other string as given (core/yaml_exact.hpp)
    block << YAML::BeginMap;
    emit_facts(block, made_by, info);
    block << YAML::Key << "config" << YAML::Value;
    block.raw() << YAML::Literal << made_by.config_text << YAML::EndMap;  // a block scalar: checked below instead
    const std::string yaml = block.str() + "\n";
    if (keeps_config(yaml, made_by.config_text)) return yaml;
    ExactEmitter rest;
    rest << YAML::BeginMap;
    emit_facts(rest, made_by, info);
    rest << YAML::EndMap;
    return rest.str() + "\nconfig: " + exactly_quoted(made_by.config_text) + "\n";
}

}  // namespace

void write_sidecar(const std::string& csv_path, const ExperimentIdentity& made_by, const RunInfo& info) {
    const std::string yaml = sidecar_yaml(made_by, info);
    // The column schema goes with the sidecar (SPEC §5): every command that makes or rewrites
    // a results CSV (run, resume, redo, merge) writes this sidecar, so no CSV is without one.
    // First: if it cannot be written (a full disk), no new sidecar is either, so a sidecar
    // never says `running` for a run that stopped here.
    write_schema_beside(csv_path);
    // A fresh temporary name, created exclusively: a symlink planted at <csv>.meta.yaml.tmp
    // is never followed (core/atomic_file.hpp).
    write_file_atomically(sidecar_path(csv_path), yaml);
}

std::string sidecar_text(const ExperimentIdentity& made_by, const RunInfo& info) { return sidecar_yaml(made_by, info); }

bool mark_sidecar_state(const std::string& csv_path, std::string_view state) {
    constexpr std::string_view kRunning = "\n  state: running\n";  // as emit_run writes it
    if (state.size() > 7) return false;
    const std::string path = sidecar_path(csv_path);
    const int fd = ::open(path.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st {};
    std::string text;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < (1 << 24)) {
        text.resize(static_cast<std::size_t>(st.st_size));
        text.resize(static_cast<std::size_t>(std::max<ssize_t>(0, ::pread(fd, text.data(), text.size(), 0))));
    }
    // run.state: the only such line before the config's text (which comes last, and could
    // hold any line).
    const std::size_t at = text.substr(0, text.find("\nconfig:")).find(kRunning);
    std::string value(state);
    value.resize(7, ' ');  // trailing spaces end a plain YAML scalar: the same length, in place
    const bool done = at != std::string::npos &&
                      ::pwrite(fd, value.data(), value.size(), static_cast<off_t>(at + kRunning.find("running"))) ==
                          static_cast<ssize_t>(value.size()) &&
                      ::fsync(fd) == 0;
    ::close(fd);
    return done;
}

std::string read_sidecar_text(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    try {
        return read_text_file(path);
    } catch (const InputError& e) {
        // Any file kind that is not one (a FIFO, a device, a folder, a socket: spot check of round
        // 31, J5), without the arguments' hint.
        constexpr std::string_view argument_hint = ": give a file, or - with a redirect";
        std::string said = e.what();
        if (said.find(path + ": cannot read: is ") == std::string::npos) throw;
        if (said.ends_with(argument_hint)) said.resize(said.size() - argument_hint.size());
        throw InputError(fmt::format("{}: the sidecar of {}, read beside it (make it a regular file, or move it away)",
                                     said, csv_path));
    }
}

SidecarFacts read_sidecar(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    if (!std::filesystem::exists(path)) throw InputError(path + ": no such file");
    // Read through read_text_file (a regular file, size-capped) and bounded YAML: a FIFO or an
    // alias bomb planted as a sidecar is refused, not waited for or expanded.
    return parse_sidecar(read_sidecar_text(csv_path), path, csv_path);
}

namespace {

// The sidecar's YAML, bounded; a syntax error named with its file and line.
YAML::Node load_sidecar_yaml(const std::string& text, const std::string& path) {
    return load_yaml_bounded(text, path, "not a futolab metadata sidecar");
}

// The sidecar's root map, every value in the form futolab writes it, checked before any reader
// takes one: no YAML tag anywhere (`dirty: !!str false` passed merge as false, where a YAML reader
// reads the string "false": red-team round 26, C F9), and every number and time plain and in its
// form and range (those no reader takes too). Strings may be quoted: the emitter quotes those
// that need it, the config text is a block or a quoted scalar.
YamlAt sidecar_root(const YamlFields& y, const YAML::Node& doc) {
    const YamlAt root = y.root(doc);
    y.refuse_tags(root);
    check_sidecar_numbers(y, root);
    return root;
}

}  // namespace

namespace {

// A `machine` map, or an item of `shards` (whose `file` is given). Its `hosts` list, or, in a
// sidecar written before the list, its one host.
ShardMachine machine_of(const YamlFields& y, const YamlAt& m, const std::string& file) {
    ShardMachine out{file, y.text(y.child(m, "host"), ""), y.text(y.child(m, "cpu"), ""), {}, std::nullopt};
    out.cores = count_if_given(y, m, "cores");  // bounds a tool's CPU time (experiments/clock_facts.hpp)
    // An empty list, or a host twice, no futolab writes (with_host): either turned the rows' host
    // check off or read as another list (red-team round 30, F9: `hosts: []` let every row name
    // any host, merge and resume exit 0). Refused as an edit.
    // `hosts:` with no value (null, ~) too, and an item that is no host name (empty, spaced): the
    // round 30 spot check found them taken.
    if (const YamlAt given = y.child(m, "hosts"); given.node.IsDefined() && given.node.IsNull())
        y.fail(given, "is empty: a sweep's sidecar lists at least the host that wrote it (edited?)");
    if (const YamlAt hosts = y.sequence(y.child(m, "hosts"))) {
        if (hosts.node.size() == 0) y.fail(hosts, "is empty: a sweep's sidecar lists at least the host that wrote it (edited?)");
        for (std::size_t i = 0; i < hosts.node.size(); ++i) {
            const YamlAt item = y.item(hosts, i);
            std::string host = y.text(item);
            if (host.empty() || host.find_first_of(" \t") != std::string::npos)
                y.fail(item, fmt::format("'{}' is no host name (edited?)", host.substr(0, 80)));
            if (std::find(out.hosts.begin(), out.hosts.end(), host) != out.hosts.end())
                y.fail(item, fmt::format("names host '{}' twice (edited?)", host.substr(0, 80)));
            out.hosts.push_back(std::move(host));
        }
    } else if (!out.host.empty())
        out.hosts.push_back(out.host);
    return out;
}

// The `redone` list of the sidecar `root` (empty if none), each item's keys marked in `marks`
// where given ("redone[0].at"; red-team round 28, B F4: resume and merge hold them to the sweep).
std::vector<RedoRecord> redone_of(const YamlFields& y, const YamlAt& root,
                                  std::map<std::string, std::string, std::less<>>* marks = nullptr) {
    std::vector<RedoRecord> out;
    const YamlAt list = y.sequence(y.child(root, "redone"));
    if (!list) return out;
    const auto note = [&](const YamlAt& at) {
        if (marks != nullptr) marks->emplace(at.path, y.where(at));
    };
    note(list);
    for (std::size_t i = 0; i < list.node.size(); ++i) {
        const YamlAt r = y.map(y.item(list, i));
        const YamlAt statuses = y.sequence(y.child(r, "statuses"));
        note(r);
        note(y.child(r, "at"));
        note(y.child(r, "statuses"));
        note(y.child(r, "rows"));
        std::vector<std::string> words;
        for (std::size_t k = 0; statuses && k < statuses.node.size(); ++k) {
            words.push_back(y.text(y.item(statuses, k)));
            note(y.item(statuses, k));
        }
        if (!y.child(r, "rows")) y.fail(y.child(r, "rows"), "must be a whole number of rows, 0 or more");
        const std::uint64_t rows = count_of(y, r, "rows");
        out.push_back({y.text(y.child(r, "at")), std::move(words), static_cast<std::size_t>(rows)});
    }
    return out;
}

// Where the config text's first line is: the line after `config: |` (the block's indicator is on
// the key's line; yaml-cpp marks a block scalar there), indented as that line is.
void locate_config_block(const std::string& text, const YamlAt& config, SidecarFacts& f) {
    if (!config) return;
    std::istringstream lines(text);
    std::string line;
    for (int i = 0; i <= config.node.Mark().line && std::getline(lines, line);) ++i;
    if (line.rfind("config: |", 0) != 0 || !std::getline(lines, line)) return;
    f.config_line = config.node.Mark().line + 2;  // Mark is 0-based; the text starts one line below
    f.config_indent = static_cast<int>(line.find_first_not_of(' '));
}

// The lines of the keys resume and merge compare after reading (each read already, so its map
// is known to be a map), and of the lists they compare item by item, with each item's
// ("inputs[2]": sidecar_item_at). skipped_inputs is read apart (read_skipped_inputs): its items
// are noted only if it is a list.
void note_marks(const YamlFields& y, const YamlAt& root, SidecarFacts& f) {
    const auto note = [&](const YamlAt& at) { f.marks.emplace(at.path, y.where(at)); };
    for (const char* key : {"experiment", "config_hash", "config", "futolab", "shards"}) note(y.child(root, key));
    const YamlAt run = y.child(root, "run"), timing = y.child(root, "timing");
    for (const char* key :
         {"isolation", "memory_limit", "shard_index", "shard_count", "total_runs", "state", "shard_runs", "completed",
          "first_started", "finished"})
        note(y.child(run, key));
    note(y.child(y.child(root, "machine"), "cores"));
    note(y.child(y.child(root, "machine"), "host"));
    // The driver's fields, each at its own line (red-team round 30: an edited compiler was named
    // at the block's first line, its version's).
    for (const char* key : {"version", "git_commit", "dirty", "compiler", "build_type", "flags", "binary_hash"})
        note(y.child(y.child(root, "futolab"), key));
    for (const char* key : {"order", "warmup", "pin"}) note(y.child(timing, key));
    for (const char* key : {"builds", "inputs", "skipped_inputs"}) {
        const YamlAt list = y.child(root, key);
        note(list);
        for (std::size_t i = 0; list && list.node.IsSequence() && i < list.node.size(); ++i) note(y.item(list, i));
    }
}

}  // namespace

SidecarFacts parse_sidecar(const std::string& text, const std::string& path, const std::string& csv_path) {
    const YAML::Node doc = load_sidecar_yaml(text, path);
    // Every field through YamlFields: a wrong type names the file, line and key, never yaml-cpp.
    const YamlFields y(path);
    const YamlAt root = sidecar_root(y, doc);
    const auto at = [&](const YamlAt& parent, std::string_view key) { return y.child(parent, key); };
    SidecarFacts f;
    f.identity.config_hash = y.text(at(root, "config_hash"));
    f.identity.config_file = y.text(at(root, "config_file"), "");
    f.identity.name = y.text(at(root, "experiment"));
    f.identity.config_given = static_cast<bool>(at(root, "config"));
    f.identity.config_text = y.text(at(root, "config"), "");
    if (const YamlAt t = y.map(at(root, "timing")))  // absent in sidecars written before SPEC §6's protocol
        f.timing = {y.text(at(t, "order"), "sequential"), static_cast<int>(count_if_given(y, t, "warmup").value_or(0)),
                    y.flag(at(t, "pin"), false)};
    const YamlAt driver = y.map(at(root, "futolab"));
    // Without it no build is known, and merge blamed "two builds" (round 7): name the key.
    if (!driver) y.fail(driver, "is missing (the futolab build that made the CSV)");
    f.version = y.text(at(driver, "version"), "");
    f.driver = parse_identity(y, driver, std::string(kSelfBuild));
    if (const YamlAt builds = y.sequence(at(root, "builds")))
        for (std::size_t i = 0; i < builds.node.size(); ++i) f.builds.push_back(parse_identity(y, y.item(builds, i), ""));
    else
        f.builds.push_back(f.driver);  // written before A/B sweeps: the driver ran every row
    const YamlAt run = y.map(at(root, "run"));
    f.isolation = y.text(at(run, "isolation"), "");
    f.memory_limit = y.text(at(run, "memory_limit"), "");
    f.state = y.text(at(run, "state"), "");
    f.started = y.text(at(run, "started"), "");
    f.first_started = y.text(at(run, "first_started"), "");
    f.finished = y.text(at(run, "finished"), "");
    if (const YamlAt other = at(run, "load_other_cores"))
        f.load = LoadFigure{load_of(y, run, "load_other_cores"), load_of(y, run, "load_own_cores"), load_of(y, run, "load_seconds")};
    if (const YamlAt inputs = y.sequence(at(root, "inputs")))  // absent in sidecars written before issue #25
        for (std::size_t i = 0; i < inputs.node.size(); ++i) {
            const YamlAt input = y.map(y.item(inputs, i));
            f.identity.inputs.push_back({y.text(at(input, "file")), y.text(at(input, "hash"))});
        }
    // Counts are read into their real range (a total of 10^10 runs or -1 is refused here,
    // not found later as a bad_alloc or a wrapped number).
    read_shard(y, run, f);
    f.total_runs = count_of(y, run, "total_runs");
    if (const YamlAt shards = y.sequence(at(root, "shards"))) {  // a merged CSV: its shards' machines
        f.merged = true;
        for (std::size_t i = 0; i < shards.node.size(); ++i)
            f.machines.push_back(machine_of(y, y.map(y.item(shards, i)), y.text(at(y.item(shards, i), "file"), "")));
    } else {
        f.machines.push_back(machine_of(y, y.map(at(root, "machine")), csv_path));
    }
    check_state_word(y, run, f);
    f.jobs = count_if_given(y, run, "jobs");
    f.shard_runs = count_if_given(y, run, "shard_runs");
    f.completed = count_if_given(y, run, "completed");
    check_required_keys(y, root);  // after the keys above, whose own messages say more
    check_known_keys(y, root, "");
    note_marks(y, root, f);
    f.redone = redone_of(y, root, &f.marks);
    f.file = path;
    locate_config_block(text, at(root, "config"), f);
    return f;
}

std::string sidecar_at(const SidecarFacts& facts, std::string_view key) {
    const auto it = facts.marks.find(key);
    return it == facts.marks.end() ? "its sidecar" : it->second;
}

std::string sidecar_item_at(const SidecarFacts& facts, std::string_view list, std::size_t i) {
    const std::string item = fmt::format("{}[{}]", list, i);
    return facts.marks.contains(item) ? sidecar_at(facts, item) : sidecar_at(facts, list);
}

std::string description_difference(const BuildIdentity& a, const BuildIdentity& b) {
    if (a.version != b.version) return "version";
    if (a.compiler != b.compiler) return "compiler";
    if (a.flags != b.flags) return "flags";
    if (a.commit != b.commit || a.dirty != b.dirty) return "git_commit";
    return a.build_type != b.build_type ? "build_type" : "";
}

namespace {

// Where the sidecar's `futolab:` block holds `key` ("compiler"): its line, else the block's.
std::string driver_key_at(const SidecarFacts& f, const std::string& key) {
    const std::string full = "futolab." + key;
    return f.marks.contains(full) ? sidecar_at(f, full) : sidecar_at(f, "futolab");
}

}  // namespace

std::string sidecar_edit_problem(const SidecarFacts& f) {
    if (f.merged) return "";
    for (const ShardMachine& m : f.machines)
        if (!m.host.empty() && !m.hosts.empty() && std::find(m.hosts.begin(), m.hosts.end(), m.host) == m.hosts.end())
            return fmt::format("its sidecar's machine.host '{}' is none of its machine.hosts ({})", m.host,
                               sidecar_at(f, "machine.host"));
    if (f.builds.size() != 1 || f.builds.front().name != kSelfBuild) return "";
    const BuildIdentity& self = f.builds.front();
    const std::string key = f.driver.binary_hash != self.binary_hash ? "binary_hash" : description_difference(f.driver, self);
    if (key.empty()) return "";
    return fmt::format("its futolab: block ({}) and its one build, self ({}), differ in {}: both describe the binary that "
                       "ran it",
                       driver_key_at(f, key), sidecar_item_at(f, "builds", 0), key);
}

std::size_t first_input_difference(const std::vector<InputFile>& a, const std::vector<InputFile>& b) {
    return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first - a.begin());
}

std::string shard_words(const SidecarFacts& facts) {
    const std::string words = fmt::format("shard {} of {}", facts.shard_index, facts.shard_count);
    return facts.shard_from_one
               ? fmt::format("{} (written as {} of {}, counted from 1)", words, facts.shard_index + 1, facts.shard_count)
               : words;
}

void check_config_text(const SidecarFacts& facts, const std::string& csv_path, std::string_view verb) {
    const auto at = [&](std::string_view key) {
        return facts.marks.contains(key) ? sidecar_at(facts, key) : sidecar_path(csv_path);
    };
    if (!facts.identity.config_given)
        throw InputError(fmt::format("{}: key 'config' is missing (the config text)", at("config")));
    const std::string hash = fmt::format("{:016x}", fnv1a64(facts.identity.config_text));  // as parse_config hashes it
    if (hash != facts.identity.config_hash)
        throw InputError(fmt::format("{}: its config text hashes to {}, not to its config_hash {} (edited?): refusing "
                                     "to {}",
                                     at("config_hash"), hash, facts.identity.config_hash, verb));
}

void check_first_started(const SidecarFacts& facts, std::string_view verb) {
    const BuildIdentity& self = this_build();
    const bool ours = facts.driver.same_binary(self) || (facts.driver.commit == self.commit && !facts.driver.dirty && !self.dirty);
    if (facts.merged || !facts.first_started.empty() || !ours) return;
    throw InputError(fmt::format("{}: run.first_started is missing, which futolab {} always writes (edited?): refusing to {}",
                                 sidecar_at(facts, "run.first_started"), facts.version, verb));
}

std::string sidecar_config_at(const SidecarFacts& facts, int line, int column) {
    if (facts.config_line == 0 || line <= 0) return sidecar_at(facts, "config");
    const std::string at = fmt::format("{}:{}", facts.file, facts.config_line + line - 1);
    return column > 0 ? fmt::format("{}:{}", at, column + facts.config_indent) : at;
}

std::vector<std::string> row_hosts(const SidecarFacts& facts) {
    std::vector<std::string> hosts;
    for (const ShardMachine& m : facts.machines)
        for (const std::string& h : m.hosts) hosts = with_host(std::move(hosts), h);
    return hosts;
}

namespace {

// "WAS, not IS" for two builds that are not the same binary. Two texts alike mean a hash is
// missing (a sidecar of a futolab before binary hashes): say so rather than "X, not X".
std::string not_the_same(const BuildIdentity& was, const BuildIdentity& is) {
    if (was.text() == is.text()) return fmt::format("{}, whose binary hash is unknown: not provably the same build", was.text());
    return fmt::format("{}, not {}", was.text(), is.text());
}

// Whether `is` holds `was`'s builds (each name with the same binary) in another order.
bool same_builds_reordered(const std::vector<BuildIdentity>& was, const std::vector<BuildIdentity>& is) {
    if (was.size() != is.size()) return false;
    bool moved = false;
    for (std::size_t i = 0; i < was.size(); ++i) {
        const auto match = std::find_if(is.begin(), is.end(), [&](const BuildIdentity& b) { return b.name == was[i].name; });
        if (match == is.end() || !match->same_binary(was[i])) return false;
        moved = moved || match != is.begin() + static_cast<std::ptrdiff_t>(i);
    }
    return moved;
}

// build_difference's reason, with the key of the `was` sidecar it is in: "futolab", "builds" or
// "builds[i]" ("" with an empty reason).
std::pair<std::string, std::string> build_mismatch(const BuildIdentity& was_driver, const std::vector<BuildIdentity>& was,
                                                   const BuildIdentity& is_driver, const std::vector<BuildIdentity>& is) {
    if (!was_driver.same_binary(is_driver)) return {not_the_same(was_driver, is_driver), "futolab"};
    const auto names = [](const std::vector<BuildIdentity>& list) {
        std::vector<std::string> out;
        for (const BuildIdentity& b : list) out.push_back(b.name);
        return out.empty() ? std::string("[] (none)") : fmt::format("{}", fmt::join(out, ", "));  // not "builds , not self"
    };
    if (was.size() != is.size()) return {fmt::format("builds {}, not {}", names(was), names(is)), "builds"};
    if (same_builds_reordered(was, is))  // not other builds: the order of the --build flags (red-team round 32, K3)
        return {fmt::format("builds {} in that order, not {}: the same builds, the --build flags given in another order",
                            names(was), names(is)),
                "builds"};
    for (std::size_t i = 0; i < was.size(); ++i) {
        if (was[i].name != is[i].name) return {fmt::format("builds {}, not {}", names(was), names(is)), fmt::format("builds[{}]", i)};
        if (!was[i].same_binary(is[i]))
            return {fmt::format("build {} {}", was[i].name, not_the_same(was[i], is[i])), fmt::format("builds[{}]", i)};
    }
    return {};
}

}  // namespace

std::string build_difference(const BuildIdentity& was_driver, const std::vector<BuildIdentity>& was,
                             const BuildIdentity& is_driver, const std::vector<BuildIdentity>& is) {
    return build_mismatch(was_driver, was, is_driver, is).first;
}

std::string build_difference_in(const SidecarFacts& was, const BuildIdentity& is_driver, const std::vector<BuildIdentity>& is) {
    const auto [why, key] = build_mismatch(was.driver, was.builds, is_driver, is);
    if (why.empty()) return "";
    // An item the file does not hold (builds: absent, read as the driver alone): the list's mark.
    return fmt::format("{} ({})", why, sidecar_at(was, was.marks.contains(key) ? key : key.substr(0, key.find('['))));
}

void check_resumable(const std::string& csv_path, const ExperimentIdentity& config,
                     const std::vector<BuildIdentity>& builds, const BuildIdentity& driver) {
    namespace fs = std::filesystem;
    if (!fs::exists(csv_path) || fs::file_size(csv_path) == 0) return;
    // A run killed after the CSV's header and before its first sidecar left no row to mix up:
    // resuming it is starting it.
    if (!fs::exists(sidecar_path(csv_path)) && !holds_a_row(csv_path)) return;
    if (!fs::exists(sidecar_path(csv_path)))
        throw InputError(fmt::format("{}: has no sidecar {}: nothing says which config made it: refusing to resume; "
                                     "use a new --out", csv_path, sidecar_path(csv_path)));
    const SidecarFacts made = read_sidecar(csv_path);
    // A resume rewrites the sidecar as one machine's sweep: the merged one's list of shards and
    // their machines would be lost (round 7), and its rows would seem this machine's.
    if (made.merged)
        throw InputError(fmt::format("{}: is the merge of {} shards (its sidecar lists them: {}): refusing to resume it; "
                                     "resume the shards and merge them again",
                                     csv_path, made.machines.size(), sidecar_at(made, "shards")));
    // Each difference names where the sidecar holds it (round 20, left open: these named no line).
    std::vector<std::string> was, is, where;
    if (made.identity.config_hash != config.config_hash) {
        was.push_back(fmt::format("config {} ({} as it was)", made.identity.config_hash, made.identity.config_file));
        is.push_back(fmt::format("config {} ({})", config.config_hash, config.config_file));
        where.push_back(sidecar_at(made, "config_hash"));
    }
    if (auto [listed, read] = input_sides(made.identity.inputs, config.inputs); !listed.empty()) {
        was.push_back(std::move(listed));
        is.push_back(std::move(read));
        where.push_back(sidecar_item_at(made, "inputs", first_input_difference(made.identity.inputs, config.inputs)));
    }
    if (!was.empty())
        throw InputError(fmt::format("{}: made by {}, not {} ({}): refusing to resume; use a new --out", csv_path,
                                     fmt::join(was, " and "), fmt::join(is, " and "), fmt::join(where, ", ")));
    // The order of the builds sets the run matrix's order and each build's place in the sidecar:
    // the same builds in another order are refused too, saying so (red-team round 32, K3: the
    // message spoke of other builds whose rows would be pooled).
    if (made.driver.same_binary(driver) && same_builds_reordered(made.builds, builds))
        throw InputError(fmt::format("{}: made by {}: refusing to resume; give --build in the sweep's order",
                                     csv_path, build_difference_in(made, driver, builds)));
    // Rows of two binaries in one file would be pooled by every analysis as one measurement.
    if (const std::string why = build_difference_in(made, driver, builds); !why.empty())
        throw InputError(fmt::format("{}: made by {}: refusing to resume; use a new --out (or resume with the binary "
                                     "that made it: rows of two builds in one file would be pooled as one)",
                                     csv_path, why));
    // The same binary, but described otherwise (its version, compiler or flags edited), or the
    // sidecar at odds with itself: the edit would be written over unseen (red-team round 29, B2;
    // merge refuses both).
    if (const std::string key = description_difference(made.driver, driver); !key.empty())
        throw InputError(fmt::format("{}: its sidecar describes this binary {} with another {} ({}) than the binary "
                                     "itself: refusing to resume it (edited?); use a new --out",
                                     csv_path, driver.binary_hash, key, driver_key_at(made, key)));
    if (const std::string edit = sidecar_edit_problem(made); !edit.empty())
        throw InputError(fmt::format("{}: {}: refusing to resume it (edited?); use a new --out", csv_path, edit));
}

std::vector<RedoRecord> read_redone(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    if (!std::filesystem::exists(path)) return {};
    const YamlFields y(path);
    return redone_of(y, sidecar_root(y, load_sidecar_yaml(read_sidecar_text(csv_path), path)));  // each item's time and rows among them
}

std::vector<SkippedInput> read_skipped_inputs(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    const YamlFields y(path);
    std::vector<SkippedInput> out;
    const YamlAt list = y.sequence(y.child(sidecar_root(y, load_sidecar_yaml(read_sidecar_text(csv_path), path)), "skipped_inputs"));
    if (!list) return out;  // written before --skip-invalid existed
    for (std::size_t i = 0; i < list.node.size(); ++i) {
        const YamlAt s = y.map(y.item(list, i));
        out.push_back({y.text(y.child(s, "id")), y.text(y.child(s, "error"))});
    }
    return out;
}

}  // namespace futolab
