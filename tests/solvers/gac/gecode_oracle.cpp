#include "gecode_oracle.hpp"

#include <gecode/int.hh>
#include <gecode/search.hh>

#include <limits>

namespace futolab::gac::test {
namespace {

class Model final : public Gecode::Space {
public:
    Model(const Puzzle& p, bool cube) : x_(*this, p.cells(), 1, p.n()) {
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
        if (cube) post_cube(n);
        Gecode::branch(*this, x_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
    }
    Model(Model& other) : Gecode::Space(other) {
        x_.update(*this, other.x_);
        pos_.update(*this, other.pos_);
    }
    Gecode::Space* copy() override { return new Model(*this); }

private:
    // The cube's third face, stated cell by cell (not with channel(), as the gecode backend
    // does): pos[r·n + v] = the column of value v + 1 in row r, linked to every cell by
    // x[r][c] = v + 1 ⇔ pos[r][v] = c, and each value's columns distinct over the rows.
    void post_cube(int n) {
        pos_ = Gecode::IntVarArray(*this, n * n, 0, n - 1);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                for (int v = 0; v < n; ++v) {
                    const Gecode::BoolVar here(*this, 0, 1);
                    Gecode::rel(*this, x_[r * n + c], Gecode::IRT_EQ, v + 1, here);
                    Gecode::rel(*this, pos_[r * n + v], Gecode::IRT_EQ, c, here);
                }
        for (int v = 0; v < n; ++v) {
            Gecode::IntVarArgs columns;
            for (int r = 0; r < n; ++r) columns << pos_[r * n + v];
            Gecode::distinct(*this, columns, Gecode::IPL_DOM);
        }
    }

    Gecode::IntVarArray x_;
    Gecode::IntVarArray pos_;
};

}  // namespace

GecodeCount gecode_count(const Puzzle& puzzle, std::uint64_t limit, bool cube) {
    Gecode::Search::Options options;
    options.c_d = 1;  // copy at every node: no recomputation in the statistics
    options.a_d = std::numeric_limits<unsigned int>::max();  // no adaptive recomputation either
    Model* root = new Model(puzzle, cube);
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
