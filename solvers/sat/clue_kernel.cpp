#include "solvers/sat/clue_kernel.hpp"

#include "solvers/sat/encode.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <climits>
#include <optional>
#include <stdexcept>

namespace futolab::sat {
namespace {

constexpr int kSat = 10, kUnsat = 20;  // CaDiCaL's solve() results

class IncrementalClues final : public ClueKernel {
public:
    IncrementalClues(int n, const std::vector<int>& square, std::span<const SquareClue> clues, const std::string& config)
        : n_(n), square_(square), config_(config), assumption_(clues.size(), 0), settled_(clues.size(), false) {
        solver_.configure(config.c_str());  // first: a configuration overwrites options
        solver_.set("quiet", 1);            // CaDiCaL must never write to our stdout (JSONL, CSV)
        Cnf cnf;
        cnf.variables = n * n * n;
        encode_latin_square(cnf, n, Amo::pairwise);
        OrderVars order(n, n * n);
        for (int cell = 0; cell < n * n; ++cell) order.add(cnf, cell);
        for (std::size_t i = 0; i < clues.size(); ++i) {
            const SquareClue& c = clues[i];
            if (c.other < 0) {
                assumption_[i] = cell_var(n, c.cell, at(c.cell));
                continue;
            }
            assumption_[i] = ++cnf.variables;  // the selector
            encode_less_than(cnf, order, n, c.cell, c.other, assumption_[i]);
        }
        std::vector<int> not_l;
        for (int cell = 0; cell < n * n; ++cell) not_l.push_back(-cell_var(n, cell, at(cell)));
        cnf.add(not_l);
        for (const int lit : cnf.literals) solver_.add(lit);
        prefer_square(order);
    }

    bool unique(std::span<const int> on, std::vector<int>& other) override {
        const std::optional<bool> answer = ask(on, other, -1);
        if (!answer) throw std::runtime_error("sat (incremental): CaDiCaL gave no answer");
        return *answer;
    }

    std::optional<bool> unique_within(std::span<const int> on, std::vector<int>& other, std::uint64_t conflicts) override {
        return ask(on, other, static_cast<int>(std::min<std::uint64_t>(conflicts, INT_MAX)));
    }

    void settle(int clue) override {
        const std::size_t i = static_cast<std::size_t>(clue);
        if (settled_.at(i)) return;
        settled_[i] = true;
        ++settled_count_;
        solver_.add(assumption_[i]);
        solver_.add(0);
    }

    std::string label() const override { return config_ == "default" ? "sat (incremental)" : "sat (incremental, config=" + config_ + ")"; }

private:
    // One solve under the clues `on`; conflicts < 0: no limit (CaDiCaL's limits, like its
    // assumptions, hold for the next solve only). nullopt: the limit came first.
    std::optional<bool> ask(std::span<const int> on, std::vector<int>& other, int conflicts) {
        std::size_t settled_on = 0;
        for (const int i : on) {
            solver_.assume(assumption_.at(static_cast<std::size_t>(i)));
            settled_on += settled_[static_cast<std::size_t>(i)] ? 1 : 0;
        }
        // A settled clue is a unit now: a question without it would get the answer for a set with it.
        if (settled_on != settled_count_) throw std::logic_error("sat (incremental): a settled clue is off in a later question");
        solver_.limit("conflicts", conflicts);
        const int result = solver_.solve();
        if (result == kUnsat) return true;
        if (result != kSat) return std::nullopt;
        other = model();
        return false;
    }

    int at(int cell) const { return square_[static_cast<std::size_t>(cell)]; }

    // Decide towards L: a second solution of a clue set usually differs from L in a small
    // trade, so starting from L's values finds it after few conflicts.
    void prefer_square(const OrderVars& o) {
        for (int cell = 0; cell < n_ * n_; ++cell) {
            for (int v = 1; v <= n_; ++v) solver_.phase(v == at(cell) ? cell_var(n_, cell, v) : -cell_var(n_, cell, v));
            for (int v = 2; v <= n_; ++v) solver_.phase(at(cell) >= v ? o.at_least(cell, v) : -o.at_least(cell, v));
        }
    }

    // The model's square; a cell with no true value or two reads 0, which no check accepts.
    std::vector<int> model() {
        std::vector<int> m(static_cast<std::size_t>(n_ * n_), 0);
        for (int cell = 0; cell < n_ * n_; ++cell) {
            int found = 0;
            for (int v = 1; v <= n_; ++v)
                if (solver_.val(cell_var(n_, cell, v)) > 0) found = found == 0 ? v : -1;
            m[static_cast<std::size_t>(cell)] = found > 0 ? found : 0;
        }
        return m;
    }

    int n_;
    std::vector<int> square_;
    std::string config_;  // CaDiCaL's option configuration (sat's `config`)
    std::vector<int> assumption_;  // per clue: the literal that switches it on
    std::vector<bool> settled_;    // per clue: on for good (settle()), a unit clause
    std::size_t settled_count_ = 0;
    CaDiCaL::Solver solver_;
};

}  // namespace

std::unique_ptr<ClueKernel> make_incremental_clues(int n, const std::vector<int>& square, std::span<const SquareClue> clues,
                                                   const std::string& config) {
    return std::make_unique<IncrementalClues>(n, square, clues, config);
}

}  // namespace futolab::sat
