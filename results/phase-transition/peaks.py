"""The peak table of REPORT.md from phase-transition.csv: per relation density and n, the
givens bin (h/n^2, bins of 0.05) with the highest median number of fails for fc and gac, the
FC runs capped by the node limit, and the interpolated fraction of givens at which half of
the decided gac runs are unique. Usage: python3 peaks.py [phase-transition.csv]"""
import collections
import csv
import statistics as st
import sys

path = sys.argv[1] if len(sys.argv) > 1 else 'phase-transition.csv'
groups = collections.defaultdict(list)
for r in csv.DictReader(open(path)):
    n = int(r['n'])
    b = round(round(int(r['h']) / n / n / 0.05) * 0.05, 2)
    groups[(r['solver'], r['k'] != '0', n, b)].append(r)


def peak(solver, rel, n, metric):
    bins = sorted(b for (s, rl, nn, b) in groups if (s, rl, nn) == (solver, rel, n) and len(groups[(s, rl, nn, b)]) >= 5)
    med = {b: st.median(int(r[metric]) for r in groups[(solver, rel, n, b)]) for b in bins}
    top = [b for b in bins if med[b] == max(med.values())]
    return (f'{top[0]:.2f}' if len(top) == 1 else f'{top[0]:.2f}–{top[-1]:.2f}'), max(med.values())


def crossing(rel, n):
    unique = {}
    for (s, rl, nn, b), rows in groups.items():
        decided = [r for r in rows if r['status'] in ('unique', 'multiple', 'unsat')]
        if (s, rl, nn) == ('gac', rel, n) and len(decided) >= 5:
            unique[b] = sum(r['status'] == 'unique' for r in decided) / len(decided)
    bins = sorted(unique)
    for a, b in zip(bins, bins[1:]):
        if unique[a] < 0.5 <= unique[b]:
            return a + (0.5 - unique[a]) / (unique[b] - unique[a]) * (b - a)
    return float('nan')


for rel in (False, True):
    print('\n**' + ('With relations (q = 0.1)' if rel else 'Without relations (q = 0)') + '**\n')
    print('| n | FC: bin of the highest median fails | FC median fails there | FC runs capped at 10⁶ nodes |'
          ' GAC: bin of the highest median fails | GAC median fails there | GAC max fails |'
          ' 50 % unique at h/n² (GAC, interpolated) |')
    print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for n in sorted({k[2] for k in groups}):
        fw, fm = peak('fc', rel, n, 'fails')
        gw, gm = peak('gac', rel, n, 'fails')
        capped = sum(r['status'] == 'node_limit' for k, v in groups.items() if k[:3] == ('fc', rel, n) for r in v)
        gmax = max(int(r['fails']) for k, v in groups.items() if k[:3] == ('gac', rel, n) for r in v)
        print(f'| {n} | {fw} | {fm:.0f} | {capped} | {gw} | {gm:.0f} | {gmax} | {crossing(rel, n):.2f} |')
print('\n(A range means the median is the same in every bin of it — e.g. 0 fails everywhere.)')
