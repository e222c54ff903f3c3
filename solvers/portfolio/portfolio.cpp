// Backend `portfolio`: see portfolio.hpp.
#include "solvers/portfolio/portfolio.hpp"

#include "core/error.hpp"
#include "solvers/option_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include <time.h>

namespace futolab::portfolio {
namespace {

enum class Members { automatic, luby_sat, gac_sat, gecode_sat };
enum class Schedule { race, sequence };
struct Config {
    Members members = Members::automatic;
    Schedule schedule = Schedule::race;
    unsigned presolve_ms = 20;
    std::uint64_t presolve_nodes = 1000;
};

const OptionTable<Config>& table() {
    static const OptionTable<Config> t{
        choice<Config>("members", [](Config& c) -> auto& { return c.members; },
                       {{"auto", Members::automatic}, {"luby+sat", Members::luby_sat}, {"gac+sat", Members::gac_sat},
                        {"gecode+sat", Members::gecode_sat}},
                       "auto: race gac:var=domwdeg,restarts=luby + sat:config=sat for a first solution, gac + sat for counts "
                       "(sequence: gac then sat:config=sat; counts gac); luby+sat: the first-solution members in every mode; "
                       "gac+sat: gac + sat in every mode; gecode+sat: gecode:var=afcsize + sat (sat:config=sat for a first "
                       "solution) in every mode, the sequence included: no member shares code with gac"),
        whole<Config>("presolve_ms", [](Config& c) -> auto& { return c.presolve_ms; }, 0, 3600000,
                      "run the first member alone for this many ms before racing them all (0 = race at once)")
            .applies_when({OptionTest::is("schedule", {"race"})}),
        whole<Config>("presolve_nodes", [](Config& c) -> auto& { return c.presolve_nodes; }, 1, kNoUpperBound,
                      "nodes each member but the last may take before the next one starts")
            .applies_when({OptionTest::is("schedule", {"sequence"})}),
        choice<Config>("schedule", [](Config& c) -> auto& { return c.schedule; },
                       {{"race", Schedule::race}, {"sequence", Schedule::sequence}},
                       "race: members in parallel threads, the first answer wins; sequence: one after the other "
                       "on one thread, each handing over at a node budget (deterministic; counts run the first "
                       "counting member alone, but with gecode+sat)"),
    };
    return t;
}

constexpr const char* kLuby = "gac:var=domwdeg,restarts=luby";
// CaDiCaL's `sat` configuration needed 3x fewer conflicts than its default on the hardest
// planted n = 35 instances (configs/portfolio-planted.yaml); counting ends with an unsat
// call, so the counting presets keep the default.
constexpr const char* kSatFirst = "sat:config=sat";
// gecode+sat: a second opinion that shares no code with gac (portfolio.hpp).
constexpr const char* kGecodeAfc = "gecode:var=afcsize";

// A member list, parsed once: the built-in lists live as long as the program, so a portfolio
// made per run (the experiment driver makes its solver for every run) parses no spec.
struct MemberSpec {
    std::string spec;  // short form, for messages
    SolverSpec parsed;
    SolverFactory factory;  // makes its solver (the registry's make_solver)
    // "answered by SPEC", the message of most answers, made once: built per solve, its string
    // operations were a measurable part of the sequence's cost on a 0.6 us 4x4 solve.
    std::string answered;
};
using Lineup = std::shared_ptr<const std::vector<MemberSpec>>;

Lineup lineup_of(const std::vector<SolverSpec>& specs, const SolverFactory& factory) {
    if (specs.empty()) throw InputError("solver 'portfolio': no member");
    auto out = std::make_shared<std::vector<MemberSpec>>();
    for (const SolverSpec& s : specs) out->push_back({s.spec(), s, factory, "answered by " + s.spec()});
    return out;
}

// A member's solver is made the first time the member runs: a sequence whose first member
// answers (almost every puzzle) never builds the second (making gac + CaDiCaL's member cost
// more instructions than a small solve), and a presolve that answers starts no other. The
// first member, which every solve runs, is made with the portfolio (first_members), so its
// making falls outside the timed window as a plain backend's does: made inside it, gac's
// construction added 0.4-0.5 us to every timed run (results/throughput/REPORT.md).
struct Member {
    const MemberSpec* member;
    std::shared_ptr<Solver> made;  // shared: both lineups may start with the same member

