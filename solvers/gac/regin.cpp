#include "solvers/gac/regin.hpp"

#include <algorithm>

namespace futolab::gac {
namespace {

// Breadth-first search for an augmenting path from the unmatched variable `root`: values are
// visited once each (a word of seen values), each matched value leads to its variable. On
// reaching a free value, flips the path. `matched` is the word of matched values.
bool augment(std::span<const Dom> d, Matching& m, int root, Dom& matched) {
    // Not zero-initialised: only entries written in this call are read (this runs at every node).
    std::array<std::int8_t, 64> queue, reached_from;  // reached_from[value] = variable
    int head = 0, tail = 0;
    queue[tail++] = static_cast<std::int8_t>(root);
    Dom seen = 0;
    while (head < tail) {
        int x = queue[head++];
        const Dom fresh = d[x] & ~seen;
        if (const Dom free = fresh & ~matched; free != 0) {
            int v = lowest(free);
            matched |= bit(v);
            for (;;) {  // x takes v; its old value passes to the variable it was reached from
                const int old = m.value_of[x];
                m.value_of[x] = static_cast<std::int8_t>(v);
                m.edge[x] = bit(v);
                m.var_of[v] = static_cast<std::int8_t>(x);
                if (x == root) return true;
                v = old;
                x = reached_from[old];
            }
        }
        seen |= fresh;
        for (Dom f = fresh; f != 0; f &= f - 1) {
            const int v = lowest(f);
            reached_from[v] = static_cast<std::int8_t>(x);
            queue[tail++] = m.var_of[v];
        }
    }
    return false;
}

// Augments every unmatched variable of `unmatched` (their stale edges already dropped).
// `matched` is the word of matched values, and gets the new ones.
bool augment_all(std::span<const Dom> d, Matching& m, std::uint64_t unmatched, Dom& matched) {
    for (; unmatched != 0; unmatched &= unmatched - 1)
        if (!augment(d, m, lowest(unmatched), matched)) return false;
    return true;
}

// Even alternating paths from free values, as a closure: a value is "reachable" if it is free
// or matched to a variable whose domain holds a reachable value (that variable can move onto
// it and hand its own value on). Returns the reachable values; `vars` gets their variables.
Dom reach_from_free(std::span<const Dom> d, const Matching& m, Dom free, std::uint64_t& vars) {
    Dom reach = free;
    vars = 0;
    for (bool grew = reach != 0; grew;) {
        grew = false;
        for (int x = 0; x < static_cast<int>(d.size()); ++x)
            if (!has(vars, x) && (d[x] & reach) != 0) {
                vars |= bit(x);
                reach |= bit(m.value_of[x]);
                grew = true;
            }
    }
    return reach;
}

// Tarjan's strongly connected components over nodes named by matched values: node u stands
// for the variable var_of[u]; its successors are the other nodes in that variable's domain.
// Iterative (explicit frames) so that nothing depends on the call stack. Fills comp[u] with
// the word of u's component for every u in `nodes`.
class Components {
public:
    Components(std::span<const Dom> d, const Matching& m, Dom nodes) : d_(d), m_(m), nodes_(nodes) {}

    void run(std::array<Dom, 64>& comp) {
        for (Dom todo = nodes_; todo != 0; todo = nodes_ & ~visited_) {
            open(lowest(todo));
            while (top_ > 0) step(comp);
        }
    }

private:
    struct Frame {
        int node;
        Dom rest;  // successors not yet looked at
    };

    void open(int u) {
        index_[u] = low_[u] = counter_++;
        visited_ |= bit(u);
        on_stack_ |= bit(u);
        stack_[sp_++] = static_cast<std::int8_t>(u);
        frames_[top_++] = {u, d_[m_.var_of[u]] & nodes_ & ~bit(u)};
    }

    void step(std::array<Dom, 64>& comp) {
        Frame& f = frames_[top_ - 1];
        // Finished nodes (visited, off the stack) belong to other components: skip them.
        const Dom next = f.rest & (~visited_ | on_stack_);
        if (next != 0) {
            const int w = lowest(next);
            f.rest = next & (next - 1);
            if (has(visited_, w)) low_[f.node] = std::min(low_[f.node], index_[w]);
            else open(w);
            return;
        }
        const int u = f.node;
        --top_;
        if (low_[u] == index_[u]) close(u, comp);
        if (top_ > 0) low_[frames_[top_ - 1].node] = std::min(low_[frames_[top_ - 1].node], low_[u]);
    }

