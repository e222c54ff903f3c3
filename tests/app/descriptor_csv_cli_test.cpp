// A run's results CSV that names a descriptor of the command (`output: /dev/fd/7`) is refused by
// the name the user gave: for a task that exports its outputs beside the CSV (generate,
// critical), the refusal named the export, `/dev/fd/7.jsonl`, a path the user never wrote, as
// "a descriptor of this command".
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("a CSV naming a descriptor is refused by that name, not by its export", "[cli][output][stream]") {
    const fs::path dir = fresh_dir("descriptor-csv", "export");
    const std::string generate = "name: g\nseed: 1\ntask: generate\ninstances:\n  - squares: { n: [4], count: 2 }\n"
                                 "methods: [ unique ]\n";
    std::ofstream(dir / "fd.yaml") << generate << "output: /dev/fd/7\n";
    std::ofstream(dir / "proc.yaml") << generate << "output: /proc/self/fd/0\n";
    std::ofstream(dir / "in.txt") << "keep\n";
    // At the config's key, and as --out places it (the folder /dev/fd, the CSV named 7).
    for (const std::string args :
         {"run -q fd.yaml", "run -q proc.yaml", "run -q fd.yaml 7< in.txt", "run -q fd.yaml --out /dev/fd 7< in.txt"}) {
        const auto r = run_cli(args + " < in.txt", dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "names a descriptor of this command"));
        CHECK_FALSE(has(r.err, ".jsonl"));
    }
    CHECK(futolab::test::slurp((dir / "in.txt").string()) == "keep\n");
}
