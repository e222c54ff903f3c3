#include "experiments/sidecar.hpp"

#include "core/error.hpp"
#include "futolab_git.hpp"
#include "futolab_version.hpp"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <thread>

namespace futolab {
namespace {

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
    return "unknown";
}

std::string host_name() {
    char buf[256] = {};
    return ::gethostname(buf, sizeof buf - 1) == 0 ? buf : "unknown";
}

void emit_build(YAML::Emitter& out) {
    out << YAML::Key << "futolab" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "version" << YAML::Value << FUTOLAB_VERSION;
    out << YAML::Key << "git_commit" << YAML::Value << FUTOLAB_GIT_COMMIT;
    out << YAML::Key << "compiler" << YAML::Value << FUTOLAB_CXX_COMPILER;
    out << YAML::Key << "build_type" << YAML::Value << FUTOLAB_BUILD_TYPE;
    out << YAML::Key << "flags" << YAML::Value << FUTOLAB_CXX_FLAGS;
    out << YAML::EndMap;
    out << YAML::Key << "machine" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "cpu" << YAML::Value << cpu_model();
    out << YAML::Key << "cores" << YAML::Value << std::thread::hardware_concurrency();
    out << YAML::Key << "host" << YAML::Value << host_name();
    out << YAML::EndMap;
}

void emit_run(YAML::Emitter& out, const RunInfo& info) {
    out << YAML::Key << "run" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "command" << YAML::Value << info.command_line;
    out << YAML::Key << "state" << YAML::Value << info.state;
    out << YAML::Key << "started" << YAML::Value << info.started;
    out << YAML::Key << "finished" << YAML::Value << info.finished;
    out << YAML::Key << "jobs" << YAML::Value << info.jobs;
    out << YAML::Key << "shard_index" << YAML::Value << info.shard_index;
    out << YAML::Key << "shard_count" << YAML::Value << info.shard_count;
    out << YAML::Key << "total_runs" << YAML::Value << info.total_runs;
    out << YAML::Key << "shard_runs" << YAML::Value << info.shard_runs;
    out << YAML::Key << "completed" << YAML::Value << info.completed;
    out << YAML::Key << "isolation" << YAML::Value << info.isolation;
    out << YAML::Key << "memory_limit" << YAML::Value << info.memory_limit;
    out << YAML::EndMap;
}

// Always present (an empty list without --skip-invalid), so readers need no special case.
void emit_skipped(YAML::Emitter& out, const std::vector<SkippedInput>& skipped) {
    out << YAML::Key << "skipped_inputs" << YAML::Value << YAML::BeginSeq;
    for (const SkippedInput& s : skipped)
        out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << s.id << YAML::Key << "error" << YAML::Value
            << s.error << YAML::EndMap;
    out << YAML::EndSeq;
}

}  // namespace

std::string sidecar_path(const std::string& csv_path) { return csv_path + ".meta.yaml"; }

std::string utc_now_iso8601() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void write_sidecar(const std::string& csv_path, const ExperimentConfig& config, const RunInfo& info) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "experiment" << YAML::Value << config.name;
    out << YAML::Key << "config_file" << YAML::Value << config.path;
    out << YAML::Key << "config_hash" << YAML::Value << config.config_hash;
    emit_build(out);
    emit_run(out, info);
    emit_skipped(out, info.skipped_inputs);
    out << YAML::Key << "config" << YAML::Value << YAML::Literal << config.text;
    out << YAML::EndMap;
    const std::string path = sidecar_path(csv_path);
    const std::string tmp = path + ".tmp";
    {
        std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
        file << out.c_str() << "\n";
        if (!file.flush()) throw std::runtime_error("cannot write " + tmp);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot write " + path);
}

SidecarFacts read_sidecar(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    try {
        const YAML::Node root = YAML::LoadFile(path);
        SidecarFacts f;
        f.config_hash = root["config_hash"].as<std::string>();
        f.name = root["experiment"].as<std::string>();
        f.shard_index = root["run"]["shard_index"].as<int>();
        f.shard_count = root["run"]["shard_count"].as<int>();
        f.total_runs = root["run"]["total_runs"].as<std::size_t>();
        return f;
    } catch (const YAML::Exception& e) {
        throw_input_error({path}, std::string("not a futolab metadata sidecar: ") + e.what());
    }
}

std::vector<SkippedInput> read_skipped_inputs(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    try {
        std::vector<SkippedInput> out;
        const YAML::Node list = YAML::LoadFile(path)["skipped_inputs"];
        if (!list) return out;  // written before --skip-invalid existed
        for (const YAML::Node& s : list) out.push_back({s["id"].as<std::string>(), s["error"].as<std::string>()});
        return out;
    } catch (const YAML::Exception& e) {
        throw_input_error({path}, std::string("not a futolab metadata sidecar: ") + e.what());
    }
}

}  // namespace futolab
