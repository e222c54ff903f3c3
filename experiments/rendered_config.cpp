#include "experiments/rendered_config.hpp"

#include "core/yaml_exact.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <stdexcept>

namespace futolab {
namespace {

// The critical_squares: entry as read_critical_squares (config.cpp) takes it back.
void emit_squares(ExactEmitter& e, const CriticalSquaresSource& s) {
    e << YAML::BeginMap;
    if (s.n > 0) {
        e << YAML::Key << "n" << YAML::Value << s.n;
        e << YAML::Key << "count" << YAML::Value << s.count;
        e << YAML::Key << "sampler" << YAML::Value << YAML::DoubleQuoted << std::string(latin_sampler_name(s.sampler));
    } else if (!s.square.empty()) {
        e << YAML::Key << "square" << YAML::Value << YAML::DoubleQuoted << s.square;
    } else {
        e << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << s.file;
    }
    e << YAML::Key << "seed" << YAML::Value << s.seed;
    e << YAML::EndMap;
}

// The critical_orders: entry as read_critical_orders (config.cpp) takes it back: `n` or `file`;
// `count` and `seed` for a kind whose runs draw from the seed (its only reader of them).
void emit_orders(ExactEmitter& e, const CriticalOrdersSource& o, const TaskInfo& kind) {
    e << YAML::BeginMap;
    if (o.file.empty()) e << YAML::Key << "n" << YAML::Value << o.n;
    else e << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << o.file;
    if (kind.order_seed && o.file.empty()) e << YAML::Key << "count" << YAML::Value << o.count;
    if (kind.order_seed) e << YAML::Key << "seed" << YAML::Value << o.seed;
    e << YAML::EndMap;
}

// The classes: entry as read_classes (config.cpp) takes it back: `count` and `stride` only where
// they are not their defaults (all classes, each one).
void emit_classes(ExactEmitter& e, const ClassesSource& c) {
    e << YAML::BeginMap << YAML::Key << "n" << YAML::Value << c.n;
    if (c.first > 0) e << YAML::Key << "first" << YAML::Value << c.first;
    if (c.count > 0) e << YAML::Key << "count" << YAML::Value << c.count;
    if (c.stride > 1) e << YAML::Key << "stride" << YAML::Value << c.stride;
    e << YAML::EndMap;
}

// The few_relations: entry as read_few_relations (config.cpp) takes it back: which shards as
// classes: gives them, the checkpoint folder where there is one.
void emit_few_relations(ExactEmitter& e, const FewRelationsSource& f) {
    e << YAML::BeginMap << YAML::Key << "n" << YAML::Value << f.n << YAML::Key << "k" << YAML::Value << f.k;
    e << YAML::Key << "shards" << YAML::Value << f.shards;
    if (f.first > 0) e << YAML::Key << "first" << YAML::Value << f.first;
    if (f.count > 0) e << YAML::Key << "count" << YAML::Value << f.count;
    if (f.stride > 1) e << YAML::Key << "stride" << YAML::Value << f.stride;
    if (!f.checkpoint.empty()) e << YAML::Key << "checkpoint" << YAML::Value << YAML::DoubleQuoted << f.checkpoint;
    e << YAML::EndMap;
}

}  // namespace

std::string render_config(const RenderedConfig& c) {
    ExactEmitter e;  // a file name or method as typed, noncharacters too (core/yaml_exact.hpp)
    e << YAML::BeginMap;
    e << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << c.name;
    e << YAML::Key << "description" << YAML::Value << YAML::DoubleQuoted << c.description;
    e << YAML::Key << "task" << YAML::Value << std::string(task_name(c.task));
    e << YAML::Key << "order" << YAML::Value << std::string(run_order_name(RunOrder::sequential));
    if (c.thread_isolation) e << YAML::Key << "isolation" << YAML::Value << "thread";
    e << YAML::Key << "instances" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    if (task_info(c.task).inputs == TaskInput::classes) {
        e << YAML::Key << "classes" << YAML::Value;
        emit_classes(e, c.classes);
    } else if (task_info(c.task).inputs == TaskInput::few_relations) {
        e << YAML::Key << "few_relations" << YAML::Value;
        emit_few_relations(e, c.few_relations);
    } else if (task_info(c.task).inputs == TaskInput::critical_orders) {
        e << YAML::Key << "critical_orders" << YAML::Value;
        emit_orders(e, c.orders, task_info(c.task));
    } else {
        e << YAML::Key << "critical_squares" << YAML::Value;
        emit_squares(e, c.squares);
    }
    e << YAML::EndMap << YAML::EndSeq;
    e << YAML::Key << "methods" << YAML::Value << YAML::BeginSeq << YAML::DoubleQuoted << c.method << YAML::EndSeq;
    if (c.time_seconds > 0 || c.cpu_seconds > 0) {
        e << YAML::Key << "limits" << YAML::Value << YAML::BeginMap;
        // Shortest text that reads back as the same double (fmt's "{}"), in seconds.
        if (c.time_seconds > 0) e << YAML::Key << "time" << YAML::Value << PlainScalar{fmt::format("{}", c.time_seconds)};
        if (c.cpu_seconds > 0) e << YAML::Key << "cpu" << YAML::Value << PlainScalar{fmt::format("{}", c.cpu_seconds)};
        e << YAML::EndMap;
    }
    e << YAML::Key << "output" << YAML::Value << YAML::DoubleQuoted << c.output;
    e << YAML::EndMap;
    if (!e.good()) throw std::logic_error("render_config: " + e.last_error());
    return e.str() + "\n";
}

}  // namespace futolab
