// Every subcommand's --help examples run as printed (issue #44 item 6): each "Example: futolab …"
// line of `futolab SUB --help` is run, as the shell reads it, in a scratch folder holding the
// sample files the examples name (app/help_examples.hpp), and must exit 0.
#include "app/commands.hpp"
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace futolab;
using futolab::test::fresh_dir;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

void must(const std::string& args, const fs::path& cwd) {
    const auto r = run_cli(args, cwd.string());
    INFO(args << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
}

// A CSV and the files beside it (sidecar, schema) under another name.
void copy_results(const fs::path& dir, const std::string& from, const std::string& to) {
    for (const char* tail : {"", ".meta.yaml", ".schema.json"})
        fs::copy_file(dir / (from + tail), dir / (to + tail), fs::copy_options::overwrite_existing);
}

// The sample files the examples name, made once: puzzle.futo, puzzles.jsonl, sweep.yaml and its
// results.csv, shards/ (its two shards), baseline.csv and new.csv (copies), b1..b3 and n1..n3
// (six sweeps of it: replicates), ab.csv (an A/B sweep of this binary as builds main and new).
fs::path samples() {
    static const fs::path dir = [] {
        const fs::path d = fresh_dir("app", "help-examples") / "samples";
        fs::create_directories(d);
        fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo", d / "puzzle.futo");
        must("generate unique --n 5 --count 4 --seed 3 --out puzzles.jsonl", d);
        const std::string sweep = "name: sweep\nseed: 1\nrepeats: 2\nmode: { count: 2 }\ninstances:\n  - file: "
                                  "puzzles.jsonl\nsolvers: [ fc, gac ]\n";
        std::ofstream(d / "sweep.yaml") << sweep << "output: results.csv\n";
        must("run -q sweep.yaml", d);
        must("run -q sweep.yaml --shard 0/2 --out shards", d);
        must("run -q sweep.yaml --shard 1/2 --out shards", d);
        for (const char* name : {"baseline", "new"}) copy_results(d, "results.csv", std::string(name) + ".csv");
        // Replicates are separate sweeps (a copy is refused as one: red-team round 31, H3): here
        // the sweep's runs and times with other worker sessions (the last cell), so that the
        // example's verdict does not rest on this machine's load.
        int replicate = 0;
        for (const std::string name : {"b1", "b2", "b3", "n1", "n2", "n3"}) {
            copy_results(d, "results.csv", name + ".csv");
            std::istringstream in(futolab::test::slurp((d / "results.csv").string()));
            std::string text, line;
            std::getline(in, line);
            text = line + "\n";
            ++replicate;
            while (std::getline(in, line)) {
                const std::size_t cut = line.rfind(',') + 1;
                text += line.substr(0, cut) + std::to_string(std::stoi(line.substr(cut)) + 100 * replicate) + "\n";
            }
            std::ofstream(d / (name + ".csv")) << text;
        }
        std::ofstream(d / "ab.yaml") << sweep << "builds:\n  - { name: main, path: " FUTOLAB_CLI " }\n"
                                     << "  - { name: new, path: " FUTOLAB_CLI " }\noutput: ab.csv\n";
        must("run -q ab.yaml", d);
        return d;
    }();
    return dir;
}

// The lines "Example…: futolab ARGS" of a help text, as ARGS.
std::vector<std::string> examples_in(const std::string& help) {
    std::vector<std::string> out;
    std::istringstream lines(help);
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("Example")) continue;
        const std::size_t at = line.find(": futolab ");
        if (at != std::string::npos) out.push_back(line.substr(at + 10));
    }
    return out;
}

}  // namespace

TEST_CASE("every subcommand's --help examples run as printed", "[cli][habits][help][long]") {
    CLI::App app{"test"};
    app::Action run;
    app::add_commands(app, run, "futolab");
    int n = 0;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        if (sub->get_group().empty()) continue;  // hidden (worker): no help to follow
        const std::string name = sub->get_name();
        const auto help = run_cli(name + " --help");
        REQUIRE(help.exit_code == 0);
        const std::vector<std::string> examples = examples_in(help.out);
        INFO(name << " --help:\n" << help.out);
        CHECK_FALSE(examples.empty());
        for (const std::string& args : examples) {
            // A fresh copy each: an example that writes a file finds the samples as they were.
            const fs::path work = samples().parent_path() / ("example-" + std::to_string(++n));
            fs::remove_all(work);
            fs::copy(samples(), work, fs::copy_options::recursive);
            const auto r = run_cli(args + " >/dev/null", work.string());
            INFO("futolab " << args << "\n" << r.err);
            CHECK(r.exit_code == 0);
        }
    }
    CHECK(n >= 15);
}
