// Options never swallow positionals (issue #44 item 6): every option of every subcommand takes
// one value per use (repeat it, or use commas where it has a delimiter), so
// `futolab solve -s gac my.futo --count 2` reads my.futo as the input, not as a second solver.
#include "app/commands.hpp"
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

using namespace futolab;
using futolab::test::run_cli;

namespace {

// The command line parsed by futolab's own parser (nothing runs).
std::unique_ptr<CLI::App> parsed(const std::string& args) {
    auto app = std::make_unique<CLI::App>("test");
    static app::Action run;
    app::add_commands(*app, run, "futolab");
    app->parse(args, false);
    return app;
}

std::vector<std::string> results_of(CLI::App& app, const std::string& command, const std::string& option) {
    return app.get_subcommand(command)->get_option(option)->results();
}

}  // namespace

TEST_CASE("no option of any subcommand takes more than one value per use", "[cli][habits]") {
    CLI::App app{"test"};
    app::Action run;
    app::add_commands(app, run, "futolab");
    std::size_t checked = 0;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_positional()) continue;
            INFO(sub->get_name() << " " << option->get_name());
            CHECK_FALSE(option->get_allow_extra_args());
            ++checked;
        }
    CHECK(checked > 50);  // every command's options, not an empty walk
}

TEST_CASE("a repeatable option before the inputs leaves them to the inputs", "[cli][habits]") {
    auto app = parsed("solve -s gac my.futo --count 2");
    CHECK(results_of(*app, "solve", "--solver") == std::vector<std::string>{"gac"});
    CHECK(results_of(*app, "solve", "inputs") == std::vector<std::string>{"my.futo"});
    app = parsed("analyze --where n>=4 --by spec a.csv b.csv --metric nodes");
    CHECK(results_of(*app, "analyze", "--where") == std::vector<std::string>{"n>=4"});
    CHECK(results_of(*app, "analyze", "inputs") == std::vector<std::string>{"a.csv", "b.csv"});
    app = parsed("compare --label v1,v2 a.csv b.csv");
    CHECK(results_of(*app, "compare", "--label") == std::vector<std::string>{"v1", "v2"});
    CHECK(results_of(*app, "compare", "inputs") == std::vector<std::string>{"a.csv", "b.csv"});
}

TEST_CASE("solve -s gac FILE --count 2 runs (issue #44)", "[cli][habits]") {
    const auto r = run_cli("solve -s gac good/conjure-4x4.futo --count 2");
    CHECK(r.err.empty());
    CHECK(r.exit_code == 0);
    const auto two = run_cli("solve -s fc -s gac good/conjure-4x4.futo --count 2 --format csv");
    CHECK(two.exit_code == 0);
    CHECK(std::count(two.out.begin(), two.out.end(), '\n') == 3);  // header, a row per solver
}
