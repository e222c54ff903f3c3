#include "core/yaml_bounds.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace futolab {
namespace {

// Visits every node as a walk over the tree would, aliases expanded, without recursion; stops
// at the first bound it passes.
void check_size(const YAML::Node& root, const std::string& source) {
    std::vector<std::pair<YAML::Node, std::size_t>> stack{{root, 1}};
    std::size_t seen = 0;
    while (!stack.empty()) {
        auto [node, depth] = std::move(stack.back());
        stack.pop_back();
        if (++seen > kMaxYamlNodes)
            throw InputError(fmt::format("{}: YAML of more than {} nodes once its aliases are expanded (anchors that "
                                         "refer to each other?): refusing it", source, kMaxYamlNodes));
        if (depth > kMaxYamlDepth)
            throw InputError(fmt::format("{}: YAML nested deeper than {} levels: refusing it", source, kMaxYamlDepth));
        if (node.IsMap()) {
            for (const auto& item : node) {
                stack.emplace_back(item.first, depth + 1);
                stack.emplace_back(item.second, depth + 1);
            }
        } else if (node.IsSequence()) {
            for (const auto& item : node) stack.emplace_back(item, depth + 1);
        }
    }
}

}  // namespace

YAML::Node load_yaml_bounded(const std::string& text, const std::string& source) {
    YAML::Node root = YAML::Load(text);
    check_size(root, source);
    return root;
}

}  // namespace futolab
