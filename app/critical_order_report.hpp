// What `futolab critical --construct`, `--exhaustive`, `--exact --sample` and `--free-square` say of the row of their experiment
// (tasks construct and exhaustive, one run per order; app/critical_experiment.hpp): the line
// each has always printed on standard error, the records for --out (a construction's without
// its certificate), and the construction's certificate (method option certificate=yes) for
// --certificate.
#pragma once

#include "app/critical_experiment.hpp"

#include <cstdint>
#include <string>

namespace futolab::app {

struct ConstructReport {
    std::string certificate;  // the certificate's lines, from the row's record

    // A RowReport: true when the row failed (its set failed its verification, or the run failed).
    bool row(const CriticalRow& row, std::string& records);
};

// --exhaustive's RowReport.
bool report_exhaustive_row(const CriticalRow& row, std::string& records);

// --exact --sample's: the lines it has always printed (its upper bound per record, the sample's
// figures, the classes per second), from the row's records.
struct SampleReport {
    std::string objective;  // as --objective names it
    std::uint64_t sample = 0, seed = 0, below = 0;

    bool row(const CriticalRow& row, std::string& records) const;
};

// --free-square's: each record's line as it has always been printed (`{id}: k=.. moves=..
// time=..s`); a run whose budget ended without a puzzle, or whose set failed its verification,
// named with its message (only the second fails the command, as before).
bool report_free_square_row(const CriticalRow& row, std::string& records);

}  // namespace futolab::app
