#include "core/relation_graph.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/topological_sort.hpp>

#include <algorithm>
#include <iterator>

namespace futolab {
namespace {

// Arc index stored on each edge so a cycle can name the relations (and their lines).
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_index_t, int>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
using Edge = boost::graph_traits<Graph>::edge_descriptor;

Graph make_graph(int cells, const std::vector<Relation>& arcs) {
    Graph g(static_cast<std::size_t>(cells));
    for (int i = 0; i < static_cast<int>(arcs.size()); ++i)
        boost::add_edge(static_cast<Vertex>(arcs[i].lo), static_cast<Vertex>(arcs[i].hi), i, g);
    return g;
}

struct CycleFound {
    Edge back_edge;
};

// Records the tree edge into each vertex; a back edge closes a cycle through tree edges.
class CycleVisitor : public boost::default_dfs_visitor {
public:
    explicit CycleVisitor(std::vector<int>* tree_arc_into) : tree_arc_into_(tree_arc_into) {}
    void tree_edge(Edge e, const Graph& g) const {
        (*tree_arc_into_)[boost::target(e, g)] = boost::get(boost::edge_index, g, e);
    }
    void back_edge(Edge e, const Graph&) const { throw CycleFound{e}; }

private:
    std::vector<int>* tree_arc_into_;
};

}  // namespace

std::optional<std::vector<int>> find_cycle(int cells, const std::vector<Relation>& arcs) {
    const Graph g = make_graph(cells, arcs);
    std::vector<int> tree_arc_into(static_cast<std::size_t>(cells), -1);
    try {
        boost::depth_first_search(g, boost::visitor(CycleVisitor(&tree_arc_into)));
    } catch (const CycleFound& found) {
        // back edge u → v: v is an ancestor of u; walk tree arcs back from u to v.
        const int closing = boost::get(boost::edge_index, g, found.back_edge);
        const int v = arcs[closing].hi;
        std::vector<int> cycle{closing};
        for (int at = arcs[closing].lo; at != v; at = arcs[tree_arc_into[at]].lo)
            cycle.push_back(tree_arc_into[at]);
        std::reverse(cycle.begin(), cycle.end());  // now starts at v and ends with the closing arc
        return cycle;
    }
    return std::nullopt;
}

std::optional<ChainLengths> chain_lengths(int cells, const std::vector<Relation>& arcs) {
    ChainLengths out{std::vector<int>(cells, 0), std::vector<int>(cells, 0)};
    if (arcs.empty()) return out;  // no relation: every chain is the cell alone
    // A compressed sparse row graph: a few flat arrays, where the adjacency list of find_cycle
    // allocates an edge vector per cell (that was half of this function's instructions).
    using Csr = boost::compressed_sparse_row_graph<boost::directedS>;
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    edges.reserve(arcs.size());
    for (const Relation& r : arcs) edges.emplace_back(static_cast<std::size_t>(r.lo), static_cast<std::size_t>(r.hi));
    const Csr g(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), static_cast<std::size_t>(cells));
    using Vertex = boost::graph_traits<Csr>::vertex_descriptor;
    std::vector<Vertex> order;  // reverse topological order
    order.reserve(static_cast<std::size_t>(cells));
    try {
        boost::topological_sort(g, std::back_inserter(order));
    } catch (const boost::not_a_dag&) {
        return std::nullopt;
    }
    for (Vertex u : order) {  // successors first: longest path upward
        for (auto [e, end] = boost::out_edges(u, g); e != end; ++e)
            out.above[u] = std::max(out.above[u], out.above[boost::target(*e, g)] + 1);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {  // predecessors first
        for (auto [e, end] = boost::out_edges(*it, g); e != end; ++e) {
            const auto t = boost::target(*e, g);
            out.below[t] = std::max(out.below[t], out.below[*it] + 1);
        }
    }
    return out;
}

}  // namespace futolab
