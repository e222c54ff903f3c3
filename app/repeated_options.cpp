#include "app/repeated_options.hpp"

#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace futolab::app {
namespace {

// "1 and 2", "1, 2 and 3": each value as typed, cut for a one-line message.
std::string listed(const std::vector<std::string>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += i + 1 == values.size() ? " and " : ", ";
        out += "'" + message_text(values[i], 40) + "'";
    }
    return out;
}

// The values an option takes each time it is given (at least 1: a flag's).
std::size_t values_per_use(const CLI::Option& opt) { return static_cast<std::size_t>(std::max(opt.get_items_expected_max(), 1)); }

// Whether `opt` was given more often than once: CLI11 keeps every value it was given (results)
// and refuses, under its default policy, more than the option takes (a list option takes any
// number, a flag given twice is taken once: neither is refused).
bool given_too_often(const CLI::Option& opt) {
    return opt.get_multi_option_policy() == CLI::MultiOptionPolicy::Throw && opt.results().size() > values_per_use(opt);
}

std::string in_command(const CLI::App& app, const std::string& command) {
    for (const CLI::Option* opt : app.get_options())
        if (given_too_often(*opt)) {
            const std::size_t times = opt->results().size() / values_per_use(*opt);
            return fmt::format("{}{} given {} ({}): give it once", command.empty() ? "" : command + ": ", opt->get_name(),
                               times == 2 ? "twice" : fmt::format("{} times", times), listed(opt->results()));
        }
    for (const CLI::App* sub : app.get_subcommands())
        if (std::string found = in_command(*sub, sub->get_name()); !found.empty()) return found;
    return "";
}

}  // namespace

std::string repeated_option(const CLI::App& app) { return in_command(app, ""); }

}  // namespace futolab::app
