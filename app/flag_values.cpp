#include "app/flag_values.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

namespace futolab::app {

void refuse_flag_values(const CLI::App& app, const std::vector<std::string>& words) {
    const CLI::App* command = &app;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word == "--") return;
        if (!word.starts_with("-")) {  // a subcommand or an input
            const auto named = command->get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); });
            if (!named.empty()) command = named.front();
            continue;
        }
        const std::size_t eq = word.find('=');
        const std::string name = word.starts_with("--") ? word.substr(0, eq) : word.substr(0, 2);
        const CLI::Option* option = command->get_option_no_throw(name);
        if (option == nullptr) continue;  // CLI11's to refuse
        const bool flag = option->get_items_expected_max() == 0;
        // "-h=no" too: CLI11 took it for -h (help printed, exit 0), and "-q=1" for -q and an
        // option "-=1".
        const bool valued = word.starts_with("--") ? eq != std::string::npos : eq == 2;
        if (flag && valued)
            throw InputError(fmt::format("{}{} takes no value (given '{}'): give {} alone to ask for it, or leave it out",
                                         command == &app ? "" : command->get_name() + ": ", name, word, name));
        // "-s=gac": CLI11 takes the value joined to a short option as typed, '=' included, so
        // solve said "unknown solver '=gac'" and a path became "=out.csv".
        if (!flag && valued && !word.starts_with("--"))
            throw InputError(fmt::format("{}{} takes its value after a space or joined to it, not after '=' (given '{}'): give "
                                         "'{} {}'",
                                         command == &app ? "" : command->get_name() + ": ", name, word, name, word.substr(3)));
        const bool value_attached = eq != std::string::npos || (!word.starts_with("--") && word.size() > 2);
        if (!flag && !value_attached) ++i;  // its value, whatever it looks like
    }
}

}  // namespace futolab::app
