// `futolab merge`: joins the shard CSVs of one experiment into one CSV in run-matrix order,
// after checking that every shard comes from the same config (the config hash in each
// metadata sidecar), and reports missing and duplicate runs.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace futolab {

struct MergeReport {
    std::size_t rows = 0;        // rows written
    std::size_t expected = 0;    // runs in the experiment's matrix
    std::vector<std::size_t> missing;    // run indices absent from every shard
    std::vector<std::size_t> duplicates; // run indices found more than once (first kept)
};

// Throws InputError if the inputs do not belong together.
MergeReport merge_results(const std::vector<std::string>& inputs, const std::string& out);

}  // namespace futolab
