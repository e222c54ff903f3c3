// No option or argument of futolab takes an empty value (app/commands.cpp): round 10's
// `check --solution ""` exited 0 with nothing verified, and `--out ""`, `--where ""` and the
// like were read as "not given". Every one is refused while the command line is parsed.
#include "app/commands.hpp"
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <vector>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;

namespace {

// futolab's own parser, with every command (nothing runs).
std::unique_ptr<CLI::App> futolab_parser() {
    auto app = std::make_unique<CLI::App>("test");
    static app::Action run;
    app::add_commands(*app, run, "futolab");
    return app;
}

// `command OPTION ""` (a positional: `command ""`) parsed by futolab's own parser: the message
// of the error it throws, or "" if none.
std::string parse_error(const std::string& command, const CLI::Option& option) {
    const auto app = futolab_parser();
    std::vector<std::string> args{"futolab", command};
    if (!option.get_positional()) args.push_back(option.get_name());
    args.push_back("");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    try {
        app->parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::ValidationError& e) {
        return e.what();
    } catch (const std::exception&) {
        return "";  // another error came first (a missing option): not this rule's
    }
    return "";
}

}  // namespace

TEST_CASE("every option and argument of every command refuses an empty value", "[cli][habits]") {
    const auto app = futolab_parser();
    std::size_t checked = 0;
    for (CLI::App* sub : app->get_subcommands([](CLI::App*) { return true; })) {
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_items_expected_max() == 0) continue;  // flags take no value
            INFO(sub->get_name() << " " << option->get_name());
            CHECK(has(parse_error(sub->get_name(), *option), option->get_name() + ": an empty "));
            ++checked;
        }
    }
    CHECK(checked > 80);  // every command's options, not an empty walk
}

TEST_CASE("an empty value is refused with exit 2 and one line naming the option", "[cli][habits]") {
    const std::string puzzle = "good/conjure-4x4.jsonl";
    for (const std::string& args : std::vector<std::string>{
             "check " + puzzle + " --solution ''", "convert " + puzzle + " --to jsonl --out ''", "critical --input '' --exact",
          "critical --n 4 --verify-with ''", "analyze analysis/paired.csv --where ''", "solve " + puzzle + " -s ''",
          "run '' ", "check ''"}) {
        INFO(args);
        const auto r = run_cli(args);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(has(r.err, ": an empty "));
        CHECK(r.err.find('\n') == r.err.size() - 1);
    }
    const auto r = run_cli("check " + puzzle + " --solution ''");
    CHECK(r.err == "futolab: --solution: an empty value is not accepted (leave the option out for its default) (see --help)\n");
}
