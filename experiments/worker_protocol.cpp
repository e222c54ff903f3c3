#include "experiments/worker_protocol.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/formats/formats.hpp"
#include "core/instance.hpp"
#include "sandbox/run_record.hpp"
#include "solvers/registry/registry.hpp"
#include "experiments/tasks.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <stdexcept>

namespace futolab {
namespace {

using json = nlohmann::json;

constexpr char kRunTag = 'R', kWarmupTag = 'W', kCalibrationTag = 'C';
constexpr std::string_view kCalibrationMagic = "FLCAL1";
constexpr std::string_view kHelloMagic = "futolab-worker";

template <class T>
void put(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

template <class T>
bool get(std::string_view& in, T& value) {
    if (in.size() < sizeof(T)) return false;
    std::memcpy(&value, in.data(), sizeof(T));
    in.remove_prefix(sizeof(T));
    return true;
}

json limits_json(const Limits& l) {
    return {{"time_seconds", l.time_seconds}, {"cpu_seconds", l.cpu_seconds}, {"nodes", l.nodes},
            {"memory_bytes", l.memory_bytes}};
}

Limits limits_of(const json& j) {
    Limits l;
    l.time_seconds = j.at("time_seconds").get<double>();
    l.cpu_seconds = j.at("cpu_seconds").get<double>();
    l.nodes = j.at("nodes").get<std::uint64_t>();
    l.memory_bytes = j.at("memory_bytes").get<std::uint64_t>();
    return l;
}

json identity_json(const BuildIdentity& b) {
    return {{"version", b.version},       {"commit", b.commit},   {"dirty", b.dirty},
            {"build_type", b.build_type}, {"compiler", b.compiler}, {"flags", b.flags},
            {"binary_hash", b.binary_hash}, {"path", b.path}};
}

BuildIdentity identity_of(const json& j) {
    BuildIdentity b;
    b.version = j.at("version").get<std::string>();
    b.commit = j.at("commit").get<std::string>();
    b.dirty = j.at("dirty").get<bool>();
    b.build_type = j.at("build_type").get<std::string>();
    b.compiler = j.at("compiler").get<std::string>();
    b.flags = j.at("flags").get<std::string>();
    b.binary_hash = j.at("binary_hash").get<std::string>();
    b.path = j.at("path").get<std::string>();
    return b;
}

// The plan's solvers and instances, read by this build (its registry, its readers).
void read_work(const json& j, const std::string& source, WorkerPlan& plan) {
    // The config's `commands:`, which command:name=NAME specs name (only in a plan that has them).
    if (j.contains("commands"))
        plan.config.commands = command::declarations_from_json(j.at("commands").get<std::string>(), source);
    for (const json& spec : j.at("specs")) {
        const std::string text = spec.get<std::string>();
        try {
            plan.matrix.solvers.push_back(parse_solver_spec(text, plan.config.commands));
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: solver '{}': {}", source, text, e.what()));
        }
        plan.matrix.specs.push_back(text);
    }
    for (const Instance& in : parse_instances(j.at("instances").get<std::string>(), source, Format::jsonl))
        plan.matrix.instances.push_back(Puzzle::compile(in));
    plan.matrix.build_names.emplace_back(kSelfBuild);
}

}  // namespace

std::string worker_plan(const ExperimentConfig& config, const RunMatrix& matrix) {
    std::vector<Instance> instances;
    instances.reserve(matrix.instances.size());
    for (const Puzzle& p : matrix.instances) instances.push_back(p.to_instance());
    json plan{{"protocol", kWorkerProtocol},
                    {"experiment", config.name},
                    {"task", std::string(task_name(config.task))},
                    {"mode", {{"kind", config.mode.kind == Mode::Kind::count ? "count" : "first"}, {"limit", config.mode.limit}}},
                    {"grade", config.grade},
                    {"limits", limits_json(config.limits)},
                    {"specs", matrix.specs},
                    {"instances", write_instances(instances, Format::jsonl)}};
    // Builds never run commands (builds_problem): only this binary's own workers read these.
    if (!config.commands.empty()) plan["commands"] = command::declarations_json(config.commands);
    return plan.dump();
}

WorkerPlan read_worker_plan(std::string_view text, const std::string& source) {
    WorkerPlan plan;
    try {
        const json j = json::parse(text);
        if (j.at("protocol").get<int>() != kWorkerProtocol)
            throw InputError(fmt::format("{}: a plan of worker protocol {}, this futolab speaks {}", source,
                                         j.at("protocol").dump(), kWorkerProtocol));
        ExperimentConfig& c = plan.config;
        c.name = j.at("experiment").get<std::string>();
        c.task = value_in(kTasks, j.at("task").get<std::string>(), "task");
        const json& mode = j.at("mode");
        c.mode = mode.at("kind").get<std::string>() == "count" ? Mode::count_to(mode.at("limit").get<std::uint64_t>())
                                                              : Mode::first();
        c.grade = j.at("grade").get<bool>();
        c.limits = limits_of(j.at("limits"));
        read_work(j, source, plan);
    } catch (const json::exception& e) {
        throw InputError(fmt::format("{}: not a worker plan: {}", source, e.what()));
    }
    return plan;
}

std::string plan_fingerprint(const RunMatrix& matrix) {
    std::uint64_t h = kFnv1aOffset;
    for (const Puzzle& p : matrix.instances) h = fnv1a64(p.hash() + "\n", h);
    for (const std::string& spec : matrix.specs) h = fnv1a64(spec + "\n", h);
    return fmt::format("{:016x}", h);
}

std::string hello_text(const WorkerHello& hello) {
    return json{{"hello", kHelloMagic},
                {"protocol", hello.protocol},
                {"build", identity_json(hello.build)},
                {"fingerprint", hello.fingerprint},
                {"problem", hello.error}}
        .dump();
}

std::optional<WorkerHello> parse_hello(std::string_view text) {
    try {
        const json j = json::parse(text);
        if (!j.is_object() || j.value("hello", "") != kHelloMagic) return std::nullopt;
        WorkerHello hello;
        hello.protocol = j.at("protocol").get<int>();
        hello.error = j.at("problem").get<std::string>();
        // A worker of another protocol may describe itself otherwise: only its number counts.
        if (hello.protocol != kWorkerProtocol) return hello;
        hello.build = identity_of(j.at("build"));
        hello.fingerprint = j.at("fingerprint").get<std::string>();
        return hello;
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

ExperimentConfig warmup_config(const ExperimentConfig& config) {
    ExperimentConfig c = config;
    if (!(c.limits.time_seconds > 0) || c.limits.time_seconds > kSessionWarmupSeconds) c.limits.time_seconds = kSessionWarmupSeconds;
    return c;
}

std::string run_request(const PlannedRun& run, bool session_warmup) {
    std::string out(1, session_warmup ? kWarmupTag : kRunTag);
    put(out, static_cast<std::uint64_t>(run.index));
    for (int v : {run.instance, run.solver, run.build, run.repeat}) put(out, static_cast<std::int32_t>(v));
    put(out, run.seed);
    put(out, static_cast<std::uint8_t>(run.warmup));
    return out;
}

std::string calibration_request() { return std::string(1, kCalibrationTag); }

std::optional<CalibrationTiming> decode_calibration(std::string_view answer) {
    if (answer.size() != kCalibrationMagic.size() + 2 * sizeof(std::int64_t) || !answer.starts_with(kCalibrationMagic))
        return std::nullopt;
    answer.remove_prefix(kCalibrationMagic.size());
    CalibrationTiming t;
    get(answer, t.wall_ns);
    get(answer, t.cpu_ns);
    return t;
}

std::string answer_request(TaskRunner& runner, TaskRunner& warmup_runner, const RunMatrix& matrix,
                           std::string_view request) {
    if (request.size() == 1 && request[0] == kCalibrationTag) {
        const CalibrationTiming t = time_calibration();
        std::string out(kCalibrationMagic);
        put(out, t.wall_ns);
        put(out, t.cpu_ns);
        return out;
    }
    if (request.empty() || (request[0] != kRunTag && request[0] != kWarmupTag))
        throw std::runtime_error("a request that is neither a run nor a calibration");
    const bool session_warmup = request[0] == kWarmupTag;
    request.remove_prefix(1);
    PlannedRun run;
    std::uint64_t index = 0;
    std::int32_t v[4] = {};
    std::uint8_t warmup = 0;
    if (!get(request, index) || !get(request, v[0]) || !get(request, v[1]) || !get(request, v[2]) || !get(request, v[3]) ||
        !get(request, run.seed) || !get(request, warmup) || !request.empty())
        throw std::runtime_error("a run request of the wrong length");
    if (v[0] < 0 || static_cast<std::size_t>(v[0]) >= matrix.instances.size() || v[1] < 0 ||
        static_cast<std::size_t>(v[1]) >= matrix.solvers.size())
        throw std::runtime_error("a run request outside the plan");
    run.index = static_cast<std::size_t>(index);
    run.instance = v[0];
    run.solver = v[1];
    run.build = v[2];
    run.repeat = v[3];
    run.warmup = warmup != 0;
    return encode_row_record((session_warmup ? warmup_runner : runner).run(run));
}

}  // namespace futolab
