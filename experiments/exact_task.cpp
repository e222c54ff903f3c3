#include "experiments/exact_task.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "critical/clue_universe.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/exact_report.hpp"
#include "critical/oracle/report.hpp"
#include "critical/oracle/verify.hpp"
#include "solvers/run/oracle.hpp"
#include "solvers/run/run.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

namespace futolab {
namespace {

using critical::ExactObjective;

std::vector<int> square_of(const Puzzle& p) {
    std::vector<int> square(static_cast<std::size_t>(p.cells()));
    for (int cell = 0; cell < p.cells(); ++cell) square[static_cast<std::size_t>(cell)] = p.given(cell);
    return square;
}

// One witness set: verified by `verify`, as a JSONL line with the SPEC §5c meta.
struct Witness {
    std::string line;
    critical::ClueCounts counts;
    critical::Verification check;
};

Witness witness(const critical::ClueUniverse& u, const critical::ClueMask& set, const std::string& id,
                const std::string& verify, Json extra) {
    const critical::ClueSet clues = critical::to_clue_set(set, u.size());
    Witness w{"", critical::count_clues(u, clues), critical::verify_critical_set(u, clues, verify)};
    std::string line = write_instances({critical::set_record(u, clues, id, w.check, extra)}, Format::jsonl);
    while (!line.empty() && line.back() == '\n') line.pop_back();
    w.line = std::move(line);
    return w;
}

// The meta every witness of the run carries: what was solved and the search's counters (no
// "nodes" where the engine counts none: CaDiCaL's, as the row's cell is empty).
Json run_meta(const critical::ClassResult& r, const ClassRef& ref, ExactObjective objective, int n, bool counts_nodes) {
    Json m = Json::object();
    m["exact"] = true;
    m["objective"] = critical::exact_objective_name(objective);
    m["n"] = n;
    m["class"] = ref.index;
    m["orbit"] = ref.orbit;
    m["hitting_set_calls"] = r.engine_calls;
    if (counts_nodes) m["nodes"] = r.nodes;
    m["oracle_queries"] = r.oracle_queries;
    m["unavoidable_sets"] = r.sets.size();
    return m;
}

// Adds one verified witness to the outcome (a failed verification makes the run an error).
void add_witness(ExactOutcome& out, const Witness& w) {
    if (!out.output.empty()) out.output += '\n';
    out.output += w.line;
    ++out.counters.solutions;
    if (!w.check.uniquely_completable || !w.check.critical) {
        out.status = Status::error;
        out.message = "verification failed: " + w.check.why;
    }
}

void single_objective(ExactOutcome& out, const critical::ClassResult& r, const critical::ClueUniverse& u,
                      const std::string& id, const ExactMethod& m, Json meta) {
    if (!r.optimum.feasible) {
        out.status = Status::multiple;
        out.message = kNoSetMessage;
        return;
    }
    meta["minimum"] = r.optimum.cost;
    const Witness w = witness(u, r.optimum.set, id, m.verify, std::move(meta));
    out.h = w.counts.h;
    out.k = w.counts.k;
    out.message = fmt::format("minimum {} = {}", critical::exact_objective_name(m.objective), r.optimum.cost);
    add_witness(out, w);
}

// The class's frontier: min k for h ≤ h_max, h_max = 0 .. its smallest numbers-only set; one
// witness per corner (where k drops). The row's h and k are the first corner's (fewest numbers).
void frontier(ExactOutcome& out, const critical::ClassResult& r, const critical::ClueUniverse& u, const std::string& id,
              const ExactMethod& m, const Json& meta) {
    std::string points;
    int last_k = -1;
    for (const critical::FrontierPoint& p : r.frontier) {
        points += p.k.feasible ? fmt::format(" {}", p.k.cost) : " -";
        if (!p.k.feasible || (last_k >= 0 && p.k.cost >= last_k)) continue;
        last_k = p.k.cost;
        Json extra = meta;
        extra["minimum"] = p.k.cost;
        extra["h_max"] = p.h_max;
        extra["point"] = {p.h_max, p.k.cost};
        const Witness w = witness(u, p.k.set, fmt::format("{}-h{}", id, p.h_max), m.verify, std::move(extra));
        if (out.counters.solutions == 0) {
            out.h = w.counts.h;
            out.k = w.counts.k;
        }
        add_witness(out, w);
    }
    if (out.status == Status::solved)
        out.message = "min k for h_max = 0.." + std::to_string(r.frontier.size() - 1) + ":" + points;
}

}  // namespace

SquareTables::SquareTables(const RunMatrix& matrix) {
    for (const Puzzle& p : matrix.instances) {
        const auto n = static_cast<std::size_t>(p.n());
        if (by_n_.size() <= n) by_n_.resize(n + 1);
        if (!by_n_[n]) by_n_[n] = std::make_shared<const critical::SquareTable>(p.n());
    }
}

const critical::SquareTable& SquareTables::of(int n) const {
    const auto i = static_cast<std::size_t>(n);
    if (i >= by_n_.size() || !by_n_[i]) throw std::logic_error(fmt::format("no table of the squares of order {}", n));
    return *by_n_[i];
}

ExactOutcome solve_exact_class(const Puzzle& square, const ClassRef& ref, const ExactMethod& method,
                               const critical::SquareTable& table, const Limits& limits) {
    const auto wall0 = std::chrono::steady_clock::now();
    const std::int64_t cpu0 = thread_cpu_ns();
    const int n = square.n();
    const SquareClass c{square_of(square), ref.orbit};
    critical::ExactOptions options = method.search;
    // The search keeps both limits itself (experiments/limit_rule.hpp: the runner does not
    // relabel a row whose record its search proved), the CPU one on this thread's clock.
    if (limits.time_seconds > 0 && limits.time_seconds < 1e9)
        options.deadline = wall0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                       std::chrono::duration<double>(limits.time_seconds));
    if (limits.cpu_seconds > 0 && limits.cpu_seconds < 1e9)
        options.cpu_deadline_ns = cpu0 + static_cast<std::int64_t>(limits.cpu_seconds * 1e9);
    options.stop = limits.stop;  // the runner's interrupt, in thread isolation
    ExactOutcome out;
    critical::ClassResult r;
    try {
        r = critical::solve_class(n, c, ref.index, method.objective, table, options);
    } catch (const critical::OutOfTime&) {
        if (limits.stop != nullptr && limits.stop->load()) throw OracleStopped();  // not written (TaskRunner::run)
        out.status = Status::timeout;
        out.unknown = ~CounterMask{0};
        out.cpu_ns = thread_cpu_ns() - cpu0;
        const bool cpu = limits.cpu_seconds > 0 && static_cast<double>(out.cpu_ns) >= limits.cpu_seconds * 1e9;
        out.message = cpu ? fmt::format("cpu time limit ({:g} s)", limits.cpu_seconds)
                          : fmt::format("wall time limit ({:g} s)", limits.time_seconds);
        out.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - wall0).count();
        return out;
    }
    out.status = Status::solved;
    out.counters.nodes = r.nodes;
    out.counters.checks = r.oracle_queries;
    // The CaDiCaL engine counts no branch-and-bound nodes.
    out.unknown = kExactNotCounted | (method.search.engine == critical::HittingEngine::bb ? 0 : counter_bit(Counter::nodes));
    const critical::ClueUniverse u(n, c.square);
    const std::string id = fmt::format("{}:exact-{}", square.id(), critical::exact_objective_name(method.objective));
    const Json meta = run_meta(r, ref, method.objective, n, method.search.engine == critical::HittingEngine::bb);
    if (method.objective == ExactObjective::frontier) frontier(out, r, u, id, method, meta);
    else single_objective(out, r, u, id, method, meta);
    out.cpu_ns = thread_cpu_ns() - cpu0;
    out.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - wall0).count();
    return out;
}

}  // namespace futolab
