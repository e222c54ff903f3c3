#!/bin/bash
# Integration test of experiments/slurm/ on a real SLURM: a throw-away single-node cluster
# (munged + slurmctld + slurmd, all on this machine, all state in a temp dir) runs
# configs/slurm-smoke.yaml as a 4-shard job array plus its merge job, and the merged CSV must
# equal a single-process `futolab run` of the same config in every column but the time ones.
#
#   tests/integration/slurm.sh FUTOLAB_BINARY REPO_ROOT
#
# Needs root: it installs slurm-wlm and munge from Debian when they are missing, and the
# daemons run as root (SlurmUser=root). It starts its own daemons on free ports with their own
# munge socket, so a system SLURM or munge (if any) is neither used nor disturbed, and stops
# exactly the daemons it started (by PID), on success and on failure.
#
# Environment: FUTOLAB_SLURM_TIMEOUT   seconds to wait for the jobs (default 120)
#              FUTOLAB_SLURM_KEEP=1    keep the temp dir (it is always kept on failure)
# Exit: 0 passed; 1 failed (with the reason and the daemons' and jobs' log tails);
#       2 bad usage; 77 skipped (not root and SLURM not installed) - CTest's SKIP_RETURN_CODE.
set -euo pipefail

started=$SECONDS
say() { echo "slurm.sh: $*"; }
fail() { echo "slurm.sh: FAILED: $*" >&2; exit 1; }

