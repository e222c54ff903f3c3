// core/file_kind.hpp: a results CSV, a sidecar, a column schema or YAML, told by its first bytes
// where puzzles, a certificate or the manifest belong (red-team round 26, C F2: every JSON reader
// answered "malformed JSON: … last read: 'e'"). Every puzzle file futolab ships, in every format,
// is none of them, so no puzzle is ever refused by this look.
#include "core/error.hpp"
#include "core/file_kind.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

std::string text_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("other_file_kind tells a results CSV or sidecar or schema or YAML by their first bytes", "[file_kind]") {
    const std::string header = "experiment,instance,instance_hash,n,h,k,solver,options,seed\n";
    const std::string mark = "\xEF\xBB\xBF";
    struct Case {
        std::string text, kind;
    };
    const std::vector<Case> cases{
        {header, "a futolab results CSV"},
        {header + "w,a,1,4,0,0,gac,,1\n", "a futolab results CSV"},
        {mark + header, "a futolab results CSV"},  // a spreadsheet's re-save: the mark skipped, as every reader
        {"experiment,instance,\r\n", "a futolab results CSV"},
        {"experiment: w\nconfig_file: w.yaml\n", "a metadata sidecar"},
        {mark + "experiment: w\n", "a metadata sidecar"},
        {"{\n  \"$schema\": \"https://datapackage.org/profiles/2.0/tableschema.json\",\n  \"title\": \"futolab results CSV\",\n",
         "a results CSV's column schema"},
        {"name: w\nseed: 1\n", "YAML ('name: w': an experiment config?)"},
        {"# a sweep\n\n  # indented comment\nname: w\n", "YAML ('name: w': an experiment config?)"},
        {"instances:\n  - file: a.futo\n", "YAML ('instances:': an experiment config?)"},
        {"few_relations: { n: 4 }\n", "YAML ('few_relations: { n: 4 }': an experiment config?)"},
        {"---\nname: w\n", "YAML ('---': an experiment config?)"},
        {"%YAML 1.2\n---\n", "YAML ('%YAML 1.2': an experiment config?)"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        CHECK(other_file_kind(c.text) == c.kind);
    }
}

TEST_CASE("other_file_kind names nothing else", "[file_kind]") {
    for (const char* text : {
             "", "\n\n", "{\"id\":\"a\",\"n\":4}\n", "{\"format\":\"futolab-exact-critical\",\"version\":2}\n",
             "4:1,,,_\n", "4dx:1,,\n", "letting n be 4\n", "language ESSENCE' 1.0\n", "1\n4 0\n", ". 1 < 2\n",
             "experiment\n",                   // one column: no results CSV futolab writes
             "instance,experiment,solver\n",   // not SPEC §5's order
             "experiment:w\n",                 // a colon with no space: no sidecar's key, and no YAML mapping
             "name:w\n", "1name: w\n", "find x : int(1..4)\n", "a b: c\n",
             "# only: a comment\n", "$ comment: essence\nletting n be 4\n",
             "- file: a\n",  // a YAML list: no config or sidecar
         }) {
        INFO(text);
        CHECK(other_file_kind(text).empty());
    }
}

TEST_CASE("no puzzle file futolab ships is taken for another kind", "[file_kind]") {
    std::size_t looked = 0;
    for (const char* root : {FUTOLAB_SOURCE_DIR "/corpora", FUTOLAB_SOURCE_DIR "/tests/data/good"})
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            const std::string ext = entry.path().extension().string();
            if (!entry.is_regular_file() ||
                (ext != ".futo" && ext != ".jsonl" && ext != ".tatham" && ext != ".param" && ext != ".essence-param" && ext != ".usp"))
                continue;
            INFO(entry.path());
            CHECK(other_file_kind(text_of(entry.path()).substr(0, 4096)).empty());
            ++looked;
        }
    CHECK(looked > 20);
}

