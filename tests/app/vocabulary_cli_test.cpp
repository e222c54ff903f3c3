// Every vocabulary entry through the command line (issue #27): each option fed by a table
// (app/vocabulary_option.hpp) accepts every name of its table and refuses one outside it
// (exit 2), and `futolab list` prints every name of every table. The expected lists are the
// tables themselves, never retyped here.
#include "analysis/compare_inputs.hpp"
#include "analysis/compare_report.hpp"
#include "analysis/fits.hpp"
#include "analysis/table_kinds.hpp"
#include "analysis/text_table.hpp"
#include "app/critical_modes.hpp"
#include "app/output_formats.hpp"
#include "cli_runner.hpp"
#include "core/clue_use.hpp"
#include "core/grades.hpp"
#include "core/status.hpp"
#include "critical/exact/certificate.hpp"
#include "critical/exact/exact.hpp"
#include "critical/objective.hpp"
#include "experiments/config.hpp"
#include "core/isolation.hpp"
#include "generators/generator_kind.hpp"
#include "generators/latin/random.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;
using futolab::test::run_cli;

TEST_CASE("generate: every sampler, clue use and target grade of the tables is accepted", "[cli][vocabulary]") {
    // --count 1: options parsed and checked, one small instance generated.
    for (const SamplerWord& w : kLatinSamplers) {
        INFO(w.name);
        CHECK(run_cli("generate random --n 4 --count 1 --sampler " + std::string(w.name)).exit_code == 0);
    }
    CHECK(run_cli("generate random --n 4 --count 1 --sampler jacobson_matthews").exit_code == 2);  // not a name
    for (const Word<ClueUse>& w : kClueUses) {
        INFO(w.name);
        CHECK(run_cli("generate unique --n 4 --count 1 --use " + std::string(w.name)).exit_code == 0);
    }
    for (const GradeWord& w : kGrades) {
        INFO(w.name);
        CHECK(run_cli("generate unique --n 4 --count 1 --grade " + std::string(w.name)).exit_code == (w.target ? 0 : 2));
    }
    const auto bad = run_cli("generate unique --n 4 --count 1 --grade hard");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("hard") != std::string::npos);
}

TEST_CASE("critical: every objective of the table is accepted by the search it names", "[cli][vocabulary][long]") {
    for (const critical::ObjectiveWord& w : critical::kObjectives) {
        INFO(w.name);
        const std::string name(w.name);
        // The greedy/iterated search: --count 1 searches one square of order 4 once the options are read.
        const auto search = run_cli("critical --n 4 --count 1 --objective " + name);
        CHECK(search.exit_code == (w.search ? 0 : 2));
        // The exact search reads the objective first, then refuses --n 9 for its own reason.
        const auto exact = run_cli("critical --exact --n 9 --objective " + name);
        CHECK(exact.exit_code == 2);
        CHECK((exact.err.find("--n must be") != std::string::npos) == w.exact);
    }
    for (const SamplerWord& w : kLatinSamplers)
        CHECK(run_cli("critical --n 4 --count 1 --sampler " + std::string(w.name)).exit_code == 0);
    for (const Word<ClueUse>& w : kClueUses)
        CHECK(run_cli("critical --n 4 --count 1 --use " + std::string(w.name)).exit_code == 0);
    CHECK(run_cli("critical --n 4 --count 1 --objective size").exit_code == 2);
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
    has_all("critical modes", app::critical_modes());
    has_all("proof kinds (critical --proof)", critical::kProofKinds);
    has_all("table formats (analyze --format)", kTableFormats);
    has_all("analysis tables (analyze --table)", kTableKinds);
    has_all("fit models (--fit)", kFitModels);
    has_all("compare formats (compare --format)", kCompareFormats);
    has_all("compare tables (compare --table)", kCompareTables);
    has_all("time metrics (compare --metric)", kTimeMetrics);
    has_all("grade formats (grade --format)", app::kGradeFormats);
    has_all("solve formats (solve --format)", app::kSolveFormats);
}

TEST_CASE("the output and table choices of analyze, report, compare, grade, solve, critical", "[cli][vocabulary][long]") {
    const std::string csv = "analysis/paired.csv";
    const std::string pair = "analysis/compare/base.csv analysis/compare/new.csv";
    for (const auto& w : kTableFormats) {
        INFO(w.name);
        CHECK(run_cli("analyze " + csv + " --format " + std::string(w.name)).exit_code == 0);
    }
    for (const auto& w : kTableKinds) {  // accepted; a table the input cannot give says what it needs
        INFO(w.name);
        const auto r = run_cli("analyze " + csv + " --table " + std::string(w.name));
        CHECK((r.exit_code == 0 || r.err.find("not computed (" + table_needs_text() + ")") != std::string::npos));
    }
    for (const auto& w : kFitModels) {
        INFO(w.name);
        CHECK(run_cli("analyze " + csv + " --fit " + std::string(w.name) + " --table fits").exit_code == 0);
        CHECK(run_cli("report " + csv + " --fit " + std::string(w.name) + " --out /dev/null").exit_code == 0);
    }
    CHECK(run_cli("analyze " + csv + " --fit cubic").exit_code == 2);
    for (const auto& w : kCompareFormats) {
        INFO(w.name);
        const std::string table = w.value == CompareFormat::csv ? " --table " + std::string(kCompareTables[0].name) : "";
        CHECK(run_cli("compare " + pair + " --format " + std::string(w.name) + table).exit_code == 0);
    }
    for (const auto& w : kCompareTables) {
        INFO(w.name);
        CHECK(run_cli("compare " + pair + " --format csv --table " + std::string(w.name)).exit_code == 0);
    }
    for (const auto& w : kTimeMetrics) {
        INFO(w.name);
        CHECK(run_cli("compare " + pair + " --metric " + std::string(w.name)).err.find("--metric") == std::string::npos);
    }
    for (const auto& w : app::kGradeFormats) {
        INFO(w.name);
        CHECK(run_cli("grade good/conjure-4x4.futo --format " + std::string(w.name)).exit_code == 0);
    }
    for (const auto& w : app::kSolveFormats) {
        INFO(w.name);
        CHECK(run_cli("solve good/conjure-4x4.futo --format " + std::string(w.name)).exit_code == 0);
    }
    CHECK(run_cli("solve good/conjure-4x4.futo --format json").exit_code == 2);
    for (const auto& w : critical::kProofKinds) {  // read before the exact search refuses --n 9
        INFO(w.name);
        CHECK(run_cli("critical --exact --n 9 --objective k --certificate x.cert --proof " + std::string(w.name)).err.find(
                  "--n must be") != std::string::npos);
    }
    CHECK(run_cli("critical --exact --n 9 --objective k --certificate x.cert --proof lrat").exit_code == 2);
}

TEST_CASE("generate: every generator kind of the table is accepted", "[cli][vocabulary]") {
    for (const GeneratorWord& w : kGeneratorKinds) {
        INFO(w.name);
        CHECK(run_cli("generate " + std::string(w.name) + " --n 4 --count 1").exit_code == 0);
    }
    CHECK(run_cli("generate planted --n 4 --count 1").exit_code == 2);
}
