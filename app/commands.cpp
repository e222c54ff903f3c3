// The subcommands registered in one place, with what every one of them shares: examples at the
// end of --help, options that take one value per use (issue #44) and no empty values.
#include "app/commands.hpp"
#include "app/empty_value.hpp"
#include "app/help_examples.hpp"
#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>

namespace futolab::app {
namespace {

// CLI11 lets an option of a vector type take every following value up to the next option, so
// `solve -s gac my.futo --count 2` read my.futo as a second solver and then missed its input.
// Each use of an option takes one value (several by repeating it, or by commas where the option
// has a delimiter); an option that declares a range of counts (critical --check-certificate
// FILE…) keeps it. Positionals (the inputs) are untouched.
void one_value_per_use(CLI::App& app) {
    for (CLI::Option* option : app.get_options())
        if (!option->get_positional()) option->allow_extra_args(false);
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) one_value_per_use(*sub);
}

// Every option and argument that takes a value refuses an empty one (app/empty_value.hpp):
// "--solution: an empty value is not accepted (leave the option out for its default)".
void no_empty_values(CLI::App& app) {
    for (CLI::Option* option : app.get_options())
        if (option->get_items_expected_max() > 0) option->check(non_empty_value(option->get_positional()));  // not a flag
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) no_empty_values(*sub);
}

// The hidden last argument of end_options_at_separator: its name is no word a user types.
constexpr const char* kSurplusSlot = "futolab-surplus-arguments";

// More words than any command line holds, as the least it takes: CLI11 then always has an
// argument left to fill, so a `--` never ends the command (CLI::App::_parse_single). Below
// CLI11's mark of a list argument, of which a command may have one only (CLI::App::_validate).
constexpr int kNeverEnough = CLI::detail::expected_max_vector_size - 1;

}  // namespace

void end_options_at_separator(CLI::App& app, const std::vector<std::string>& words) {
    if (std::find(words.begin(), words.end(), "--") == words.end()) return;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        CLI::Option* slot = sub->add_option(kSurplusSlot)->group("")->expected(kNeverEnough, kNeverEnough);
        // Checked with the options' values, before what is required: the word was the first mistake.
        const std::string name = sub->get_name();
        slot->check(CLI::Validator(
            [name](std::string& word) -> std::string { throw CLI::ExtrasError(name, std::vector<std::string>{word}); }, "", ""));
    }
}

std::vector<std::string> surplus_arguments(const CLI::App& command) {
    const CLI::Option* slot = command.get_option_no_throw(kSurplusSlot);
    return slot == nullptr ? std::vector<std::string>{} : slot->results();
}

bool is_surplus_slot(const CLI::Option& option) { return option.check_name(kSurplusSlot); }

void drop_surplus_slots(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        if (CLI::Option* slot = sub->get_option_no_throw(kSurplusSlot)) sub->remove_option(slot);
}

void add_commands(CLI::App& app, Action& run, const std::string& command_line) {
    add_run(app, run, command_line);
    add_merge(app, run, command_line);
    add_solve(app, run);
    add_check(app, run);
    add_convert(app, run);
    add_list(app, run);
    add_analyze(app, run);
    add_report(app, run);
    add_compare(app, run);
    add_generate(app, run);
    add_grade(app, run);
    add_critical(app, run, command_line);
    add_schema(app, run);
    add_worker(app, run);
    add_help_examples(app);
    one_value_per_use(app);
    no_empty_values(app);
}

namespace {

// Whether `command` was given and writes its command line into a sidecar: run, merge, and
// critical but --check-certificate, which writes nothing. A certificate named in bytes that are
// not UTF-8 is read and named with them shown (`<0xFF>.cert: certificate accepted`): it was
// refused for a sidecar it never writes (red-team round 26, B F7).
bool keeps_words(const CLI::App& app, const char* command) {
    if (!app.got_subcommand(command)) return false;
    return std::string_view(command) != "critical" || app.get_subcommand(command)->count("--check-certificate") == 0;
}

}  // namespace

void refuse_unwritable_words(const CLI::App& app, const std::vector<std::string>& words) {
    for (const char* command : {"run", "critical", "merge"}) {
        if (!keeps_words(app, command)) continue;
        for (std::size_t i = 0; i < words.size(); ++i)
            if (const std::string why = unwritable_name(words[i]); !why.empty())
                throw InputError(fmt::format("{}: argument {} '{}': {}: {} writes its command line and file names into the "
                                             "sidecar of its results, which is UTF-8 text (give the file or folder a "
                                             "UTF-8 name)",
                                             command, i + 1, message_text(words[i], 200), why, command));
    }
}

}  // namespace futolab::app
