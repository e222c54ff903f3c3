// Round 11 (finding 11): a list option given only ',' took the next argument as its value
// (CLI11 drops empty items, so the option had none yet): `analyze --by , out.csv` said "inputs
// is required", `run --resume --redo , -q` "'-q' is not a run status". Every list option of
// every command now refuses an empty item, whatever follows it.
#include "app/commands.hpp"
#include "app/list_items.hpp"
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;

TEST_CASE("every list option of every command refuses an empty item", "[cli][habits]") {
    CLI::App app{"test"};
    app::Action run;
    app::add_commands(app, run, "futolab");
    std::size_t lists = 0;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_positional() || option->get_delimiter() == '\0') continue;
            ++lists;
            const std::string name = option->get_name();
            INFO(sub->get_name() << " " << name);
            for (const std::string value : {",", ",,", "a,", ",a", "a,,b"}) {
                INFO(value);
                CHECK_THROWS_WITH(app::refuse_empty_list_items(app, {sub->get_name(), name, value, "x"}),
                                  Catch::Contains(name + ": '" + value + "' has an empty item"));
                if (name.rfind("--", 0) == 0)
                    CHECK_THROWS_AS(app::refuse_empty_list_items(app, {sub->get_name(), name + "=" + value}),
                                    CLI::ValidationError);
            }
            CHECK_NOTHROW(app::refuse_empty_list_items(app, {sub->get_name(), name, "a,b", "x"}));
            CHECK_NOTHROW(app::refuse_empty_list_items(app, {sub->get_name(), "--", name, ","}));
        }
    CHECK(lists >= 8);  // --by, --metric, --columns, --fit, --plot, --redo, --label, …
    // A value of another option is not a list, even when it holds commas.
    CHECK_NOTHROW(app::refuse_empty_list_items(app, {"analyze", "--where", "spec=a,", "x.csv"}));
}

TEST_CASE("a list option given ',' is refused by name, and takes nothing after it", "[cli][habits]") {
    for (const std::string args : {"analyze --by , analysis/phase.csv", "analyze analysis/phase.csv --columns , --table summary",
                                   "analyze analysis/phase.csv --metric nodes,,wall_ms", "run x.yaml --resume --redo , -q"}) {
        INFO(args);
        const auto r = run_cli(args);
        CHECK(r.exit_code == 2);
        CHECK(has(r.out + r.err, "has an empty item"));
    }
}
