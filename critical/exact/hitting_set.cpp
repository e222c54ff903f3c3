#include "critical/exact/hitting_set.hpp"

#include "core/temp_dir.hpp"
#include "critical/exact/exact.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace futolab::critical {
namespace {

// Totalizer node over inputs[from, to): outputs cut at cap + 1.
std::vector<int> totalizer_node(Cnf& cnf, const std::vector<int>& inputs, std::size_t from, std::size_t to, int cap) {
    if (to - from == 1) return {inputs[from]};
    const std::size_t mid = from + (to - from) / 2;
    const std::vector<int> a = totalizer_node(cnf, inputs, from, mid, cap);
    const std::vector<int> b = totalizer_node(cnf, inputs, mid, to, cap);
    const int size = std::min<int>(static_cast<int>(a.size() + b.size()), cap + 1);
    std::vector<int> out(size);
    for (int& o : out) o = cnf.new_var();
    // i of a's inputs and j of b's true → at least i + j true. Pairs with i + j > cap + 1 are
    // implied: a's outputs are forced from the bottom, so (cap + 1 − j, j) already fires.
    for (int i = 0; i <= static_cast<int>(a.size()); ++i)
        for (int j = 0; j <= static_cast<int>(b.size()); ++j) {
            if (i + j == 0 || i + j > size) continue;
            std::vector<int> clause;
            if (i > 0) clause.push_back(-a[i - 1]);
            if (j > 0) clause.push_back(-b[j - 1]);
            clause.push_back(out[i + j - 1]);
            cnf.clauses.push_back(std::move(clause));
        }
    return out;
}

std::vector<int> weighted_inputs(const std::vector<int>& weight, const ClueMask& allowed) {
    std::vector<int> inputs;
    for (std::size_t i = 0; i < weight.size(); ++i)
        if (allowed.test(static_cast<int>(i)))
            for (int r = 0; r < weight[i]; ++r) inputs.push_back(static_cast<int>(i) + 1);
    return inputs;
}

std::string read_whole(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// CaDiCaL asks this between steps of its search: a stop request ends the solve (answer 0).
class StopFlag : public CaDiCaL::Terminator {
public:
    explicit StopFlag(const std::atomic<bool>* stop) : stop_(stop) {}
    bool terminate() override { return stop_ != nullptr && stop_->load(std::memory_order_relaxed); }

private:
    const std::atomic<bool>* stop_;
};

}  // namespace

std::vector<int> add_totalizer(Cnf& cnf, const std::vector<int>& inputs, int cap) {
    if (inputs.empty()) return {};
    return totalizer_node(cnf, inputs, 0, inputs.size(), cap);
}

Cnf hitting_set_cnf(int clues, const ClueMask& allowed, const std::vector<ClueMask>& sets,
                    const std::vector<LinearBound>& bounds) {
    Cnf cnf;
    cnf.vars = clues;
    for (const ClueMask& s : sets) {
        std::vector<int> clause;
        for (int i : (s & allowed).indices()) clause.push_back(i + 1);
        cnf.clauses.push_back(std::move(clause));  // empty: no allowed clue hits it
    }
    for (const LinearBound& b : bounds) {
        if (b.max < 0) {
            cnf.clauses.push_back({});
            continue;
        }
        const std::vector<int> out = add_totalizer(cnf, weighted_inputs(b.weight, allowed), b.max);
        if (static_cast<int>(out.size()) > b.max) cnf.clauses.push_back({-out[b.max]});
    }
    return cnf;
}

std::optional<std::string> refute(const Cnf& cnf, const std::atomic<bool>* stop) {
    // An owned folder, not a bare file: it goes under TMPDIR, carries this process's pid and
    // start time, and is removed by the next futolab after a kill -9 (a fixed /tmp file with
    // no owner stayed for good).
    const external::TempDir scratch("drat");
    const std::string path = (scratch.path() / "proof.drat").string();
    StopFlag terminator(stop);
    int result = 0;
    {
        CaDiCaL::Solver sat;
        sat.set("quiet", 1);   // CaDiCaL reports on stdout, which carries our JSONL
        sat.set("binary", 0);  // text DRAT: readable, and what our checker parses
        if (!sat.trace_proof(path.c_str())) throw std::runtime_error("cannot write " + path);
        sat.connect_terminator(&terminator);
        for (const auto& clause : cnf.clauses) {
            for (int lit : clause) sat.add(lit);
            sat.add(0);
        }
        result = sat.solve();
        sat.disconnect_terminator();
        sat.close_proof_trace();
    }
    if (result == 0 && terminator.terminate()) throw OutOfTime();  // stopped: the scratch goes with this frame
    std::string proof = read_whole(path);
    if (result == 10) return std::nullopt;
    if (result != 20) throw std::runtime_error("CaDiCaL gave no answer on a hitting-set formula");
    return proof;
}

HittingSetModel::HittingSetModel(int clues) : clues_(clues), sat_(std::make_unique<CaDiCaL::Solver>()) {
    cnf_.vars = clues;
    // Many tiny incremental calls: preprocessing and local search cost more than they save.
    sat_->set("quiet", 1);
    for (const char* option : {"lucky", "walk", "elim", "subsume", "probe", "vivify"}) sat_->set(option, 0);
}

HittingSetModel::~HittingSetModel() = default;

void HittingSetModel::add_set(const ClueMask& set) {
    std::vector<int> clause;
    for (int i : set.indices()) clause.push_back(i + 1);
    cnf_.clauses.push_back(std::move(clause));
}

void HittingSetModel::flush() {
    for (; flushed_ < cnf_.clauses.size(); ++flushed_) {
        for (int lit : cnf_.clauses[flushed_]) sat_->add(lit);
        sat_->add(0);
    }
}

// The totalizer for these weights with cap ≥ max, built on first use (over every clue, so the
// same counter serves any `allowed`: excluded clues are assumed false).
const HittingSetModel::Counter& HittingSetModel::counter(const std::vector<int>& weight, int max) {
    for (const Counter& c : counters_)
        if (c.weight == weight && (c.cap >= max || c.cap >= c.total)) return c;
    Counter c;
    c.weight = weight;
    c.total = std::accumulate(weight.begin(), weight.end(), 0);
    c.cap = std::min(c.total, std::max(16, 2 * max));  // room to raise the bound
    c.outputs = add_totalizer(cnf_, weighted_inputs(weight, ClueMask::prefix(clues_)), c.cap);
    counters_.push_back(std::move(c));
    return counters_.back();
}

std::optional<ClueMask> HittingSetModel::solve(const ClueMask& allowed, const std::vector<LinearBound>& bounds) {
    ++calls_;
    std::vector<int> assumptions;
    for (const LinearBound& b : bounds) {
        if (b.max < 0) return std::nullopt;
        const Counter& c = counter(b.weight, b.max);
        if (static_cast<int>(c.outputs.size()) > b.max) assumptions.push_back(-c.outputs[b.max]);
    }
    for (int i = 0; i < clues_; ++i)
        if (!allowed.test(i)) assumptions.push_back(-(i + 1));
    flush();
    for (int lit : assumptions) sat_->assume(lit);
    const int result = sat_->solve();
    if (result == 20) return std::nullopt;
    if (result != 10) throw std::runtime_error("CaDiCaL gave no answer on a hitting-set formula");
    ClueMask chosen;
    for (int i = 0; i < clues_; ++i)
        if (sat_->val(i + 1) > 0) chosen.set(i);
    return chosen;
}

}  // namespace futolab::critical
