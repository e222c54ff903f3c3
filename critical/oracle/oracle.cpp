#include "critical/oracle/oracle.hpp"

#include "core/puzzle.hpp"
#include "critical/oracle/witness.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"

#include <stdexcept>

namespace futolab::critical {

UniquenessOracle::UniquenessOracle(std::string_view spec, std::uint64_t node_budget, const std::atomic<bool>* stop)
    : oracle_(spec, 0, stop), stop_(stop), node_budget_(node_budget) {
    if (std::unique_ptr<SearchKernel> kernel = make_search_kernel(parse_solver_spec(spec)))
        breaking_.emplace(std::move(kernel), oracle_.spec());
}

// The breaking search and the hard-question kernel take no stop of their own: a stop waits for
// the question being asked (milliseconds at n <= 12, the tail of a 20x20 pass longer).
void UniquenessOracle::check_stop() const {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) throw OracleStopped();
}

bool UniquenessOracle::removable(const ClueUniverse& u, const ClueSet& set, int i) {
    check_stop();
    if (!breaking_) return unique(u, set);
    if (std::optional<bool> answer = removable_within(u, set, i, hard_offered_ ? node_budget_ : 0)) return *answer;
    return *removable_by_kernel(u, set, i, 0);
}

std::optional<bool> UniquenessOracle::removable_by_kernel(const ClueUniverse& u, const ClueSet& set, int i,
                                                          std::uint64_t conflicts) {
    check_stop();
    IncrementalOracle* hard = breaking_ ? hard_for(u) : nullptr;
    if (hard == nullptr) return breaking_ ? breaking_->removable(u, set, i, other_) == BreakingSearch::Answer::removable : unique(u, set);
    ++hard_questions_;
    // `set` lacks clue i and with it determined L: a second solution of `set` breaks clue i
    // (breaking_search.hpp), so "unique" is "removable". The square is checked as the
    // breaking search checks its own.
    const std::optional<bool> unique = conflicts == 0 ? std::optional<bool>(hard->unique(set)) : hard->unique_within(set, conflicts);
    if (!unique || *unique) return unique;
    ClueSet with = set;
    with[static_cast<std::size_t>(i)] = 1;
    if (!is_witness(u, with, i, hard->other_solution()))
        throw std::runtime_error(hard->label() + ": the solution breaking a clue is not a solution of the set without it");
    other_ = hard->other_solution();
    return false;
}

std::optional<bool> UniquenessOracle::removable_within(const ClueUniverse& u, const ClueSet& set, int i,
                                                       std::uint64_t node_budget) {
    check_stop();
    if (!breaking_) return unique(u, set);
    switch (breaking_->removable(u, set, i, other_, node_budget)) {
        case BreakingSearch::Answer::removable: return true;
        case BreakingSearch::Answer::needed: return false;
        case BreakingSearch::Answer::undecided: break;
    }
    return std::nullopt;
}

IncrementalOracle* UniquenessOracle::hard_for(const ClueUniverse& u) {
    if (hard_ && &hard_->universe() == &u && hard_square_ == u.square()) return &*hard_;
    hard_.reset();
    hard_ = IncrementalOracle::of(kHardQuestionSpec, u);
    if (!hard_) {
        hard_offered_ = false;
        return nullptr;
    }
    hard_square_ = u.square();
    if (settled_for_ == &u && settled_square_ == u.square())
        for (const int i : settled_) hard_->settle(i);
    return &*hard_;
}

void UniquenessOracle::settle(const ClueUniverse& u, int i) {
    if (settled_for_ != &u || settled_square_ != u.square()) {
        settled_.clear();
        settled_for_ = &u;
        settled_square_ = u.square();
    }
    settled_.push_back(i);
    if (hard_ && &hard_->universe() == &u && hard_square_ == u.square()) hard_->settle(i);
}

void UniquenessOracle::end_pass() {
    if (settled_.empty()) return;
    settled_.clear();
    settled_for_ = nullptr;
    settled_square_.clear();
    hard_.reset();
}

Status UniquenessOracle::count_to_two(const ClueUniverse& u, const ClueSet& set) {
    OracleAnswer a = oracle_.count_to_two(Puzzle::compile(u.to_instance(set, "critical")));
    other_.clear();
    if (a.status == Status::multiple) other_ = std::move(a.first != u.square() ? a.first : a.second);
    // A backend's answer that contradicts itself is no answer either (OracleFailed, as a crash).
    if (a.status == Status::unique && a.first != u.square()) {
        const std::string why = "the unique solution of a clue set is not its square";
        throw OracleFailed(spec(), Status::error, why, spec() + ": " + why);
    }
    if (a.status != Status::unique && a.status != Status::multiple) {
        const std::string why = "count-to-2 of a clue set gave " + std::string(status_name(a.status));
        throw OracleFailed(spec(), Status::error, why, spec() + ": " + why);
    }
    return a.status;
}

}  // namespace futolab::critical
