#include "gecode_oracle.hpp"

#include <gecode/int.hh>
#include <gecode/search.hh>

#include <limits>

namespace futolab::gac::test {
namespace {

class Model final : public Gecode::Space {
public:
    explicit Model(const Puzzle& p) : x_(*this, p.cells(), 1, p.n()) {
        const int n = p.n();
        for (int c = 0; c < p.cells(); ++c) {
            if (p.given(c) != 0) Gecode::rel(*this, x_[c], Gecode::IRT_EQ, p.given(c));
            Gecode::dom(*this, x_[c], p.min_value(c), p.max_value(c));
        }
        for (int i = 0; i < n; ++i) {
            Gecode::IntVarArgs row, col;
            for (int j = 0; j < n; ++j) {
                row << x_[i * n + j];
                col << x_[j * n + i];
            }
            Gecode::distinct(*this, row, Gecode::IPL_DOM);
            Gecode::distinct(*this, col, Gecode::IPL_DOM);
        }
        for (const Relation& r : p.relations()) Gecode::rel(*this, x_[r.lo], Gecode::IRT_LE, x_[r.hi]);
        Gecode::branch(*this, x_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
    }
    Model(Model& other) : Gecode::Space(other) { x_.update(*this, other.x_); }
    Gecode::Space* copy() override { return new Model(*this); }

private:
    Gecode::IntVarArray x_;
};

}  // namespace

GecodeCount gecode_count(const Puzzle& puzzle, std::uint64_t limit) {
    Gecode::Search::Options options;
    options.c_d = 1;  // copy at every node: no recomputation in the statistics
    options.a_d = std::numeric_limits<unsigned int>::max();  // no adaptive recomputation either
    Model* root = new Model(puzzle);
    Gecode::DFS<Model> engine(root, options);
    delete root;
    GecodeCount out;
    while (Model* s = engine.next()) {
        delete s;
        if (++out.solutions == limit) break;
    }
    const Gecode::Search::Statistics st = engine.statistics();
    out.nodes = st.node > 0 ? st.node - 1 : 0;
    out.fails = st.fail;
    return out;
}

}  // namespace futolab::gac::test
