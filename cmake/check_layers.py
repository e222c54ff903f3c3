#!/usr/bin/env python3
"""Fails the build when an #include goes up the layers or two folders include each other.

Usage: check_layers.py --root SRC LAYER=BELOW,BELOW ...

The layer graph is the one the top-level CMakeLists.txt declares with futolab_layer (each
layer is a top-level folder, BELOW the layers it may use; the build links the same graph).
Two rules, over every .hpp/.cpp/.inc of every layer's folder:

1. A file of layer L includes a project header ("dir/…") only from L itself or from a layer
   L may use (those BELOW it, and theirs, transitively).
2. The folders and sub-folders (a file's unit is the folder it sits in) form no cycle: if
   a file of A includes one of B, no chain of includes leads from B back to A. This is what
   keeps a layer's parts in order inside one library (critical/exact/ over critical/oracle/,
   solvers/registry/ over the backends over solvers/).

Each violation is printed as `file:line: …` (the format compilers use, so editors jump to
it); the exit status is 1 if there is any, 2 on bad arguments.
"""

import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SOURCE_SUFFIXES = (".hpp", ".cpp", ".inc", ".h")


def parse_graph(entries):
    """{layer: set of layers it may include}, closed transitively."""
    below = {}
    for entry in entries:
        name, sep, rest = entry.partition("=")
        if not sep or not name:
            raise ValueError(f"layer '{entry}' is not NAME=BELOW,BELOW")
        below[name] = {b for b in rest.split(",") if b}
    for name, deps in below.items():
        for d in deps:
            if d not in below:
                raise ValueError(f"layer '{name}' names '{d}', which is not a layer")
    closed = {}

    def close(name, path):
        if name in closed:
            return closed[name]
        if name in path:
            raise ValueError("the layers form a cycle: " + " -> ".join(path + [name]))
        out = set()
        for d in below[name]:
            out |= {d} | close(d, path + [name])
        closed[name] = out
        return out

    for name in below:
        close(name, [])
    return closed


def project_includes(root, path, top_folders):
    """(line number, included path relative to root) of every project #include of path."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            included = m.group(1)
            # As the compiler looks for a quoted include: beside the including file first
            # ("rules.inc", "../x.hpp"), then from the source root (-I root).
            beside = os.path.normpath(os.path.join(os.path.dirname(path), included))
            if os.path.exists(beside) or "/" not in included:
                included = os.path.relpath(beside, root)
            else:
                included = os.path.normpath(included)
            if included.split("/")[0] in top_folders:
                out.append((number, included))
    return out


def sources(root, layers):
    for layer in sorted(layers):
        for folder, _, files in os.walk(os.path.join(root, layer)):
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.join(folder, name)


def find_cycle(edges):
    """One cycle of the unit graph as a list of units (first == last), or None."""
    state, stack = {}, []

    def visit(u):
        state[u] = "open"
        stack.append(u)
        for v in sorted(edges.get(u, ())):
            if state.get(v) == "open":
                return stack[stack.index(v):] + [v]
            if v not in state:
                found = visit(v)
                if found:
                    return found
        stack.pop()
        state[u] = "done"
        return None

    for u in sorted(edges):
        if u not in state:
            found = visit(u)
            if found:
                return found
    return None


def check(root, graph):
    """The violations, as printed lines."""
    problems = []
    edges, where = {}, {}
    for path in sources(root, graph):
        rel = os.path.relpath(path, root)
        layer, unit = rel.split("/")[0], os.path.dirname(rel)
        for number, included in project_includes(root, path, graph):
            target_layer, target_unit = included.split("/")[0], os.path.dirname(included)
            if target_layer != layer and target_layer not in graph[layer]:
                allowed = ", ".join(sorted(graph[layer])) or "no other layer"
                problems.append(f"{rel}:{number}: includes {included}: layer {layer} may include {allowed} "
                                f"(futolab_layer in CMakeLists.txt)")
            if target_unit != unit:
                edges.setdefault(unit, set()).add(target_unit)
                where.setdefault((unit, target_unit), f"{rel}:{number}")
    cycle = find_cycle(edges)
    if cycle:
        steps = [f"{a}/ -> {b}/ ({where[(a, b)]})" for a, b in zip(cycle, cycle[1:])]
        problems.append(f"{where[(cycle[0], cycle[1])]}: folders include each other: " + "; ".join(steps))
    return problems


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="the source folder")
    parser.add_argument("layers", nargs="+", help="LAYER=BELOW,BELOW (one per layer)")
    args = parser.parse_args(argv)
    try:
        graph = parse_graph(args.layers)
    except ValueError as e:
        print(f"check_layers.py: {e}", file=sys.stderr)
        return 2
    problems = check(args.root, graph)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
