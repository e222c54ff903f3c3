#include "app/bench_manifest.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/json_read.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

namespace futolab::app {
namespace {

using json = Json;  // ordered: read by core/json_read.hpp

// The manifest's expected statuses are run statuses (SPEC), named by the status table.
const std::array<std::pair<Expected, std::string_view>, 3>& expected_words() {
    static const std::array<std::pair<Expected, std::string_view>, 3> words{{{Expected::unique, status_name(Status::unique)},
                                                                              {Expected::multiple, status_name(Status::multiple)},
                                                                              {Expected::unsat, status_name(Status::unsat)}}};
    return words;
}

// "m.json: instances[3] (id 'n04:2')" and the like: where a field sits, for messages.
struct Where {
    const std::string& path;
    std::string entry;           // "" for the top level
    const TypedNumbers& typed;   // the numbers' texts as typed, for messages (core/json_read.hpp)
    std::string field(std::string_view key) const {
        return fmt::format("{}: {}field '{}'", path, entry.empty() ? "" : entry + ": ", key);
    }
};

const json& member(const json& object, std::string_view key, const Where& at) {
    const auto it = object.find(key);
    if (it == object.end()) throw InputError(at.field(key) + " is missing");
    return *it;
}

std::string string_member(const json& object, std::string_view key, const Where& at) {
    const json& value = member(object, key, at);
    if (!value.is_string() || value.get<std::string>().empty())
        throw InputError(fmt::format("{}: {} is not a non-empty string", at.field(key), typed_json(value, at.typed)));
    return value.get<std::string>();
}

const json& array_member(const json& object, std::string_view key, const Where& at) {
    const json& value = member(object, key, at);
    if (!value.is_array()) throw InputError(at.field(key) + " is not an array");
    return value;
}

bool is_hash(const std::string& text) {
    return text.size() == 16 && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::string hash_member(const json& object, std::string_view key, const Where& at) {
    std::string text = string_member(object, key, at);
    if (!is_hash(text)) throw InputError(fmt::format("{}: '{}' is not 16 lowercase hex digits", at.field(key), text));
    return text;
}

Expected expected_member(const json& object, const Where& at) {
    const std::string text = string_member(object, "status", at);
    for (const auto& [value, name] : expected_words())
        if (name == text) return value;
    throw InputError(fmt::format("{}: '{}' is not unique, multiple or unsat", at.field("status"), text));
}

// A unique instance carries the hash of its solution; the others carry none (null or absent).
std::string solution_hash_member(const json& object, Expected status, const Where& at) {
    const auto it = object.find("solution_hash");
    const bool given = it != object.end() && !it->is_null();
    if (status != Expected::unique) {
        if (given) throw InputError(at.field("solution_hash") + " is given, but only a unique instance has one");
        return "";
    }
    if (!given) throw InputError(at.field("solution_hash") + " is missing: a unique instance needs one");
    return hash_member(object, "solution_hash", at);
}

std::vector<std::string> read_tiers(const json& top, const Where& at) {
    std::vector<std::string> tiers;
    const json& list = array_member(top, "tiers", at);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Where entry{at.path, fmt::format("tiers[{}]", i), at.typed};
        if (!list[i].is_object()) throw InputError(fmt::format("{}: {} is not an object", at.path, entry.entry));
        std::string name = string_member(list[i], "name", entry);
        if (std::find(tiers.begin(), tiers.end(), name) != tiers.end())
            throw InputError(fmt::format("{}: tier '{}' is listed twice", entry.field("name"), name));
        tiers.push_back(std::move(name));
    }
    return tiers;
}

// A whole number in [min, max], as the file typed it: 4.0, "4", 2^32 + 4 and 1e400 are
// refused by name, never read as another number (round 11: n, h, k and time_class were not
// read at all, so "n": "abc" passed).
int whole_member(const json& object, std::string_view key, long long min, long long max, const Where& at) {
    const json& value = member(object, key, at);
    const bool whole = value.is_number_integer() && !value.is_number_float();
    const bool in_range = whole && (value.is_number_unsigned() ? value.get<unsigned long long>() <= static_cast<unsigned long long>(max)
                                                               : value.get<long long>() >= min && value.get<long long>() <= max);
    if (!in_range)
        throw InputError(fmt::format("{}: {} is not a whole number from {} to {}", at.field(key),
                                     typed_json(value, at.typed), min, max));
    return static_cast<int>(value.get<long long>());
}

std::vector<std::string> checkers_member(const json& object, const Where& at) {
    const json& list = array_member(object, "checked_by", at);
    if (list.empty()) throw InputError(at.field("checked_by") + " is empty: at least one checker decided every instance");
    std::vector<std::string> out;
    for (const json& item : list) {
        const auto known = std::find(std::begin(kBenchCheckers), std::end(kBenchCheckers), item.is_string() ? item.get<std::string>() : "");
        if (known == std::end(kBenchCheckers))
            throw InputError(fmt::format("{}: {} is not one of {}", at.field("checked_by"), typed_json(item, at.typed),
                                         fmt::join(kBenchCheckers, ", ")));
        if (std::find(out.begin(), out.end(), *known) != out.end())
            throw InputError(fmt::format("{}: '{}' is listed twice", at.field("checked_by"), *known));
        out.emplace_back(*known);
    }
    return out;
}

// n, h, k, time_class and checked_by: each read and checked in its range.
void read_facts(const json& item, BenchInstance& in, const Where& at) {
    in.n = whole_member(item, "n", kMinSize, kMaxSize, at);
    in.h = whole_member(item, "h", 0, static_cast<long long>(in.n) * in.n, at);
    in.k = whole_member(item, "k", 0, 2LL * in.n * (in.n - 1), at);
    in.time_class = whole_member(item, "time_class", kMinTimeClass, kMaxTimeClass, at);
    in.checked_by = checkers_member(item, at);
}

BenchInstance read_instance(const json& item, std::size_t i, const std::vector<std::string>& tiers, const Where& top) {
    Where at{top.path, fmt::format("instances[{}]", i), top.typed};
    if (!item.is_object()) throw InputError(fmt::format("{}: {} is not an object", top.path, at.entry));
    BenchInstance in;
    in.id = string_member(item, "id", at);
    at.entry += fmt::format(" (id '{}')", in.id);
    in.tier = string_member(item, "tier", at);
    if (std::find(tiers.begin(), tiers.end(), in.tier) == tiers.end())
        throw InputError(fmt::format("{}: '{}' is not one of the manifest's tiers", at.field("tier"), in.tier));
    in.file = string_member(item, "file", at);
    in.hash = hash_member(item, "hash", at);
    in.status = expected_member(item, at);
    in.solution_hash = solution_hash_member(item, in.status, at);
    read_facts(item, in, at);
    return in;
}

// One puzzle, one answer: the same hash twice (in two tiers) must expect the same.
void check_consistent(const BenchManifest& m) {
    std::map<std::string, const BenchInstance*> first;
    for (const BenchInstance& in : m.instances) {
        const auto [it, added] = first.emplace(in.hash, &in);
        const BenchInstance& was = *it->second;
        if (!added && (was.status != in.status || was.solution_hash != in.solution_hash))
            throw InputError(fmt::format("{}: instance {} ({}) and {} ({}) are one puzzle (hash {}) with different "
                                         "expected answers",
                                         m.path, was.id, was.tier, in.id, in.tier, in.hash));
    }
}

}  // namespace

std::string_view expected_name(Expected e) {
    for (const auto& [value, name] : expected_words())
        if (value == e) return name;
    return "?";
}

BenchManifest read_bench_manifest(const std::string& path) {
    // "m.json:2:1: malformed JSON: …" as the other JSON readers say it, never nlohmann's own
    // "[json.exception.parse_error.101] …"; a key twice in one object is refused too.
    const std::string text = read_text_file(path);
    const JsonRead read = read_json(without_byte_order_mark(text), 16);  // a manifest nests 3 levels; deeper is refused as it is read
    if (!read.problem.empty())
        throw InputError(read.line ? fmt::format("{}:{}:{}: {}", path, read.line, read.column, read.problem)
                                   : fmt::format("{}: {}", path, read.problem));
    const json& top = read.value;
    const Where at{path, "", read.typed};
    if (!top.is_object()) throw InputError(path + ": not a futolab-bench manifest (a JSON object)");
    BenchManifest m;
    m.path = path;
    m.name = string_member(top, "name", at);
    const json& version = member(top, "version", at);
    if (!version.is_number_integer() || version.get<long long>() != kBenchManifestVersion)
        throw InputError(fmt::format("{}: {} is not a manifest version this futolab reads ({})", at.field("version"),
                                     typed_json(version, at.typed), kBenchManifestVersion));
    m.version = kBenchManifestVersion;
    m.tiers = read_tiers(top, at);
    const json& items = array_member(top, "instances", at);
    for (std::size_t i = 0; i < items.size(); ++i) m.instances.push_back(read_instance(items[i], i, m.tiers, at));
    check_consistent(m);
    return m;
}

std::string solution_hash(std::string_view solution_text) { return fmt::format("{:016x}", fnv1a64(solution_text)); }

}  // namespace futolab::app
