// The validated, compiled puzzle that solvers read (SPEC §1). Built only by compile(), which
// rejects invalid input with a one-line InputError naming source, line and problem.
//
// Cells are numbered row-major: cell = row * n + col. Values are 1..n; 0 means empty.
// Relations are kept both as a list and per cell (the cells that must be greater/smaller), so
// solvers never search lists. Chain bounds come from the relation DAG: a cell with a chain of
// j cells below it is at least j + 1, with j cells above it at most n − j.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// The record as read (core/instance.hpp). A Puzzle does not keep it: solvers and hot oracle
// loops see only the compiled form, and no backend compiles the JSON library.
struct Instance;

constexpr int kMinSize = 2;
constexpr int kMaxSize = 64;

struct Relation {
    int lo = 0, hi = 0;  // value(lo) < value(hi), cell indices
    friend bool operator==(const Relation&, const Relation&) = default;
    friend auto operator<=>(const Relation&, const Relation&) = default;
};

// At most 4 neighbours each way: a fixed array, no allocation, one cache line per cell.
struct CellLinks {
    std::array<std::int16_t, 4> greater{};  // cells b with value(this) < value(b)
    std::array<std::int16_t, 4> smaller{};  // cells b with value(b) < value(this)
    std::uint8_t n_greater = 0, n_smaller = 0;
    std::span<const std::int16_t> greater_cells() const { return {greater.data(), n_greater}; }
    std::span<const std::int16_t> smaller_cells() const { return {smaller.data(), n_smaller}; }
};

class Puzzle {
public:
    // Validates and compiles. Throws InputError (see error.hpp) for invalid input.
    static Puzzle compile(const Instance& instance);
    // As compile(), without the canonical text and its hash: for the puzzles a search asks
    // about and throws away (critical-set questions, one per clue tried: the text and hash
    // were a third of compile()'s instructions there, callgrind, issue #28). canonical() and
    // hash() of such a puzzle throw std::logic_error rather than return an empty string.
    static Puzzle compile_for_search(const Instance& instance);

    int n() const { return n_; }
    int cells() const { return n_ * n_; }
    int given(int cell) const { return givens_[cell]; }  // 0 = empty
    const std::vector<int>& givens() const { return givens_; }
    int num_givens() const { return num_givens_; }                       // h
    int num_relations() const { return static_cast<int>(relations_.size()); }  // k
    const std::vector<Relation>& relations() const { return relations_; }  // sorted, canonical
    const CellLinks& links(int cell) const { return links_[cell]; }
    // Chain bounds: chain_below_ (chain_above_) is the longest chain of smaller (greater) cells.
    int min_value(int cell) const { return chain_below_[cell] + 1; }
    int max_value(int cell) const { return n_ - chain_above_[cell]; }
    // The same per cell as arrays (0 where a cell has no smaller, no greater neighbour).
    std::span<const int> chain_below() const { return chain_below_; }
    std::span<const int> chain_above() const { return chain_above_; }

    const std::string& id() const { return id_; }
    // Stable 64-bit hash of the canonical form, as 16 hex digits (SPEC §5 instance_hash).
    const std::string& hash() const {
        if (!has_canonical_) no_canonical();
        return hash_;
    }
    // Canonical text: n, givens row-major, relations sorted; same puzzle → same text.
    const std::string& canonical() const {
        if (!has_canonical_) no_canonical();
        return canonical_;
    }

    // The same puzzle whose hash() also covers `more`: the instance of a run that is the puzzle
    // and more (a run of an order kind that draws from its seed is of the board and that seed,
    // experiments/run_matrix.cpp), so runs of two seeds are not one instance's repeats to the
    // analyses that group by instance_hash. canonical() stays the puzzle's.
    Puzzle with_hash_of(std::string_view more) const;

    // The canonical Instance: id, n, givens and relations in canonical order (no source
    // locations, no solution or meta: read the file's Instance for those).
    Instance to_instance() const;

private:
    static Puzzle compile_model(const Instance& instance);  // all but the canonical text
    [[noreturn]] static void no_canonical();

    int n_ = 0;
    bool has_canonical_ = false;
    int num_givens_ = 0;
    std::vector<int> givens_;
    std::vector<Relation> relations_;
    std::vector<CellLinks> links_;
    std::vector<int> chain_below_, chain_above_;
    std::string id_, hash_, canonical_;
};

inline std::string cell_name(int n, int cell) {  // 1-based "(row,col)" for messages
    return "(" + std::to_string(cell / n + 1) + "," + std::to_string(cell % n + 1) + ")";
}

}  // namespace futolab