    const std::string& spec() const { return member->spec; }
    Solver& solver() {
        if (made == nullptr) made = member->factory.make(member->parsed);
        return *made;
    }
};

std::vector<Member> members_of(const Lineup& lineup) {
    std::vector<Member> out;
    for (const MemberSpec& m : *lineup) out.push_back({&m, nullptr});
    return out;
}

// Makes the first member of both lineups now, one solver when both start with the same spec.
void make_first_members(std::vector<Member>& first, std::vector<Member>& count) {
    if (!first.empty()) first.front().solver();
    if (count.empty()) return;
    if (!first.empty() && count.front().spec() == first.front().spec()) count.front().made = first.front().made;
    else count.front().solver();
}

bool definitive(Status s) {
    return s == Status::solved || s == Status::unique || s == Status::multiple || s == Status::unsat ||
           s == Status::counted;
}

// The shared state of one race: the stop flag every member watches and the winner.
struct Race {
    std::atomic<bool> stop{false};
    std::mutex mutex;
    int winner = -1;

    void finished(int member, Status status) {
        if (!definitive(status)) return;
        const std::lock_guard lock(mutex);
        if (winner < 0) {
            winner = member;
            stop.store(true, std::memory_order_relaxed);
        }
    }
};

SolveResult run_member(Solver& solver, const Puzzle& puzzle, const SolveRequest& request) {
    try {
        return solver.solve(puzzle, request);
    } catch (const std::bad_alloc&) {  // SPEC §4: an allocation failure is memout, in any member
        SolveResult r;
        r.status = Status::memout;
        r.message = "out of memory";
        return r;
    } catch (const std::exception& e) {  // a thread must not throw: report it as the member's error
        SolveResult r;
        r.message = e.what();
        return r;
    }
}

// Forwards an external stop of the portfolio's own request to its members.
std::jthread forward_stop(const std::atomic<bool>* outer, Race& race) {
    if (outer == nullptr) return {};
    return std::jthread([outer, &race](std::stop_token done) {
        while (!done.stop_requested() && !race.stop.load(std::memory_order_relaxed)) {
            if (outer->load(std::memory_order_relaxed)) race.stop.store(true, std::memory_order_relaxed);
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    });
}

// What the portfolio answers once every member has returned.
SolveResult verdict(const std::vector<Member>& members, std::vector<SolveResult>& results, int winner) {
    for (std::size_t i = 0; i < members.size(); ++i)
        if (results[i].status == Status::error || results[i].status == Status::memout) {
            SolveResult r = std::move(results[i]);
            r.message = fmt::format("portfolio: member {}: {}", members[i].spec(), r.message);
            return r;
        }
    if (winner >= 0) {
        SolveResult r = std::move(results[static_cast<std::size_t>(winner)]);
        r.message = "answered by " + members[static_cast<std::size_t>(winner)].spec();
        return r;
    }
    std::string why;
    bool timeout = false;
    for (std::size_t i = 0; i < members.size(); ++i) {
        why += fmt::format("{}{}: {}", i ? "; " : "", members[i].spec(), status_name(results[i].status));
        timeout = timeout || results[i].status == Status::timeout;
    }
    SolveResult r = std::move(results.front());
    r.status = timeout ? Status::timeout : Status::node_limit;
    r.message = "no member answered (" + why + ")";
    return r;
}

class Portfolio final : public Solver {
public:
    Portfolio(Lineup first, Lineup count, double presolve_seconds)
        : lineups_{std::move(first), std::move(count)}, first_(members_of(lineups_[0])), count_(members_of(lineups_[1])),
          presolve_seconds_(presolve_seconds) {}

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        std::vector<Member>& members = request.mode.stop_after() == 1 ? first_ : count_;
        if (presolve_seconds_ <= 0) return race(members, puzzle, request);
        const auto start = std::chrono::steady_clock::now();
        SolveResult r = presolve(members.front(), puzzle, request);
        const std::string& spec = members.front().spec();
        if (r.status == Status::error) r.message = fmt::format("portfolio: member {}: {}", spec, r.message);
        if (definitive(r.status)) r.message = "answered by " + spec;
        if (definitive(r.status) || r.status == Status::error) return r;
        // The race gets what is left of the time limit.
        SolveRequest rest = request;
        if (request.limits.time_seconds > 0) {
            rest.limits.time_seconds -= std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (rest.limits.time_seconds <= 0) return r;  // the presolve used it all: timeout
        }
        return race(members, puzzle, rest);
    }

private:
    // The first member alone on the calling thread under a short time limit: most instances
    // are easy and are answered here without starting a thread or a second backend.
    SolveResult presolve(Member& member, const Puzzle& puzzle, const SolveRequest& request) const {
        SolveRequest short_request = request;
        const double limit = request.limits.time_seconds;
        short_request.limits.time_seconds = limit > 0 && limit < presolve_seconds_ ? limit : presolve_seconds_;
        return run_member(member.solver(), puzzle, short_request);
    }

    SolveResult race(std::vector<Member>& members, const Puzzle& puzzle, const SolveRequest& request) const {
        for (Member& m : members) m.solver();  // made here, before the threads share the list
        std::vector<SolveResult> results(members.size());
        Race race;
        SolveRequest member_request = request;
        member_request.limits.stop = &race.stop;
        const auto run = [&](std::size_t i) {
            results[i] = run_member(*members[i].made, puzzle, member_request);
            race.finished(static_cast<int>(i), results[i].status);
        };
        {
            const std::jthread forwarder = forward_stop(request.limits.stop, race);
            std::vector<std::jthread> threads;
            for (std::size_t i = 1; i < members.size(); ++i) threads.emplace_back(run, i);
            run(0);  // on the calling thread: its CPU time is measured by run_solver
        }  // joins every member (and stops the forwarder)
        return verdict(members, results, race.winner);
    }

    std::array<Lineup, 2> lineups_;  // first, count: what the members point into
    std::vector<Member> first_, count_;
    double presolve_seconds_;
};

// schedule=sequence: the members one after the other on the calling thread. Every member but
// the last runs under a node budget; at it, the next one starts with what is left of the time
// limit. A budget in nodes, not in milliseconds, makes the hand-over — and so the answer's
// counters — the same on every run and machine (SPEC §4), which the race cannot promise; one
// core, whose CPU time is all measured. Counts run the counting members the same way; for
// every member list but gecode+sat that is one member alone: a SAT count enumerates with
// blocking clauses, which a count of many solutions cannot afford. A count that a member gave
// up on is started again from scratch by the next one, so nothing is counted twice.
class Sequence final : public Solver {
public:
    Sequence(Lineup first, Lineup count, std::uint64_t budget)
        : lineups_{std::move(first), std::move(count)}, first_(members_of(lineups_[0])), count_(members_of(lineups_[1])),
          budget_(budget) {
        make_first_members(first_, count_);
    }

    SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) override {
        std::vector<Member>& members = request.mode.stop_after() == 1 ? first_ : count_;
        if (members.size() == 1) return alone(members.front(), puzzle, request);
        return in_turn(members, puzzle, request);
    }

private:
    // One member (the counting lineups but gecode+sat): the request as it is, no hand-over. Kept
    // apart from in_turn so the common call pays no string or clock work (measured with
    // `futolab_bench --benchmark_filter=DefaultCall`, experiments/bench/bench_default.cpp).
    static SolveResult alone(Member& member, const Puzzle& puzzle, const SolveRequest& request) {
        SolveResult r = run_member(member.solver(), puzzle, request);
        label(r, *member.member, {});
        return r;
    }

    SolveResult in_turn(std::vector<Member>& members, const Puzzle& puzzle, const SolveRequest& request) const {
        // The clocks are read only when a limit is to be shared out between members: the
        // thread's CPU clock is a system call (~0.5 us, as much as a small solve), and even the
        // wall clock costs a small solve a few per cent.
        const auto start = request.limits.time_seconds > 0 ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
        const double cpu0 = request.limits.cpu_seconds > 0 ? thread_cpu_seconds() : 0.0;
        std::string handed;  // the members that handed over, with their nodes
        for (std::size_t i = 0;; ++i) {
            const bool last = i + 1 == members.size();
            SolveRequest step = request;
            const bool own_budget = !last && (request.limits.nodes == 0 || request.limits.nodes > budget_);
            if (own_budget) step.limits.nodes = budget_;
            // Later members get what is left of the wall and CPU limits (all on this thread).
            if (i > 0 && request.limits.time_seconds > 0)
                step.limits.time_seconds = left(request.limits.time_seconds,
                                                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            if (i > 0 && request.limits.cpu_seconds > 0)
                step.limits.cpu_seconds = left(request.limits.cpu_seconds, thread_cpu_seconds() - cpu0);
            SolveResult r = run_member(members[i].solver(), puzzle, step);
            if (!own_budget || r.status != Status::node_limit) {
                label(r, *members[i].member, handed);
                return r;
            }
            handed += fmt::format("{}{} at {} nodes", handed.empty() ? "" : ", ", members[i].spec(), r.counters.nodes);
        }
    }

    // A limit minus what was used, never 0 (which would mean "none"): a spent limit stops the
    // next member at once.
    static double left(double limit, double used) { return limit - used > 1e-9 ? limit - used : 1e-9; }
    static double thread_cpu_seconds() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
    }
    // The answer's message: who answered, and who handed over before it.
    // The common case inline (a string copy); the formatted ones out of line: called, they cost
    // a 4x4 solve 3-4 % (bench_default.cpp).
    static void label(SolveResult& r, const MemberSpec& member, std::string_view handed) {
        if (definitive(r.status) && handed.empty()) r.message = member.answered;
        else label_formatted(r, member, handed);
    }
    [[gnu::noinline]] static void label_formatted(SolveResult& r, const MemberSpec& member, std::string_view handed) {
        if (r.status == Status::error) r.message = fmt::format("portfolio: member {}: {}", member.spec, r.message);
        else if (definitive(r.status)) r.message = fmt::format("{} after {}", member.answered, handed);
        else r.message = fmt::format("{} by {}{}{}", status_name(r.status), member.spec, handed.empty() ? "" : " after ", handed);
    }

