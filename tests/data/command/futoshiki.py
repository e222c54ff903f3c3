#!/usr/bin/env python3
"""A plain backtracking Futoshiki solver, run by futolab's `command` backend (docs/solvers.md).

usage: futoshiki.py PUZZLE.futo COUNT [--lie=grid|unsat|count] [--hang=PIDFILE]
Reads futolab's grid text (.futo), prints up to COUNT solutions (0 = all) as
`SOLUTION r1/r2/...` lines, `UNSAT` if there is none, and `nodes=N` (values tried).
The options exist for futolab's tests: --lie answers wrongly on purpose; --hang starts
a child process, writes its pid to PIDFILE and never ends (a time limit must kill both).
"""
import subprocess, sys


def read_futo(path):
    rows = [l.split('#')[0].split() for l in open(path)]
    rows = [r for r in rows if r]
    n = (len(rows) + 1) // 2
    grid, less = [], []  # less: ((r1, c1), (r2, c2)) meaning value(r1, c1) < value(r2, c2)
    for r in range(n):
        cells = [t for t in rows[2 * r] if t not in '<>']
        grid.append([0 if t in '._0' else int(t) for t in cells])
        c = -1
        for t in rows[2 * r]:
            if t in '<>':
                a, b = (r, c), (r, c + 1)
                less.append((a, b) if t == '<' else (b, a))
            else:
                c += 1
        if r + 1 < n:
            for c, t in enumerate(rows[2 * r + 1]):
                if t in '^v':
                    a, b = (r, c), (r + 1, c)
                    less.append((a, b) if t == '^' else (b, a))
    return n, grid, less


def solve(n, grid, less, want):
    given = [row[:] for row in grid]
    square = [[0] * n for _ in range(n)]
    found, nodes = [], 0

    def fits(r, c, v):
        if given[r][c] and given[r][c] != v:
            return False
        if any(square[r][j] == v for j in range(c)) or any(square[i][c] == v for i in range(r)):
            return False
        value = lambda cell: v if cell == (r, c) else square[cell[0]][cell[1]]
        return all(value(a) < value(b) for a, b in less if value(a) and value(b) and (r, c) in (a, b))

    def search(cell):
        nonlocal nodes
        if cell == n * n:
            found.append([row[:] for row in square])
            return want != 0 and len(found) >= want
        r, c = divmod(cell, n)
        for v in range(1, n + 1):
            nodes += 1
            if fits(r, c, v):
                square[r][c] = v
                if search(cell + 1):
                    return True
                square[r][c] = 0
        return False

    search(0)
    return found, nodes


def main():
    path, want, opts = sys.argv[1], int(sys.argv[2]), dict(a[2:].split('=') for a in sys.argv[3:])
    if 'hang' in opts:
        child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])
        open(opts['hang'], 'w').write(str(child.pid))
        while True:
            pass
    found, nodes = solve(*read_futo(path), want)
    if opts.get('lie') == 'grid' and found:
        found[0][0][0], found[0][0][1] = found[0][0][1], found[0][0][0]
    if opts.get('lie') == 'unsat':
        found = []
    for square in found:
        print('SOLUTION ' + '/'.join(' '.join(map(str, row)) for row in square))
    if opts.get('lie') == 'count':
        print('COUNT %d' % (len(found) + 1))
    if not found:
        print('UNSAT')
    print('nodes=%d' % nodes)


main()
