// What `futolab critical --exact --n N` makes of the rows of its experiment (task exact, one run
// per symmetry class: experiments/exact_task.hpp): the search's result over all the classes of
// the run (every class of the order, or those of one --shard), as the search over all squares
// gave it before it ran as an experiment, so its records (critical/exact/exact_report.hpp
// exact_records) and --certificate are made from the CSV, also after --resume.
//
// A row with a record gives its class's minimum, witness and search figures; a frontier row's
// message gives min k at every h_max. A class no set determines (status multiple) has no
// record, so its figures (hitting-set calls, unavoidable sets) come from its search run again,
// which for such a class ends at its first hitting-set solve; so does any row whose record
// cannot be read (a failed verification's frontier row).
#pragma once

#include "app/critical_experiment.hpp"
#include "critical/exact/exact.hpp"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace futolab::app {

struct ExactClassesReport {
    int n = 0;
    critical::ExactObjective objective = critical::ExactObjective::two_h_three_k;
    std::vector<std::size_t> classes;  // the run's classes, in run order
    critical::ExactOptions search;     // the method's (experiments/methods.hpp exact_method)

    // A RowReport: keeps the row; true when its run failed (a status other than solved or
    // multiple), named on standard error as the other modes name it.
    bool row(const CriticalRow& row, std::string& records);
    // The result over the kept rows (one per class of `classes`, else std::runtime_error saying
    // to --resume), the minimum over them as aggregate() takes it; not pruned. `stop` (may be
    // null) ends the searches run again (critical::OutOfTime) once it is true.
    critical::ExactResult result(const std::atomic<bool>* stop = nullptr) const;

    struct KeptRow {
        std::string instance, message, output;
        double cpu_seconds = 0;
    };
    std::vector<KeptRow> rows = {};  // in run order, as row() kept them
};

// "" when the two results give every class the same minima (frontier: the same min k at every
// h_max), else the first class where they differ, for a message.
std::string differing_minima(const critical::ExactResult& rows, const critical::ExactResult& again);

}  // namespace futolab::app