    std::array<Lineup, 2> lineups_;
    std::vector<Member> first_, count_;
    std::uint64_t budget_;
};

Lineup parse_all(std::initializer_list<const char*> texts, const SolverFactory& factory) {
    std::vector<SolverSpec> specs;
    for (const char* t : texts) specs.push_back(factory.parse(t));
    return lineup_of(specs, factory);
}

// The built-in member lists, each parsed on first use and shared by every portfolio made.
enum class List { gac, luby, gac_sat, luby_sat, gac_satfirst, luby_satfirst, gecode_satfirst, gecode_sat, count };
const Lineup& lineup(List list, const SolverFactory& f) {
    static const std::array<Lineup, static_cast<std::size_t>(List::count)> all{
        parse_all({"gac"}, f),          parse_all({kLuby}, f),          parse_all({"gac", "sat"}, f),
        parse_all({kLuby, "sat"}, f),   parse_all({"gac", kSatFirst}, f),
        parse_all({kLuby, kSatFirst}, f), parse_all({kGecodeAfc, kSatFirst}, f),
        parse_all({kGecodeAfc, "sat"}, f)};
    return all[static_cast<std::size_t>(list)];
}

}  // namespace

std::span<const OptionSpec> options() { return table().specs(); }

std::unique_ptr<Solver> make_of(const std::vector<SolverSpec>& first, const std::vector<SolverSpec>& count,
                                const SolverFactory& factory, unsigned presolve_ms) {
    return std::make_unique<Portfolio>(lineup_of(first, factory), lineup_of(count, factory), presolve_ms / 1000.0);
}

