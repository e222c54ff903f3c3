// File names holding a Unicode noncharacter (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF) come back from
// the YAML futolab writes as they were read (red-team round 25): yaml-cpp's emitter wrote each
// as U+FFFD wherever it quoted the name, so `run --resume` refused its own run ("made by input
// file #in<U+FFFD>.jsonl … not input file #in<U+FDD0>.jsonl") and `critical --input` read a
// file that is not there from the config it rendered. core/yaml_exact.hpp writes them escaped.
#include "core/shell_words.hpp"
#include "core/yaml_exact.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using futolab::exactly_quoted;
using futolab::test::has;
using futolab::test::run_cli;

namespace {

// The names: noncharacters of the BMP and of planes 1, 2 and 16, first, inside and last, beside
// what makes the emitter quote a name ('#', ": ", a quote, a space) and, last, alone in a name
// the emitter writes plain.
const std::vector<std::string> kNames{"#in\xEF\xB7\x90.jsonl", "a: \xEF\xBF\xBF\xF0\x9F\xBF\xBE.jsonl",
                                      "'\xF4\x8F\xBF\xBF b.jsonl", "#\xEF\xB7\xAF\xF0\xAF\xBF\xBF x\xEF\xBF\xBE",
                                      "in\xEF\xB7\x90.jsonl"};

std::string shell_quoted(const std::string& word) {
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

const char* kSquare = R"({"id": "s", "n": 2, "givens": [[0, 0, 1], [0, 1, 2], [1, 0, 2], [1, 1, 1]], "lt": []})"
                      "\n";

}  // namespace

TEST_CASE("run --resume takes its own run over an input and config whose names hold noncharacters", "[run][sidecar][names][long]") {
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        const std::string& name = kNames[i];
        INFO(exactly_quoted(name));
        const fs::path dir = futolab::test::fresh_dir("noncharacter-names", "run-" + std::to_string(i));
        std::ofstream(dir / name) << kSquare;
        const std::string config = "#c" + name + ".yaml";
        std::ofstream(dir / config) << "name: nc\nmode: first\ninstances:\n  - file: " << exactly_quoted(name)
                                    << "\nsolvers: [ \"gac\" ]\noutput: out/nc.csv\n";
        const auto made = run_cli("run -q " + shell_quoted(config), dir.string());
        INFO(made.err);
        REQUIRE(made.exit_code == 0);
        const YAML::Node sidecar = YAML::LoadFile((dir / "out/nc.csv.meta.yaml").string());
        CHECK(sidecar["inputs"][0]["file"].as<std::string>() == name);
        CHECK(sidecar["config_file"].as<std::string>() == config);
        // run.command holds each word as a shell reads it back (core/shell_words).
        CHECK(has(sidecar["run"]["command"].as<std::string>(), futolab::shell_quoted(config)));
        const auto resumed = run_cli("run -q --resume " + shell_quoted(config), dir.string());
        INFO(resumed.err);
        CHECK(resumed.exit_code == 0);
    }
}

TEST_CASE("critical --input reads the file it names when the name holds noncharacters", "[critical][sidecar][names]") {
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        const std::string& name = kNames[i];
        INFO(exactly_quoted(name));
        const fs::path dir = futolab::test::fresh_dir("noncharacter-names", "critical-" + std::to_string(i));
        std::ofstream(dir / name) << kSquare;
        const std::string command = "critical --input " + shell_quoted(name) + " --out o.jsonl";
        const auto made = run_cli(command, dir.string());
        INFO(made.err);
        REQUIRE(made.exit_code == 0);
        const YAML::Node config = YAML::Load(YAML::LoadFile((dir / "o.csv.meta.yaml").string())["config"].as<std::string>());
        CHECK(config["instances"][0]["critical_squares"]["file"].as<std::string>() == name);
        const auto resumed = run_cli(command + " --resume", dir.string());
        INFO(resumed.err);
        CHECK(resumed.exit_code == 0);
        CHECK(has(resumed.err, "0 searched now, 1 from the CSV"));
    }
}
