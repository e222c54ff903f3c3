#include "solvers/command/argv_template.hpp"

#include <fmt/format.h>

#include <array>
#include <functional>

namespace futolab::command {
namespace {

constexpr std::array<std::string_view, 4> kPlaceholders{"instance", "count", "seed", "cwd"};

// Walks `element`: literal text to `literal`, each placeholder's name to `placeholder`.
// Returns the problem, or "" when the element is well formed.
std::string scan(std::string_view element, const std::function<void(std::string_view)>& literal,
                 const std::function<void(std::string_view)>& placeholder) {
    std::size_t i = 0;
    while (i < element.size()) {
        const char c = element[i];
        if ((c == '{' || c == '}') && i + 1 < element.size() && element[i + 1] == c) {
            literal(element.substr(i, 1));
            i += 2;
            continue;
        }
        if (c == '}') return fmt::format("'}}' at position {} closes no placeholder (write '}}}}' for a brace)", i + 1);
        if (c != '{') {
            const std::size_t next = element.find_first_of("{}", i);
            const std::size_t end = next == std::string_view::npos ? element.size() : next;
            literal(element.substr(i, end - i));
            i = end;
            continue;
        }
        const std::size_t close = element.find('}', i);
        if (close == std::string_view::npos)
            return fmt::format("'{{' at position {} is never closed (write '{{{{' for a brace)", i + 1);
        const std::string_view name = element.substr(i + 1, close - i - 1);
        bool known = false;
        for (std::string_view p : kPlaceholders) known = known || p == name;
        if (!known)
            return fmt::format("unknown placeholder '{{{}}}' (valid: {{instance}}, {{count}}, {{seed}}, {{cwd}}; "
                               "'{{{{' and '}}}}' for braces)",
                               name);
        placeholder(name);
        i = close + 1;
    }
    return "";
}

}  // namespace

std::string template_problem(std::string_view element) {
    return scan(element, [](std::string_view) {}, [](std::string_view) {});
}

bool names_instance(std::string_view element) {
    bool found = false;
    scan(element, [](std::string_view) {}, [&](std::string_view name) { found = found || name == "instance"; });
    return found;
}

std::string expand(std::string_view element, const TemplateValues& values) {
    std::string out;
    scan(element, [&](std::string_view text) { out += text; },
         [&](std::string_view name) {
             if (name == "instance") out += values.instance;
             else if (name == "count") out += values.count;
             else if (name == "seed") out += values.seed;
             else out += values.cwd;
         });
    return out;
}

}  // namespace futolab::command
