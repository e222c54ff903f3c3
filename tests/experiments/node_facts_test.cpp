// experiments/node_facts.hpp (red-team round 26, B F8): a solve or count row's nodes, status and
// message held to the node limit its run had, as futolab's backends stop at it. The rows taken
// are what sweeps of every backend in the binary wrote under limits.nodes 1, 7, 50 and 1 000.
#include "experiments/node_facts.hpp"
#include "experiments/status_facts.hpp"

#include "records/csv_quote.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

namespace {

using Catch::Matchers::Contains;

struct Cells {
    std::string status = "node_limit";
    std::string nodes = "50";
    std::string fails = "40";
    std::string message;
    std::string mode = "count:2";
};

futolab::CsvTable table(const Cells& c) {
    return futolab::parse_csv("mode,status,solutions,nodes,fails,message\n" + c.mode + "," + c.status + ",0," + c.nodes + "," +
                                  c.fails + "," + futolab::csv_quote(c.message) + "\n",
                              "r.csv");
}

futolab::Limits nodes_limit(std::uint64_t nodes) {
    futolab::Limits l;
    l.nodes = nodes;
    return l;
}

void check(const Cells& c, const std::string& spec = "backtracking", std::uint64_t limit = 50) {
    futolab::check_node_limit(table(c), 0, "r.csv", nodes_limit(limit), futolab::parse_solver_spec(spec), "refusing");
}

Cells with(std::string status, std::string nodes, std::string message = "") {
    Cells c;
    c.status = std::move(status);
    c.nodes = std::move(nodes);
    c.message = std::move(message);
    return c;
}

}  // namespace

TEST_CASE("node limit: a node_limit row counted exactly limits.nodes", "[resume][merge][censored][nodes]") {
    for (const char* spec : {"backtracking", "bitmask", "fc", "gac", "gac:branch=binary", "gecode"}) {
        INFO(spec);
        CHECK_NOTHROW(check(with("node_limit", "50"), spec));
        CHECK_NOTHROW(check(with("node_limit", "1"), spec, 1));
        for (const char* nodes : {"49", "0", "51", "18446744073709551615"}) {
            INFO(nodes);
            CHECK_THROWS_WITH(check(with("node_limit", nodes), spec),
                              Contains(std::string("r.csv:2:4: column 'nodes' is '") + nodes + "', ") && Contains(": refusing"));
        }
    }
    CHECK_THROWS_WITH(check(with("node_limit", "99999"), "backtracking", 100000),
                      Contains("column 'nodes' is '99999', where a 'node_limit' run of backtracking stops with the nodes it "
                               "counted at limits.nodes (100000)"));
    CHECK_THROWS_WITH(check(with("node_limit", "18446744073709551615"), "backtracking", 100000),
                      Contains("past limits.nodes (100000) in a 'node_limit' row"));
}

TEST_CASE("node limit: no row counted past limits.nodes whatever its status", "[resume][merge][censored][nodes]") {
    for (const char* status : {"unique", "multiple", "unsat", "solved", "counted", "timeout", "memout", "crash"}) {
        INFO(status);
        CHECK_NOTHROW(check(with(status, "50")));  // a search may end at exactly the limit
        CHECK_NOTHROW(check(with(status, "0")));
        CHECK_NOTHROW(check(with(status, "")));  // a run that died: unknown
        for (const char* nodes : {"51", "100001", "18446744073709551615"})
            CHECK_THROWS_WITH(check(with(status, nodes)), Contains(std::string("column 'nodes' is '") + nodes +
                                                                   "', past limits.nodes (50) in a '" + status + "' row"));
    }
    CHECK_NOTHROW(check(with("unique", "100001"), "gac", 0));  // no limit, nothing to hold
    CHECK_NOTHROW(check(with("error", "100001")));              // evidence: not read
    CHECK_NOTHROW(check(with("node_limit", "abc")));            // the cell checks' to refuse
}

TEST_CASE("node limit: an assign_limit stops at nodes minus fails", "[resume][merge][censored][nodes]") {
    for (const char* spec : {"backtracking:assign_limit=5", "bitmask:assign_limit=5"}) {
        INFO(spec);
        Cells c = with("node_limit", "12");
        c.fails = "7";
        CHECK_NOTHROW(check(c, spec));     // the cap first
        CHECK_NOTHROW(check(c, spec, 0));  // the cap alone
        CHECK_NOTHROW(check(with("node_limit", "50"), spec));
        c.fails = "8";
        CHECK_THROWS_WITH(check(c, spec), Contains("column 'nodes' is '12', where a 'node_limit' run of " + std::string(spec) +
                                                   " stops with the nodes it counted at limits.nodes (50), or at "
                                                   "assign_limit 5 with nodes − fails at it (fails 8)"));
        CHECK_THROWS_WITH(check(c, spec, 0), Contains("without limits.nodes stops at assign_limit 5"));
        c.fails = "13";
        CHECK_THROWS(check(c, spec, 0));
        c.fails = "";
        CHECK_THROWS(check(c, spec, 0));
    }
}