TEST_CASE("refuse_other_file_kind names the file and what it is and what was wanted", "[file_kind]") {
    CHECK_THROWS_MATCHES(refuse_other_file_kind("experiment,instance,n\n", "g.jsonl", "a puzzle file"), InputError,
                         Catch::Matchers::Message("g.jsonl: a futolab results CSV, not a puzzle file"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind("experiment: w\n", "w.csv.meta.yaml", "a futolab certificate"), InputError,
                         Catch::Matchers::Message("w.csv.meta.yaml: a metadata sidecar, not a futolab certificate"));
    CHECK_NOTHROW(refuse_other_file_kind("{\"id\":\"a\"}\n", "a.jsonl", "a puzzle file"));
}

// Red-team round 27, C F9: a certificate, the bench manifest and a puzzle JSONL file are rows of
// the same table, each taken by its own reader and named wherever another kind belongs.
TEST_CASE("file_kind tells a certificate or the manifest or a puzzle JSONL file by its first bytes", "[file_kind]") {
    const std::string mark = "\xEF\xBB\xBF";
    struct Case {
        std::string text, kind;
    };
    const std::vector<Case> cases{
        {"{\"certificate\":\"futolab-exact-critical\",\"version\":2,\"n\":3}\n", "a futolab certificate"},
        {"{\"certificate\":\"futolab-zero-given-critical\",\"version\":1,\"n\":4}\n{\"drat\":\"0\\n\"}\n", "a futolab certificate"},
        {"{\"certificate\":\"futolab-square-critical\",\"version\":2}\n", "a futolab certificate"},
        {mark + "{\"certificate\":\"futolab-exact-critical\"}\n", "a futolab certificate"},
        {"{\n  \"name\": \"futolab-bench\",\n  \"version\": 1,\n", "a futolab-bench manifest"},
        {"{\"name\":\"futolab-bench\"}", "a futolab-bench manifest"},
        {mark + "\n{\n\t\"name\" : \"futolab-bench\"\n}\n", "a futolab-bench manifest"},
        {"{\"id\":\"a\",\"n\":4,\"givens\":[],\"lt\":[]}\n", "a puzzle file (JSON Lines)"},
        {"{\"n\":4}\n", "a puzzle file (JSON Lines)"},
        {"{ \"id\" : \"x\", \"n\": 4 }\n", "a puzzle file (JSON Lines)"},
        {"\n# puzzles\n{\"n\": 4}\n", "a puzzle file (JSON Lines)"},
        {mark + "{\"id\":\"a\"}\n", "a puzzle file (JSON Lines)"},
        // The kinds no reader of these takes keep their words.
        {"experiment,instance,\n", "a futolab results CSV"},
        {"name: w\n", "YAML ('name: w': an experiment config?)"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        CHECK(file_kind(c.text) == c.kind);
    }
    // Not these kinds: another first key, a certificate of no futolab format, a manifest of
    // another name, a record over two lines, JSON that is no object.
    for (const char* text : {"{\"certificate\":\"other\"}\n", "{\"format\":\"futolab-exact-critical\"}\n",
                             " {\"certificate\":\"futolab-exact-critical\"}\n", "{\"name\":\"my-bench\"}\n",
                             "{\"version\":1,\"name\":\"futolab-bench\"}\n", "{\n\"id\":\"a\"}\n", "{\"nn\":4}\n",
                             "[4, [], []]\n", "{\"name\": \"n10\", \"n\": 10}\n", "4:1,,,_\n", ""}) {
        INFO(text);
        CHECK(file_kind(text).empty());
    }
}

TEST_CASE("refuse_other_file_kind lets each reader take its own kind and names every other", "[file_kind]") {
    const std::string cert = "{\"certificate\":\"futolab-exact-critical\",\"version\":2}\n";
    const std::string manifest = "{\n  \"name\": \"futolab-bench\",\n";
    const std::string puzzles = "{\"id\":\"a\",\"n\":4}\n";
    CHECK_NOTHROW(refuse_other_file_kind(cert, "c.cert", "a futolab certificate"));
    CHECK_NOTHROW(refuse_other_file_kind(manifest, "m.json", "a futolab-bench manifest"));
    CHECK_NOTHROW(refuse_other_file_kind(puzzles, "p.jsonl", "a puzzle file"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind(cert, "empty.cert", "a puzzle file"), InputError,
                         Catch::Matchers::Message("empty.cert: a futolab certificate, not a puzzle file"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind(cert, "c4.cert", "a futolab-bench manifest"), InputError,
                         Catch::Matchers::Message("c4.cert: a futolab certificate, not a futolab-bench manifest"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind(manifest, "ok.json", "a puzzle file"), InputError,
                         Catch::Matchers::Message("ok.json: a futolab-bench manifest, not a puzzle file"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind(manifest, "ok.json", "a futolab certificate"), InputError,
                         Catch::Matchers::Message("ok.json: a futolab-bench manifest, not a futolab certificate"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind(puzzles, "p.jsonl", "a futolab-bench manifest"), InputError,
                         Catch::Matchers::Message("p.jsonl: a puzzle file (JSON Lines), not a futolab-bench manifest"));
    CHECK_THROWS_MATCHES(refuse_other_file_kind(puzzles, "p.jsonl", "a futolab certificate"), InputError,
                         Catch::Matchers::Message("p.jsonl: a puzzle file (JSON Lines), not a futolab certificate"));
    // other_file_kind keeps to the kinds no such reader takes.
    CHECK(other_file_kind(cert).empty());
    CHECK(other_file_kind(manifest).empty());
    CHECK(other_file_kind(puzzles).empty());
}

TEST_CASE("the files futolab ships are told as their own kind", "[file_kind]") {
    CHECK(file_kind(text_of(FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json")) == "a futolab-bench manifest");
    std::size_t certificates = 0, puzzles = 0;
    for (const char* root : {FUTOLAB_SOURCE_DIR "/results/critical", FUTOLAB_SOURCE_DIR "/corpora", FUTOLAB_SOURCE_DIR "/tests/data/good"})
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            const std::string ext = entry.path().extension().string();
            if (!entry.is_regular_file() || (ext != ".cert" && ext != ".jsonl" && ext != ".futo" && ext != ".tatham")) continue;
            INFO(entry.path());
            const std::string kind = file_kind(text_of(entry.path()).substr(0, 4096));
            if (ext == ".cert") {
                CHECK(kind == "a futolab certificate");
                ++certificates;
            } else {
                CHECK((kind.empty() || kind == "a puzzle file (JSON Lines)"));  // every puzzle reader takes it
                CHECK_NOTHROW(refuse_other_file_kind(text_of(entry.path()).substr(0, 4096), "p", "a puzzle file"));
                ++puzzles;
            }
        }
    CHECK(certificates > 50);
    CHECK(puzzles > 20);
}
