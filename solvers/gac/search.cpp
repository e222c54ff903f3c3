#include "solvers/gac/search.hpp"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace futolab::gac {

std::uint64_t luby(std::uint64_t i) {
    for (;;) {
        int k = 1;
        while ((std::uint64_t{1} << k) - 1 < i) ++k;  // smallest k with 2^k − 1 ≥ i
        if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
        i -= (std::uint64_t{1} << (k - 1)) - 1;  // the sequence repeats its first 2^(k−1) − 1 terms
    }
}

Search::Search(Engine& engine, SearchControl& control, Counters& counters, const SearchOptions& options,
               std::uint64_t seed, std::vector<int>& solution, std::vector<int>& second)
    : engine_(engine), control_(control), counters_(counters), options_(options), rng_(seed), solution_(solution),
      second_(second),
      weights_(options.var == VarOrder::domwdeg ? static_cast<std::size_t>(engine.num_constraints()) : 0, 1) {}

void Search::switch_branching() {
    options_.var = VarOrder::domwdeg;
    options_.luby = options_.first_solution;
}

void Search::run() {
    std::size_t root = engine_.mark();
    if (!options_.luby) {
        if (explore() != Outcome::restart) return;
        // sac_restart: the root again, now with probing (which the fail count switched on).
        engine_.undo(root);
        if (!engine_.reprobe_root()) {
            ++counters_.fails;  // the root failed under SAC: no solution (none was found)
            return;
        }
        if (options_.adapt) switch_branching();
        if (!options_.luby) {
            explore();
            return;
        }
        root = engine_.mark();  // Luby runs restart from the probed root
    }
    for (std::uint64_t i = 1;; ++i) {
        fail_limit_ = options_.restart_base * luby(i);
        run_start_fails_ = counters_.fails;
        const Outcome outcome = explore();
        engine_.undo(root);  // binary branching narrows the root frame itself
        if (outcome != Outcome::restart) return;
    }
}

bool Search::enter(std::uint64_t depth) {
    if (control_.at_node(counters_)) return false;
    ++counters_.nodes;
    counters_.max_depth = std::max(counters_.max_depth, depth);
    return true;
}

// A node whose propagation failed: count it, weight its culprit (dom/wdeg), and end the run
// if its fail budget is spent (restarts).
Search::Outcome Search::failure() {
    ++counters_.fails;
    // adapt: the weights are kept from the first fail on (allocated then: a puzzle that never
    // fails, most of them, allocates nothing), so dom/wdeg starts from the first run's history.
    if (weights_.empty() && options_.adapt) weights_.assign(static_cast<std::size_t>(engine_.num_constraints()), 1);
    if (!weights_.empty() && engine_.culprit() >= 0) ++weights_[engine_.culprit()];
    if (options_.probe_restart_fails != 0 && !probe_restarted_ && counters_.solutions == 0 &&
        counters_.fails >= options_.probe_restart_fails) {
        probe_restarted_ = true;
        return Outcome::restart;
    }
    if (fail_limit_ != 0 && counters_.fails - run_start_fails_ >= fail_limit_) return Outcome::restart;
    return Outcome::done;
}

Search::Outcome Search::solution() {
    ++counters_.solutions;
    if (counters_.solutions <= 2) {  // at most twice per solve, not per node
        std::vector<int>& out = counters_.solutions == 1 ? solution_ : second_;
        const std::span<const Dom> dom = engine_.domains();
        out.resize(dom.size());
        int* values = out.data();  // (locals: an int store could alias the engine's size fields)
        std::size_t c = 0;
#if defined(__SSE2__)
        // Four cells a step: a singleton 2^i (i ≤ 30, so n ≤ 31) converted to a float is exact,
        // with exponent field 127 + i, so value i + 1 = that field − 126. (A count of trailing
        // zeros per cell was ~7 instructions a cell, most of a root-decided 7 × 7 read-out.)
        if (engine_.n() <= 31)
            for (; c + 4 <= dom.size(); c += 4) {
                const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dom.data() + c));
                const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dom.data() + c + 2));
                // the low 32 bits of the four domains (the high ones are 0 for n ≤ 31)
                const __m128 low = _mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), _MM_SHUFFLE(2, 0, 2, 0));
                const __m128i exponent = _mm_srli_epi32(_mm_castps_si128(_mm_cvtepi32_ps(_mm_castps_si128(low))), 23);
                _mm_storeu_si128(reinterpret_cast<__m128i*>(values + c), _mm_sub_epi32(exponent, _mm_set1_epi32(126)));
            }
#endif
        // (a solution's domains are singletons, never empty: no zero test)
        for (; c < dom.size(); ++c) values[c] = __builtin_ctzll(dom[c]) + 1;
    }
    return control_.enough(counters_.solutions) ? Outcome::stop : Outcome::done;
}

int Search::preferred(int x) const {
    if (options_.prefer.empty()) return -1;
    const int v = options_.prefer[static_cast<std::size_t>(x)] - 1;
    return v >= 0 && v < 64 && has(engine_.dom(x), v) ? v : -1;
}

// Moves x's preferred value, if it is among the k, to the front; the others keep their order.
void Search::prefer_first(int x, int k, std::array<std::int8_t, 64>& values) const {
    const int v = preferred(x);
    if (v < 0) return;
    const auto at = std::find(values.begin(), values.begin() + k, static_cast<std::int8_t>(v));
    std::rotate(values.begin(), at, at + 1);
}

Search::Outcome Search::dway(std::uint64_t depth) {
    const int x = select();
    if (x < 0) return solution();
    std::array<std::int8_t, 64> values;
    const int k = value_order(engine_.dom(x), options_.val, rng_, values);
    prefer_first(x, k, values);
    for (int j = 0; j < k; ++j) {
        if (!enter(depth + 1)) return Outcome::stop;
        const std::size_t mark = engine_.mark();
        engine_.assign(x, values[j]);
        const Outcome outcome = engine_.propagate() ? dway(depth + 1) : failure();
        engine_.undo(mark);
        if (outcome != Outcome::done) return outcome;
    }
    return Outcome::done;
}

// Left x = v in a child frame; right x ≠ v in this frame, then choose again at depth + 1.
Search::Outcome Search::binary(std::uint64_t depth) {
    for (;;) {
        const int x = select();
        if (x < 0) return solution();
        const int own = preferred(x);
        const int v = own >= 0 ? own : choose_value(engine_.dom(x), options_.val, rng_);
        if (!enter(depth + 1)) return Outcome::stop;
        const std::size_t mark = engine_.mark();
        engine_.assign(x, v);
        const Outcome outcome = engine_.propagate() ? binary(depth + 1) : failure();
        engine_.undo(mark);
        if (outcome != Outcome::done) return outcome;
        if (!enter(++depth)) return Outcome::stop;
        engine_.remove(x, v);
        if (!engine_.propagate()) return failure();
    }
}

}  // namespace futolab::gac
