#include "experiments/config.hpp"

#include "core/error.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <set>
#include <sstream>

namespace futolab {
namespace {

// Error helpers that name the config file and the node's position (yaml-cpp marks are 0-based).
class Where {
public:
    explicit Where(std::string path) : path_(std::move(path)) {}

    [[noreturn]] void fail(const YAML::Node& node, const std::string& problem) const {
        const YAML::Mark m = node.Mark();
        throw_input_error({path_, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0}, problem);
    }

    // Every key of `map` must be in `allowed`, and appear once.
    void keys(const YAML::Node& map, const std::vector<std::string>& allowed, const std::string& what) const {
        if (!map.IsMap()) fail(map, what + " must be a mapping");
        std::set<std::string> seen;
        for (const auto& kv : map) {
            const std::string key = kv.first.as<std::string>();
            if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
                fail(kv.first, fmt::format("unknown key '{}' in {} (valid: {})", key, what, fmt::join(allowed, ", ")));
            if (!seen.insert(key).second) fail(kv.first, fmt::format("key '{}' is given twice", key));
        }
    }

    std::string scalar(const YAML::Node& node, const std::string& what) const {
        if (!node.IsScalar()) fail(node, what + " must be a single value");
        return node.Scalar();
    }

    std::uint64_t whole(const YAML::Node& node, const std::string& what, std::uint64_t min) const {
        const std::string text = scalar(node, what);
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size() || v < min)
            fail(node, fmt::format("{} must be a whole number >= {}, not '{}'", what, min, text));
        return v;
    }

private:
    std::string path_;
};

const std::vector<std::string> kTopKeys{"name", "description", "seed", "repeats", "mode",
                                        "limits", "instances", "solvers", "output"};

Mode read_mode(const Where& w, const YAML::Node& node) {
    if (node.IsScalar() && node.Scalar() == "first") return Mode::first();
    w.keys(node, {"count"}, "mode");
    const YAML::Node count = node["count"];
    try {
        return parse_mode(w.scalar(count, "mode.count"));
    } catch (const InputError& e) {
        w.fail(count, std::string("mode.") + e.what());
    }
}

Limits read_limits(const Where& w, const YAML::Node& node) {
    w.keys(node, {"time", "nodes"}, "limits");
    Limits limits;
    if (node["time"]) {
        const std::string text = w.scalar(node["time"], "limits.time");
        try {
            limits.time_seconds = parse_duration_seconds(text);
        } catch (const std::invalid_argument&) {
            w.fail(node["time"], fmt::format("limits.time: '{}' is not a duration (e.g. 10s, 500ms, 2m)", text));
        }
    }
    if (node["nodes"]) limits.nodes = w.whole(node["nodes"], "limits.nodes", 1);
    return limits;
}

std::vector<InstanceSource> read_instances(const Where& w, const YAML::Node& node) {
    if (!node.IsSequence() || node.size() == 0) w.fail(node, "instances must be a non-empty list of sources");
    std::vector<InstanceSource> out;
    for (const YAML::Node& item : node) {
        w.keys(item, {"file"}, "an instance source");
        if (!item["file"]) w.fail(item, "an instance source needs 'file'");
        out.push_back({w.scalar(item["file"], "file"), item.Mark().line + 1});
    }
    return out;
}

std::vector<SolverSpec> read_solvers(const Where& w, const YAML::Node& node) {
    if (!node.IsSequence() || node.size() == 0) w.fail(node, "solvers must be a non-empty list");
    std::vector<SolverSpec> out;
    for (const YAML::Node& item : node) {
        try {
            out.push_back(parse_solver_spec(w.scalar(item, "a solver")));
        } catch (const InputError& e) {
            w.fail(item, e.what());
        }
    }
    return out;
}

std::string fnv_hex(const std::string& text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char ch : text) h = (h ^ ch) * 1099511628211ull;
    return fmt::format("{:016x}", h);
}

ExperimentConfig read_root(const Where& w, const YAML::Node& root, ExperimentConfig c) {
    w.keys(root, kTopKeys, "the config");
    for (const char* required : {"name", "instances", "solvers"})
        if (!root[required]) w.fail(root, fmt::format("missing key '{}'", required));
    c.name = w.scalar(root["name"], "name");
    if (c.name.empty() || c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") !=
                              std::string::npos)
        w.fail(root["name"], "name must be letters, digits, '_', '.' or '-'");
    if (root["description"]) c.description = w.scalar(root["description"], "description");
    if (root["seed"]) c.seed = w.whole(root["seed"], "seed", 0);
    if (root["repeats"]) c.repeats = static_cast<int>(w.whole(root["repeats"], "repeats", 1));
    if (root["mode"]) c.mode = read_mode(w, root["mode"]);
    if (root["limits"]) c.limits = read_limits(w, root["limits"]);
    c.instances = read_instances(w, root["instances"]);
    c.solvers = read_solvers(w, root["solvers"]);
    c.output = root["output"] ? w.scalar(root["output"], "output") : "results/" + c.name + ".csv";
    return c;
}

}  // namespace

double parse_duration_seconds(const std::string& text) {
    static const std::vector<std::pair<std::string, double>> units{
        {"us", 1e-6}, {"ms", 1e-3}, {"s", 1.0}, {"m", 60.0}, {"h", 3600.0}};
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [rest, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || value < 0) throw std::invalid_argument(text);
    const std::string unit(rest, end);
    if (unit.empty()) return value;
    for (const auto& [name, scale] : units)
        if (unit == name) return value * scale;
    throw std::invalid_argument(text);
}

ExperimentConfig parse_config(const std::string& text, const std::string& path) {
    const Where w(path);
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::ParserException& e) {
        throw_input_error({path, e.mark.line + 1, e.mark.column + 1}, "malformed YAML: " + e.msg);
    }
    if (!root.IsMap()) throw_input_error({path, 1, 0}, "the config must be a YAML mapping of keys");
    ExperimentConfig c;
    c.path = path;
    c.text = text;
    c.config_hash = fnv_hex(text);
    return read_root(w, root, std::move(c));
}

ExperimentConfig load_config(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw_input_error({path}, "cannot read the config file");
    std::stringstream ss;
    ss << in.rdbuf();
    return parse_config(ss.str(), path);
}

}  // namespace futolab
