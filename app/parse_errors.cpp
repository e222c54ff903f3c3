#include "app/parse_errors.hpp"

#include "app/commands.hpp"
#include "app/repeated_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

namespace futolab::app {
namespace {

// The commands a user may give (the hidden worker has no group).
std::vector<std::string> command_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
        names.push_back(sub->get_name());
    std::sort(names.begin(), names.end());
    return names;
}

// The command being parsed when the error came: the last subcommand selected, or the app.
CLI::App* command_of(CLI::App& app) {
    CLI::App* command = &app;
    for (std::vector<CLI::App*> selected = app.get_subcommands(); !selected.empty(); selected = selected.back()->get_subcommands())
        command = selected.back();
    return command;
}

std::string prefix_of(const CLI::App& app, const CLI::App* command) { return command == &app ? "" : command->get_name() + ": "; }

// How a message names an option: "--n", or an argument "KIND".
std::string shown(const CLI::Option& option) {
    if (!option.get_positional()) return option.get_name();
    std::string name = option.get_name();
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

// The names a CLI::IsMember check of `option` takes (its description "{a,b,c}"), or none.
std::vector<std::string> accepted_names(CLI::Option& option) {
    for (int i = 0;; ++i) {
        const CLI::Validator* check = nullptr;
        try {
            check = option.get_validator(i);
        } catch (const CLI::OptionNotFound&) {
            return {};
        }
        const std::string set = check->get_description();
        if (set.size() < 2 || set.front() != '{' || set.back() != '}') continue;
        std::vector<std::string> names;
        for (std::size_t start = 1, end; start < set.size(); start = end + 1) {
            end = std::min(set.find(',', start), set.size() - 1);
            names.push_back(set.substr(start, end - start));
        }
        return names;
    }
}

// What `option` takes: "valid: a, b" for names, else its help text.
std::string what_it_takes(CLI::Option& option) {
    if (const std::vector<std::string> names = accepted_names(option); !names.empty())
        return fmt::format("valid: {}", fmt::join(names, ", "));
    // Its first letter lowered as a sentence's ("Count solutions" → "count solutions", "A
    // candidate" → "a candidate"), never an acronym's or a placeholder's: "nAME[:key=value,...]",
    // "yAML file" and "cPU-time limit" (red-team round 28, C F12).
    std::string help = option.get_description();
    const auto letter = [&help](std::size_t i) { return static_cast<unsigned char>(help[i]); };
    if (help.size() >= 2 && std::isupper(letter(0)) && (std::islower(letter(1)) || (help[0] == 'A' && help[1] == ' ')))
        help[0] = static_cast<char>(std::tolower(letter(0)));
    return help;
}

// The option of `command` an error's text starts with ("--n: …", "kind is required"), or null.
CLI::Option* option_named_in(CLI::App& command, const std::string& text) {
    for (CLI::Option* option : command.get_options()) {
        const std::string& name = option->get_name();
        if (!name.empty() && text.starts_with(name) && text.size() > name.size() &&
            (text[name.size()] == ':' || text[name.size()] == ' '))
            return option;
    }
    return nullptr;
}

std::string positionals_of(const CLI::App& command) {
    std::vector<std::string> names;
    for (const CLI::Option* option : command.get_options())
        if (option->get_positional() && !is_surplus_slot(*option)) names.push_back(shown(*option));
    if (names.empty()) return fmt::format("{} takes options only", command.get_name());
    return fmt::format("{} takes the argument{} {}, then options", command.get_name(), names.size() > 1 ? "s" : "",
                       fmt::join(names, " "));
}

// No command selected: the first word was not one.
std::string no_command(const CLI::App& app, const std::vector<std::string>& words) {
    const std::string commands = fmt::format("{}", fmt::join(command_names(app), ", "));
    const auto first = std::find_if(words.begin(), words.end(), [](const std::string& w) { return !w.empty(); });
    if (first == words.end()) return fmt::format("give a command (the commands: {}; futolab --help)", commands);
    if (first->starts_with("-"))
        return fmt::format("{} is not an option of futolab (it takes --help and --version, or a command: {})", *first, commands);
    return fmt::format("'{}' is not a futolab command (the commands: {})", *first, commands);
}

// Is `word` after a "--" of the command line? Then it is an argument, whatever it looks like.
bool after_separator(const std::vector<std::string>& words, const std::string& word) {
    const auto separator = std::find(words.begin(), words.end(), "--");
    return separator != words.end() && std::find(separator + 1, words.end(), word) != words.end();
}

// A word no option or argument took: an unknown option before "--", or an argument the command
// has no room for (before or after "--": commands.hpp, end_options_at_separator). CLI11 keeps the
// "--" itself with the words it left, which is no word left over: `convert -- a --to jsonl` said
// "-- is not an option of convert" (red-team round 28, C F1).
std::string extras(CLI::App& app, CLI::App& command, const std::vector<std::string>& words) {
    const auto without_separator = [](std::vector<std::string> left) {
        if (const auto at = std::find(left.begin(), left.end(), "--"); at != left.end()) left.erase(at);
        return left;
    };
    std::vector<std::string> left = without_separator(command.remaining());
    const std::vector<std::string> surplus = surplus_arguments(command);
    if (left.empty() && !surplus.empty())
        return fmt::format("{}'{}' was not expected ({})", prefix_of(app, &command), surplus.front(), positionals_of(command));
    if (left.empty()) left = without_separator(app.remaining(true));
    if (left.empty()) return "";
    const std::string& word = left.front();
    if (word.starts_with("-") && word.size() > 1 && !after_separator(words, word))
        return fmt::format("{}{} is not an option of {} (futolab {} --help lists them)", prefix_of(app, &command),
                           word.substr(0, word.find('=')), command.get_name(), command.get_name());
    return fmt::format("{}'{}' was not expected ({})", prefix_of(app, &command), word, positionals_of(command));
}

// "NAME VALUE not in {a,b}": the value CLI11 quotes, for a message of futolab's form.
std::string refused_value(const std::string& text, const std::string& name) {
    const std::size_t at = text.rfind(" not in {");
    const std::size_t start = name.size() + 2;  // "NAME: "
    return at == std::string::npos || at < start ? "" : text.substr(start, at - start);
}

std::string translated(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& words) {
    CLI::App& command = *command_of(app);
    const std::string text = e.what(), prefix = prefix_of(app, &command);
    if (dynamic_cast<const CLI::RequiredError*>(&e) && &command == &app) return no_command(app, words);
    // CLI11 checks what is required before what is left over: `report --nope x.csv` said
    // "--out is required", where the unknown --nope is what the user got wrong first.
    if (dynamic_cast<const CLI::ExtrasError*>(&e) || dynamic_cast<const CLI::RequiredError*>(&e))
        if (std::string line = extras(app, command, words); !line.empty()) return line;
    CLI::Option* option = option_named_in(command, text);
    if (option == nullptr) return "";
    const std::string name = shown(*option);
    if (dynamic_cast<const CLI::RequiredError*>(&e))
        return fmt::format("{}{} is {} ({})", prefix, name, option->get_positional() ? "missing" : "required",
                           what_it_takes(*option));
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && text.ends_with(" missing"))
        return fmt::format("{}{} needs a value ({}): {}", prefix, name, option->get_type_name(), what_it_takes(*option));
    if (dynamic_cast<const CLI::ExcludesError*>(&e) || dynamic_cast<const CLI::RequiresError*>(&e)) {
        const std::string other = text.substr(text.rfind(' ') + 1);
        return dynamic_cast<const CLI::ExcludesError*>(&e)
                   ? fmt::format("{}{} and {} exclude each other: give one of them", prefix, name, other)
                   : fmt::format("{}{} needs {}", prefix, name, other);
    }
    if (dynamic_cast<const CLI::ValidationError*>(&e))
        if (const std::string value = refused_value(text, option->get_name()); !value.empty())
            return fmt::format("{}{}: unknown value '{}' ({})", prefix, name, value, what_it_takes(*option));
    return "";
}

}  // namespace

std::string parse_error_text(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& words) {
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e))
        if (std::string repeated = repeated_option(app); !repeated.empty()) return repeated;
    if (std::string line = translated(app, e, words); !line.empty()) return line;
    return std::string(e.what()) + " (see --help)";
}

}  // namespace futolab::app
