#include "core/error.hpp"
#include "solvers/registry.hpp"

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

TEST_CASE("bad specs name the valid choices", "[options]") {
    CHECK_THROWS_WITH(parse_solver_spec("nosuch"),
                      "unknown solver 'nosuch' (valid: backtracking, bitmask, fc, gac, gecode, sat, portfolio)");
    CHECK_THROWS_WITH(parse_solver_spec("fc:colour=red"), "solver 'fc' has no option 'colour' (valid: val, var)");
    CHECK_THROWS_WITH(parse_solver_spec("fc:var=fast"), "solver 'fc': option var=fast is invalid (valid: static|mrv)");
    CHECK_THROWS_WITH(parse_solver_spec("fc:var"), "solver spec 'fc:var': 'var' is not key=value");
    CHECK_THROWS_WITH(parse_solver_spec("fc:var=mrv,var=static"),
                      "solver spec 'fc:var=mrv,var=static': option 'var' is given twice");
    CHECK_THROWS_WITH(parse_solver_spec("gac:restart_base=ten"),
                      Catch::Contains("option restart_base=ten is invalid (valid: <uint>)"));
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

TEST_CASE("the spec keeps only the options that differ from the defaults (SPEC §3)", "[options][spec]") {
    CHECK(short_spec("gac:alldiff=regin,branch=dway,restart_base=100,restarts=none,sac=none,sac_size=0,val=min,var=mrv") == "gac");
    CHECK(short_spec("gac:alldiff=regin,branch=dway,restart_base=100,restarts=none,sac=all,sac_size=0,val=min,var=mrv") ==
          "gac:sac=all");
    CHECK(short_spec("fc:val=min,var=static") == "fc:var=static");
    CHECK(short_spec("backtracking") == "backtracking");
    // An option a later version removed stays in the spec, so old rows stay apart.
    CHECK(short_spec("fc:val=min,var=static,wiped=1") == "fc:var=static,wiped=1");
    CHECK(parse_solver_spec("gac:sac=all").spec() == "gac:sac=all");
    CHECK(parse_solver_spec("gac").spec() == "gac");
    CHECK(short_spec("critical:objective=k") == "critical:objective=k");  // not a backend: whole
}
