#include "solvers/command/declaration.hpp"

#include "core/error.hpp"
#include "solvers/command/argv_template.hpp"
#include "solvers/command/counter_rules.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace futolab::command {
namespace {

constexpr std::string_view kCounterPrefix = "counter_";

std::string declared_names(std::span<const Declaration> declared) {
    std::string out;
    for (const Declaration& d : declared) out += (out.empty() ? "" : ", ") + d.name;
    return out.empty() ? "none: declare one under 'commands:'" : "declared: " + out;
}

// The options that carry `d` (declaration.hpp), and the spec as asked: command:name=NAME.
SolverSpec spec_of(const Declaration& d) {
    SolverSpec spec;
    spec.name = std::string(kBackend);
    spec.options["name"] = d.name;
    spec.options["argv"] = nlohmann::json(d.argv).dump();
    spec.options["format"] = std::string(format_info(d.format).name);
    for (const auto& [counter, regex] : d.counters) spec.options[std::string(kCounterPrefix) + counter] = regex;
    spec.given["name"] = d.name;
    return spec;
}

// The first problem of any field of `d` ("" if none): what the config reader checks field by field.
std::string declaration_problem(const Declaration& d) {
    if (std::string why = name_problem(d.name); !why.empty()) return why;
    for (const std::string& element : d.argv)
        if (std::string why = template_problem(element); !why.empty()) return "argv: " + why;
    if (std::string why = argv_problem(d.argv); !why.empty()) return "argv: " + why;
    for (const auto& [counter, regex] : d.counters)
        if (std::string why = counter_rule_problem(counter, regex); !why.empty()) return "counters: " + why;
    return "";
}

}  // namespace

std::string name_problem(std::string_view name) {
    if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") !=
                            std::string_view::npos)
        return "a command's name must be letters, digits, '_', '.' or '-'";
    return "";
}

std::string argv_problem(const std::vector<std::string>& argv) {
    if (argv.empty() || argv.front().empty()) return "argv needs a program as its first element";
    for (const std::string& element : argv)
        if (names_instance(element)) return "";
    return "no element of argv names {instance}: the tool would never see the puzzle";
}

std::string format_problem(std::string_view format) {
    try {
        format_from_name(format);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

SolverSpec parse_spec(const SpecText& parts, std::span<const Declaration> declared) {
    for (const auto& [key, value] : parts.options)
        if (key != "name") throw InputError(fmt::format("solver 'command' has no option '{}' (valid: name)", key));
    const auto name = parts.options.find("name");
    if (name == parts.options.end())
        throw InputError(fmt::format("solver 'command' needs name=NAME, a declared command ({})", declared_names(declared)));
    for (const Declaration& d : declared)
        if (d.name == name->second) return spec_of(d);
    throw InputError(fmt::format("no command named '{}' ({})", name->second, declared_names(declared)));
}

std::optional<Declaration> declaration_of(const SolverSpec& spec) {
    const auto name = spec.options.find("name");
    if (spec.name != kBackend || name == spec.options.end()) return std::nullopt;
    Declaration d;
    d.name = name->second;
    d.argv = nlohmann::json::parse(spec.options.at("argv")).get<std::vector<std::string>>();
    d.format = format_from_name(spec.options.at("format"));
    for (const auto& [key, value] : spec.options)
        if (key.starts_with(kCounterPrefix)) d.counters[key.substr(kCounterPrefix.size())] = value;
    return d;
}


std::string declarations_json(std::span<const Declaration> declared) {
    nlohmann::json out = nlohmann::json::array();
    for (const Declaration& d : declared) out.push_back(spec_of(d).options);
    return out.dump();
}

std::vector<Declaration> declarations_from_json(std::string_view text, const std::string& source) {
    std::vector<Declaration> out;
    try {
        for (const nlohmann::json& options : nlohmann::json::parse(text)) {
            SolverSpec spec;
            spec.name = std::string(kBackend);
            spec.options = options.get<std::map<std::string, std::string>>();
            out.push_back(declaration_of(spec).value());
        }
    } catch (const std::exception& e) {  // nlohmann's errors, a missing key, no name
        throw InputError(fmt::format("{}: the commands are not readable: {}", source, e.what()));
    }
    for (const Declaration& d : out)
        if (const std::string why = declaration_problem(d); !why.empty())
            throw InputError(fmt::format("{}: command {}: {}", source, d.name, why));
    return out;
}

}  // namespace futolab::command