bool deterministic(const SolverSpec& spec) { return table().decode(spec).schedule == Schedule::sequence; }

namespace {

// The first-solution and counting member lists of a portfolio of `c`. schedule=sequence: the
// first-solution sequence and the counting member; auto starts with the default gac, not the
// Luby one of the race: on the 60 planted instances every one the default gac solved took at
// most 2 414 nodes, Luby's up to 3 427 (results/oracle/adapt-planted.csv), and the 1 000-node
// budget hands the rest to CaDiCaL.
std::array<Lineup, 2> lineups_of(const Config& c, const SolverFactory& f) {
    const bool sequence = c.schedule == Schedule::sequence;
    switch (c.members) {
        case Members::automatic:
            return sequence ? std::array{lineup(List::gac_satfirst, f), lineup(List::gac, f)}
                            : std::array{lineup(List::luby_satfirst, f), lineup(List::gac_sat, f)};
        case Members::luby_sat: return {lineup(List::luby_satfirst, f), lineup(sequence ? List::luby : List::luby_sat, f)};
        case Members::gac_sat: return {lineup(List::gac_sat, f), lineup(sequence ? List::gac : List::gac_sat, f)};
        case Members::gecode_sat: return {lineup(List::gecode_satfirst, f), lineup(List::gecode_sat, f)};
    }
    throw std::logic_error("unhandled portfolio members");
}

// A sequence's member i answering: what Sequence::label writes, the members before it handed
// over at `budget` nodes (presolve_nodes). A member hands over only when it stopped at its own
// budget, and the members that can (gac, Luby's gac, gecode: never the last, sat) stop at
// exactly the node count asked (SearchControl::at_node, gecode's Stop), so no other count is
// written (red-team round 27: "after gac at 7 nodes" of a 1000-node budget was taken).
bool sequence_answer(const std::vector<MemberSpec>& list, std::size_t i, std::string_view m, std::uint64_t budget) {
    if (!m.starts_with(list[i].answered)) return false;
    m.remove_prefix(list[i].answered.size());
    if (i == 0) return m.empty();
    for (std::size_t j = 0; j < i; ++j) {
        const std::string head = fmt::format("{}{} at {} nodes", j == 0 ? " after " : ", ", list[j].spec, budget);
        if (!m.starts_with(head)) return false;
        m.remove_prefix(head.size());
    }
    return m.empty();
}

}  // namespace

bool is_answer_message(const SolverSpec& spec, std::string_view message, const SolverFactory& f) {
    const Config c = table().decode(spec);
    for (const Lineup& list : lineups_of(c, f))
        for (std::size_t i = 0; i < list->size(); ++i)
            if (c.schedule == Schedule::sequence ? sequence_answer(*list, i, message, c.presolve_nodes) : message == (*list)[i].answered)
                return true;
    return false;
}

std::unique_ptr<Solver> make(const SolverSpec& spec, const SolverFactory& f) {
    const Config c = table().decode(spec);
    auto [first, count] = lineups_of(c, f);
    if (c.schedule == Schedule::sequence) return std::make_unique<Sequence>(std::move(first), std::move(count), c.presolve_nodes);
    return std::make_unique<Portfolio>(std::move(first), std::move(count), c.presolve_ms / 1000.0);
}

}  // namespace futolab::portfolio
