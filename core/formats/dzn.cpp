// MiniZinc data (.dzn), SPEC §2.5, for models/futoshiki.mzn: n, the givens as an n×n array
// with 0 for empty, and the relations as k rows (r1, c1, r2, c2), 1-based, meaning
// x[r1,c1] < x[r2,c2]. Write only: MiniZinc data is an output for other solvers.
#include "core/formats/readers.hpp"
#include "core/formats/text.hpp"
#include "core/puzzle.hpp"

#include <fmt/format.h>

namespace futolab::formats_internal {
namespace {

// [| a, b | c, d |] with one row per line, values right-aligned.
std::string givens_array(const Puzzle& p) {
    const int width = p.n() >= 10 ? 2 : 1;
    std::string out = "givens = [|";
    for (int r = 0; r < p.n(); ++r) {
        if (r > 0) out += "\n          |";
        for (int c = 0; c < p.n(); ++c)
            out += fmt::format("{}{:>{}}", c == 0 ? "" : ", ", p.given(r * p.n() + c), width);
    }
    return out + " |];\n";
}

// An empty 2-D literal has no second dimension, so k = 0 needs array2d.
std::string relations_array(const Puzzle& p) {
    const int n = p.n();
    std::string out = fmt::format("k = {};\n", p.num_relations());
    if (p.num_relations() == 0) return out + "lt = array2d(1..0, 1..4, []);\n";
    out += "lt = [|";
    for (std::size_t i = 0; i < p.relations().size(); ++i) {
        const Relation& r = p.relations()[i];
        if (i > 0) out += "\n      |";
        out += fmt::format("{}, {}, {}, {}", r.lo / n + 1, r.lo % n + 1, r.hi / n + 1, r.hi % n + 1);
    }
    return out + " |];\n";
}

}  // namespace

std::string write_dzn(const Instance& instance) {
    const Puzzle p = Puzzle::compile(instance);
    std::string out = instance.id.empty() ? "" : "% " + one_line(instance.id) + "\n";
    out += "% futolab instance for models/futoshiki.mzn: lt rows are (r1, c1, r2, c2), x[r1,c1] < x[r2,c2]\n";
    out += fmt::format("n = {};\n", p.n());
    return out + givens_array(p) + relations_array(p);
}

}  // namespace futolab::formats_internal
