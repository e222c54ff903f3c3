#include "critical/zero_given/few_relations_shards.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/yaml_bounds.hpp"

#include <fmt/format.h>

#include <atomic>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

namespace futolab::critical {
namespace {

// The count fields, in file order, with their members: one list for the writer, the reader
// and the total.
struct CountField {
    const char* key;
    std::uint64_t FewRelationsCount::*member;
};
constexpr CountField kFields[] = {
    {"pair_sets", &FewRelationsCount::pair_sets}, {"swap_skipped", &FewRelationsCount::swap_skipped},
    {"puzzles", &FewRelationsCount::puzzles},     {"cyclic", &FewRelationsCount::cyclic},
    {"multiple", &FewRelationsCount::multiple},   {"pool", &FewRelationsCount::pool},
    {"unsat", &FewRelationsCount::unsat},         {"unique", &FewRelationsCount::unique},
};

std::string example_text(const Instance& in) {
    std::string text = "[";
    for (std::size_t i = 0; i < in.lt.size(); ++i)
        text += fmt::format("{}[{}, {}, {}, {}]", i ? ", " : "", in.lt[i].r1, in.lt[i].c1, in.lt[i].r2, in.lt[i].c2);
    return text + "]";
}

template <class T>
T read_key(const YAML::Node& root, const char* key, const std::string& path) {
    const YAML::Node node = root[key];
    if (!node) throw InputError(fmt::format("{}: not a complete few-relations shard file: no '{}'", path, key));
    try {
        return node.as<T>();
    } catch (const YAML::Exception&) {
        throw InputError(fmt::format("{}: '{}' is not a valid value", path, key));
    }
}

// A shard's time: a finite number of seconds from 0 to a year (issue #45: -5, .nan and 1e308
// were taken, the last printed as a 309-digit sum).
double read_seconds(const YAML::Node& root, const char* key, const std::string& path) {
    constexpr double kYear = 365.25 * 24 * 3600;
    const double v = read_key<double>(root, key, path);
    if (!(v >= 0 && v <= kYear))  // NaN fails both
        throw InputError(fmt::format("{}: '{}' is {}: not a number of seconds from 0 to {:.0f}", path, key, v, kYear));
    return v;
}

// The example puzzle: exactly k relations [r1, c1, r2, c2] of adjacent cells in the grid,
// none twice, every number a whole one in range (issue #45: a yaml-cpp conversion error
// escaped with no file named, and "example: 5" was read as an empty puzzle).
Instance read_example(const YAML::Node& node, int n, int k, const std::string& path) {
    const auto bad = [&](const std::string& why) {
        return InputError(fmt::format("{}:{}: 'example' {}", path, node.Mark().line + 1, why));
    };
    if (!node.IsSequence() || node.size() != static_cast<std::size_t>(k))
        throw bad(fmt::format("must be a list of the {} relations [r1, c1, r2, c2]", k));
    Instance in;
    in.n = n;
    in.id = "few-relations";
    std::set<std::vector<int>> seen;
    for (const YAML::Node& r : node) {
        std::vector<int> v;
        try {
            v = r.as<std::vector<int>>();
        } catch (const YAML::Exception&) {
            throw bad("holds a relation that is not four whole numbers [r1, c1, r2, c2]");
        }
        if (v.size() != 4) throw bad("holds a relation that is not [r1, c1, r2, c2]");
        for (int x : v)
            if (x < 0 || x >= n) throw bad("names a cell outside the grid");
        if (std::abs(v[0] - v[2]) + std::abs(v[1] - v[3]) != 1) throw bad("holds a relation of cells that are not adjacent");
        if (!seen.insert(v).second) throw bad("holds a relation twice");
        in.lt.push_back({v[0], v[1], v[2], v[3]});
    }
    return in;
}

// Every key once and none unknown: YAML readers keep the first of two equal keys, so an
// appended "unique: 3" would otherwise be read past in silence.
void check_keys(const YAML::Node& root, const std::string& path) {
    std::set<std::string> known{"partition", "n", "k", "shard", "shards", "seconds", "cpu_seconds", "example", "producer"};
    for (const CountField& f : kFields) known.insert(f.key);
    std::set<std::string> seen;
    for (const auto& entry : root) {
        const std::string key = entry.first.Scalar();
        if (!known.count(key)) throw InputError(fmt::format("{}: unknown key '{}'", path, key));
        if (!seen.insert(key).second) throw InputError(fmt::format("{}: key '{}' twice", path, key));
    }
}

void check_sums(const FewRelationsCount& c, const std::string& path) {
    if (c.cyclic + c.multiple + c.unsat + c.unique != c.puzzles || c.pool > c.multiple || c.swap_skipped > c.pair_sets)
        throw InputError(path + ": the counts do not add up (puzzles = cyclic + multiple + unsat + unique, pool <= multiple)");
}

}  // namespace

std::string few_relations_shard_path(const std::string& dir, int n, int k, std::size_t shard, std::size_t shards) {
    return (std::filesystem::path(dir) / fmt::format("n{}-k{}-shard-{:03}-of-{:03}.yaml", n, k, shard, shards)).string();
}

std::string few_relations_table_path(const std::string& dir, int n, int k, std::size_t shards) {
    return (std::filesystem::path(dir) / fmt::format("n{}-k{}-of-{:03}.table.md", n, k, shards)).string();
}

std::string write_few_relations_shard(const FewRelationsShard& s) {
    std::string text = fmt::format(
        "# futolab critical --n {} --few-relations {} --shard {}/{}: zero-given puzzles with {} relations, up to symmetry\n"
        "partition: {}\nn: {}\nk: {}\nshard: {}\nshards: {}\n",
        s.n, s.k, s.shard, s.shards, s.k, kFewRelationsPartition, s.n, s.k, s.shard, s.shards);
    for (const CountField& f : kFields) text += fmt::format("{}: {}\n", f.key, s.count.*f.member);
    text += fmt::format("seconds: {:.3f}\ncpu_seconds: {:.3f}\n", s.count.seconds, s.count.cpu_seconds);
    if (s.count.example) text += "example: " + example_text(*s.count.example) + "\n";
    YAML::Emitter quoted;  // a string from elsewhere: quoted by the YAML library, never raw YAML
    quoted << YAML::DoubleQuoted << s.producer;
    return text + "producer: " + quoted.c_str() + "\n";
}

std::optional<FewRelationsShard> read_few_relations_shard(const std::string& path, int n, int k, std::size_t shard,
                                                          std::size_t shards) {
    if (!std::filesystem::exists(path)) return std::nullopt;
    const YAML::Node root = load_yaml_bounded(read_text_file(path), path);
    if (!root.IsMap()) throw InputError(path + ": not a few-relations shard file");
    check_keys(root, path);
    if (read_key<int>(root, "partition", path) != kFewRelationsPartition)
        throw InputError(fmt::format("{}: written for another shard partition (this futolab writes {}): remove it or use another --checkpoint folder",
                                     path, kFewRelationsPartition));
    FewRelationsShard s{read_key<int>(root, "n", path), read_key<int>(root, "k", path), read_key<std::size_t>(root, "shard", path),
                        read_key<std::size_t>(root, "shards", path), {}, ""};
    if (s.n != n || s.k != k || s.shard != shard || s.shards != shards)
        throw InputError(fmt::format("{}: holds n={} k={} shard {}/{}, not n={} k={} shard {}/{}", path, s.n, s.k, s.shard,
                                     s.shards, n, k, shard, shards));
    for (const CountField& f : kFields) s.count.*f.member = read_key<std::uint64_t>(root, f.key, path);
    s.count.seconds = read_seconds(root, "seconds", path);
    s.count.cpu_seconds = read_seconds(root, "cpu_seconds", path);
    if (root["producer"]) s.producer = read_key<std::string>(root, "producer", path);
    if (root["example"]) s.count.example = read_example(root["example"], n, k, path);
    if ((s.count.unique > 0) != s.count.example.has_value())
        throw InputError(path + ": 'example' must be there exactly when 'unique' is not 0");
    check_sums(s.count, path);
    return s;
}

std::vector<FewRelationsShard> run_few_relations_shards(const ShardPlan& plan,
                                                        const std::function<void(const FewRelationsShard&, bool)>& done) {
    if (plan.shards == 0 || (plan.only && *plan.only >= plan.shards))
        throw InputError("--few-relations: shard I/N needs 0 <= I < N");
    create_output_folder(plan.dir, "--checkpoint");
    std::vector<std::size_t> todo = plan.only ? std::vector<std::size_t>{*plan.only} : std::vector<std::size_t>{};
    if (!plan.only)
        for (std::size_t i = 0; i < plan.shards; ++i) todo.push_back(i);
    std::vector<std::optional<FewRelationsShard>> found(todo.size());
    std::vector<std::size_t> missing;
    std::mutex lock;
    for (std::size_t t = 0; t < todo.size(); ++t) {
        found[t] = read_few_relations_shard(few_relations_shard_path(plan.dir, plan.n, plan.k, todo[t], plan.shards), plan.n,
                                            plan.k, todo[t], plan.shards);
        if (found[t]) done(*found[t], true);
        else missing.push_back(t);
    }
    if (!missing.empty()) {
        const auto pool = few_relations_pool(plan.n);
        std::atomic<std::size_t> next{0};
        std::exception_ptr failure;
        auto work = [&] {
            for (std::size_t m; (m = next++) < missing.size();) {
                const std::size_t t = missing[m];
                try {
                    const std::string path = few_relations_shard_path(plan.dir, plan.n, plan.k, todo[t], plan.shards);
                    const std::shared_ptr<void> held = plan.hold ? plan.hold(todo[t]) : nullptr;
                    // A run of this shard alone may have written it since the folder was read.
                    if (auto written = read_few_relations_shard(path, plan.n, plan.k, todo[t], plan.shards)) {
                        const std::lock_guard<std::mutex> hold(lock);
                        found[t] = std::move(written);
                        done(*found[t], true);
                        continue;
                    }
                    if (plan.stop != nullptr && plan.stop->load()) throw FewRelationsStopped();
                    FewRelationsShard s{plan.n, plan.k, todo[t], plan.shards,
                                        few_relations(plan.n, plan.k, todo[t], plan.shards, pool, plan.stop), plan.producer};
                    write_file_atomically(path, write_few_relations_shard(s));
                    const std::lock_guard<std::mutex> hold(lock);
                    found[t] = s;
                    done(s, false);
                } catch (...) {
                    const std::lock_guard<std::mutex> hold(lock);
                    if (!failure) failure = std::current_exception();
                    next = missing.size();  // start no other shard
                }
            }
        };
        std::vector<std::thread> threads;
        for (int j = 1; j < std::max(1, plan.jobs); ++j) threads.emplace_back(work);
        work();
        for (std::thread& t : threads) t.join();
        if (failure) std::rethrow_exception(failure);
    }
    std::vector<FewRelationsShard> all;
    for (auto& s : found) all.push_back(std::move(*s));
    return all;
}

FewRelationsCount total_of(const std::vector<FewRelationsShard>& shards) {
    FewRelationsCount sum;
    for (const FewRelationsShard& s : shards) {
        for (const CountField& f : kFields) sum.*f.member += s.count.*f.member;
        sum.seconds += s.count.seconds;
        sum.cpu_seconds += s.count.cpu_seconds;
        if (!sum.example && s.count.example) sum.example = s.count.example;
    }
    return sum;
}

std::string few_relations_table(const std::vector<FewRelationsShard>& shards) {
    std::string text =
        "| shard | canonical sets | skipped (swap) | puzzles | cyclic | unsat (searched) | unique | multiple | by the pool | "
        "multiple by search | CPU s |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    auto row = [](const std::string& name, const FewRelationsCount& c) {
        return fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} |\n", name, c.pair_sets, c.swap_skipped,
                           c.puzzles, c.cyclic, c.unsat, c.unique, c.multiple, c.pool, c.multiple - c.pool, c.cpu_seconds);
    };
    for (const FewRelationsShard& s : shards) text += row(fmt::format("{}/{}", s.shard, s.shards), s.count);
    return text + row("**total**", total_of(shards));
}

}  // namespace futolab::critical
