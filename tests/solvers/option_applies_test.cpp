// When an option has an effect (OptionSpec::applies_when, solvers/option_applies.hpp): a spec
// that names an option another option's value makes inert is refused, naming both (red-team
// round 10, finding 10); the declarations are checked against what the backends really run.
#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "solvers/option_applies.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <set>
#include <string>
#include <vector>

using namespace futolab;

namespace {

const OptionSpec& option_of(const BackendInfo& b, std::string_view key) {
    for (const OptionSpec& o : b.options)
        if (o.key == key) return o;
    FAIL("no option " << key);
    throw std::logic_error("unreachable");
}

// The values an option is tried with: every name, or a whole number's bounds and default.
std::vector<std::string> values_of(const OptionSpec& o) {
    if (!o.is_whole()) return {o.values.begin(), o.values.end()};
    std::set<std::string> out{std::to_string(o.min), o.default_value, std::to_string(o.min + 2)};
    return {out.begin(), out.end()};
}

// The options a table's applies_when reads: the settings that can make another option inert.
std::set<std::string_view> deciding_keys(const BackendInfo& b) {
    std::set<std::string_view> keys;
    for (const OptionSpec& o : b.options)
        for (const auto& alternative : o.applies_when)
            for (const OptionTest& t : alternative) keys.insert(t.key);
    return keys;
}

// Every Tatham puzzle n = 5..8: the later ones of each file search and probe enough that each
// declaration, made wrong on purpose, changed a counter on one of them.
std::vector<Puzzle> puzzles_with_search() {
    std::vector<Puzzle> out;
    for (int n = 5; n <= 8; ++n)
        for (const Instance& in : read_instances(fmt::format("{}/tatham-dev/n{:02}.tatham", FUTOLAB_DATA_DIR, n)))
            out.push_back(Puzzle::compile(in));
    return out;
}

// Every counter and the status of `spec` on every puzzle, first solution and count to 2.
std::vector<std::string> trace(const SolverSpec& spec, const std::vector<Puzzle>& puzzles) {
    const std::unique_ptr<Solver> solver = make_solver(spec);
    std::vector<std::string> out;
    for (const Puzzle& p : puzzles)
        for (const Mode mode : {Mode::first(), Mode::count_to(2)}) {
            const SolveResult r = run_solver(*solver, p, {mode, {}, 7}).result;
            const Counters& c = r.counters;
            out.push_back(fmt::format("{} {} {} {} {} {} {} {} {}", p.id(), status_name(r.status), c.solutions, c.nodes,
                                      c.fails, c.checks, c.propagations, c.max_depth, r.message));
        }
    return out;
}

}  // namespace

TEST_CASE("an option another option makes inert is refused, naming the option that decides and its value",
          "[options][applies]") {
    const std::vector<std::pair<std::string, std::string>> refused{
        // the red-team's cases (round 10, cases 230 and 246)
        {"gac:sac_after=3,sac=none", "option sac_after=3 has no effect with sac=none (only with sac=all)"},
        {"gac:sac_size=2,sac=none", "option sac_size=2 has no effect with sac=none"},
        {"gac:cube=yes,alldiff=binary", "option cube=yes has no effect with alldiff=binary (only with alldiff=regin)"},
        {"gac:root=queue,alldiff=binary", "option root=queue has no effect with alldiff=binary"},
        {"gac:sac_probe=gac,sac=none", "option sac_probe=gac has no effect with sac=none"},
        {"gac:adapt=no,sac=none", "option adapt=no has no effect with sac=none"},
        {"gac:sac_restart=no,sac=none", "option sac_restart=no has no effect with sac=none"},
        {"portfolio:presolve_ms=5,schedule=sequence", "option presolve_ms=5 has no effect with schedule=sequence (only with schedule=race)"},
        {"portfolio:presolve_nodes=5,schedule=race", "option presolve_nodes=5 has no effect with schedule=race"},
        // beyond them: a default that decides, a value equal to the option's default, a chain,
        // two alternatives, a negated test, a test of two options
        {"portfolio:presolve_nodes=5", "option presolve_nodes=5 has no effect with schedule=race"},
        {"gac:sac=none,sac_after=5", "option sac_after=5 has no effect with sac=none"},
        {"gac:sac=root,sac_after=0", "option sac_after=0 has no effect with sac=root"},
        {"gac:sac=none,sac_sweeps=0", "option sac_sweeps=0 has no effect with sac=none (only with sac!=none)"},
        {"gac:sac=none,sac_incremental=yes", "option sac_incremental=yes has no effect with sac=none"},
        {"gac:sac_after=0,sac_restart=no", "option sac_restart=no has no effect with sac_after=0 (only with sac_after!=0)"},
        {"gac:sac_restart=no,adapt=no", "option adapt=no has no effect with sac_restart=no (only with sac_restart=yes)"},
        {"gac:sac_after=0,adapt=yes", "option adapt=yes has no effect with sac_after=0"},
        {"gac:sac=root,adapt=no", "option adapt=no has no effect with sac=root"},
        {"gac:adapt=no,restart_base=5",
         "option restart_base=5 has no effect with restarts=none and adapt=no (only with restarts=luby or adapt=yes)"},
        {"gac:sac=none,restart_base=5", "option restart_base=5 has no effect with restarts=none and sac=none"},
        {"gac:alldiff=binary,sac_probe=light",
         "option sac_probe=light has no effect with alldiff=binary (only with sac!=none and alldiff=regin)"},
    };
    for (const auto& [text, message] : refused) {
        INFO(text);
        CHECK_THROWS_AS(parse_solver_spec(text), InputError);
        CHECK_THROWS_WITH(parse_solver_spec(text), Catch::Contains(message));
    }
}

