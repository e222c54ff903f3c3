// A small finished sweep for the tests of what reads a results CSV back (merge, resume,
// analyze, report, compare): fc and gac, counting to 2, on the 75 puzzles of
// corpora/tatham-dev/n04.tatham, as `futolab run s.yaml -q` leaves them in a fresh folder.
#pragma once

#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace futolab::test {

// The fresh folder of SUITE's test NAME (fresh_dir) holding s.yaml and its out/s.csv with its
// sidecar and schema.
inline std::filesystem::path small_sweep(const std::string& suite, const std::string& name) {
    const std::filesystem::path dir = fresh_dir(suite, name);
    std::ofstream(dir / "s.yaml") << "name: s\nmode: { count: 2 }\nlimits: { nodes: 100000 }\ninstances:\n  - file: "
                                  << FUTOLAB_SOURCE_DIR << "/corpora/tatham-dev/n04.tatham\n"
                                  << "solvers: [ \"fc\", \"gac\" ]\noutput: out/s.csv\n";
    REQUIRE(run_cli("run s.yaml -q", dir.string()).exit_code == 0);
    return dir;
}

}  // namespace futolab::test