if [[ $# -ne 2 ]]; then
    echo "usage: $0 FUTOLAB_BINARY REPO_ROOT" >&2
    exit 2
fi
futolab=$(realpath "$1") || fail "no futolab binary '$1'"
repo=$(realpath "$2") || fail "no repository root '$2'"
[[ -x $futolab ]] || fail "'$futolab' is not executable"
[[ -f $repo/configs/slurm-smoke.yaml && -f $repo/experiments/slurm/submit.sh ]] ||
    fail "'$repo' is not the futolab repository root (no configs/slurm-smoke.yaml)"
timeout=${FUTOLAB_SLURM_TIMEOUT:-120}
python=$(command -v python3) || fail "python3 is needed to compare the CSVs"

# --- packages ---------------------------------------------------------------------------
tools=(munged munge slurmctld slurmd sbatch squeue scontrol sinfo scancel)
missing() { local t; for t in "${tools[@]}"; do command -v "$t" > /dev/null || return 0; done; return 1; }
if missing; then
    if [[ $EUID -ne 0 ]]; then
        echo "slurm.sh: SKIPPED: slurm-wlm/munge are not installed and installing them needs root" >&2
        exit 77
    fi
    say "installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    # Try the package lists the machine has first; refresh them only if that fails (an old
    # list names package versions the mirror no longer has).
    apt-get install -y -q --no-install-recommends slurm-wlm munge > /tmp/futolab-slurm-apt.log 2>&1 ||
        { apt-get update -q >> /tmp/futolab-slurm-apt.log 2>&1 &&
          apt-get install -y -q --no-install-recommends slurm-wlm munge >> /tmp/futolab-slurm-apt.log 2>&1; } ||
        { tail -n 20 /tmp/futolab-slurm-apt.log >&2; fail "apt-get install slurm-wlm munge failed"; }
    missing && fail "slurm-wlm and munge are installed but one of ${tools[*]} is not on PATH"
    say "installed in $((SECONDS - started)) s"
fi
[[ $EUID -eq 0 ]] || { echo "slurm.sh: SKIPPED: the test cluster runs as root (SlurmUser=root)" >&2; exit 77; }

# --- the cluster's files --------------------------------------------------------------------
tmp=$(mktemp -d /tmp/futolab-slurm.XXXXXX)
# munged checks the permissions of every directory above its socket, and warns when the
# socket is not reachable by every user (the jobs run as root here, but keep it clean).
chmod 755 "$tmp"
mkdir -p "$tmp"/{munge,state,spool,log,single,out}
chmod 755 "$tmp/munge"
host=$(hostname -s)

munged_pid="" slurmctld_pid="" slurmd_pid=""
tail_logs() {
    local f
    for f in "$tmp"/log/*.log "$tmp"/munge/munged.log "$tmp"/out/logs/*.out; do
        [[ -s $f ]] || continue
        echo "----- last lines of $f" >&2
        tail -n 25 "$f" >&2
    done
}
stop_pid() { # NAME PID: TERM, wait up to 10 s, then KILL - only this PID.
    local name=$1 pid=$2 i
    [[ -n $pid ]] && kill -0 "$pid" 2> /dev/null || return 0
    kill -TERM "$pid" 2> /dev/null || true
    for ((i = 0; i < 100; i++)); do
        kill -0 "$pid" 2> /dev/null || return 0
        sleep 0.1
    done
    echo "slurm.sh: $name (pid $pid) ignored SIGTERM; killing it" >&2
    kill -KILL "$pid" 2> /dev/null || true
}
cleanup() {
    local rc=$? i
    trap - EXIT INT TERM
    if [[ $rc -ne 0 ]]; then
        if [[ -n $slurmctld_pid ]]; then scontrol show job -o >&2 2> /dev/null || true; fi
        tail_logs
    fi
    # Cancel what is left in the test cluster's queue first, so that slurmd's job steps end
    # with it; then the daemons, by the PIDs read from the pid files they wrote.
    if [[ -n $slurmctld_pid ]] && kill -0 "$slurmctld_pid" 2> /dev/null; then
        scancel --quiet "--user=$(id -un)" 2> /dev/null || true
        for ((i = 0; i < 50; i++)); do
            [[ -z $(squeue -h -o %i 2> /dev/null) ]] && break
            sleep 0.1
        done
    fi
    stop_pid slurmd "$slurmd_pid"
    stop_pid slurmctld "$slurmctld_pid"
    stop_pid munged "$munged_pid"
    if [[ $rc -eq 0 && ${FUTOLAB_SLURM_KEEP:-0} != 1 ]]; then
        rm -rf "$tmp"
    else
        echo "slurm.sh: the test cluster's files are kept in $tmp" >&2
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

wait_pidfile() { # NAME FILE: the daemon forked; its pid file appears once it is up.
    local i pid
    for ((i = 0; i < 100; i++)); do
        if [[ -s $2 ]]; then
            pid=$(< "$2")
            kill -0 "$pid" 2> /dev/null && { echo "$pid"; return 0; }
        fi
        sleep 0.1
    done
    echo "slurm.sh: $1 did not start (no live pid in $2)" >&2
    return 1
}

# --- munge ----------------------------------------------------------------------------------
# A fresh key of our own (not /etc/munge/munge.key): nothing outside this test trusts it.
# munged requires the key to be owned by its user and unreadable by others.
head -c 1024 /dev/urandom > "$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
socket=$tmp/munge/munge.socket
# --force: munged refuses to run as root without it (and would refuse a socket dir under
# /tmp whose ancestors it deems unsafe).
munged --force --key-file="$tmp/munge/munge.key" --socket="$socket" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
    --seed-file="$tmp/munge/munged.seed" || fail "munged did not start"
munged_pid=$(wait_pidfile munged "$tmp/munge/munged.pid") || fail "munged did not start"
munge -n -S "$socket" | unmunge -S "$socket" > /dev/null || fail "munge credentials do not round-trip"
say "munged up (pid $munged_pid)"

# --- slurm.conf -----------------------------------------------------------------------------
# Two free TCP ports, so that a system SLURM on the default 6817/6818 is left alone. (There is
# a tiny race between closing these sockets and the daemons binding them; fine for a test.)
read -r ctld_port slurmd_port < <("$python" -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')

conf=$tmp/slurm.conf
# NodeAddr/SlurmctldHost(addr) = 127.0.0.1: everything over loopback, whatever the host name
# resolves to. RealMemory is small because memory is not a consumable here (CR_Core), it only
# has to be <= the machine's. AuthInfo points slurm (auth and credentials) at our munged.
# MinJobAge keeps finished jobs visible to scontrol while we poll (no accounting database,
# so sacct cannot be used).
cat > "$conf" << EOF
ClusterName=futolab-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=600
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=256 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
# Nothing from the caller's environment may redirect our jobs: sbatch reads SBATCH_* (e.g. a
# partition this cluster lacks), and SLURM_* would be set if this test itself ran in a job.
for v in $(compgen -v SBATCH_) $(compgen -v SLURM_) FUTOLAB_SBATCH_ARGS FUTOLAB_ARRAY_LIMIT; do unset "$v"; done
# Every SLURM command below (and submit.sh's sbatch) reads this cluster's config.
export SLURM_CONF=$conf

# --- daemons --------------------------------------------------------------------------------
# Both daemonize; -i: ignore any saved state (there is none: a fresh StateSaveLocation).
slurmctld -f "$conf" -i || fail "slurmctld did not start"
slurmctld_pid=$(wait_pidfile slurmctld "$tmp/slurmctld.pid") || fail "slurmctld did not start"
# -N: the node name, in case `hostname -s` and the name slurmd would infer differ.
slurmd -f "$conf" -N "$host" || fail "slurmd did not start"
slurmd_pid=$(wait_pidfile slurmd "$tmp/slurmd.pid") || fail "slurmd did not start"
say "slurmctld (pid $slurmctld_pid, port $ctld_port) and slurmd (pid $slurmd_pid, port $slurmd_port) up"

# --- the reference: one process, same config --------------------------------------------------
# While the node registers. Only a node limit in the config, so the rows do not depend on
# timing or on how the runs are split.
(cd "$repo" && "$futolab" run configs/slurm-smoke.yaml --out "$tmp/single" --quiet > "$tmp/log/single.log" 2>&1) ||
    { cat "$tmp/log/single.log" >&2; fail "the single-process futolab run failed"; }

state=
for ((i = 0; i < 300; i++)); do
    state=$(sinfo -h -n "$host" -o %T 2> /dev/null || true)
    [[ $state == idle ]] && break
    sleep 0.2
done
[[ $state == idle ]] || fail "node $host is not idle after 60 s (state '${state:-no answer from slurmctld}')"
say "node $host idle after $((SECONDS - started)) s"

# --- submit and wait --------------------------------------------------------------------------
# One CPU per shard: with 2 cores two shards run at once and the array queues the rest, which
# is what a real cluster does too.
submitted=$(FUTOLAB="$futolab" FUTOLAB_WORKDIR="$repo" FUTOLAB_CPUS_PER_TASK=1 \
    bash "$repo/experiments/slurm/submit.sh" configs/slurm-smoke.yaml 4 "$tmp/out") ||
    fail "experiments/slurm/submit.sh failed"
eval "$submitted"
[[ -n ${array_job:-} && -n ${merge_job:-} ]] || fail "submit.sh printed no job ids: $submitted"
say "submitted: array job $array_job, merge job $merge_job"

job_state() { # the JobState of one job id, empty once slurmctld forgot it
    { scontrol show job -o "$1" 2> /dev/null || true; } | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2 || true
}
deadline=$((SECONDS + timeout))
while :; do
    mstate=$(job_state "$merge_job")
    case $mstate in
        COMPLETED) break ;;
        PENDING | RUNNING | CONFIGURING | COMPLETING | REQUEUED | RESIZING | SUSPENDED) ;;
        *) fail "merge job $merge_job ended as '${mstate:-unknown}' (a shard failed, or the merge did)" ;;
    esac
    ((SECONDS < deadline)) || fail "the jobs did not finish within $timeout s (merge job $mstate)"
    sleep 0.5
done
say "array and merge done after $((SECONDS - started)) s"

# Every array task must have completed with exit 0 (afterok already implies it; say which if not).
if bad=$(scontrol show job -o "$array_job" | grep -v 'JobState=COMPLETED.*ExitCode=0:0'); then
    fail "array tasks that did not complete: $bad"
fi

# The array is tasks 0..3, each its shard as it is (--shard counts from 0): task I wrote
# logs/shard-I.out and slurm-smoke.shard-I-of-4.csv; no task 4, no shard-4-of-4.
tasks=$(scontrol show job -o "$array_job" | grep -o 'ArrayTaskId=[0-9]*' | cut -d= -f2 | sort -n | tr '\n' ' ')
[[ $tasks == "0 1 2 3 " ]] || fail "the array's task ids are '$tasks', not 0 1 2 3"
for i in 0 1 2 3; do
    [[ -s $tmp/out/logs/shard-$i.out ]] || fail "array task $i left no log $tmp/out/logs/shard-$i.out"
    [[ -s $tmp/out/slurm-smoke.shard-$i-of-4.csv ]] || fail "array task $i wrote no slurm-smoke.shard-$i-of-4.csv"
done
[[ ! -e $tmp/out/slurm-smoke.shard-4-of-4.csv ]] || fail "a shard 4 of 4 was written (the array counts from 1?)"

# --- compare ----------------------------------------------------------------------------------
merged=$tmp/out/slurm-smoke.csv
single=$tmp/single/slurm-smoke.csv
[[ -s $merged ]] || fail "no merged CSV $merged"
[[ -s $single ]] || fail "no single-process CSV $single"
"$python" - "$merged" "$single" "$tmp"/out/slurm-smoke.shard-{0,1,2,3}-of-4.csv << 'EOF' || fail "the merged CSV differs from the single-process run"
import csv, sys

IGNORED = {"wall_ns", "cpu_ns", "max_rss_kb", "calibration_ns", "session"}  # the only columns allowed to differ: measurements (time, peak memory, the machine speed)

def load(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]

merged_path, single_path, *shards = sys.argv[1:]
mh, mrows = load(merged_path)
sh, srows = load(single_path)
if mh != sh:
    sys.exit(f"headers differ:\n  merged {mh}\n  single {sh}")
run = mh.index("run")
keep = [i for i, c in enumerate(mh) if c not in IGNORED]

def keyed(rows, what):
    out = {}
    for r in rows:
        if len(r) != len(mh):
            sys.exit(f"{what}: a row with {len(r)} fields, not {len(mh)}: {r}")
        if r[run] in out:
            sys.exit(f"{what}: run {r[run]} twice")
        out[r[run]] = [r[i] for i in keep]
    return out

m, s = keyed(mrows, "merged"), keyed(srows, "single")
if not s:
    sys.exit("the single-process run wrote no rows")
if m.keys() != s.keys():
    only_m = sorted(m.keys() - s.keys(), key=int)[:10]
    only_s = sorted(s.keys() - m.keys(), key=int)[:10]
    sys.exit(f"different runs: only merged {only_m}, only single {only_s}")
diffs = [k for k in sorted(m, key=int) if m[k] != s[k]]
for k in diffs[:10]:
    cols = [mh[i] for j, i in enumerate(keep) if m[k][j] != s[k][j]]
    print(f"run {k}: differs in {cols}\n  merged {m[k]}\n  single {s[k]}", file=sys.stderr)
if diffs:
    sys.exit(f"{len(diffs)} of {len(m)} runs differ")
# The merge is in run order, and each shard really held a part of the runs.
if [r[run] for r in mrows] != sorted((r[run] for r in mrows), key=int):
    sys.exit("the merged CSV is not in run order")
sizes = [len(load(p)[1]) for p in shards]
if sum(sizes) != len(m) or min(sizes) == 0:
    sys.exit(f"shard row counts {sizes} do not partition the {len(m)} runs")
print(f"slurm.sh: merged CSV == single-process CSV: {len(m)} runs, shards of {sizes} rows, "
      f"{len(keep)} of {len(mh)} columns compared")
EOF

say "PASSED in $((SECONDS - started)) s"
