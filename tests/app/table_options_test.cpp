// The options `analyze` and `report` share are registered once (app/table_options.hpp): the
// same names and the same help in both commands, but for the texts each passes in (--baseline,
// --force, --plot) and the defaults that differ (--by, --plot).
#include "app/commands.hpp"

#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>

#include <string>

using namespace futolab;

TEST_CASE("analyze and report explain their shared options alike", "[cli][help]") {
    CLI::App app{"test"};
    app::Action run;
    app::add_analyze(app, run);
    app::add_report(app, run);
    const CLI::App* analyze = app.get_subcommand("analyze");
    const CLI::App* report = app.get_subcommand("report");
    for (const std::string name : {"inputs", "--metric", "--where", "--fit", "--solver", "--no-vbs", "--pool",
                                   "--fail-on-disagreement", "--by", "--baseline", "--force", "--plot"}) {
        INFO(name);
        const CLI::Option* a = analyze->get_option_no_throw(name);
        const CLI::Option* r = report->get_option_no_throw(name);
        REQUIRE(a != nullptr);
        REQUIRE(r != nullptr);
        CHECK(a->get_expected_min() == r->get_expected_min());
        const std::string name_s(name);
        if (name_s == "--by" || name_s == "--baseline" || name_s == "--force" || name_s == "--plot") continue;
        CHECK(a->get_description() == r->get_description());
    }
}
