#include "analysis/spec_labels.hpp"

#include "analysis/provenance.hpp"

#include <fmt/format.h>
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/yaml_bounds.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace futolab {
namespace {

std::string joined(const std::vector<std::string>& items, const char* sep) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
    return out;
}

// The keys whose values are not the same in every one of `sets` (a key some sets lack counts
// as differing).
std::set<std::string> varying_keys(const std::vector<std::map<std::string, std::string>>& sets) {
    std::set<std::string> keys, varying;
    for (const auto& s : sets)
        for (const auto& [key, value] : s) keys.insert(key);
    for (const std::string& key : keys) {
        std::set<std::string> values;
        for (const auto& s : sets) values.insert(s.count(key) ? "=" + s.at(key) : "");  // "" : absent
        if (values.size() > 1) varying.insert(key);
    }
    return varying;
}

std::string items_of(const std::map<std::string, std::string>& options, const std::set<std::string>& keys) {
    std::vector<std::string> items;
    for (const std::string& key : keys)
        items.push_back(key + "=" + (options.count(key) ? options.at(key) : std::string("(none)")));
    return joined(items, ",");
}

// "name:k=v,…" → name and options (the text of a config entry; not validated: any text is a label).
std::pair<std::string, std::map<std::string, std::string>> spec_split(const std::string& text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) return {text, {}};
    return {text.substr(0, colon), option_map(text.substr(colon + 1))};
}

bool includes(const std::map<std::string, std::string>& all, const std::map<std::string, std::string>& part) {
    for (const auto& [key, value] : part) {
        const auto it = all.find(key);
        if (it == all.end() || it->second != value) return false;
    }
    return true;
}

std::string canonical(const std::string& text) {
    const auto [name, options] = spec_split(text);
    std::vector<std::string> items;
    for (const auto& [key, value] : options) items.push_back(key + "=" + value);
    return items.empty() ? name : name + ":" + joined(items, ",");
}

}  // namespace

std::vector<std::string> asked_specs(const std::string& csv_path) {
    const std::string sidecar = csv_path + ".meta.yaml";
    std::vector<std::string> out;
    if (!std::filesystem::exists(sidecar)) return out;
    try {  // a sidecar that does not read back whole is reported by provenance; here it only gives no labels
        // Bounded, both levels (issue #25): the sidecar and the config text it holds.
        const YAML::Node config =
            load_yaml_bounded(whole_sidecar(read_text_file(sidecar), csv_path)["config"].as<std::string>(""), sidecar);
        for (const char* key : {"solvers", "methods"})
            if (config.IsMap() && config[key] && config[key].IsSequence())
                for (const YAML::Node& item : config[key])
                    if (item.IsScalar()) out.push_back(canonical(item.as<std::string>()));
    } catch (const YAML::Exception&) {
        out.clear();
    } catch (const InputError&) {  // unbounded or unreadable: provenance reports it
        out.clear();
    }
    return out;
}

std::string asked_label(const std::vector<std::string>& asked, const std::string& solver, const std::string& options) {
    const auto ran = option_map(options);
    std::vector<std::pair<std::string, std::map<std::string, std::string>>> fits;
    for (const std::string& spec : asked) {
        auto parts = spec_split(spec);
        if (parts.first == solver && includes(ran, parts.second)) fits.emplace_back(spec, std::move(parts.second));
    }
    for (const auto& [spec, given] : fits) {
        bool widest = true;
        for (const auto& other : fits) widest = widest && includes(given, other.second);
        if (widest) return spec;
    }
    return "";
}

std::map<std::string, std::string> option_map(const std::string& options) {
    std::map<std::string, std::string> out;
    std::size_t start = 0;
    while (start < options.size()) {
        std::size_t end = options.find(',', start);
        if (end == std::string::npos) end = options.size();
        const std::string item = options.substr(start, end - start);
        const std::size_t eq = item.find('=');
        if (!item.empty()) out[item.substr(0, eq)] = eq == std::string::npos ? "" : item.substr(eq + 1);
        start = end + 1;
    }
    return out;
}

std::map<std::pair<std::string, std::string>, std::string> derived_labels(
    const std::vector<std::pair<std::string, std::string>>& solver_options) {
    std::map<std::string, std::set<std::string>> by_solver;  // solver → its distinct options cells
    for (const auto& [solver, options] : solver_options) by_solver[solver].insert(options);
    std::map<std::pair<std::string, std::string>, std::string> out;
    for (const auto& [solver, cells] : by_solver) {
        std::vector<std::map<std::string, std::string>> sets;
        for (const std::string& cell : cells) sets.push_back(option_map(cell));
        const std::set<std::string> keys = varying_keys(sets);
        std::size_t k = 0;
        for (const std::string& cell : cells) {
            std::vector<std::string> items;
            for (const std::string& key : keys)
                if (sets[k].count(key)) items.push_back(key + "=" + sets[k].at(key));
            out[{solver, cell}] = items.empty() ? solver : solver + ":" + joined(items, ",");
            ++k;
        }
    }
    return out;
}

std::pair<std::string, std::string> options_difference(const std::string& a, const std::string& b) {
    const auto ma = option_map(a), mb = option_map(b);
    const std::set<std::string> keys = varying_keys({ma, mb});
    return {items_of(ma, keys), items_of(mb, keys)};
}

std::vector<std::string> label_conflicts(const std::vector<LabelUse>& uses) {
    // label → (options, the inputs holding that pair), both in first-seen (input) order
    std::map<std::string, std::vector<std::pair<std::string, std::vector<std::string>>>> seen;
    for (const LabelUse& u : uses) {
        auto& sets = seen[u.spec];
        auto it = std::find_if(sets.begin(), sets.end(), [&](const auto& set) { return set.first == u.options; });
        if (it == sets.end()) it = sets.insert(sets.end(), {u.options, {}});
        if (std::find(it->second.begin(), it->second.end(), u.source) == it->second.end()) it->second.push_back(u.source);
    }
    std::vector<std::string> out;
    for (const auto& [spec, by_options] : seen) {
        if (by_options.size() < 2) continue;
        std::vector<std::map<std::string, std::string>> sets;
        for (const auto& [options, sources] : by_options) sets.push_back(option_map(options));
        const std::set<std::string> keys = varying_keys(sets);
        std::vector<std::string> parts;
        std::size_t k = 0;
        for (const auto& [options, sources] : by_options)
            parts.push_back(fmt::format("{} in {}", items_of(sets[k++], keys), joined(sources, ", ")));
        out.push_back(fmt::format("spec '{}' stands for different options: {}; its runs pair by the label, but they did "
                                  "not run the same solver (a default changed between commits?)",
                                  spec, joined(parts, "; ")));
    }
    return out;
}

}  // namespace futolab
