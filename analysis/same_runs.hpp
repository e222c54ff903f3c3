// Two results CSVs that hold the same runs — a copy, or a shard beside the merge that contains
// it — make `compare` and `report --compare` compare runs with themselves: every ratio is 1
// and "no change" says nothing. Allowed (a check of the comparison itself), but said.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// One warning per pair of inputs (not one file under two names, which compare notes itself)
// where every data row of one, measurements and all, is a row of the other under the same
// header. `labels` name the inputs in the warnings (one per input); `effect` is what the
// command does with runs given twice ("they are compared with themselves").
std::vector<std::string> same_runs_warnings(const std::vector<std::string>& inputs, const std::vector<std::string>& labels,
                                            std::string_view effect = "compared with themselves");

// Why `inputs`, the replicate sweeps of one side (compare --replicates), are not separate sweeps,
// or "": two of them are one file, or one holds every run of another, measurements included (a
// copy, a shard beside its merge), or two share any run, measurements included, byte for byte (a
// copy resumed or edited: two sweeps never time a run alike to the nanosecond). Pooled, they count one sweep's runs twice, and the spread
// between replicates reads less than it is: 0 for a sweep given twice (red-team round 31, H3: the
// gate turned on and failed an A/A comparison).
std::string shared_replicates(const std::vector<std::string>& inputs);

// Two names of one file (the same path, a symbolic or a hard link: same device and inode; "-"
// twice, or "-" and the regular file standard input comes from).
bool one_file(const std::string& a, const std::string& b);

}  // namespace futolab
