// Random Latin squares: the Jacobson–Matthews chain and the biased cyclic-isotope sampler.
//
// Jacobson & Matthews, "Generating uniformly distributed random Latin squares", J. Combin.
// Designs 4(6):405–437, 1996. A Latin square of order n is an n×n×n 0/1 "incidence cube" with
// exactly one 1 on every line (fix two of row, column, symbol; vary the third). The chain also
// visits "improper" cubes: entries in {−1, 0, 1}, every line summing to 1, exactly one −1
// entry. A ±1 move adds +1 on four corners and −1 on the other four corners of a 2×2×2
// sub-cube, keeping all line sums at 1. The chain is connected and its stationary distribution
// restricted to the proper cubes is uniform, so the chain observed at its proper states
// converges to the uniform distribution (see run() for why we sample it that way). No
// mixing-time bound is known; n³ steps is the usual practical choice and our default
// (docs/generators.md).
#include "generators/latin/random.hpp"

#include "core/error.hpp"
#include "core/random.hpp"

#include <array>
#include <cstddef>
#include <string>

namespace futolab {
namespace {

// The incidence cube as n³ signed bytes (64³ = 256 KiB at most) plus, for each of its 3n²
// lines, where its 1-entries are (one, or two on the lines through the −1 entry). The lines
// are updated with the eight corners of each move, so a move costs O(1) (scanning lines was
// three times slower: a row line strides n² bytes). Improper excursions average about n
// moves, so n³ steps make about n⁴ moves (2 s at n = 64). Everything is allocated once
// before the chain runs: moves never allocate.
class IncidenceCube {
public:
    IncidenceCube(const std::vector<int>& square, int n)
        : n_(n), cells_(static_cast<std::size_t>(n) * static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0) {
        for (auto& lines : lines_) lines.assign(static_cast<std::size_t>(n * n), Line{});
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) increment(r, c, square[static_cast<std::size_t>(r * n + c)] - 1);
    }

    // `steps` steps of the chain watched only at proper states: each step is one move from a
    // proper cube plus the improper moves that follow until the cube is proper again (so at
    // least `steps` moves in all). Why not "stop at the first proper cube after `steps`
    // moves": that samples the entry distribution into the proper set, proportional to
    // π(L)·P(L → improper), which favours squares with few intercalates (measured at n = 4:
    // χ² = 4781 on 575 degrees of freedom, whatever the number of moves). The chain watched
    // at proper states is itself a Markov chain whose stationary law is π restricted to the
    // proper cubes — uniform — so a fixed number of its steps converges to uniform.
    void run(std::uint64_t steps, std::mt19937_64& rng) {
        for (std::uint64_t done = 0; done < steps; ++done) {
            proper_move(rng);
            while (improper_) improper_move(rng);
        }
    }

    std::vector<int> square() const {
        std::vector<int> out(static_cast<std::size_t>(n_ * n_));
        for (int r = 0; r < n_; ++r)
            for (int c = 0; c < n_; ++c) out[static_cast<std::size_t>(r * n_ + c)] = line(Axis::sym, r, c, 0).pos[0] + 1;
        return out;
    }

private:
    enum Axis { row, col, sym };  // the coordinate that varies along a line

    struct Line {
        std::uint8_t count = 0;  // 1-entries on the line: 1, or 2 through the −1 entry
        std::array<std::uint8_t, 2> pos{};
    };

    std::size_t index(int r, int c, int s) const {
        return (static_cast<std::size_t>(r) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(c)) *
                   static_cast<std::size_t>(n_) + static_cast<std::size_t>(s);
    }

    // The line along `axis` through (r, c, s).
    Line& line(Axis axis, int r, int c, int s) {
        const int fixed = axis == Axis::row ? c * n_ + s : axis == Axis::col ? r * n_ + s : r * n_ + c;
        return lines_[axis][static_cast<std::size_t>(fixed)];
    }
    const Line& line(Axis axis, int r, int c, int s) const { return const_cast<IncidenceCube*>(this)->line(axis, r, c, s); }

    static void insert(Line& l, int pos) { l.pos[l.count++] = static_cast<std::uint8_t>(pos); }
    static void erase(Line& l, int pos) {
        if (l.pos[0] == pos) l.pos[0] = l.pos[1];
        --l.count;
    }