    void close(int u, std::array<Dom, 64>& comp) {
        Dom c = 0;
        int w;
        do {
            w = stack_[--sp_];
            c |= bit(w);
        } while (w != u);
        on_stack_ &= ~c;
        for (Dom rest = c; rest != 0; rest &= rest - 1) comp[lowest(rest)] = c;
    }

    std::span<const Dom> d_;
    const Matching& m_;
    Dom nodes_, visited_ = 0, on_stack_ = 0;
    // Not zero-initialised (runs at every node): an entry is read only after it is written.
    std::array<int, 64> index_, low_;
    std::array<std::int8_t, 64> stack_;
    std::array<Frame, 64> frames_;
    int counter_ = 0, sp_ = 0, top_ = 0;
};

// Whether the graph of Components (node u = a matched value, successors = the other nodes in
// the domain of u's variable) is one strongly connected component: everything reachable from
// one node and that node reachable from everything, by closures over words. O(|nodes|) words
// forward; backward one pass per level of the reverse breadth-first tree.
bool strongly_connected(std::span<const Dom> d, const Matching& m, Dom nodes) {
    const Dom start = nodes & (~nodes + 1);
    Dom forward = start;
    for (Dom frontier = start; frontier != 0;) {
        const int u = lowest(frontier);
        frontier &= frontier - 1;
        const Dom next = d[m.var_of[u]] & nodes & ~forward;
        forward |= next;
        frontier |= next;
    }
    if (forward != nodes) return false;
    Dom backward = start;
    for (bool grew = true; grew;) {
        grew = false;
        for (Dom rest = nodes & ~backward; rest != 0; rest &= rest - 1) {
            const int u = lowest(rest);
            if ((d[m.var_of[u]] & backward) != 0) {
                backward |= bit(u);
                grew = true;
            }
        }
    }
    return backward == nodes;
}

}  // namespace

bool regin_propagate(std::span<Dom> d, Matching& matching) { return regin_filter(d, matching) != Filtered::fail; }

Filtered regin_filter(std::span<Dom> d, Matching& m) {
    const int n = static_cast<int>(d.size());
    // One pass over the variables (this runs for every changed line at every node, and four
    // separate passes were a third of its instructions): all values, the values of singleton
    // variables and of open ones, and the matching's edges that are still in the domains —
    // those that left are dropped, their variables to be augmented below.
    Dom all = 0, fixed = 0, open_values = 0, matched = 0;
    std::uint64_t unmatched = 0;
    for (int x = 0; x < n; ++x) {
        const Dom dx = d[x];
        if (dx == 0) return Filtered::fail;
        all |= dx;
        if (is_singleton(dx)) fixed |= dx;
        else open_values |= dx;
        if (const Dom kept = dx & m.edge[x]; kept != 0) {  // its matched value is still there
            matched |= kept;
            continue;
        }
        if (const int v = m.value_of[x]; v >= 0) {
            m.var_of[v] = -1;
            m.value_of[x] = -1;
            m.edge[x] = 0;
        }
        unmatched |= bit(x);
    }
    if (!augment_all(d, m, unmatched, matched)) return Filtered::fail;
    std::uint64_t on_path = 0;  // variables reached from free values
    const Dom reach = reach_from_free(d, m, all & ~matched, on_path);
    // A variable off every free path keeps only values of its own component (its matched
    // value included); a variable on one keeps the reachable values (Régin's rule: an edge
    // into a value whose variable cannot reach a free value lies on no even path). Singleton
    // variables are trivial components: leaving them out of the graph removes their values
    // from every other domain, as the full graph would, at no cost.
    const Dom nodes = matched & ~reach & ~fixed;
    // The common case once a line is nearly GAC: no free value, every open domain inside the
    // graph, and the graph one component. Then every edge lies on an alternating cycle and
    // nothing is removed; two closures over words decide it at a fraction of Tarjan's cost.
    if (on_path == 0 && (open_values & ~nodes) == 0 && (nodes == 0 || strongly_connected(d, m, nodes)))
        return Filtered::unchanged;
    std::array<Dom, 64> comp;
    Components(d, m, nodes).run(comp);
    Dom cut = 0;  // the values some domain lost
    for (int x = 0; x < n; ++x) {
        const Dom keep = has(on_path, x) ? reach : is_singleton(d[x]) ? d[x] : comp[m.value_of[x]];
        cut |= d[x] & ~keep;
        d[x] &= keep;
    }
    return cut != 0 ? Filtered::narrowed : Filtered::unchanged;
}

}  // namespace futolab::gac
