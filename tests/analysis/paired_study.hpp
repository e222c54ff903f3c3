// The study the report tests render: paired.csv by spec, nodes, against backtracking, with the
// per-instance table.
#pragma once

#include "analysis/study.hpp"
#include "data.hpp"

namespace futolab::test {

inline Study paired_study() {
    StudyRequest request;
    request.inputs = {analysis_csv("paired.csv")};
    request.by = {"spec"};
    request.metrics = {"nodes"};
    request.baseline = "backtracking";
    request.instances = true;
    return run_study(request);
}

}  // namespace futolab::test
