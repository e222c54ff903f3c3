#!/bin/bash
# Runs a futolab experiment on a SLURM cluster: an N-task job array (one shard per task) and a
# merge job that starts once every shard succeeded.
#
#   experiments/slurm/submit.sh CONFIG N [OUTDIR]
#
# CONFIG and OUTDIR are relative to the working directory (FUTOLAB_WORKDIR, default: the
# current directory; instance paths inside a config are relative to the config file): submit
# from the repository root.
# OUTDIR (default: results/slurm/<config file stem>) receives the shard CSVs, the merged
# <stem>.csv and a logs/ folder; give each experiment its own OUTDIR.
#
# Environment (all optional):
#   FUTOLAB                 the futolab binary (default: futolab on PATH, else
#                           WORKDIR/build/{release,native,debug}/app/futolab, the first that
#                           exists: what the CMake presets build); it must be reachable at the same path
#                           from the compute nodes (a shared file system)
#   FUTOLAB_WORKDIR         the directory the jobs run in (default: the current directory)
#   FUTOLAB_CPUS_PER_TASK   CPUs (= futolab --jobs) per shard (default: 1)
#   FUTOLAB_ARRAY_LIMIT     at most this many shards at once (sbatch --array=0-(N-1)%LIMIT)
#   FUTOLAB_SBATCH_ARGS     extra sbatch options for both jobs, split on whitespace, e.g.
#                           "--partition=long --time=02:00:00 --account=lab"
#   SBATCH_*                sbatch's own input variables (SBATCH_PARTITION, SBATCH_TIMELIMIT,
#                           SBATCH_ACCOUNT, ...) apply to both jobs as usual
#
# Prints, on stdout, lines a script can eval: array_job=ID, merge_job=ID, out_dir=PATH.
# Exit 0 once both jobs are queued; non-zero with a message otherwise (if the merge job
# cannot be queued, the array is cancelled so that nothing runs without its merge).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() {
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
    exit 2
}
die() { echo "submit.sh: $*" >&2; exit 1; }

[[ $# -eq 2 || $# -eq 3 ]] || usage
config=$1 shards=$2
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "N must be a positive integer, not '$shards'"
# With N = 1 futolab writes <stem>.csv (no shard suffix), so there is nothing to merge:
# a single job is simpler, and `futolab run` needs no helper for it.
((shards >= 2)) || die "N must be at least 2 (for one shard, sbatch a plain 'futolab run CONFIG')"

workdir=$(cd "${FUTOLAB_WORKDIR:-.}" && pwd) || die "no working directory '${FUTOLAB_WORKDIR:-.}'"
cd "$workdir"
[[ -f $config ]] || die "no config '$config' in $workdir"
config_stem=$(basename "$config"); config_stem=${config_stem%.*}
outdir=${3:-results/slurm/$config_stem}

# Absolute paths: the jobs run later, with their own working directory set by --chdir.
if [[ -n ${FUTOLAB:-} ]]; then
    futolab=$FUTOLAB
elif command -v futolab > /dev/null; then
    futolab=$(command -v futolab)
else
    # What the CMake presets build (release first, the default of scripts/demo.sh and test.sh).
    futolab=$workdir/build/release/app/futolab
    for preset in release native debug; do
        if [[ -x $workdir/build/$preset/app/futolab ]]; then futolab=$workdir/build/$preset/app/futolab; break; fi
    done
fi
[[ $futolab == /* ]] || futolab=$workdir/$futolab
[[ -x $futolab ]] || die "futolab binary '$futolab' is not executable (set FUTOLAB)"

cpus=${FUTOLAB_CPUS_PER_TASK:-1}
[[ $cpus =~ ^[1-9][0-9]*$ ]] || die "FUTOLAB_CPUS_PER_TASK must be a positive integer, not '$cpus'"
# Array task I is futolab's shard I of N, counted from 0 as --shard counts: tasks 0..N-1.
array=0-$((shards - 1))
if [[ -n ${FUTOLAB_ARRAY_LIMIT:-} ]]; then
    [[ $FUTOLAB_ARRAY_LIMIT =~ ^[1-9][0-9]*$ ]] || die "FUTOLAB_ARRAY_LIMIT must be a positive integer"
    array+=%$FUTOLAB_ARRAY_LIMIT
fi
read -r -a extra <<< "${FUTOLAB_SBATCH_ARGS:-}"

# SLURM does not create the folders of --output, and a job whose log cannot be opened fails.
mkdir -p "$outdir/logs"
outdir=$(cd "$outdir" && pwd)

# --parsable prints "jobid" or "jobid;cluster".
array_job=$(sbatch --parsable "${extra[@]}" \
    --array="$array" --cpus-per-task="$cpus" --chdir="$workdir" \
    --job-name="futolab-$config_stem" --output="$outdir/logs/shard-%a.out" \
    "$here/shard.sbatch" "$futolab" "$config" "$shards" "$outdir") || die "sbatch of the shard array failed"
array_job=${array_job%%;*}

# afterok on the array's job id waits for every task of the array. --kill-on-invalid-dep:
# if a shard fails, the dependency can never be met; cancel the merge job instead of leaving
# it pending forever (the default unless the cluster sets kill_invalid_depend).
if ! merge_job=$(sbatch --parsable "${extra[@]}" \
    --dependency="afterok:$array_job" --kill-on-invalid-dep=yes --chdir="$workdir" \
    --job-name="futolab-$config_stem-merge" --output="$outdir/logs/merge.out" \
    "$here/merge.sbatch" "$futolab" "$shards" "$outdir"); then
    scancel "$array_job" || true
    die "sbatch of the merge job failed; cancelled the shard array $array_job"
fi
merge_job=${merge_job%%;*}

echo "submitted $config as $shards shards (array job $array_job, $cpus CPUs each) and its merge" \
     "(job $merge_job); results and logs in $outdir" >&2
printf 'array_job=%s\nmerge_job=%s\nout_dir=%q\n' "$array_job" "$merge_job" "$outdir"
