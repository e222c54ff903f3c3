// Typed fields of a YAML file futolab reads but did not necessarily write (a sidecar edited by
// hand, a merged one from another version). yaml-cpp's own answer to a wrong type is an
// exception such as "operator[] call on a scalar (key: "host")" that names no file; here every
// wrong type is an InputError naming the file, the line and the key's dotted path:
//   "a.csv.meta.yaml:4:10: key 'futolab' must be a map (it is a scalar)"
// A missing optional field reads as its fallback; the readers decide which fields are required.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// A node and the dotted path that reached it ("run.shard_count", "shards[2].host"; "" = root).
// `within`: where the nearest map that is there starts, so a missing key is named at the line
// and column of the map that lacks it (a node that is not there has no mark of its own).
struct YamlAt {
    YAML::Node node;
    std::string path;
    YAML::Mark within = YAML::Mark::null_mark();

    explicit operator bool() const { return node.IsDefined() && !node.IsNull(); }
};

// A node's tag as YAML text writes it: "!!float" for yaml-cpp's "tag:yaml.org,2002:float", a
// local tag ("!custom") as it is. (yaml-cpp gives a plain scalar the tag "?", a quoted one "!".)
std::string yaml_tag_name(std::string_view tag);

class YamlFields {
public:
    explicit YamlFields(std::string file) : file_(std::move(file)) {}

    YamlAt root(const YAML::Node& node) const;  // must be a map
    // `key` of the map `at` (at absent: absent too). `at` present and not a map: an error.
    YamlAt child(const YamlAt& at, std::string_view key) const;
    // Item `i` of the sequence `at`.
    YamlAt item(const YamlAt& at, std::size_t i) const;

    // Type checks: absent passes (the field is optional); present of another kind fails.
    const YamlAt& map(const YamlAt& at) const;
    const YamlAt& sequence(const YamlAt& at) const;

    // A scalar's text; absent: `fallback`, or an error "key 'x' is missing" when there is none.
    std::string text(const YamlAt& at, const std::optional<std::string>& fallback = std::nullopt) const;
    bool flag(const YamlAt& at, bool fallback) const;  // `true` or `false` plain, nothing else (not yes, no, on, off)
    // A scalar's text written plain, as futolab writes numbers, times and flags: a quoted scalar
    // ("2") or a tagged one (!!float 2) is refused, naming how it is written. Other YAML readers
    // take "2" and !!str 2 for text, !!float 2 for 2.0: the value would have two readings.
    std::string plain(const YamlAt& at) const;
    // Every node under `at` (keys, values, items) without a YAML tag (`!!str`, `!!float`,
    // `!custom`): futolab writes none, and a tag makes another reader take the value as another
    // type than its text says. The first tagged node is refused at its line and column.
    void refuse_tags(const YamlAt& at) const;
    double number(const YamlAt& at, double fallback) const;
    // Decimal digits only, in [0, max] (core/numbers.hpp, as a config's counts): 4294967297
    // must not wrap to 1 in an int, nor -1, 1e3 or 0x10 pass as a count futolab never writes.
    std::uint64_t whole(const YamlAt& at, std::uint64_t fallback, std::uint64_t max) const;

    // "file:line:column: key 'x' problem", at the value, or for a missing key at its map.
    [[noreturn]] void fail(const YamlAt& at, std::string_view problem) const;
    // "file:line:column" of the value at `at` (of its map when it is missing), as fail names it:
    // for a check made later, against what the file is compared with.
    std::string where(const YamlAt& at) const;

private:
    std::string file_;
};

}  // namespace futolab
