// A sidecar that its CSV's rows contradict (red-team round 7 and 8): one copied from another
// experiment, or whose config text was edited with its config_hash kept, was shown by report,
// analyze and compare as these runs' provenance without a word. It is still shown as the text
// it is (a hostile sidecar stays visible), with a note beside it.
#include "analysis/provenance.hpp"
#include "records/output_lock.hpp"

#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace futolab;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kData = FUTOLAB_SOURCE_DIR "/tests/data/analysis/compare/";

// A copy of tests/data's base.csv and its sidecar (experiment t, its config text hashing to
// its config_hash) in a fresh folder.
std::string copy_base(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-provenance-test-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string csv = (dir / "base.csv").string();
    fs::copy_file(kData + "base.csv", csv);
    fs::copy_file(kData + "base.csv.meta.yaml", csv + ".meta.yaml");
    return csv;
}

void edit_sidecar(const std::string& csv, const std::regex& what, const std::string& to) {
    std::ifstream in(csv + ".meta.yaml");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string edited = std::regex_replace(text, what, to, std::regex_constants::format_first_only);
    REQUIRE(edited != text);
    std::ofstream(csv + ".meta.yaml") << edited;
}

}  // namespace

TEST_CASE("sidecar notes: a sidecar of other runs is named, one of these runs is not", "[provenance]") {
    const std::string csv = copy_base("notes");
    CHECK(sidecar_notes(csv, {"t"}, 24).empty());
    CHECK(sidecar_notes(csv, {}, 24).empty());  // a CSV without the column: nothing to hold against it
    // Another experiment's sidecar copied beside these rows.
    CHECK(sidecar_notes(csv, {"e"}, 24) ==
          std::vector<std::string>{csv + ".meta.yaml says experiment 't', but the rows of " + csv +
                                   " are of 'e': the sidecar describes other runs (copied from another experiment?)"});
    CHECK(sidecar_notes(csv, {"t", "u"}, 24).size() == 1);  // rows of a second experiment appended
    // The config text edited, its hash kept.
    edit_sidecar(csv, std::regex("nodes: 1000"), "nodes: 2000");
    const auto notes = sidecar_notes(csv, {"t"}, 24);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0] == csv + ".meta.yaml: its config text does not hash to its config_hash 27f130d332a94a13 (edited?): it "
                            "may not be the config these runs had");
    // No sidecar: nothing to say. One that cannot be read: said (analyze passed it in silence).
    fs::remove(csv + ".meta.yaml");
    CHECK(sidecar_notes(csv, {"e"}, 24).empty());
    std::ofstream(csv + ".meta.yaml") << "experiment: [unclosed\n";
    const auto unreadable = sidecar_notes(csv, {"e"}, 24);
    REQUIRE(unreadable.size() == 1);
    CHECK(unreadable[0].find(csv + ".meta.yaml") == 0);
    CHECK(unreadable[0].find("what made these runs is not known") != std::string::npos);
}

// Red-team round 31, H4: a sweep still running, or interrupted, was summarised as if whole.
TEST_CASE("sidecar notes: a sweep that did not end whole is named with the runs its CSV holds", "[provenance]") {
    const std::string csv = copy_base("unfinished");
    CHECK(sidecar_notes(csv, {"t"}, 24).empty());  // finished, every run there
    // Finished but short of its runs: rows cut (round 31 spot check, J2).
    CHECK(sidecar_notes(csv, {"t"}, 8) ==
          std::vector<std::string>{csv + ": its sidecar says the sweep finished, but the CSV holds 8 of its 24 runs (rows cut "
                                         "or removed?), and what is shown is of those"});
    edit_sidecar(csv, std::regex("state: finished"), "state: interrupted");
    CHECK(sidecar_notes(csv, {"t"}, 8) ==
          std::vector<std::string>{csv + ": the sweep was interrupted before its last run: the CSV holds 8 of its 24 runs, "
                                         "and what is shown is of those (run again with --resume to finish it)"});
    edit_sidecar(csv, std::regex("state: interrupted"), "state: running");
    CHECK(sidecar_notes(csv, {"t"}, 3) ==
          std::vector<std::string>{csv + ": its sidecar says the sweep is running, but no futolab writes it (killed?): the "
                                         "CSV holds 3 of its 24 runs, and what is shown is of those (run again with --resume "
                                         "to finish it)"});
    // Its lock held by another process: live.
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    const pid_t writer = ::fork();
    if (writer == 0) {
        const futolab::OutputLock live(csv);
        [[maybe_unused]] const ssize_t n = ::write(ready[1], "x", 1);
        ::pause();
        ::_exit(0);
    }
    char x = 0;
    REQUIRE(::read(ready[0], &x, 1) == 1);
    const std::vector<std::string> live = sidecar_notes(csv, {"t"}, 3);
    ::kill(writer, SIGKILL);
    ::waitpid(writer, nullptr, 0);
    ::close(ready[0]);
    ::close(ready[1]);
    REQUIRE(live.size() == 1);
    CHECK(live[0].starts_with(csv + ": the sweep is still running (another "));
    CHECK(live[0].ends_with("): the CSV holds 3 of its 24 runs so far, and what is shown is of those"));
    // An empty or null state is none a sweep writes (J3).
    for (const char* empty : {"state: ~", "state: ''", "state: null"}) {
        edit_sidecar(csv, std::regex("state: [a-z~']*"), empty);
        CHECK(sidecar_notes(csv, {"t"}, 3) ==
              std::vector<std::string>{csv + ": its sidecar's run.state is empty, which no sweep writes (edited?): the CSV "
                                             "holds 3 of its 24 runs, and what is shown is of those"});
    }
    edit_sidecar(csv, std::regex("state: [a-z~']*"), "state: running");
    edit_sidecar(csv, std::regex("state: running"), "state: failed");
    CHECK(sidecar_notes(csv, {"t"}, 20) ==
          std::vector<std::string>{csv + ": the sweep failed before its last run: the CSV holds 20 of its 24 runs, "
                                         "and what is shown is of those (run again with --resume to finish it)"});
}