TEST_CASE("node limit: a node_limit row's message is what its run writes", "[resume][merge][censored][nodes]") {
    for (const char* m : {"x", " ", "node_limit by backtracking", "wall time limit (1 s)"})
        CHECK_THROWS_WITH(check(with("node_limit", "50", m)),
                          Contains("r.csv:2:6: column 'message' is '") && Contains("where a 'node_limit' run of backtracking writes none"));
    const std::string seq = "portfolio:schedule=sequence,members=gecode+sat";
    CHECK_NOTHROW(check(with("node_limit", "50", "node_limit by gecode:var=afcsize"), seq));
    // A hand-over names the member's budget (presolve_nodes, below limits.nodes): 3 here.
    CHECK_NOTHROW(check(with("node_limit", "", "node_limit by sat after gecode:var=afcsize at 3 nodes"), seq + ",presolve_nodes=3"));
    CHECK_THROWS_WITH(check(with("node_limit", "", "node_limit by sat after gecode:var=afcsize at 3 nodes"), seq),
                      Contains("writes 'node_limit by MEMBER'"));
    CHECK_NOTHROW(check(with("node_limit", "50", "node_limit by gac"), "portfolio:schedule=sequence"));
    for (const char* m : {"", "x", "node_limit by gac", "answered by gecode:var=afcsize", "node_limit by sat after gac at 3 nodes"})
        CHECK_THROWS_WITH(check(with("node_limit", "50", m), seq), Contains("writes 'node_limit by MEMBER'"));
    const std::string race = "portfolio:members=gac+sat";
    CHECK_NOTHROW(check(with("node_limit", "50", "no member answered (gac: node_limit; sat: node_limit)"), race));
    CHECK_NOTHROW(check(with("node_limit", "50"), race));  // the presolve's, with no time left to race
    for (const char* m : {"no member answered (gac: node_limit; sat: timeout)", "no member answered (minizinc: node_limit)",
                          "no member answered (gac: node_limit; sat: node_limit", "no member answered ()", "x"})
        CHECK_THROWS_WITH(check(with("node_limit", "50", m), race), Contains("writes 'no member answered (MEMBER: node_limit; …)'"));
}

TEST_CASE("node limit: a portfolio stops at limits.nodes and writes no node_limit without it", "[resume][merge][censored][nodes]") {
    CHECK_NOTHROW(check(with("node_limit", "50", "node_limit by gac"), "portfolio:schedule=sequence,presolve_nodes=3"));
    CHECK_THROWS_WITH(check(with("node_limit", "3", "node_limit by gac"), "portfolio:schedule=sequence,presolve_nodes=3"),
                      Contains("column 'nodes' is '3', where a 'node_limit' run of"));
    CHECK_THROWS_WITH(check(with("node_limit", "3", "node_limit by gac"), "portfolio:schedule=sequence,presolve_nodes=3", 0),
                      Contains("column 'status' is 'node_limit', where portfolio") && Contains("writes none without limits.nodes"));
}

TEST_CASE("node limit: a tool's backend under limits.nodes is refused before it runs", "[resume][merge][censored][nodes]") {
    for (const char* spec : {"minizinc", "clpfd", "ilp"}) {
        INFO(spec);
        for (const char* status : {"unique", "unsat", "node_limit"})
            CHECK_THROWS_WITH(check(with(status, "7"), spec),
                              Contains("column 'status' is '" + std::string(status) + "', where a run of " + spec +
                                       " under limits.nodes (50) is refused before its tool starts"));
        CHECK_NOTHROW(check(with("error", "", "x cannot enforce a node limit (run it without one)"), spec));
        CHECK_NOTHROW(check(with("memout", ""), spec));
        CHECK_NOTHROW(check(with("unique", "1000000"), spec, 0));  // its tool's own count: not futolab's to hold
    }
}

TEST_CASE("node limit: check_censored_status holds the node limit of solve and count rows only", "[resume][merge][censored][nodes]") {
    const auto censored = [](const Cells& c) {
        futolab::check_censored_status(table(c), 0, "r.csv", nodes_limit(50), futolab::parse_solver_spec("gac"), "refusing");
    };
    CHECK_NOTHROW(censored(with("node_limit", "50")));
    CHECK_THROWS_WITH(censored(with("node_limit", "49")), Contains("column 'nodes' is '49'"));
    CHECK_THROWS_WITH(censored(with("unique", "51")), Contains("past limits.nodes (50)"));
    Cells generate = with("unique", "51");
    generate.mode = "generate";  // a square kind takes no limits.nodes
    CHECK_NOTHROW(censored(generate));
}
