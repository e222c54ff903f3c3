// Backend `ilp`: Futoshiki as a 0-1 integer programme (lp_model.hpp: x[r][c][v], one value
// per cell, each value once per row and column, givens fixed, Σ v·x ordered for each
// relation), written as an LP file and solved by the COIN-OR CBC binary (Debian coinor-cbc,
// Forrest & Lougee-Heimer 2005) as a child process (solvers/external: argument vector, the
// run's time and memory limits, its own temporary directory):
//   cbc model.lp solve solu solution.txt
// One CBC run finds one solution. To count to K (or all), each solution found is cut off by a
// no-good row (Σ over its n² ones ≤ n² − 1) and CBC runs again, until K solutions or
// infeasibility: K + 1 runs to prove a count of K below the limit. The time limit spans all
// runs. Each solution is decoded from CBC's variables, verified and checked to differ from the
// earlier ones (a solution CBC returns despite its no-good is an error, not a count).
//
// Counters: solutions (futolab's own count); nodes = CBC's "Enumerated nodes" summed over the
// runs (its branch-and-bound nodes: an LP relaxation each, not comparable with CP nodes; 0 for
// a run whose presolve proves infeasibility; empty if a run's log does not say, or if the sum
// is past 2^64-1). fails,
// checks, propagations, max_depth: empty (unknown). A node limit is refused (error row).
#include "solvers/ilp/ilp.hpp"

#include "solvers/external/outcome.hpp"
#include "solvers/external/process.hpp"
#include "solvers/external/solutions.hpp"
#include "solvers/external/temp_dir.hpp"
#include "solvers/ilp/cbc_output.hpp"
#include "solvers/ilp/lp_model.hpp"

#include <fmt/format.h>

#include <chrono>

namespace futolab::ilp {
namespace {

constexpr external::ToolName kTool{"cbc", "coinor-cbc"};
constexpr CounterMask kUnknown = counter_bits({Counter::fails, Counter::checks, Counter::propagations, Counter::max_depth});

class Search {
public:
    Search(const Puzzle& puzzle, const SolveRequest& request)
        : puzzle_(puzzle), request_(request), solutions_(puzzle), dir_("ilp"),
          deadline_(external::is_time_limit(request.limits.time_seconds)
                        ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(request.limits.time_seconds))
                        : Clock::time_point::max()) {}

    SolveResult run() {
        const std::uint64_t wanted = request_.mode.stop_after();
        while (wanted == 0 || solutions_.count() < wanted) {
            std::optional<SolveResult> stop = round();
            if (stop) {
                stop->tool_cpu_ns = tool_cpu_ns_;
                stop->tool_max_rss_kb = tool_max_rss_kb_;
                return *stop;
            }
            if (done_) break;
        }
        SolveResult r = external::completed_result(kTool, solutions_, request_.mode, kUnknown);
        finish_counters(r);
        r.tool_cpu_ns = tool_cpu_ns_;
        r.tool_max_rss_kb = tool_max_rss_kb_;
        return r;
    }

private:
    using Clock = std::chrono::steady_clock;

    // One CBC run: a result if the search ends here abnormally, else nullopt (done_ set when
    // CBC proved that no further solution exists).
    std::optional<SolveResult> round() {
        if (stop_requested()) return stopped(Status::timeout, "cbc: interrupted");
        if (expired()) return stopped(Status::timeout, "cbc: time limit");
        // Built against the deadline: a 64x64 model alone took longer than a short limit.
        const std::optional<std::string> text = lp_model_until(puzzle_, nogoods_, [this] { return expired() || stop_requested(); });
        if (!text) return stopped(Status::timeout, stop_requested() ? "cbc: interrupted" : "cbc: time limit (building the model)");
        const auto model = dir_.write("model.lp", *text);
        const auto answer = dir_.path() / "solution.txt";
        std::filesystem::remove(answer);
        const double left = std::chrono::duration<double>(deadline_ - Clock::now()).count();
        external::ProcessSpec spec;
        // Names relative to its working folder, never the folder's path: CBC's command parser
        // takes an argument with a `%` (a TMPDIR like /tmp/p%sx) for no file ("No match for
        // …", "Current model not valid"; red-team round 28, A F6). Both names are constants.
        spec.argv = {"cbc", model.filename().string(), "solve", "solu", answer.filename().string()};
        spec.dir = dir_.path();
        spec.time_seconds = deadline_ == Clock::time_point::max() ? 0 : std::max(left, 1e-3);
        spec.memory_bytes = request_.limits.memory_bytes;
        spec.stop = request_.limits.stop;
        spec.cpu_seconds = request_.limits.cpu_seconds > 0 ? std::max(request_.limits.cpu_seconds - tool_cpu_ns_ * 1e-9, 1e-3) : 0;
        const external::ProcessResult p = external::run_process(spec);
        tool_cpu_ns_ += p.cpu_ns;
        tool_max_rss_kb_ = std::max(tool_max_rss_kb_, p.max_rss_kb);
        if (auto failed = external::process_failure(p, kTool, spec.memory_bytes)) {
            if (failed->status == Status::timeout) return stopped(Status::timeout, failed->message);
            return failed;
        }
        count_nodes(p.out);
        return judge(answer);
    }

