// A config's `output:` that names a file the run reads (its instances file, a critical_squares or
// critical_orders file, a build's binary, the config itself) is refused as that input, at the
// `output:` key's line and column, by any name of the file, before any other check of the output
// (red-team round 21, A F3: "results exist already: use --resume … or remove the file" advised
// removing the input, and named no config line).
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// A task kind whose instances come from a file, and the source line that names it.
struct FileKind {
    std::string task;
    std::string source_key;  // as the message names it: "an instances file, file:", "critical_squares.file"
    std::string source;      // the `instances:` entry up to the file's name
    std::string file;        // copied into the folder, named by the source
    std::string methods;
};

const std::string kPuzzles = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";
const std::string kSquares = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl";

// The first puzzle of kPuzzles, a file of its own in each folder: one run per solver.
std::string first_puzzle() {
    const std::string puzzles = slurp(kPuzzles);
    return puzzles.substr(0, puzzles.find('\n') + 1);
}

const std::vector<FileKind>& file_kinds() {
    static const std::vector<FileKind> kinds{
        {"solve", "an instances file, file:", "file: ", "p.tatham", "solvers: [ gac ]"},
        {"count", "an instances file, file:", "file: ", "p.tatham", "solvers: [ gac ]"},
        {"generate", "an instances file, file:", "file: ", "sq.jsonl", "methods: [ unique ]"},
        {"critical", "an instances file, file:", "file: ", "sq.jsonl", "methods: [ critical ]"},
        {"greedy", "critical_squares.file", "critical_squares: { file: ", "sq.jsonl", "methods: [ critical ]"},
        {"exact-square", "critical_squares.file", "critical_squares: { file: ", "sq.jsonl",
         "methods: [ \"exact-square:objective=h+k\" ]"},
        {"free-square", "critical_orders.file", "critical_orders: { file: ", "z.jsonl", "methods: [ \"free-square:iterations=5\" ]"},
    };
    return kinds;
}

// The folder of one case: the instance files every kind reads, and the config of `kind` with `output`.
fs::path folder_for(const FileKind& kind, const std::string& name, const std::string& output) {
    const fs::path dir = futolab::test::fresh_dir("output-is-input", kind.task + "-" + name);
    std::ofstream(dir / "p.tatham") << first_puzzle();
    fs::copy_file(kSquares, dir / "sq.jsonl");
    std::ofstream(dir / "z.jsonl") << R"({"id":"a","n":4,"givens":[],"lt":[[0,0,0,1]]})" << "\n";
    const bool braced = kind.source.ends_with("{ file: ");
    std::ofstream(dir / "c.yaml") << "name: c\ntask: " << kind.task << "\ninstances:\n  - " << kind.source << kind.file
                                  << (braced ? " }" : "") << "\n" << kind.methods << "\noutput: " << output << "\n";
    return dir;
}

// Every file in `dir` with its content: a refused run leaves them all as they were, and makes none.
std::vector<std::pair<std::string, std::string>> contents(const fs::path& dir) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& entry : fs::directory_iterator(dir))
        files.emplace_back(entry.path().filename().string(), fs::is_regular_file(entry.path()) ? slurp(entry.path().string()) : "");
    std::sort(files.begin(), files.end());
    return files;
}

void refused(const fs::path& dir, const std::string& command, const std::string& message) {
    const auto before = contents(dir);
    const auto r = run_cli(command, dir.string());
    INFO(command);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + message + "\n");
    CHECK(contents(dir) == before);
}

}  // namespace

TEST_CASE("a config output naming its own instances file by any name is refused as that input at the output key",
          "[runner][outputs][config-output][long]") {
    for (const FileKind& kind : file_kinds()) {
        const std::string at = "c.yaml:4:" + std::to_string(4 + kind.source.size() + 1);
        for (const std::string spelling : {"same", "dot", "hard", "soft"}) {
            const std::string output = spelling == "same"   ? kind.file
                                       : spelling == "dot"  ? "./" + kind.file
                                       : spelling == "hard" ? "hard-" + kind.file
                                                            : "soft-" + kind.file;
            const fs::path dir = folder_for(kind, spelling, output);
            if (spelling == "hard") fs::create_hard_link(dir / kind.file, dir / output);
            if (spelling == "soft") fs::create_symlink(kind.file, dir / output);
            INFO(kind.task << " " << output);
            refused(dir, "run -q c.yaml",
                    "c.yaml:6:9: output " + output + ": is the input " + kind.file + " (" + kind.source_key + " at " + at +
                        "): refusing to overwrite it");
            refused(dir, "run -q c.yaml --resume",
                    "c.yaml:6:9: output " + output + ": is the input " + kind.file + " (" + kind.source_key + " at " + at +
                        "): refusing to overwrite it");
        }
    }
}

