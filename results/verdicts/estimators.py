#!/usr/bin/env python3
"""How well each estimator of the variation of compare's log ratio predicts what the study saw
(REPORT.md, "What decided the design"). For each comparison of a part of the study (aa,
power: the builds of one A/B sweep; runs: pairs of separate sweeps) L is the mean over paired
instances of the difference of log medians (what compare's ratio is the exponential of); the
empirical standard deviation of L over the comparisons is set beside the mean of what each
estimator predicts from one comparison's data: the instance bootstrap (compare's interval),
the variance of per-session mean residuals, the jackknife over each side's sessions (compare
across sweeps), a cluster bootstrap, a two-stage bootstrap and, within one sweep, the jackknife
over the shared sessions.

    python3 results/verdicts/estimators.py aa|power|runs [SCRATCH]   (SCRATCH: study.sh's, /tmp/futolab-verdicts)
"""
import csv, statistics, math, sys, random, glob, os
random.seed(1)
S = sys.argv[2] if len(sys.argv) > 2 else "/tmp/futolab-verdicts"
def load(path, build, spec):
    d={}
    for r in csv.DictReader(open(path)):
        if r["status"] not in ("unique","multiple","unsat") or r["spec"]!=spec: continue
        if build and r["build"].split("@")[0]!=build: continue
        d.setdefault(r["instance_hash"],[]).append((r["session"], math.log(int(r["wall_ns"]))))
    return d
def meds(side, keep=None):
    out={}
    for k,runs in side.items():
        vals=[v for c,v in runs for _ in range(keep.get(c,0))] if keep is not None else [v for c,v in runs]
        if vals: out[k]=statistics.median(vals)
    return out
def L(b,n):
    ks=[k for k in b if k in n]; return sum(n[k]-b[k] for k in ks)/len(ks)
def clusters(side): return sorted({c for runs in side.values() for c,v in runs})
def jk(side, other, is_base):
    est=[]
    for c in clusters(side):
        keep={x:1 for x in clusters(side) if x!=c}
        m=meds(side,keep); est.append(L(m,other) if is_base else L(other,m))
    k=len(est); mu=sum(est)/k; return (k-1)/k*sum((e-mu)**2 for e in est)
def meanres(side):
    m=meds(side); off={}
    for k,runs in side.items():
        for c,v in runs: off.setdefault(c,[]).append(v-m[k])
    o=[statistics.mean(v) for v in off.values()]
    noise=[statistics.variance(v)/len(v) for v in off.values() if len(v)>1]
    return max(0, statistics.variance(o)-statistics.mean(noise))/len(o)
def boot(b,n,B=60,instances=False):
    cb,cn=clusters(b),clusters(n); est=[]
    for _ in range(B):
        kb={};kn={}
        for _ in cb: c=random.choice(cb); kb[c]=kb.get(c,0)+1
        for _ in cn: c=random.choice(cn); kn[c]=kn.get(c,0)+1
        mb,mn=meds(b,kb),meds(n,kn)
        if instances:
            ks=[k for k in mb if k in mn]; ks=[random.choice(ks) for _ in ks]
            est.append(sum(mn[k]-mb[k] for k in ks)/len(ks))
        else: est.append(L(mb,mn))
    return statistics.variance(est)
def instboot(mb,mn,B=200):
    ks=[k for k in mb if k in mn]; d=[mn[k]-mb[k] for k in ks]; est=[]
    for _ in range(B):
        s=[random.choice(d) for _ in d]; est.append(sum(s)/len(s))
    return statistics.variance(est)
def pairs(part):
    if part in ("aa","power"):
        bb,nb=("a","b") if part=="aa" else ("base","planted")
        for p in sorted(glob.glob(f"{S}/{part}-*/verdicts.csv")): yield (p,bb),(p,nb)
    else:
        n=len(glob.glob(f"{S}/run-*/verdicts.csv"))
        for i in range(1,n//2+1): yield (f"{S}/run-{2*i-1}/verdicts.csv",None),(f"{S}/run-{2*i}/verdicts.csv",None)
part=sys.argv[1]
for spec in ([] if os.environ.get("ONLY_PJK") else ["gac","fc"]):
    Ls=[];sj=[];sm=[];sb=[];si=[];sbi=[]
    for (pb,bb),(pn,nb) in pairs(part):
        b=load(pb,bb,spec); n=load(pn,nb,spec)
        mb,mn=meds(b),meds(n)
        Ls.append(L(mb,mn))
        sj.append(math.sqrt(jk(b,mn,True)+jk(n,mb,False)))
        sm.append(math.sqrt(meanres(b)+meanres(n)))
        sb.append(math.sqrt(boot(b,n)))
        si.append(math.sqrt(instboot(mb,mn)))
        sbi.append(math.sqrt(boot(b,n,instances=True)))
    print(f"{part} {spec}: n={len(Ls)} mean L {statistics.mean(Ls):+.4f} EMPIRICAL sd {statistics.stdev(Ls):.4f} | predicted: instances {statistics.mean(si):.4f}, meanres {statistics.mean(sm):.4f} (total {math.sqrt(statistics.mean(si)**2+statistics.mean(sm)**2):.4f}), jackknife {statistics.mean(sj):.4f} (total {math.sqrt(statistics.mean(si)**2+statistics.mean(sj)**2):.4f}), clusterboot {statistics.mean(sb):.4f} (total {math.sqrt(statistics.mean(si)**2+statistics.mean(sb)**2):.4f}), two-stage boot {statistics.mean(sbi):.4f}")

def pjk(b,n):
    cl=sorted(set(clusters(b))|set(clusters(n))); est=[]
    for c in cl:
        keepb={x:1 for x in clusters(b) if x!=c}; keepn={x:1 for x in clusters(n) if x!=c}
        est.append(L(meds(b,keepb),meds(n,keepn)))
    k=len(est); mu=sum(est)/k; return (k-1)/k*sum((e-mu)**2 for e in est)
if part in ("aa","power"):
    for spec in ["gac","fc"]:
        Ls=[];sp=[]
        for (pb,bb),(pn,nb) in pairs(part):
            b=load(pb,bb,spec); n=load(pn,nb,spec)
            Ls.append(L(meds(b),meds(n))); sp.append(math.sqrt(pjk(b,n)))
        print(f"{part} {spec}: paired jackknife {statistics.mean(sp):.4f} vs empirical {statistics.stdev(Ls):.4f}")