TEST_CASE("the same options are accepted where they have an effect", "[options][applies]") {
    for (const char* text :
         {"gac:sac=root,sac_incremental=yes", "gac:sac=root,sac_size=2,sac_sweeps=0,sac_probe=gac", "gac:restart_base=5",
          "gac:restarts=luby,adapt=no,restart_base=5", "gac:sac_after=0", "gac:sac_after=1,sac_restart=no",
          "gac:cube=yes,sac=none", "gac:root=queue", "gac:alldiff=binary,sac=root", "gac:adapt=no",
          "portfolio:schedule=sequence,presolve_nodes=5", "portfolio:presolve_ms=5", "portfolio:members=gac+sat,presolve_ms=0",
          "portfolio:members=gecode+sat,presolve_nodes=300,schedule=sequence"}) {
        INFO(text);
        CHECK(parse_solver_spec(text).spec() == parse_solver_spec(parse_solver_spec(text).spec()).spec());
    }
}

// SolverSpec::text() (what critical --verify-with hands to its oracles, and the CSV `options`
// column) names every option, the inert ones at their defaults: it reads back as itself.
TEST_CASE("defaults are never refused: the bare name, and the full form of any accepted spec", "[options][applies]") {
    for (const BackendInfo& b : backend_table()) {
        INFO(b.name);
        CHECK_NOTHROW(parse_solver_spec(b.name));
        CHECK(parse_solver_spec(parse_solver_spec(b.name).text()).text() == parse_solver_spec(b.name).text());
    }
    for (const char* text : {"gac:sac=none", "gac:alldiff=binary", "gac:sac_after=0", "gac:sac=root", "gac:adapt=no",
                             "portfolio:schedule=sequence", "portfolio:members=gac+sat"}) {
        INFO(text);
        const std::string full = parse_solver_spec(text).text();
        CHECK(parse_solver_spec(full).text() == full);
    }
    // ... but not an inert option at another value than its default.
    std::string full = parse_solver_spec("gac:sac=none").text();
    full.replace(full.find("sac_after=5"), 11, "sac_after=3");
    CHECK_THROWS_WITH(parse_solver_spec(full), Catch::Contains("option sac_after=3 has no effect with sac=none"));
}

TEST_CASE("every applies_when names options of its own table and values they take, without a cycle",
          "[options][applies]") {
    for (const BackendInfo& b : backend_table()) {
        const SolverSpec defaults = parse_solver_spec(b.name);
        for (const OptionSpec& o : b.options) {
            INFO(b.name << ":" << o.key << " only with " << o.applies_text());
            for (const auto& alternative : o.applies_when) {
                CHECK_FALSE(alternative.empty());
                for (const OptionTest& t : alternative) {
                    CHECK(t.key != o.key);
                    const OptionSpec& decider = option_of(b, t.key);
                    for (std::string_view v : t.values) CHECK(decider.allows(v));
                }
            }
            CHECK_NOTHROW(inert_because(b.options, o.key, defaults.options));  // a cycle throws
        }
    }
}

// The declarations are true: wherever a table says an option has no effect, every value of it
// runs the same search — the same status and counters on every puzzle, first solution and
// count to 2 — as its default. The specs are built past the refusal, as a decoder sees them.
TEST_CASE("an option declared inert changes no counter where it is declared so", "[options][applies][heavy]") {
    const std::vector<Puzzle> puzzles = puzzles_with_search();
    int settings = 0;
    for (const BackendInfo& b : backend_table()) {
        for (std::string_view key : deciding_keys(b)) {
            for (const std::string& value : values_of(option_of(b, key))) {
                SolverSpec base = parse_solver_spec(b.name);
                base.options[std::string(key)] = value;
                if (!counters_deterministic(base)) continue;  // a race: counters of whoever answered
                std::vector<std::string> expected;
                for (const OptionSpec& o : b.options) {
                    if (inert_because(b.options, o.key, base.options).empty()) continue;
                    if (expected.empty()) expected = trace(base, puzzles);
                    ++settings;
                    for (const std::string& other : values_of(o)) {
                        SolverSpec changed = base;
                        changed.options[std::string(o.key)] = other;
                        INFO(b.name << ": " << key << "=" << value << ", " << o.key << "=" << other);
                        CHECK(trace(changed, puzzles) == expected);
                    }
                }
            }
        }
    }
    CHECK(settings >= 12);  // gac's and the sequence portfolio's declarations were all reached
}