TEST_CASE("a config output naming the config itself is refused as the input at the output key",
          "[runner][outputs][config-output]") {
    for (const FileKind& kind : file_kinds())
        for (const std::string output : {"c.yaml", "./c.yaml"}) {
            const fs::path dir = folder_for(kind, output == "c.yaml" ? "config" : "dot-config", output);
            INFO(kind.task);
            refused(dir, "run -q c.yaml", "c.yaml:6:9: output " + output + ": is the input c.yaml (the config itself): refusing to overwrite it");
        }
    // A kind with no instance file, as case 270's few-relations config.
    const fs::path dir = futolab::test::fresh_dir("output-is-input", "few-relations-config");
    std::ofstream(dir / "fr.yaml") << "name: fr\ntask: few-relations\ninstances:\n  - few_relations: { n: 3, k: 2 }\n"
                                      "methods: [ few-relations ]\noutput: fr.yaml\n";
    refused(dir, "run -q fr.yaml", "fr.yaml:6:9: output fr.yaml: is the input fr.yaml (the config itself): refusing to overwrite it");
}

TEST_CASE("a results CSV whose sidecar is the config, or placed on an instances file or build binary, is refused as that input",
          "[runner][outputs][config-output]") {
    const FileKind& solve = file_kinds().front();
    // The config named as the results CSV's sidecar: the run would write its sidecar over it.
    const fs::path sidecar = folder_for(solve, "sidecar", "x.csv");
    fs::rename(sidecar / "c.yaml", sidecar / "x.csv.meta.yaml");
    refused(sidecar, "run -q x.csv.meta.yaml",
            "x.csv.meta.yaml:6:9: output x.csv: its sidecar x.csv.meta.yaml is the input x.csv.meta.yaml (the config itself): "
            "refusing to overwrite it");
    // --out DIR places the CSV onto the instances file: named by the option, no config key.
    const fs::path out = folder_for(solve, "out-dir", "sub/p.tatham");
    refused(out, "run -q c.yaml --out .",
            "--out .: ./p.tatham: is the input p.tatham (an instances file, file: at c.yaml:4:11): refusing to overwrite it");
    // A build's binary (a copy of this futolab: the test never writes near the real one).
    const fs::path ab = futolab::test::fresh_dir("output-is-input", "build-binary");
    fs::copy_file(FUTOLAB_CLI, ab / "fb");
    fs::permissions(ab / "fb", fs::perms::owner_all);
    std::ofstream(ab / "p.tatham") << first_puzzle();
    std::ofstream(ab / "ab.yaml") << "name: ab\nmode: { count: 2 }\ninstances:\n  - file: p.tatham\nsolvers: [ gac ]\n"
                                     "isolation: process\nbuilds:\n  - { name: a, path: fb }\noutput: fb\n";
    refused(ab, "run -q ab.yaml", "ab.yaml:9:9: output fb: is the input fb (the binary of build a): refusing to overwrite it");
}

// Red-team round 22, B F3: a config's `output:` onto a certificate or a few-relations checkpoint
// table was refused as "results exist already: use --resume to continue them, or remove the
// file", naming no key, and --resume then found no sidecar. Each kept file (a certificate of each
// kind, a table, another checkpoint's shard file) is refused at the key naming what it is, with
// --resume too, as is one at the sidecar's path or placed by --out DIR; nothing is written.
TEST_CASE("a config output onto a certificate or a few-relations checkpoint table is refused at the output key naming it",
          "[runner][outputs][config-output][long]") {
    const fs::path dir = futolab::test::fresh_dir("output-is-input", "kept-files");
    for (const std::string made : {"critical --construct --n 6 --out z.jsonl --certificate z.cert",
                                   "critical --exact --n 4 --objective k --out e.jsonl --certificate e.cert",
                                   "critical --exact --square \"1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1\" --objective k --out "
                                   "s.jsonl --certificate s.cert",
                                   "critical --few-relations 3 --n 4 --checkpoint ck --shards 2"})
        REQUIRE(run_cli(made, dir.string()).exit_code == 0);
    const auto certificate = [](const std::string& format) {
        return "a futolab certificate (futolab-" + format + "-critical, read by critical --check-certificate)";
    };
    const std::vector<std::pair<std::string, std::string>> kept{
        {"z.cert", certificate("zero-given")},
        {"e.cert", certificate("exact")},
        {"s.cert", certificate("square")},
        {"ck/n4-k3-of-002.table.md", "a few-relations checkpoint table (its shards' counts)"},
        {"ck/n4-k3-shard-001-of-002.yaml", "a few-relations checkpoint file (its shard's counts)"},
    };
    const auto config = [&](const std::string& output) {
        std::ofstream(dir / "c.yaml") << "name: c\ntask: few-relations\ninstances:\n  - few_relations: { n: 3, k: 2 }\n"
                                         "methods: [ few-relations ]\noutput: " << output << "\n";
    };
    const std::string refusing = ": refusing to overwrite it (give the run another output)";
    for (const auto& [file, what] : kept) {
        config(file);
        INFO(file);
        for (const std::string resume : {"", " --resume"})
            refused(dir, "run -q c.yaml" + resume, "c.yaml:6:9: output " + file + ": is " + what + refusing);
    }
    fs::copy_file(dir / "e.cert", dir / "x.csv.meta.yaml");
    config("x.csv");
    refused(dir, "run -q c.yaml", "c.yaml:6:9: output x.csv: its sidecar x.csv.meta.yaml is " + certificate("exact") + refusing);
    fs::create_directory(dir / "sub");
    fs::copy_file(dir / "s.cert", dir / "sub/x.csv");
    refused(dir, "run -q c.yaml --out sub", "--out sub: sub/x.csv: is " + certificate("square") + refusing);
}