TEST_CASE("analyze, report and compare say a merge is incomplete", "[provenance][cli]") {
    const fs::path dir = futolab::test::fresh_dir("provenance-test", "incomplete-merge");
    {
        std::ifstream in(FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham");
        std::ofstream out(dir / "p.tatham");
        std::string line;
        for (int i = 0; i < 4 && std::getline(in, line); ++i) out << line << "\n";
    }
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: p.tatham\n"
                                     "solvers: [ fc ]\noutput: r.csv\n";
    REQUIRE(run_cli("run -q s.yaml --shard 0/2 --out sh", dir.string()).exit_code == 0);
    CHECK(run_cli("merge sh/r.shard-0-of-2.csv --out m.csv", dir.string()).exit_code == 1);  // 3 of 4 runs missing
    const std::string said = "warning: m.csv: an incomplete merge (runs missing from every shard): the CSV holds 1 of its 4 "
                             "runs, and what is shown is of those";
    for (const std::string command : {"analyze m.csv", "compare m.csv m.csv", "report m.csv --out m.html"}) {
        const auto r = run_cli(command, dir.string());
        INFO(command << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: " + said + "\n"));
    }
    CHECK(has(slurp((dir / "m.html").string()), said));
}

TEST_CASE("report, analyze and compare warn of a copied sidecar and of rows of two experiments", "[provenance][cli]") {
    const std::string csv = copy_base("cli");
    edit_sidecar(csv, std::regex("experiment: t"), "experiment: gi");
    const std::string page = fs::path(csv).parent_path() / "r.html";
    auto r = futolab::test::run_cli("report " + csv + " --out " + page);
    CHECK(r.exit_code == 0);
    const std::string note = csv + ".meta.yaml says experiment 'gi', but the rows of " + csv + " are of 't'";
    CHECK(r.err.find("futolab: warning: " + note) != std::string::npos);
    std::ifstream in(page);
    const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(html.find("<p class=\"note\">warning: " + csv + ".meta.yaml says experiment &#39;gi&#39;, but the rows of " + csv +
                    " are of &#39;t&#39;") != std::string::npos);
    r = futolab::test::run_cli("analyze " + csv);
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("futolab: warning: " + note) != std::string::npos);
    r = futolab::test::run_cli("compare " + csv + " " + kData + "base.csv");
    CHECK(r.err.find("futolab: warning: " + note) != std::string::npos);
    // Rows of another experiment appended: analyze refuses without --pool, compare says so.
    std::ofstream(csv, std::ios::app) << "u,i9,0000000000000009,4,6,3,fc,var=mrv,11,1,count:2,unique,1,5,0,0,0,0,1000000,"
                                         "1000000,,9,\n";
    r = futolab::test::run_cli("analyze " + csv);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(csv + ":2 is a run of experiment 't', " + csv + ":26 of 'u': analyze would pool two experiments") !=
          std::string::npos);
    r = futolab::test::run_cli("compare " + csv + " " + kData + "base.csv");
    CHECK(r.err.find("holds runs of the experiments 't' and 'u': they are compared as one") != std::string::npos);
}

// Round 11, F3: the rows of a thread run beside the sidecar of a fork run of the same config;
// compare said "same: … isolation" from the sidecars. The rows' isolation is the fact.
TEST_CASE("the isolation fact is the rows' own, the sidecar's only for CSVs without the column", "[provenance]") {
    const std::string csv = copy_base("isolation");
    const auto isolation = [&csv] {
        for (const auto& [fact, value] : read_provenance(csv, ResultsTable::load({csv})).facts)
            if (fact == "isolation") return value;
        return std::string("(none)");
    };
    CHECK(isolation() == "process");  // no column: the sidecar's
    std::ifstream in(csv);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    text = std::regex_replace(text, std::regex("message\n"), "message,isolation\n");
    text = std::regex_replace(text, std::regex(",\n"), ",,thread\n");
    std::ofstream(csv, std::ios::trunc) << text;
    CHECK(isolation() == "thread");
}
