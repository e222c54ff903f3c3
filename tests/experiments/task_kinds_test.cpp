// The task kind table (experiments/task_kinds.hpp): every row reaches the YAML reader and the
// method parser as the row says; the keys and sources a kind takes or refuses come from its
// row, so a new row needs no edit here.
#include "core/error.hpp"
#include "experiments/config.hpp"
#include "experiments/methods.hpp"
#include "experiments/task_kinds.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace futolab;

namespace {

// The source the kind's input is written with in the tests.
std::string source_of(TaskInput input) {
    switch (input) {
        case TaskInput::puzzles: return "  - file: x.futo\n";
        case TaskInput::squares: return "  - squares: { n: 4 }\n";
        case TaskInput::classes: return "  - classes: { n: 4 }\n";
        case TaskInput::critical_squares: return "  - critical_squares: { n: 4, count: 2 }\n";
        case TaskInput::critical_orders: return "  - critical_orders: { n: 4 }\n";
        case TaskInput::few_relations: return "  - few_relations: { n: 4, k: 3 }\n";
    }
    return "";
}

// A minimal valid config of `kind`, plus `extra` lines.
std::string config_of(const TaskInfo& kind, const std::string& extra = "") {
    std::string text = fmt::format("name: t\ntask: {}\ninstances:\n{}", kind.name, source_of(kind.inputs));
    text += takes_methods(kind) ? fmt::format("methods: [{}]\n", kind.method) : "solvers: [gac]\n";
    if (kind.mode == TaskMode::count) text += "mode: { count: 2 }\n";
    return text + extra;
}

std::string error_of(const std::string& text) {
    try {
        parse_config(text, "cfg.yaml");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("every task kind row is reachable from a config and names its method", "[task-kinds]") {
    for (const TaskInfo& kind : kTasks) {
        INFO(kind.name);
        CHECK(&task_info(kind.value) == &kind);
        CHECK(task_name(kind.value) == kind.name);
        const ExperimentConfig c = parse_config(config_of(kind), "cfg.yaml");
        CHECK(c.task == kind.value);
        CHECK(method_name(kind.value) == kind.method);
        // Every method has options but few-relations' (its count has nothing to choose).
        CHECK(method_options(kind.value).empty() == (!takes_methods(kind) || kind.value == Task::few_relations));
        CHECK((kind.method_options == nullptr) == !takes_methods(kind));
        if (takes_methods(kind)) {
            CHECK(parse_method_spec(kind.value, std::string(kind.method)).spec() == kind.method);
            CHECK(error_of(config_of(kind) + "solvers: [gac]\n").find("takes 'methods', not 'solvers'") != std::string::npos);
        } else {
            CHECK(error_of(config_of(kind) + "methods: [unique]\n").find("takes 'solvers', not 'methods'") !=
                  std::string::npos);
        }
        CHECK(kind.run != nullptr);
        CHECK(kind.unfinished != nullptr);
    }
}

TEST_CASE("a kind takes exactly the config keys its row accepts", "[task-kinds]") {
    // A value each key accepts where it applies (mode: the kind's own, else first).
    for (const TaskInfo& kind : kTasks) {
        const std::string mode = kind.mode == TaskMode::count ? "" : "mode: first\n";
        const std::vector<std::pair<TaskKey, std::string>> keys{
            {TaskKey::mode, mode}, {TaskKey::limits, "limits: { cpu: 1s }\n"}, {TaskKey::grade, "grade: true\n"},
            {TaskKey::isolation, "isolation: process\n"}};
        for (const auto& [key, line] : keys) {
            if (line.empty()) continue;  // count's mode is in its config already
            const std::string name = line.substr(0, line.find(':'));
            INFO(kind.name << " " << name);
            const std::string error = error_of(config_of(kind) + line);
            if (accepts(kind, key)) {
                CHECK(error.empty());
            } else {
                CHECK(error.find(fmt::format("'{}' applies to {} tasks, not {}", name, kinds_accepting(key), kind.name)) !=
                      std::string::npos);
            }
        }
        INFO(kind.name << " limits.nodes");
        if (accepts(kind, TaskKey::limits)) {
            const std::string error = error_of(config_of(kind) + "limits: { nodes: 5 }\n");
            CHECK(error.empty() == accepts(kind, TaskKey::node_limit));
        }
    }
    CHECK(kinds_accepting(TaskKey::grade) == "solve and count");
    CHECK(kinds_accepting(TaskKey::limits) == "solve, count, exact, exact-square and few-relations");
}

TEST_CASE("a kind takes the instance sources of its input", "[task-kinds]") {
    // Written here, not read from config.cpp: what each input is made from (configs/README.md).
    const std::map<TaskInput, std::set<std::string>> sources{
        {TaskInput::puzzles, {"file", "generate"}},
        {TaskInput::squares, {"file", "generate", "squares"}},
        {TaskInput::classes, {"classes"}},
        {TaskInput::critical_squares, {"critical_squares"}},
        {TaskInput::critical_orders, {"critical_orders"}},
        {TaskInput::few_relations, {"few_relations"}},
    };
    const std::map<std::string, std::string> entry{
        {"file", "  - file: x.futo\n"},
        {"generate", "  - generate: { kind: random, n: 4 }\n"},
        {"squares", "  - squares: { n: 4 }\n"},
        {"classes", "  - classes: { n: 4 }\n"},
        {"critical_squares", "  - critical_squares: { n: 4 }\n"},
        {"critical_orders", "  - critical_orders: { n: 4 }\n"},
        {"few_relations", "  - few_relations: { n: 4, k: 3 }\n"},
    };
    for (const TaskInfo& kind : kTasks) {
        for (const auto& [source, line] : entry) {
            INFO(kind.name << " " << source);
            std::string text = config_of(kind);
            text.insert(text.find("instances:\n") + 11, line);
            const std::string error = error_of(text);
            if (sources.at(kind.inputs).count(source)) {
                CHECK(error.empty());
            } else {
                CHECK(error.find("'" + source + "'") != std::string::npos);
            }
        }
    }
}

TEST_CASE("the kinds' rows: runs on the runner's thread, exports and tables as documented", "[task-kinds]") {
    // The driver reads these attributes instead of asking for a kind by name; their values are
    // the behaviour configs/README.md documents, checked here once.
    for (const TaskInfo& kind : kTasks) {
        INFO(kind.name);
        // Every kind with a method writes its record to `output` (exported beside the CSV).
        CHECK(fills(kind, TaskColumn::output) == takes_methods(kind));
        // Only classes inputs read the table of all squares.
        CHECK(kind.square_tables == (kind.inputs == TaskInput::classes));
        // A kind that takes node limits takes limits.
        if (accepts(kind, TaskKey::node_limit)) CHECK(accepts(kind, TaskKey::limits));
    }
    CHECK(!accepts(task_info(Task::generate), TaskKey::isolation));
    CHECK(!accepts(task_info(Task::critical), TaskKey::isolation));
    CHECK(accepts(task_info(Task::exact), TaskKey::isolation));
}
