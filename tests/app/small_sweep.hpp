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

// The fresh folder of SUITE's test NAME holding s.yaml (experiment `ms`: gac and fc counting to
// 2, two repeats, on three unique 4x4 puzzles of p.jsonl) and its two shards in sh/ (kTwoShards).
inline std::filesystem::path two_shard_sweep(const std::string& suite, const std::string& name) {
    const std::filesystem::path d = fresh_dir(suite, name);
    REQUIRE(run_cli("generate unique --n 4 --count 3 --seed 5 --out p.jsonl", d.string()).exit_code == 0);
    std::ofstream(d / "s.yaml") << "name: ms\nseed: 1\nrepeats: 2\nmode: { count: 2 }\nisolation: thread\n"
                                   "instances:\n  - file: p.jsonl\nsolvers: [ gac, fc ]\n";
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, d.string()).exit_code == 0);
    return d;
}

inline constexpr const char* kTwoShards = "sh/ms.shard-0-of-2.csv sh/ms.shard-1-of-2.csv";

}  // namespace futolab::test
