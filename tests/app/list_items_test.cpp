// Round 11 (finding 11): a list option given only ',' took the next argument as its value
// (CLI11 drops empty items, so the option had none yet): `analyze --by , out.csv` said "inputs
// is required", `run --resume --redo , -q` "'-q' is not a run status". Every list option of
// every command now refuses an empty item, whatever follows it.
#include "app/commands.hpp"
#include "app/list_items.hpp"
#include "cli_runner.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

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
                CHECK_THROWS_WITH(app::refuse_bad_list_items(app, {sub->get_name(), name, value, "x"}),
                                  Catch::Contains(name + ": '" + value + "' has an empty item"));
                if (name.rfind("--", 0) == 0)
                    CHECK_THROWS_AS(app::refuse_bad_list_items(app, {sub->get_name(), name + "=" + value}),
                                    InputError);
            }
            CHECK_NOTHROW(app::refuse_bad_list_items(app, {sub->get_name(), name, "a,b", "x"}));
            // An item twice, in one value or in two: "--by spec,spec" printed two spec columns.
            for (const std::vector<std::string>& twice : {std::vector<std::string>{name, "a,b,a"}, {name, "a", name, "b,a"}}) {
                std::vector<std::string> words{sub->get_name()};
                words.insert(words.end(), twice.begin(), twice.end());
                CHECK_THROWS_WITH(app::refuse_bad_list_items(app, words), sub->get_name() + ": " + name +
                                                                                " has a twice (give each item of the list once)");
            }
            CHECK_NOTHROW(app::refuse_bad_list_items(app, {sub->get_name(), "--", name, ","}));
        }
    CHECK(lists >= 8);  // --by, --metric, --columns, --fit, --plot, --redo, --label, …
    // A value of another option is not a list, even when it holds commas.
    CHECK_NOTHROW(app::refuse_bad_list_items(app, {"analyze", "--where", "spec=a,", "x.csv"}));
}

// Red-team round 29 (C1): `--out=` with nothing after '=' took the next word as its value, even an
// option: `generate … --out= --force` wrote a file named "--force" and exited 0, `solve
// --solver= p.futo` took the puzzle for the solver. Every option of every command that takes a
// value refuses it, as `--out ""` is refused, whatever follows.
TEST_CASE("an empty value after '=' is refused by every option that takes a value", "[cli][habits]") {
    CLI::App app{"test"};
    app::Action run;
    app::add_commands(app, run, "futolab");
    std::size_t options = 0;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        for (const CLI::Option* option : sub->get_options()) {
            const std::string name = option->get_name();
            if (option->get_positional() || option->get_items_expected_max() == 0 || name.rfind("--", 0) != 0) continue;
            ++options;
            INFO(sub->get_name() << " " << name);
            for (const std::string next : {"--force", "x", "a,b"})
                CHECK_THROWS_WITH(app::refuse_bad_list_items(app, {sub->get_name(), name + "=", next}),
                                  sub->get_name() + ": " + name +
                                      ": an empty value is not accepted (leave the option out for its default)");
            CHECK_NOTHROW(app::refuse_bad_list_items(app, {sub->get_name(), "--", name + "=", "x"}));
        }
    CHECK(options >= 40);
}

TEST_CASE("an empty --out= before another option writes nothing and exits 2", "[cli][habits]") {
    const std::string dir = futolab::test::fresh_dir("list_items", "empty_attached_value").string();
    for (const std::string& args : std::vector<std::string>{"generate random --n 4 --count 1 --seed 1 --out= --force",
                                                            "solve --solver= " + dir + "/p.futo",
                                                            "generate random --n 4 --count 1 --seed= 5"}) {
        INFO(args);
        const auto r = run_cli(args, dir);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "an empty value is not accepted"));
        CHECK_FALSE(std::filesystem::exists(dir + "/--force"));
    }
}

// Red-team round 14 (B F12): an item given twice was shown twice (--by spec,spec: two spec
// columns; --metric nodes,nodes: two rows; --fit exp,exp: every fit twice).
TEST_CASE("a list option given an item twice is refused by command, option and item", "[cli][habits]") {
    for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"analyze analysis/phase.csv --by spec,spec", "analyze: --by has spec twice"},
             {"analyze analysis/phase.csv --metric nodes,wall_ms,nodes", "analyze: --metric has nodes twice"},
             {"analyze analysis/growth.csv --table fits --fit exp,exp", "analyze: --fit has exp twice"},
             {"run x.yaml --resume --redo timeout --redo timeout", "run: --redo has timeout twice"}}) {
        INFO(args);
        const auto r = run_cli(args);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: " + says + " (give each item of the list once)\n");
        CHECK(r.out.empty());
    }
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
