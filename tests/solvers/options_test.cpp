#include "../support/backends.hpp"
#include "core/error.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

using namespace futolab;

TEST_CASE("solver specs are canonical: all keys, sorted, defaults filled", "[options]") {
    CHECK(parse_solver_spec("fc").text() == "fc:val=min,var=mrv");
    CHECK(parse_solver_spec("fc:var=static").canonical_options() == "val=min,var=static");
    CHECK(parse_solver_spec("bitmask:val=max").text() == "bitmask:assign_limit=0,val=max");
    CHECK(parse_solver_spec("gac:var=domwdeg,alldiff=binary").text() ==
          parse_solver_spec("gac:alldiff=binary,var=domwdeg").text());
}

TEST_CASE("every backend in the table builds with its defaults", "[options]") {
    for (const BackendInfo& b : backend_table()) {
        INFO(b.name);
        const SolverSpec spec = parse_solver_spec(b.name);
        CHECK(spec.options.size() == b.options.size());
        CHECK(make_solver(spec) != nullptr);
    }
}

// A default is stated once, by the option table (`futolab list` prints it beside the help);
// a help text that names one drifts when the default changes (gac's adapt said "default no"
// for months after it became yes).
TEST_CASE("no option help text states a default", "[options]") {
    for (const BackendInfo& b : backend_table())
        for (const OptionSpec& o : b.options) {
            INFO(b.name << ":" << o.key << " help: " << o.help);
            // (sat's config has a value named "default": that is a name, not a statement.)
            for (std::string_view says : {"(default", "by default", "default is", "defaults to"})
                CHECK(std::string_view(o.help).find(says) == std::string_view::npos);
        }
}

TEST_CASE("bad specs name the valid choices", "[options]") {
    CHECK_THROWS_WITH(parse_solver_spec("nosuch"), "unknown solver 'nosuch' (valid: " + test::backend_list() + ")");
    CHECK_THROWS_WITH(parse_solver_spec("fc:colour=red"), "solver 'fc' has no option 'colour' (valid: val, var)");
    CHECK_THROWS_WITH(parse_solver_spec("fc:var=fast"), "solver 'fc': option var=fast is invalid (valid: static|mrv)");
    CHECK_THROWS_WITH(parse_solver_spec("fc:var"), "solver spec 'fc:var': 'var' is not key=value");
    CHECK_THROWS_WITH(parse_solver_spec("fc:var=mrv,var=static"),
                      "solver spec 'fc:var=mrv,var=static': option 'var' is given twice");
    CHECK_THROWS_WITH(parse_solver_spec("gac:restart_base=ten"),
                      Catch::Contains("option restart_base=ten is invalid (valid: 1..9223372036854775807)"));
}

// A spec's option list takes no empty item: "gac:" and a trailing ',' were read as if the
// separator were not there, while ",," was refused.
TEST_CASE("a spec with an empty option item is refused, wherever the item is", "[options]") {
    for (const char* spec : {"gac:", "gac:var=mrv,", "gac:var=mrv,,val=min", "gac:,var=mrv", "gac:var=mrv,,"})
        CHECK_THROWS_WITH(parse_solver_spec(spec),
                          "solver spec '" + std::string(spec) + "' has an empty option (no key=value after a ':' or ','; drop that separator)");
    CHECK_THROWS_WITH(split_spec("exact-square:objective=h,", "method"), Catch::StartsWith("method 'exact-square:objective=h,' has an empty option"));
    CHECK(parse_solver_spec("gac:var=mrv").spec() == "gac:var=mrv");
    CHECK(split_spec("gac", "solver spec").options.empty());
}

TEST_CASE("modes parse from the CLI and YAML forms", "[options]") {
    CHECK(parse_mode("all").name() == "count:all");
    CHECK(parse_mode("2").name() == "count:2");
    CHECK(parse_mode("first").name() == "first");
    CHECK_THROWS_AS(parse_mode("0"), InputError);
    CHECK_THROWS_AS(parse_mode("two"), InputError);
    CHECK(completed_status(Mode::count_to(2), 1) == Status::unique);
    CHECK(completed_status(Mode::count_to(2), 2) == Status::multiple);
    CHECK(completed_status(Mode::count_all(), 7) == Status::counted);
    CHECK(completed_status(Mode::first(), 0) == Status::unsat);
    CHECK(completed_status(Mode::first(), 1) == Status::solved);
}

TEST_CASE("the spec is the solver as asked for, never compared with the defaults (SPEC §3)", "[options][spec]") {
    CHECK(parse_solver_spec("gac").spec() == "gac");
    // An option given explicitly stays in the label even when it is today's default: the label
    // keeps meaning what was asked for if the default changes.
    CHECK(parse_solver_spec("gac:sac=none").spec() == "gac:sac=none");
    CHECK(parse_solver_spec("gac:sac=all").spec() == "gac:sac=all");
    CHECK(parse_solver_spec("fc:var=mrv").spec() == "fc:var=mrv");
    CHECK(parse_solver_spec("fc:var=static").spec() == "fc:var=static");
    // Canonical: keys sorted, whole numbers in one form.
    CHECK(parse_solver_spec("fc:var=static,val=max").spec() == "fc:val=max,var=static");
    CHECK(parse_solver_spec("gac:sac_size=007").spec() == "gac:sac_size=7");
    // `options` (text()) keeps every key, defaults filled in.
    CHECK(parse_solver_spec("fc").text() == "fc:val=min,var=mrv");
    CHECK(parse_solver_spec("fc:var=static").text() == "fc:val=min,var=static");
    CHECK(parse_solver_spec("fc:var=mrv").text() == parse_solver_spec("fc").text());
}

