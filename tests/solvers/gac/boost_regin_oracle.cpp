#include "boost_regin_oracle.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <boost/graph/strong_components.hpp>

namespace futolab::gac::test {
namespace {

using Undirected = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
using Directed = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
using Vertex = boost::graph_traits<Undirected>::vertex_descriptor;

bool in(std::uint64_t d, int v) { return (d >> v) & 1; }

// Vertices: variables 0..m−1, then values m..m+num_values−1.
std::vector<Vertex> max_matching(const std::vector<std::uint64_t>& domains, int num_values) {
    const int m = static_cast<int>(domains.size());
    Undirected g(static_cast<std::size_t>(m + num_values));
    for (int x = 0; x < m; ++x)
        for (int v = 0; v < num_values; ++v)
            if (in(domains[x], v)) boost::add_edge(x, m + v, g);
    std::vector<Vertex> mate(boost::num_vertices(g));
    boost::edmonds_maximum_cardinality_matching(g, &mate[0]);
    return mate;
}

Directed residual(const std::vector<std::uint64_t>& domains, int num_values, const std::vector<Vertex>& mate) {
    const int m = static_cast<int>(domains.size());
    Directed g(static_cast<std::size_t>(m + num_values));
    for (int x = 0; x < m; ++x)
        for (int v = 0; v < num_values; ++v) {
            if (!in(domains[x], v)) continue;
            if (mate[x] == static_cast<Vertex>(m + v)) boost::add_edge(x, m + v, g);
            else boost::add_edge(m + v, x, g);
        }
    return g;
}

// Vertices reachable from the free values.
std::vector<bool> reachable_from_free(const Directed& g, int m, const std::vector<Vertex>& mate) {
    const auto null = boost::graph_traits<Undirected>::null_vertex();
    std::vector<boost::default_color_type> color(boost::num_vertices(g), boost::white_color);
    auto color_map = boost::make_iterator_property_map(color.begin(), boost::get(boost::vertex_index, g));
    for (std::size_t v = static_cast<std::size_t>(m); v < boost::num_vertices(g); ++v)
        if (mate[v] == null && color[v] == boost::white_color)
            boost::breadth_first_visit(g, v, boost::color_map(color_map));
    std::vector<bool> reached(color.size());
    for (std::size_t v = 0; v < color.size(); ++v) reached[v] = color[v] != boost::white_color;
    return reached;
}

}  // namespace

std::optional<std::vector<std::uint64_t>> boost_regin(const std::vector<std::uint64_t>& domains, int num_values) {
    const int m = static_cast<int>(domains.size());
    const std::vector<Vertex> mate = max_matching(domains, num_values);
    const auto null = boost::graph_traits<Undirected>::null_vertex();
    for (int x = 0; x < m; ++x)
        if (mate[x] == null) return std::nullopt;
    const Directed g = residual(domains, num_values, mate);
    std::vector<int> comp(boost::num_vertices(g));
    boost::strong_components(g, boost::make_iterator_property_map(comp.begin(), boost::get(boost::vertex_index, g)));
    const std::vector<bool> reached = reachable_from_free(g, m, mate);
    std::vector<std::uint64_t> out(domains.size(), 0);
    for (int x = 0; x < m; ++x)
        for (int v = 0; v < num_values; ++v) {
            const bool keep = in(domains[x], v) && (mate[x] == static_cast<Vertex>(m + v) ||
                                                    comp[x] == comp[m + v] || reached[m + v]);
            if (keep) out[x] |= std::uint64_t{1} << v;
        }
    return out;
}

}  // namespace futolab::gac::test
