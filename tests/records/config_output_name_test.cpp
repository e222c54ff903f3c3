// Red-team round 13 (issue #45), A6: a config's `output:` ending in `/.` or `/..` was refused
// only after its folder and a lock file (`o2/w.csv/...lock`) were made, while `--out X/.` is
// refused before anything. The config's field is now refused when the config is read, at its
// line, with the command line's words, and nothing is made.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace futolab::test;  // run_cli, has, fresh_dir
namespace fs = std::filesystem;

TEST_CASE("a config output naming a folder is refused at its line before anything is made",
          "[records][outputs][config-output]") {
    for (const std::string output : {"o2/w.csv/.", "o3/sub/..", "out4/.", "o5/w.csv/"}) {
        const fs::path dir = fresh_dir("config-output", "name");
        std::ofstream(dir / "w.yaml") << "name: w\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: "
                                         FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham\nsolvers: [ fc ]\noutput: "
                                      << output << "\n";
        for (const std::string& command : {std::string("run w.yaml -q"), std::string("run w.yaml -q --shard 0/2")}) {
            INFO(output << " " << command);
            const CliResult r = run_cli(command, dir.string());
            INFO(r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "w.yaml:8:9: output names a folder"));
            std::vector<std::string> left;
            for (const auto& entry : fs::directory_iterator(dir)) left.push_back(entry.path().filename().string());
            CHECK(left == std::vector<std::string>{"w.yaml"});  // no folder, no lock
        }
    }
}