TEST_CASE("typed option tables: ranges, one canonical form, every name decodes", "[options][table]") {
    CHECK_THROWS_WITH(parse_solver_spec("gac:restart_base=0"), Catch::Contains("restart_base=0 is too small (at least 1)"));
    CHECK_THROWS_WITH(parse_solver_spec("gac:sac_size=65"), Catch::Contains("sac_size=65 is too large (at most 64)"));
    CHECK_THROWS_WITH(parse_solver_spec("gac:sac_after=-1"), Catch::Contains("sac_after=-1 is invalid (valid: 0..9223372036854775807)"));
    CHECK_THROWS_WITH(parse_solver_spec("gac:sac_after=99999999999999999999"),
                      Catch::Contains("is too large (at most 9223372036854775807)"));
    CHECK(parse_solver_spec("gac:sac_size=007").text() == parse_solver_spec("gac:sac_size=7").text());
    CHECK(parse_solver_spec("gac:restart_base=100").spec() == "gac:restart_base=100");
    // Every backend's every named value builds a solver (the decoder knows every name), and
    // every default is one of the allowed values.
    for (const BackendInfo& b : backend_table()) {
        for (const OptionSpec& o : b.options) {
            INFO(b.name << ":" << o.key);
            CHECK(o.allows(o.default_value));
            for (std::string_view v : o.values) {
                const std::string text = std::string(b.name) + ":" + std::string(o.key) + "=" + std::string(v);
                INFO(text);
                CHECK_NOTHROW(make_solver(parse_solver_spec(text)));
                CHECK(parse_solver_spec(text).spec() == text);
            }
        }
    }
}

// Round 8: past the bound a whole-number option said "is invalid (valid: 0 or more)" and
// `futolab list` "1 or more", although parse_whole stops at 2^63 - 1: 2^63 and 2^64 look valid
// by that text. The bound is shown and named, for every backend's unbounded option.
TEST_CASE("whole-number options name the bound a value misses, the real upper one too", "[options][table]") {
    const std::string most = "is too large (at most 9223372036854775807)";
    for (const char* text : {"backtracking:assign_limit=18446744073709551616", "backtracking:assign_limit=9223372036854775808",
                             "portfolio:presolve_nodes=9223372036854775808", "gac:restart_base=18446744073709551615"}) {
        INFO(text);
        CHECK_THROWS_WITH(parse_solver_spec(text), Catch::Contains(most));
    }
    CHECK(parse_solver_spec("backtracking:assign_limit=9223372036854775807").spec() ==
          "backtracking:assign_limit=9223372036854775807");
    for (const BackendInfo& b : backend_table())
        for (const OptionSpec& o : b.options) {
            INFO(b.name << ":" << o.key);
            CHECK(o.allowed_text().find("or more") == std::string::npos);
            if (o.is_whole()) CHECK(o.allowed_text() == std::to_string(o.min) + ".." + std::to_string(o.max));
        }
}

// A real option is in its range as typed, and one kept in nanoseconds (limit_seconds) refuses a
// positive value below 1 ns as typed: through a double, temperature=1000000000.0000000001 was
// 1e9 and kept, time_limit=0.9e-9 rounded to 1 ns and was kept as time_limit=1e-09.
TEST_CASE("real options: the range and the 1 ns floor hold for the value as typed", "[options][table]") {
    const std::vector<OptionSpec> table{{"temperature", {}, 0, 0, "0.4", "t", {}, true, 0, 1e9, false},
                                        {"time_limit", {}, 0, 0, "0", "s", {}, true, 0, 9.2e9, true}};
    const auto error = [&](const std::string& key, const std::string& value) {
        try {
            resolve_options("x", table, {{key, value}});
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(error("temperature", "1000000000.0000000001") ==
          "solver 'x': option temperature=1000000000.0000000001 is too large (at most 1000000000)");
    CHECK(error("time_limit", "9200000000.000001") == "solver 'x': option time_limit=9200000000.000001 is too large (at most 9200000000)");
    for (const char* tiny : {"0.5e-9", "0.9e-9", "0.99999999999999999999e-9"}) {
        INFO(tiny);
        CHECK(error("time_limit", tiny) == "solver 'x': option time_limit=" + std::string(tiny) + " is too small (at least 1 ns)");
    }
    CHECK(resolve_options("x", table, {{"time_limit", "1.5e-9"}}).at("time_limit") == "2e-09");
    CHECK(resolve_options("x", table, {{"time_limit", "1.4999999999999999999e-9"}}).at("time_limit") == "1e-09");
    CHECK(resolve_options("x", table, {{"temperature", "1000000000.0"}}).at("temperature") == "1000000000");
}