    // ±1 on one entry, keeping the line records of 1-entries in step.
    void increment(int r, int c, int s) {
        if (++cells_[index(r, c, s)] != 1) return;  // −1 → 0: no 1-entry appears
        insert(line(Axis::row, r, c, s), r), insert(line(Axis::col, r, c, s), c), insert(line(Axis::sym, r, c, s), s);
    }
    void decrement(int r, int c, int s) {
        if (cells_[index(r, c, s)]-- != 1) return;  // 0 → −1: no 1-entry disappears
        erase(line(Axis::row, r, c, s), r), erase(line(Axis::col, r, c, s), c), erase(line(Axis::sym, r, c, s), s);
    }

    // The coordinate (along `axis`) of a 1-entry on the line through (r, c, s): the only one
    // in a proper cube; on a line through the −1 entry one of the two, uniformly. The two are
    // ordered by coordinate first, so the draw does not depend on the order they were stored.
    int pick_one(Axis axis, int r, int c, int s, std::mt19937_64& rng) const {
        const Line& l = line(axis, r, c, s);
        if (l.count == 1) return l.pos[0];
        const int lo = l.pos[0] < l.pos[1] ? l.pos[0] : l.pos[1], hi = l.pos[0] ^ l.pos[1] ^ lo;
        return uniform_below(rng, 2) == 0 ? lo : hi;
    }

    // The ±1 move on the sub-cube {r, r1} × {c, c1} × {s, s1}: +1 on the base and on the
    // corners differing from it in two coordinates, −1 on the others. Decrements first, so no
    // line ever holds more than two 1-entries, even in the middle of a move.
    void apply(int r, int c, int s, int r1, int c1, int s1) {
        decrement(r, c, s1), decrement(r, c1, s), decrement(r1, c, s), decrement(r1, c1, s1);
        increment(r, c, s), increment(r, c1, s1), increment(r1, c, s1), increment(r1, c1, s);
        improper_ = cells_[index(r1, c1, s1)] == -1;
        if (improper_) bad_ = {r1, c1, s1};
    }

    // From a proper cube: a uniformly random 0-entry (rejection: a fraction (n−1)/n of the
    // cube is 0), and the unique 1 on each of its three lines.
    void proper_move(std::mt19937_64& rng) {
        const std::size_t n = static_cast<std::size_t>(n_);
        std::size_t pick = 0;
        do pick = uniform_below(rng, n * n * n);
        while (cells_[pick] != 0);
        move_from(static_cast<int>(pick / (n * n)), static_cast<int>(pick / n % n), static_cast<int>(pick % n), rng);
    }

    // From an improper cube: the move is based at the −1 entry, each line choosing one of its
    // two 1-entries at random.
    void improper_move(std::mt19937_64& rng) { move_from(bad_[0], bad_[1], bad_[2], rng); }

    void move_from(int r, int c, int s, std::mt19937_64& rng) {
        const int r1 = pick_one(Axis::row, r, c, s, rng);
        const int c1 = pick_one(Axis::col, r, c, s, rng);
        const int s1 = pick_one(Axis::sym, r, c, s, rng);
        apply(r, c, s, r1, c1, s1);
    }

    int n_;
    std::vector<std::int8_t> cells_;
    std::array<std::vector<Line>, 3> lines_;  // by Axis, indexed by the two fixed coordinates
    bool improper_ = false;
    std::array<int, 3> bad_{};  // the −1 entry while improper
};

}  // namespace

std::string_view latin_sampler_name(LatinSampler sampler) { return name_in(kLatinSamplers, sampler); }

std::vector<int> random_latin_square(int n, std::mt19937_64& rng, LatinSampler sampler, std::uint64_t steps) {
    if (n < 1 || n > 64) throw InputError("Latin square order " + std::to_string(n) + " is out of range 1..64");
    std::vector<int> square = random_isotope(n, rng);
    if (sampler == LatinSampler::shuffle_cyclic || n == 1) return square;  // order 1: no 0-entry to move from
    const std::uint64_t cube = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
    IncidenceCube chain(square, n);
    chain.run(steps == 0 ? cube : steps, rng);
    return chain.square();
}

// The cyclic square (r + c) mod n with rows, columns and symbols permuted at random (the draws
// of the shuffle sampler and of the chain's start).
std::vector<int> random_isotope(int n, std::mt19937_64& rng) {
    const std::vector<int> rows = random_permutation(n, rng), cols = random_permutation(n, rng),
                           syms = random_permutation(n, rng);
    std::vector<int> square(static_cast<std::size_t>(n * n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            square[static_cast<std::size_t>(r * n + c)] =
                syms[static_cast<std::size_t>((rows[static_cast<std::size_t>(r)] + cols[static_cast<std::size_t>(c)]) % n)] + 1;
    return square;
}

}  // namespace futolab
