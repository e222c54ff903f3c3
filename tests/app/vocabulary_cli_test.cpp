// Every vocabulary entry through the command line (issue #27): each option fed by a table
// (app/vocabulary_option.hpp) accepts every name of its table and refuses one outside it
// (exit 2), and `futolab list` prints every name of every table. The expected lists are the
// tables themselves, never retyped here.
#include "cli_runner.hpp"
#include "core/clue_use.hpp"
#include "core/grades.hpp"
#include "core/status.hpp"
#include "critical/exact/exact.hpp"
#include "critical/objective.hpp"
#include "experiments/config.hpp"
#include "experiments/isolation.hpp"
#include "generators/generator_kind.hpp"
#include "generators/latin/random.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;
using futolab::test::run_cli;

TEST_CASE("generate: every sampler, clue use and target grade of the tables is accepted", "[cli][vocabulary]") {
    // --count 0: options parsed and checked, nothing generated.
    for (const SamplerWord& w : kLatinSamplers) {
        INFO(w.name);
        CHECK(run_cli("generate random --n 4 --count 0 --sampler " + std::string(w.name)).exit_code == 0);
        CHECK(run_cli("generate random --n 4 --count 0 --sampler " + std::string(w.alias)).exit_code == 2);  // not offered
    }
    for (const Word<ClueUse>& w : kClueUses) {
        INFO(w.name);
        CHECK(run_cli("generate unique --n 4 --count 0 --use " + std::string(w.name)).exit_code == 0);
    }
    for (const GradeWord& w : kGrades) {
        INFO(w.name);
        CHECK(run_cli("generate unique --n 4 --count 0 --grade " + std::string(w.name)).exit_code == (w.target ? 0 : 2));
    }
    const auto bad = run_cli("generate unique --n 4 --count 0 --grade hard");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("hard") != std::string::npos);
}

TEST_CASE("critical: every objective of the table is accepted by the search it names", "[cli][vocabulary]") {
    for (const critical::ObjectiveWord& w : critical::kObjectives) {
        INFO(w.name);
        const std::string name(w.name);
        // The greedy/iterated search: --count 0 searches nothing once the options are read.
        const auto search = run_cli("critical --n 4 --count 0 --objective " + name);
        CHECK(search.exit_code == (w.search ? 0 : 2));
        // The exact search reads the objective first, then refuses --n 9 for its own reason.
        const auto exact = run_cli("critical --exact --n 9 --objective " + name);
        CHECK(exact.exit_code == 2);
        CHECK((exact.err.find("--n must be") != std::string::npos) == w.exact);
    }
    for (const SamplerWord& w : kLatinSamplers)
        CHECK(run_cli("critical --n 4 --count 0 --sampler " + std::string(w.name)).exit_code == 0);
    for (const Word<ClueUse>& w : kClueUses)
        CHECK(run_cli("critical --n 4 --count 0 --use " + std::string(w.name)).exit_code == 0);
    CHECK(run_cli("critical --n 4 --count 0 --objective size").exit_code == 2);
    // --engine and --oracle: read before the exact search refuses --n 9.
    for (const critical::HittingEngineWord& w : critical::kHittingEngines)
        CHECK(run_cli("critical --exact --n 9 --objective k --engine " + std::string(w.name)).err.find("--n must be") !=
              std::string::npos);
    for (const critical::ExactOracleWord& w : critical::kExactOracles)
        CHECK(run_cli("critical --exact --n 9 --objective k --oracle " + std::string(w.name)).err.find("--n must be") !=
              std::string::npos);
    CHECK(run_cli("critical --exact --n 9 --objective k --engine glucose").err.find("--n must be") == std::string::npos);
}

TEST_CASE("run: every isolation mode of the table is accepted by --isolation", "[cli][vocabulary]") {
    // A missing config is exit 2 naming the file: the option itself was accepted.
    for (const IsolationWord& w : kIsolations) {
        INFO(w.name);
        const auto r = run_cli("run no-such-config.yaml --isolation " + std::string(w.name));
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("no-such-config.yaml") != std::string::npos);
        CHECK(r.err.find("--isolation") == std::string::npos);
    }
    const auto bad = run_cli("run no-such-config.yaml --isolation proc");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--isolation") != std::string::npos);
}

TEST_CASE("list names every entry of every vocabulary table", "[cli][vocabulary][list]") {
    const auto r = run_cli("list");
    REQUIRE(r.exit_code == 0);
    const auto has_all = [&](const std::string& label, const auto& words) {
        const std::size_t line = r.out.find("\n" + label + ": ");
        REQUIRE(line != std::string::npos);
        const std::string text = r.out.substr(line + 1, r.out.find('\n', line + 1) - line - 1);
        for (const auto& w : words) {
            INFO(label << ": " << w.name);
            CHECK(text.find(" " + std::string(w.name)) != std::string::npos);
        }
    };
    has_all("statuses", kStatuses);
    has_all("grades", kGrades);
    has_all("objectives", critical::kObjectives);
    has_all("samplers", kLatinSamplers);
    has_all("clue uses", kClueUses);
    has_all("run orders", kRunOrders);
    has_all("isolation", kIsolations);
    has_all("generators (futolab generate)", kGeneratorKinds);
    has_all("exact engines", critical::kHittingEngines);
    has_all("exact oracles", critical::kExactOracles);
}

TEST_CASE("generate: every generator kind of the table is accepted", "[cli][vocabulary]") {
    for (const GeneratorWord& w : kGeneratorKinds) {
        INFO(w.name);
        CHECK(run_cli("generate " + std::string(w.name) + " --n 4 --count 0").exit_code == 0);
    }
    CHECK(run_cli("generate planted --n 4 --count 0").exit_code == 2);
}
