// The row a run's own process (a warm worker, warm_worker.hpp, or a forked child,
// fork_per_run.cpp) sends back to futolab through a pipe: a small binary record, read and
// written on the same machine by the same binary (or a build of the same worker protocol), so
// native byte order. decode_row_record checks every length and value: a short or garbled
// record is std::nullopt, never a wrong row.
#pragma once

#include "records/results_csv.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace futolab {

// A whole row as a worker process computed it (warm_worker.hpp): every column the task fills.
// `spec`, `params` and `core` are the driver's (it sets them after), so they are not sent.
std::string encode_row_record(const ResultRow& row);
std::optional<ResultRow> decode_row_record(std::string_view bytes);

}  // namespace futolab
