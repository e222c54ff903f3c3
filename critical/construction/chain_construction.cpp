#include "critical/construction/chain_construction.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"

#include <fmt/format.h>

#include <utility>

namespace futolab::critical {

int balanced_split(int n) { return n >= 1 ? (n - 1) / 2 : 0; }

long long chain_relations(int n, int split) {
    const long long m = split, p = n - 1 - split;
    return m * (m + 1) / 2 + p * (p + 1) / 2;
}

namespace {

int wrap(int x, int n) { return ((x % n) + n) % n; }

// The witness of a relation: the rows (horizontal) or columns (vertical) to exchange so that
// L's wrap from n to 1 falls exactly between the relation's two cells (docs/critical.md).
Transposition witness_of(const LessThan& lt, int n, int p) {
    if (lt.r1 == lt.r2) return {true, lt.r1, wrap(p - 1 - lt.c1, n)};
    return {false, lt.c1, wrap(p - 1 - lt.r1, n)};
}

}  // namespace

ChainConstruction chain_construction(int n, int split) {
    if (n < 1 || n > kMaxSize) throw InputError(fmt::format("critical --construct: --n must be 1..{}, got {}", kMaxSize, n));
    if (split < 0 || split > n - 1)
        throw InputError(fmt::format("critical --construct: --split must be 0..{} for n = {}, got {}", n - 1, n, split));
    ChainConstruction out;
    out.n = n;
    out.split = split;
    const int m = split, p = n - 1 - split;
    out.square.resize(static_cast<std::size_t>(n) * n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) out.square[static_cast<std::size_t>(r * n + c)] = (r + c + m + 1) % n + 1;
    for (int l = 1; l <= p; ++l) {  // into n, along row (p − 1 − l) mod n, columns 0..l
        const int r = wrap(p - 1 - l, n);
        for (int c = 0; c < l; ++c) out.relations.push_back({r, c, r, c + 1});
    }
    for (int l = 1; l <= m; ++l) {  // from 1, down column (l − m) mod n, rows n − 1 − l .. n − 1
        const int c = wrap(l - m, n);
        for (int r = n - 1 - l; r < n - 1; ++r) out.relations.push_back({r, c, r + 1, c});
    }
    for (const LessThan& lt : out.relations) out.witnesses.push_back(witness_of(lt, n, p));
    return out;
}

std::vector<int> transposed(int n, const std::vector<int>& square, const Transposition& t) {
    std::vector<int> out = square;
    for (int i = 0; i < n; ++i) {
        const auto at = [&](int line, int across) {
            return static_cast<std::size_t>(t.rows ? line * n + across : across * n + line);
        };
        std::swap(out[at(t.a, i)], out[at(t.b, i)]);
    }
    return out;
}

}  // namespace futolab::critical
