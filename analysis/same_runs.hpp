// Two results CSVs that hold the same runs — a copy, or a shard beside the merge that contains
// it — make `compare` and `report --compare` compare runs with themselves: every ratio is 1
// and "no change" says nothing. Allowed (a check of the comparison itself), but said.
#pragma once

#include <string>
#include <vector>

namespace futolab {

// One warning per pair of inputs (not one file under two names, which compare notes itself)
// where every data row of one, measurements and all, is a row of the other under the same
// header. `labels` name the inputs in the warnings (one per input).
std::vector<std::string> same_runs_warnings(const std::vector<std::string>& inputs, const std::vector<std::string>& labels);

}  // namespace futolab
