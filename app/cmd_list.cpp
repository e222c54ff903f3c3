// futolab list: what this build offers — solvers and their options, formats, modes,
// statuses, counters (with their definitions) and generators.
#include "app/commands.hpp"
#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "generators/grade.hpp"
#include "solvers/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

namespace futolab::app {
namespace {

void list_solvers() {
    std::cout << "solvers (NAME[:key=value,...]):\n";
    for (const BackendInfo& b : backend_table()) {
        std::cout << fmt::format("  {:<13} {}\n", b.name, b.description);
        for (const OptionSpec& o : b.options)
            std::cout << fmt::format("      {:<34} default {:<8} {}\n", fmt::format("{}={}", o.key, o.allowed_text()),
                                     o.default_value, o.help);
    }
}

void list_formats() {
    std::cout << "formats:\n";
    for (const FormatInfo& f : format_table())
        std::cout << fmt::format("  {:<8} {:<24} {:<10} {}\n", f.name, fmt::format("{}", fmt::join(f.extensions, " ")),
                                 f.readable ? "read+write" : "write", f.description);
}

void list_semantics() {
    std::cout << "modes: first (default), --count K (count up to K; K=2 decides uniqueness), --count all\n"
                 "statuses: " << names_of(kStatuses, " ") << "\n"
              << "counters:\n";
    for_each_counter(Counters{}, [](std::string_view name, std::string_view doc, std::uint64_t) {
        std::cout << fmt::format("  {:<13} {}\n", name, doc);
    });
    std::cout << "generators: random (planted; Latin squares by Jacobson-Matthews or shuffle), unique (futolab generate);"
                 " grades " << names_of(kTargetGrades, " ") << " (futolab grade); critical sets (futolab critical)\n";
}

}  // namespace

void add_list(CLI::App& app, Action& run) {
    CLI::App* cmd = app.add_subcommand("list", "List solvers and their options, formats, modes and counters");
    cmd->callback([&run] {
        run = [] {
            list_solvers();
            list_formats();
            list_semantics();
            return 0;
        };
    });
}

}  // namespace futolab::app
