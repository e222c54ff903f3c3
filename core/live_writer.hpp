// Who writes a file now (issue #45, round 9): `futolab run`, `merge` and the record streams of
// `generate` and `critical` hold an flock on `<folder>/.<name>.lock` while they write `<name>`
// (records/output_lock.hpp). Every other writer asks here before it replaces or writes a file:
// a report, a convert or a certificate renamed over a file a live generate was filling sent
// that generate's later records to an unlinked inode, and one renamed over the lock file
// itself switched the lock off (a second run then wrote every row twice). So an output that
// another live futolab holds locked, or whose name is a lock file's, is refused — with
// --force too. The check takes a shared flock for an instant and never creates anything.
#pragma once

#include <string>
#include <vector>

namespace futolab {

// The files a run writes beside its results CSV `csv`, under the CSV's lock: its sidecar
// (`csv.meta.yaml`), column schema (`csv.schema.json`) and exported outputs (`<stem>.jsonl`;
// `<stem>.outputs.jsonl` for a CSV itself named .jsonl), in that order. records/sidecar.hpp,
// table_schema.hpp and outputs.hpp name them so.
std::vector<std::string> companions_of(const std::string& csv);
// The third of them: "a/b.csv" -> "a/b.jsonl", "a/b.jsonl" -> "a/b.outputs.jsonl"; a shard's
// tag is no extension: "a/b.shard-0-of-2" (a shard of `output: a/b`) -> "a/b.shard-0-of-2.jsonl".
std::string outputs_file_of(const std::string& csv);

// The results files (CSVs) in the folder of `outputs` whose exported outputs (outputs_file_of)
// `outputs` is, as the folder's names give them: each file there, or a lock file's `.NAME.lock`
// (a run's CSV before its first row), named by the export's stem and anything after it
// (`r.txt`, `r`, `r.shard-0-of-2`, `r.jsonl` for `r.outputs.jsonl`); none for a name not ending in
// `.jsonl`. A CSV may be named anything (`output: r.txt` exports `r.jsonl`), so no rule on the
// export's name alone finds it (red-team round 26, A F6).
std::vector<std::string> results_files_exporting(const std::string& outputs);

// `<folder>/.<name>.lock` for the output file `<folder>/<name>`.
std::string lock_path(const std::string& output_file);
// The output file whose lock (lock_path) is the lock of the folder `dir` a command writes its
// files in (analyze --tables and --plots, convert --out DIR/): `DIR/futolab-folder`, its lock
// `DIR/.futolab-folder.lock`. Inside the folder, not beside it: the folder is written anyway,
// its parent need not be (`--tables .` in a home folder). lock_problem refuses every file in a
// folder another futolab holds so.
std::string folder_lock_stand_in(const std::string& dir);
// The pid the holder of the lock open at `fd` wrote into it ("?" if it has not yet, or wrote
// nothing).
std::string holder_of(int fd);
// True if `path`'s file name has a lock file's shape, `.<name>.lock`.
bool is_lock_name(const std::string& path);
// Why no writer may write `path` ("" if it may): its name is a lock file's, or another live
// process holds its lock ("another futolab (pid N) is writing it: …", a holder that is no live
// futolab named as core/lock_holder.hpp names it) or the lock of the
// results CSV it belongs to (`k.csv.meta.yaml`, `k.csv.schema.json`, `k.jsonl` of `k.csv`, of
// `k` or of any `k.EXT` (results_files_exporting); `x.txt`, the --out of a critical search whose
// CSV is `x.txt.csv`: "… is writing k.csv: …"), or the lock of its folder
// (folder_lock_stand_in: "… is writing into the folder DIR: …"). This process's own
// lock (a merge writing its CSV, a redo rewriting its results) is no obstacle. A regular file
// whose identity lock (below) another process holds is refused too, whatever its name.
// (Also the running executable's problem, below: lock_problem is what every output is asked
// before any work, and what a whole-file write asks again just before its rename.)
std::string lock_problem(const std::string& path);

// The pid another process that holds the lock of `output_file` (lock_path) wrote into it ("?" if
// it has not yet), "" if no other process holds it (this one's own lock is none).
std::string other_writer_of(const std::string& output_file);

// Why the few-relations shard file `path` (`DIR/nN-kK-shard-III-of-SSS.yaml`, as
// critical/zero_given/few_relations_shards.hpp names it) is another process's, "" if it is not:
// a whole count of it runs in DIR, holding its table's lock (`DIR/nN-kK-of-SSS.table.md`) from its
// start, and with it every shard file of the count, not only the one it counts now (red-team round
// 26, A F7: generate, convert and a count of one shard alone wrote later shard files meanwhile, and
// the count then made that shard an error row). One lock for them all, however many (up to 10^6:
// a lock file per shard held open would pass the descriptors a process may have open). "is a shard
// file of the few-relations count another futolab (pid N) runs in this folder (it holds TABLE …)",
// for a message after "PATH: ", to which the caller adds its advice; lock_problem asks it.
std::string count_reservation(const std::string& path);

// Why `path` is no output because it is the running futolab executable by any name (the same
// device and inode as /proc/self/exe: a hard link, a symlink, /proc/self/exe itself, a binary
// named x.jsonl writing --out x.jsonl), "" if it is not: "is the running futolab executable
// (PATH): refusing to write over it, --force or not (use another file)".
std::string running_executable_problem(const std::string& path);

// Identity locks (red-team round 11, F13): a name's lock file does not follow its data file. A
// record stream's file renamed (`mv g.jsonl h.jsonl`) or given a second name (`ln`) while its
// generate ran was locked under the old name only, and `generate --out h.jsonl --force` wrote
// into the same inode (NUL bytes between the two streams' records). So a stream writer also
// holds an flock on the data file itself: on a new open file description of the file open at
// `fd` (one shared with the shell or a sibling is not touched), kept until release. Returns that
// descriptor, or -1 if the file cannot be opened again for it (the name's lock still holds).
// Throws InputError "NAME: another futolab is writing this file …" if another process holds it.
int lock_identity(int fd, const std::string& name);
// Releases what lock_identity took (and closes `lock_fd`); -1 is ignored.
void release_identity(int lock_fd);

// Why this process's standard output or error (STDOUT_FILENO, STDERR_FILENO) must not be
// written ("" if it may): it is a regular file another live futolab holds locked, under its name
// or its identity (`run b.yaml >> out/k.csv` during k's run, `2>> g.jsonl` during a generate),
// a live results CSV's companion, or a file named as a lock (`2>> out/.k.csv.lock`). Asked at
// the start of every command, before anything is printed (round 11, F5 and F8).
std::string stream_problem(int stream);

}  // namespace futolab
