// An option given twice is refused in one line naming it (red-team round 12, F19): CLI11's own
// "--jobs: At Most 1 required but received 2 (see --help)" became
// "critical: --jobs given twice ('2' and '3'): give it once", for every option of every command
// that takes one value.
#include "app/commands.hpp"
#include "app/repeated_options.hpp"
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;
using futolab::test::run_cli;

TEST_CASE("every one-value option of every command given twice is named with its values", "[cli][repeated]") {
    CLI::App names{"test"};
    app::Action run;
    app::add_commands(names, run, "futolab");
    std::size_t named = 0;
    for (CLI::App* sub : names.get_subcommands([](CLI::App*) { return true; }))
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_positional() || option->get_items_expected_max() != 1 ||
                option->get_multi_option_policy() != CLI::MultiOptionPolicy::Throw)
                continue;
            const std::string name = option->get_name(), command = sub->get_name();
            CLI::App app{"test"};
            app::add_commands(app, run, "futolab");
            INFO(command << " " << name);
            try {
                app.parse(command + " " + name + " 1 " + name + " 2", false);
                FAIL("accepted");
            } catch (const CLI::ArgumentMismatch&) {
                CHECK(app::repeated_option(app) == command + ": " + name + " given twice ('1' and '2'): give it once");
                ++named;
            } catch (const CLI::ParseError&) {  // refused for another reason first (a value CLI11 checks itself)
            }
        }
    CHECK(named > 50);  // every command's options, not an empty walk
}

TEST_CASE("a repeated option on the command line: one line, exit 2 (round 12, F19)", "[cli][repeated]") {
    auto r = run_cli("critical --n 3 --count 1 --jobs 2 --jobs 3");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: critical: --jobs given twice ('2' and '3'): give it once\n");
    r = run_cli("generate unique --n 4 --seed 1 --seed 2 --seed 3");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: generate: --seed given 3 times ('1', '2' and '3'): give it once\n");
    r = run_cli("run no-such.yaml --jobs 1 --jobs 2");
    CHECK(r.err == "futolab: run: --jobs given twice ('1' and '2'): give it once\n");
    // A value is shown as typed, its invisible characters marked, and cut: still one line.
    r = run_cli("solve good/conjure-4x4.futo --count 1 --count \"$(printf '2\\n3\\342\\200\\256')\"");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: solve: --count given twice ('1' and '2<U+000A>3<U+202E>'): give it once\n");
    r = run_cli("solve good/conjure-4x4.futo --count 1 --count " + std::string(100, '7'));
    CHECK(r.err == "futolab: solve: --count given twice ('1' and '" + std::string(40, '7') + "...'): give it once\n");
}
