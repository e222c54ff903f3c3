// Resume and merge hold a solve or count row's nodes, status and message to the node limit its
// run had (experiments/node_facts.hpp; red-team round 26, B F8): a node_limit row that counted
// fewer nodes than limits.nodes or 2^64 − 1, a unique or timeout row past the limit, a
// node_limit row with a message its run never writes were resumed and merged. Exit 2 naming the
// file, line and column; the shards as futolab wrote them resume and merge.
#include "cli_runner.hpp"
#include "shard_row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Two shards of a count sweep under limits.nodes 5 (and a time limit, so a timeout is a status
// the config writes): four tatham-dev puzzles that gac decides at its root and four random ones
// of 3 givens and 4 relations that every backend stops on at the limit, in thread isolation.
const fs::path& sweep() {
    static const fs::path d = [] {
        const fs::path dir = futolab::test::fresh_dir("node-limit-rows", "sweep");
        REQUIRE(run_cli("generate random --n 7 --h 3 --k 4 --count 4 --seed 3 --out p.jsonl", dir.string()).exit_code == 0);
        std::ifstream tatham(FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n07.tatham");
        std::ofstream easy(dir / "e.tatham");
        std::string line;
        for (int i = 0; i < 4 && std::getline(tatham, line); ++i) easy << line << "\n";
        easy.close();
        std::ofstream(dir / "s.yaml") << "name: nl\nseed: 1\nmode: { count: 2 }\nisolation: thread\n"
                                         "limits: { time: 60s, nodes: 5 }\ninstances:\n  - file: e.tatham\n  - file: p.jsonl\n"
                                         "solvers: [ backtracking, gac, \"backtracking:assign_limit=3\", "
                                         "\"portfolio:schedule=sequence,members=gecode+sat\", minizinc ]\n";
        for (const char* shard : {"0/2", "1/2"})
            REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
        return dir;
    }();
    return d;
}

using futolab::test::Cells;
using futolab::test::refused;
using futolab::test::ShardEdit;
using futolab::test::taken;

// The first row of `spec` with `status`, that row's `column` set to `value` (more edits through
// `also`), then what resume (of that shard) and merge (of both) say.
ShardEdit edited(const std::string& name, const std::string& spec, const std::string& status, const std::string& column,
                 const std::string& value, const Cells& also = {}) {
    Cells cells{{column, value}};
    cells.insert(cells.end(), also.begin(), also.end());
    return futolab::test::edit_shard_row(sweep(), futolab::test::fresh_dir("node-limit-rows", name), "nl", spec, status, cells);
}

}  // namespace

TEST_CASE("resume and merge take the node limit rows futolab wrote", "[resume][merge][nodes]") {
    taken(edited("as-written", "gac", "unique", "status", "unique"));
    taken(edited("finished-at-limit", "gac", "unique", "nodes", "5"));  // a search may end at exactly the limit
}

TEST_CASE("resume and merge refuse a node_limit row that stopped short of the node limit or past it", "[resume][merge][nodes][long]") {
    for (const char* nodes : {"4", "0"})
        refused(edited(std::string("short-") + nodes, "backtracking", "node_limit", "nodes", nodes),
                "where a 'node_limit' run of backtracking stops with the nodes it counted at limits.nodes (5)");
    for (const char* nodes : {"6", "18446744073709551615"})
        refused(edited(std::string("past-") + nodes, "backtracking", "node_limit", "nodes", nodes),
                "past limits.nodes (5) in a 'node_limit' row");
    // An assign_limit stops at nodes − fails = 3, or at the limit.
    refused(edited("assign-short", "backtracking:assign_limit=3", "node_limit", "nodes", "4", {{"max_depth", "1"}}),
            "or at assign_limit 3 with nodes − fails at it");
    refused(edited("portfolio-short", "portfolio:members=gecode+sat,schedule=sequence", "node_limit", "nodes", "4"),
            "stops with the nodes it counted at limits.nodes (5)");
}

TEST_CASE("resume and merge refuse a finished or timeout row that counted past the node limit", "[resume][merge][nodes]") {
    for (const char* nodes : {"6", "100001", "18446744073709551615"})
        refused(edited(std::string("unique-") + nodes, "gac", "unique", "nodes", nodes), "past limits.nodes (5) in a 'unique' row");
    refused(edited("timeout-6", "gac", "unique", "nodes", "6", {{"status", "timeout"}, {"message", "wall time limit (60 s)"}}),
            "past limits.nodes (5) in a 'timeout' row");
}

TEST_CASE("resume and merge refuse a node_limit row's message its run never writes", "[resume][merge][nodes]") {
    for (const char* message : {"x", "node_limit by backtracking"})
        refused(edited(std::string("message-") + message, "backtracking", "node_limit", "message", message),
                "where a 'node_limit' run of backtracking writes none");
    refused(edited("portfolio-message", "portfolio:members=gecode+sat,schedule=sequence", "node_limit", "message",
                   "node_limit by gac"),
            "writes 'node_limit by MEMBER' of the member that stopped");
    refused(edited("portfolio-no-message", "portfolio:members=gecode+sat,schedule=sequence", "node_limit", "message", ""),
            "writes 'node_limit by MEMBER' of the member that stopped");
}

TEST_CASE("resume and merge refuse a tool backend's answer under a node limit", "[resume][merge][nodes]") {
    refused(edited("tool-node-limit", "minizinc", "error", "status", "node_limit", {{"message", ""}}),
            "where a run of minizinc under limits.nodes (5) is refused before its tool starts");
}
