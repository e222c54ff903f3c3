// The RunResult a run's child process sends back to futolab through a pipe (child_run.hpp):
// a small binary record, read and written on the same machine by the same binary, so native
// byte order. decode_run_record checks every length and value: a short or garbled record is
// std::nullopt, never a wrong result.
#pragma once

#include "records/results_csv.hpp"
#include "solvers/run.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace futolab {

std::string encode_run_record(const RunResult& run);
std::optional<RunResult> decode_run_record(std::string_view bytes);

// A whole row as a worker process computed it (warm_worker.hpp): every column the task fills.
// `spec`, `params` and `core` are the driver's (it sets them after), so they are not sent.
std::string encode_row_record(const ResultRow& row);
std::optional<ResultRow> decode_row_record(std::string_view bytes);

}  // namespace futolab
