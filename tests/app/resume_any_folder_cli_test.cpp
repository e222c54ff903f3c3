// `run CONFIG --resume --out DIR` from any working folder (experiments/resume_rows.hpp,
// names_of_run): a sidecar names its config and input files from the folder its first run ran
// in, and a resume from elsewhere read them by other names and was refused as "made by input
// file corpora/p.tatham …, not ../proj/corpora/p.tatham". It now finds them as merge does
// (experiments/merge_matrix.hpp, locate_run_files), resumes, and its sidecar names them as the
// first run's did; a file of the same name with other content is still refused.
#include "cli_runner.hpp"
#include "records/sidecar.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// DIR/proj with configs/c.yaml reading ../corpora/p.jsonl, run once from DIR/proj into
// results/, then its CSV cut back to its header and first row (the sidecar saying so, as a
// sweep killed there leaves it); DIR/elsewhere an empty folder. `skip`: a bad line in the
// corpus and --skip-invalid.
fs::path cut_sweep(const std::string& name, bool skip = false) {
    const fs::path d = futolab::test::fresh_dir("resume-any-folder", name);
    fs::create_directories(d / "proj" / "configs");
    fs::create_directories(d / "proj" / "corpora");
    fs::create_directories(d / "elsewhere");
    REQUIRE(run_cli("generate unique --n 4 --count 3 --seed 5 --out corpora/p.jsonl", (d / "proj").string()).exit_code == 0);
    if (skip) std::ofstream(d / "proj" / "corpora" / "p.jsonl", std::ios::app) << "{\"not\": \"a puzzle\"}\n";
    std::ofstream(d / "proj" / "configs" / "c.yaml")
        << "name: c\nseed: 1\nrepeats: 2\nisolation: thread\ninstances:\n  - file: ../corpora/p.jsonl\nsolvers: [ gac, fc ]\n";
    const std::string flags = skip ? " --skip-invalid" : "";
    REQUIRE(run_cli("run -q configs/c.yaml --out results" + flags, (d / "proj").string()).exit_code == 0);
    const fs::path csv = d / "proj" / "results" / "c.csv";
    const std::string text = slurp(csv.string());
    const std::size_t second = text.find('\n', text.find('\n') + 1);
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text.substr(0, second + 1);
    std::string sidecar = slurp(csv.string() + ".meta.yaml");
    sidecar.replace(sidecar.find("state: finished"), 15, "state: interrupted");
    sidecar.replace(sidecar.find("completed: 12"), 13, "completed: 1");
    std::ofstream(csv.string() + ".meta.yaml", std::ios::binary | std::ios::trunc) << sidecar;
    return d;
}

// The sidecar's names after a resume: as the first run's (from DIR/proj).
void names_kept(const fs::path& d) {
    const futolab::SidecarFacts f = futolab::read_sidecar((d / "proj" / "results" / "c.csv").string());
    CHECK(f.identity.config_file == "configs/c.yaml");
    REQUIRE(f.identity.inputs.size() == 1);
    CHECK(f.identity.inputs.front().path == "corpora/p.jsonl");
    CHECK(f.state == "finished");
    CHECK(f.completed == 12u);
}

}  // namespace

TEST_CASE("run --resume finds the config's files from any working folder", "[resume][cli][long]") {
    struct Case {
        std::string name, from, config, out;  // the folder resumed from (in DIR), the config and --out as typed
    };
    for (const Case& c : {Case{"sibling", "elsewhere", "../proj/configs/c.yaml", "../proj/results"},
                          Case{"inside", "proj/results", "../configs/c.yaml", "."},
                          Case{"configs", "proj/configs", "c.yaml", "../results"},
                          Case{"root", "/", "", ""},  // absolute names, from /
                          Case{"same", "proj", "configs/c.yaml", "results"}}) {
        INFO(c.name);
        const fs::path d = cut_sweep(c.name);
        const std::string config = c.config.empty() ? (d / "proj" / "configs" / "c.yaml").string() : c.config;
        const std::string out = c.out.empty() ? (d / "proj" / "results").string() : c.out;
        const std::string cwd = c.from == "/" ? "/" : (d / c.from).string();
        const auto r = run_cli("run -q '" + config + "' --resume --out '" + out + "'", cwd);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, "12 runs in this shard, 1 already done, 11 written now, 0 errors"));
        names_kept(d);
        fs::remove_all(d);
    }
}

TEST_CASE("run --resume from another folder keeps the skipped inputs as its first run named them", "[resume][cli][fault]") {
    const fs::path d = cut_sweep("skipped", true);
    const std::string before = slurp((d / "proj" / "results" / "c.csv.meta.yaml").string());
    REQUIRE(has(before, "corpora/p.jsonl:4"));
    const auto r = run_cli("run -q ../proj/configs/c.yaml --resume --skip-invalid --out ../proj/results", (d / "elsewhere").string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    names_kept(d);
    const std::string after = slurp((d / "proj" / "results" / "c.csv.meta.yaml").string());
    CHECK(has(after, "corpora/p.jsonl:4"));
    CHECK_FALSE(has(after, "../proj/corpora/p.jsonl"));
    fs::remove_all(d);
}

TEST_CASE("run --resume from another folder still refuses an input whose content changed", "[resume][cli]") {
    const fs::path d = cut_sweep("changed");
    std::ofstream(d / "proj" / "corpora" / "p.jsonl", std::ios::app) << "\n";
    const std::string csv = slurp((d / "proj" / "results" / "c.csv").string());
    for (const char* from : {"elsewhere", "proj"}) {
        INFO(from);
        const std::string config = std::string(from) == "proj" ? "configs/c.yaml" : "../proj/configs/c.yaml";
        const std::string out = std::string(from) == "proj" ? "results" : "../proj/results";
        const auto r = run_cli("run -q " + config + " --resume --out " + out, (d / from).string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "refusing to resume; use a new --out"));
        CHECK(has(r.err, "corpora/p.jsonl"));
        CHECK(slurp((d / "proj" / "results" / "c.csv").string()) == csv);
    }
    fs::remove_all(d);
}
