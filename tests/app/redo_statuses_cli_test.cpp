// `run --resume --redo STATUS` refuses a status the config's task kind never writes, naming the
// ones it does (red-team round 16, A 097): `--redo memout` of an exact-sample run, whose kind
// runs without limits on futolab's threads, was accepted and "took out 0 rows".
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

TEST_CASE("run --redo refuses a status the task kind never writes", "[runner][redo][construct]") {
    const fs::path dir = futolab::test::fresh_dir("redo-statuses", "construct");
    std::ofstream(dir / "cfg.yaml") << "name: co\ntask: construct\ninstances:\n  - critical_orders: { n: 5 }\n"
                                       "methods: [ construct ]\n";
    REQUIRE(run_cli("run -q cfg.yaml --out o", dir.string()).exit_code == 0);
    const std::string csv = (dir / "o" / "co.csv").string(), rows = slurp(csv), sidecar = slurp(csv + ".meta.yaml");
    for (const char* status : {"memout", "crash", "node_limit", "timeout"}) {
        const auto r = run_cli("run -q cfg.yaml --out o --resume --redo error," + std::string(status), dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--redo: '" + std::string(status) + "' is a status task construct never writes (it runs without "
                         "limits, on the runner's threads; its statuses: error, critical)"));
    }
    CHECK(slurp(csv) == rows);
    CHECK(slurp(csv + ".meta.yaml") == sidecar);
    // The statuses it writes are taken.
    const auto taken = run_cli("run -q cfg.yaml --out o --resume --redo error,critical", dir.string());
    CHECK(taken.exit_code == 0);
    CHECK(has(taken.out, "--redo took out 1 rows with status error,critical"));
}
