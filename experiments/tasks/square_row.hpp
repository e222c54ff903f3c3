// What the rows of the square kinds (generate, critical, exact) share: the columns that name
// the run and its input square, the square as a cell vector, the record as a JSONL line, and
// the row of a run whose process ended without one (declared in experiments/task_fns.hpp for the table).
#pragma once

#include "core/formats/formats.hpp"
#include "experiments/tasks.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace futolab::tasks {

// The identity columns of a square kind's row (mode = the task's name), the input square as
// `solution`, and whether the method's counters are deterministic.
ResultRow square_row(const TaskContext& context, const PlannedRun& run);

// The identity columns of an order kind's row (construct, exhaustive): square_row's without a
// square (its instance is the empty board), as unfinished_order writes them too.
ResultRow order_row(const TaskContext& context, const PlannedRun& run);

std::vector<int> square_of(const Puzzle& p);
// The lines a certificate writer puts out, one JSON value each, for a record's meta.certificate
// (`futolab critical --certificate` writes them out again, one per line).
Json json_lines(const std::string& text);
std::string jsonl_line(const Instance& in);

// Wall and thread-CPU time of one generate or critical run.
class Stopwatch {
public:
    Stopwatch();
    void stop(ResultRow& row) const;

private:
    std::chrono::steady_clock::time_point wall0_;
    std::int64_t cpu0_;
};

}  // namespace futolab::tasks
