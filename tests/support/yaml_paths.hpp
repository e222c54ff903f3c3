// Every node of a YAML document by its path of keys and list indexes, for tests that edit each
// node of a real file in turn (a sidecar, a config) and run its readers on the result.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

namespace futolab::test {

using YamlStep = std::variant<std::string, std::size_t>;  // a map key or a list index
using YamlPath = std::vector<YamlStep>;

// The paths of every node under `node` (not `node` itself when `at` is empty), parents first.
inline void collect_paths(const YAML::Node& node, YamlPath& at, std::vector<YamlPath>& out) {
    if (!at.empty()) out.push_back(at);
    if (node.IsMap())
        for (const auto& kv : node) {
            at.emplace_back(kv.first.as<std::string>());
            collect_paths(kv.second, at, out);
            at.pop_back();
        }
    if (node.IsSequence())
        for (std::size_t i = 0; i < node.size(); ++i) {
            at.emplace_back(i);
            collect_paths(node[i], at, out);
            at.pop_back();
        }
}

// ".run.shard_index", ".builds[0].name": for test messages.
inline std::string path_text(const YamlPath& path) {
    std::string out;
    for (const YamlStep& s : path)
        out += std::holds_alternative<std::string>(s) ? "." + std::get<std::string>(s)
                                                         : "[" + std::to_string(std::get<std::size_t>(s)) + "]";
    return out;
}

// The node `steps` of `path` below `root` (a handle into `root`'s tree: assigning to it edits it).
inline YAML::Node node_at(YAML::Node root, const YamlPath& path, std::size_t steps) {
    YAML::Node node = root;
    for (std::size_t i = 0; i < steps; ++i) {
        if (std::holds_alternative<std::string>(path[i])) node.reset(node[std::get<std::string>(path[i])]);
        else node.reset(node[std::get<std::size_t>(path[i])]);
    }
    return node;
}

}  // namespace futolab::test
