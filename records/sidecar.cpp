#include "records/sidecar.hpp"

#include "core/error.hpp"
#include "futolab_git.hpp"
#include "futolab_version.hpp"
#include "records/machine.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>

namespace futolab {
namespace {

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
    for (const FrequencyFact& f : frequency_facts()) out << YAML::Key << f.key << YAML::Value << f.value;
    out << YAML::EndMap;
}

void emit_timing(YAML::Emitter& out, const RunInfo& info) {
    out << YAML::Key << "timing" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "order" << YAML::Value << info.timing.order;
    out << YAML::Key << "warmup" << YAML::Value << info.timing.warmup;
    out << YAML::Key << "pin" << YAML::Value << info.timing.pin;
    out << YAML::Key << "pinned_cpus" << YAML::Value << YAML::Flow << info.pinned_cpus;
    out << YAML::EndMap;
}

void emit_shards(YAML::Emitter& out, const std::vector<ShardMachine>& shards) {
    if (shards.empty()) return;
    out << YAML::Key << "shards" << YAML::Value << YAML::BeginSeq;
    for (const ShardMachine& m : shards)
        out << YAML::BeginMap << YAML::Key << "file" << YAML::Value << m.file << YAML::Key << "host" << YAML::Value
            << m.host << YAML::Key << "cpu" << YAML::Value << m.cpu << YAML::EndMap;
    out << YAML::EndSeq;
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

// Only when the CSV was redone: sidecars of other runs stay as they were.
void emit_redone(YAML::Emitter& out, const std::vector<RedoRecord>& redone) {
    if (redone.empty()) return;
    out << YAML::Key << "redone" << YAML::Value << YAML::BeginSeq;
    for (const RedoRecord& r : redone)
        out << YAML::BeginMap << YAML::Key << "at" << YAML::Value << r.at << YAML::Key << "statuses" << YAML::Value
            << YAML::Flow << r.statuses << YAML::Key << "rows" << YAML::Value << r.rows << YAML::EndMap;
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

void write_sidecar(const std::string& csv_path, const ExperimentIdentity& made_by, const RunInfo& info) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "experiment" << YAML::Value << made_by.name;
    out << YAML::Key << "config_file" << YAML::Value << made_by.config_file;
    out << YAML::Key << "config_hash" << YAML::Value << made_by.config_hash;
    emit_build(out);
    emit_run(out, info);
    emit_timing(out, info);
    emit_shards(out, info.shards);
    emit_skipped(out, info.skipped_inputs);
    emit_redone(out, info.redone);
    out << YAML::Key << "config" << YAML::Value << YAML::Literal << made_by.config_text;
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
    if (!std::filesystem::exists(path)) throw InputError(path + ": no such file");
    try {
        const YAML::Node root = YAML::LoadFile(path);
        SidecarFacts f;
        f.identity.config_hash = root["config_hash"].as<std::string>();
        f.identity.config_file = root["config_file"].as<std::string>("");
        f.identity.name = root["experiment"].as<std::string>();
        f.identity.config_text = root["config"].as<std::string>("");
        if (const YAML::Node t = root["timing"])  // absent in sidecars written before SPEC §6's protocol
            f.timing = {t["order"].as<std::string>("sequential"), t["warmup"].as<int>(0), t["pin"].as<bool>(false)};
        f.version = root["futolab"]["version"].as<std::string>("");
        f.isolation = root["run"]["isolation"].as<std::string>("");
        f.shard_index = root["run"]["shard_index"].as<int>();
        f.shard_count = root["run"]["shard_count"].as<int>();
        f.total_runs = root["run"]["total_runs"].as<std::size_t>();
        if (const YAML::Node shards = root["shards"]) {  // a merged CSV: its shards' machines
            for (const YAML::Node& m : shards)
                f.machines.push_back({m["file"].as<std::string>(""), m["host"].as<std::string>(""),
                                      m["cpu"].as<std::string>("")});
        } else {
            f.machines.push_back({csv_path, root["machine"]["host"].as<std::string>(""),
                                  root["machine"]["cpu"].as<std::string>("")});
        }
        return f;
    } catch (const YAML::Exception& e) {
        throw_input_error({path}, std::string("not a futolab metadata sidecar: ") + e.what());
    }
}

std::string futolab_version() { return FUTOLAB_VERSION; }

void check_resumable(const std::string& csv_path, const ExperimentIdentity& config, const std::string& version) {
    namespace fs = std::filesystem;
    if (!fs::exists(csv_path) || fs::file_size(csv_path) == 0) return;
    if (!fs::exists(sidecar_path(csv_path)))
        throw InputError(fmt::format("{}: has no sidecar {}: nothing says which config made it: refusing to resume; "
                                     "use a new --out", csv_path, sidecar_path(csv_path)));
    const SidecarFacts made = read_sidecar(csv_path);
    std::vector<std::string> was, is;
    if (made.identity.config_hash != config.config_hash) {
        was.push_back(fmt::format("config {} ({} as it was)", made.identity.config_hash, made.identity.config_file));
        is.push_back(fmt::format("config {} ({})", config.config_hash, config.config_file));
    }
    if (made.version != version) {
        was.push_back(fmt::format("futolab {}", made.version.empty() ? "(unknown version)" : made.version));
        is.push_back(fmt::format("futolab {}", version));
    }
    if (was.empty()) return;
    throw InputError(fmt::format("{}: made by {}, not {}: refusing to resume; use a new --out", csv_path,
                                 fmt::join(was, " and "), fmt::join(is, " and ")));
}

std::vector<RedoRecord> read_redone(const std::string& csv_path) {
    const std::string path = sidecar_path(csv_path);
    std::vector<RedoRecord> out;
    if (!std::filesystem::exists(path)) return out;
    try {
        const YAML::Node list = YAML::LoadFile(path)["redone"];
        if (!list) return out;
        for (const YAML::Node& r : list)
            out.push_back({r["at"].as<std::string>(), r["statuses"].as<std::vector<std::string>>(),
                           r["rows"].as<std::size_t>()});
        return out;
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