    // CBC's solution file, read as untrusted (never blocking, a regular file only, capped: a
    // FIFO or a link to /dev/zero there hung or filled futolab, issue #45).
    std::optional<SolveResult> judge(const std::filesystem::path& answer) {
        bool truncated = false;
        std::string why;
        const std::optional<std::string> text = external::read_tool_file(answer, truncated, why);
        if (!text && why == "missing") return external::failed_result(Status::error, "cbc wrote no solution file");
        if (!text) return external::failed_result(Status::error, "cbc's solution file: " + why);
        if (truncated) return external::failed_result(Status::error, "cbc's solution file is larger than any answer");
        CbcSolution s = parse_cbc_solution(*text, puzzle_.n());
        if (!s.error.empty()) return external::failed_result(Status::error, s.error);
        if (!s.feasible) {
            done_ = true;
            return std::nullopt;
        }
        if (auto why_not = solutions_.add(s.grid)) return external::failed_result(Status::error, "cbc: " + *why_not);
        nogoods_.push_back(std::move(s.grid));
        return std::nullopt;
    }

    bool expired() const { return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_; }
    bool stop_requested() const {
        return request_.limits.stop != nullptr && request_.limits.stop->load(std::memory_order_relaxed);
    }

    // Summed with an overflow check (add_cbc_nodes): a sum past 2^64-1 is unknown, never wrapped.
    void count_nodes(std::string_view log) { nodes_ = add_cbc_nodes(nodes_, parse_cbc_nodes(log)); }

    void finish_counters(SolveResult& r) const {
        r.counters.nodes = nodes_.value_or(0);
        if (!nodes_) r.unknown |= counter_bit(Counter::nodes);
    }

    // Stopped by the time limit: the solutions so far are known (and verified).
    SolveResult stopped(Status status, std::string message) const {
        SolveResult r = external::completed_result(kTool, solutions_, request_.mode, kUnknown);
        r.status = status;
        r.message = std::move(message);
        finish_counters(r);
        r.unknown |= counter_bit(Counter::nodes);  // the interrupted run's nodes are not known
        return r;
    }

    const Puzzle& puzzle_;
    const SolveRequest& request_;
    external::SolutionCollector solutions_;
    external::TempDir dir_;
    Clock::time_point deadline_;
    std::vector<std::vector<int>> nogoods_;
    std::optional<std::uint64_t> nodes_ = 0;  // nullopt: unknown (a log that does not say, or a sum too big)
    std::int64_t tool_cpu_ns_ = 0;
    std::int64_t tool_max_rss_kb_ = -1;  // every cbc call's CPU (SPEC §4: cpu_ns covers the process tree)
    bool done_ = false;
};

class IlpSolver final : public Solver {
public:
    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        if (auto refused = external::refuse_node_limit(request, "ilp")) return *refused;
        return Search(puzzle, request).run();
    }
};

}  // namespace

std::span<const OptionSpec> options() { return {}; }

std::unique_ptr<Solver> make(const SolverSpec&) { return std::make_unique<IlpSolver>(); }

}  // namespace futolab::ilp
