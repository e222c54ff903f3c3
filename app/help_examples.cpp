#include "app/help_examples.hpp"

#include <string>

namespace futolab::app {

void add_help_examples(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        std::string lines;
        for (const HelpExample& e : kHelpExamples) {
            if (e.command != sub->get_name()) continue;
            lines += "\nExample";
            if (!e.label.empty()) lines += " (" + std::string(e.label) + ")";
            lines += ": " + std::string(e.line);
        }
        if (lines.empty()) continue;
        const std::string footer = sub->get_footer();
        sub->footer(footer.empty() ? lines.substr(1) : footer + lines);
    }
}

}  // namespace futolab::app
