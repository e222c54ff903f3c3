// Every vocabulary entry through the experiment side (issue #27): the YAML config accepts
// each name of each table where the table is read (isolation, order, generate.sampler, .use,
// .grade, squares.sampler, the objectives of the critical and exact methods) and refuses a
// name outside it, listing the table's names; a worker's row record carries every status and
// grade back. The expected lists are the tables themselves, never retyped here.
#include "core/error.hpp"
#include "core/grades.hpp"
#include "core/status.hpp"
#include "critical/exact/exact.hpp"
#include "critical/objective.hpp"
#include "experiments/config.hpp"
#include "sandbox/run_record.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>

using namespace futolab;

namespace {

const std::string kSolve = "name: t\ninstances:\n  - file: x.futo\nsolvers: [gac]\n";

std::string error_of(const std::string& text) {
    try {
        parse_config(text, "cfg.yaml");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string generate_config(const std::string& keys) {
    return "name: t\ninstances:\n  - generate: { kind: unique, n: 4, " + keys + " }\nsolvers: [gac]\n";
}

std::string method_config(const std::string& task, const std::string& method) {
    const std::string source = task == "exact" ? "  - classes: { n: 4 }\n" : "  - squares: { n: 4 }\n";
    return "name: t\ntask: " + task + "\ninstances:\n" + source + "methods: [\"" + method + "\"]\n";
}

// Every value of the enum (0..count-1) has exactly one row, names are unique, and each name
// leads back to its value and the value to its name.
template <class Words>
void check_table(const Words& words, std::size_t values) {
    std::set<std::string_view> names;
    for (const auto& w : words) {
        INFO(w.name);
        CHECK(names.insert(w.name).second);
        CHECK(value_in(words, w.name, "word") == w.value);
        CHECK(name_in(words, w.value) == w.name);
    }
    CHECK(words.size() == values);
    for (std::size_t i = 0; i < values; ++i) CHECK(row_of(words, static_cast<ValueOf<RowOf<Words>>>(i)) != nullptr);
}

}  // namespace

TEST_CASE("every vocabulary table: one row per value, unique names, name -> value -> name", "[vocabulary]") {
    check_table(kStatuses, 11);
    check_table(kRunOutcomes, 3);
    check_table(kGrades, 6);
    check_table(kClueUses, 3);
    check_table(critical::kObjectives, 6);
    check_table(kLatinSamplers, 2);
    check_table(kRunOrders, 3);
    check_table(kIsolations, 3);
    check_table(kGeneratorKinds, 2);
    check_table(critical::kHittingEngines, 2);
    check_table(critical::kExactOracles, 2);
    // The views a consumer offers are the rows with the attribute, in table order.
    for (const GradeWord& w : kGrades) CHECK((row_named(target_grades(), w.name) != nullptr) == w.target);
    for (const critical::ObjectiveWord& w : critical::kObjectives) {
        CHECK((row_named(critical::search_objectives(), w.name) != nullptr) == w.search);
        CHECK((row_named(critical::exact_objectives(), w.name) != nullptr) == w.exact);
    }
}

TEST_CASE("YAML: every isolation mode and run order of the tables is accepted as its value", "[config][vocabulary]") {
    for (const IsolationWord& w : kIsolations) {
        INFO(w.name);
        CHECK(parse_config(kSolve + "isolation: " + std::string(w.name) + "\n", "cfg.yaml").isolation == w.value);
    }
    for (const Word<RunOrder>& w : kRunOrders) {
        INFO(w.name);
        const ExperimentConfig c = parse_config(kSolve + "order: " + std::string(w.name) + "\n", "cfg.yaml");
        CHECK(c.order == w.value);
        CHECK(run_order_name(c.order) == w.name);
    }
    CHECK(error_of(kSolve + "isolation: proc\n") ==
          "cfg.yaml:5:12: isolation must be one of " + names_of(kIsolations) + ", not 'proc'");
    CHECK(error_of(kSolve + "order: random\n") ==
          "cfg.yaml:5:8: order must be one of " + names_of(kRunOrders) + ", not 'random'");
}

TEST_CASE("YAML: every sampler, clue use and target grade of the tables is accepted as its value", "[config][vocabulary]") {
    for (const SamplerWord& w : kLatinSamplers) {
        INFO(w.name);
        const ExperimentConfig c = parse_config(generate_config("sampler: " + std::string(w.name)), "cfg.yaml");
        CHECK(c.instances.at(0).generate.sampler == w.value);
        const ExperimentConfig s = parse_config(
            "name: t\ntask: generate\ninstances:\n  - squares: { n: 4, sampler: " + std::string(w.name) + " }\nmethods: [unique]\n",
            "cfg.yaml");
        CHECK(s.instances.at(0).squares.sampler == w.value);
    }
    for (const Word<ClueUse>& w : kClueUses) {
        INFO(w.name);
        CHECK(parse_config(generate_config("use: " + std::string(w.name)), "cfg.yaml").instances.at(0).generate.use == w.value);
    }
    for (const GradeWord& w : kGrades) {
        INFO(w.name);
        const std::string text = generate_config("grade: " + std::string(w.name));
        if (w.target) CHECK(parse_config(text, "cfg.yaml").instances.at(0).generate.grade == w.value);
        else CHECK(error_of(text).find("generate.grade must be one of " + names_of(target_grades())) != std::string::npos);
    }
    for (const GeneratorWord& w : kGeneratorKinds) {
        const std::string text = "name: t\ninstances:\n  - generate: { kind: " + std::string(w.name) + ", n: 4 }\nsolvers: [gac]\n";
        CHECK(parse_config(text, "cfg.yaml").instances.at(0).generate.kind == w.value);
    }
    CHECK(error_of("name: t\ninstances:\n  - generate: { n: 4 }\nsolvers: [gac]\n") ==
          "cfg.yaml:3:15: generate needs 'kind' (" + names_of(kGeneratorKinds) + ")");
    CHECK(error_of(generate_config("sampler: uniform")) ==
          "cfg.yaml:3:46: generate.sampler must be one of " + names_of(kLatinSamplers) + ", not 'uniform'");
    CHECK(error_of(generate_config("use: all")) ==
          "cfg.yaml:3:42: generate.use must be one of " + names_of(kClueUses) + ", not 'all'");
}

TEST_CASE("YAML: the critical method takes every search objective, the exact method every exact one", "[config][vocabulary]") {
    for (const critical::ObjectiveWord& w : critical::kObjectives) {
        INFO(w.name);
        const std::string critical_text = method_config("critical", "critical:objective=" + std::string(w.name));
        const std::string exact_text = method_config("exact", "exact:objective=" + std::string(w.name));
        if (w.search) CHECK_NOTHROW(parse_config(critical_text, "cfg.yaml"));
        else CHECK(error_of(critical_text).find("option objective=" + std::string(w.name) + " is invalid") != std::string::npos);
        if (w.exact) CHECK_NOTHROW(parse_config(exact_text, "cfg.yaml"));
        else CHECK(error_of(exact_text).find("option objective=" + std::string(w.name) + " is invalid") != std::string::npos);
    }
    for (const critical::HittingEngineWord& w : critical::kHittingEngines)
        CHECK_NOTHROW(parse_config(method_config("exact", "exact:engine=" + std::string(w.name)), "cfg.yaml"));
}

TEST_CASE("a worker's row record carries every status and grade of the tables", "[run_record][vocabulary]") {
    for (const StatusWord& s : kStatuses) {
        for (const GradeWord& g : kGrades) {
            INFO(s.name << " " << g.name);
            ResultRow row;
            row.status = s.value;
            row.grade = g.value;
            const std::optional<ResultRow> back = decode_row_record(encode_row_record(row));
            REQUIRE(back);
            CHECK(back->status == s.value);
            CHECK(back->grade == g.value);
        }
    }
    ResultRow ungraded;
    const std::optional<ResultRow> back = decode_row_record(encode_row_record(ungraded));
    REQUIRE(back);
    CHECK_FALSE(back->grade);
}
