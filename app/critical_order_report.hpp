// What `futolab critical --construct` and `--exhaustive` say of the row of their experiment
// (tasks construct and exhaustive, one run per order; app/critical_experiment.hpp): the line
// each has always printed on standard error, the records for --out (a construction's without
// its certificate), and the construction's certificate (method option certificate=yes) for
// --certificate.
#pragma once

#include "app/critical_experiment.hpp"

#include <string>

namespace futolab::app {

struct ConstructReport {
    std::string certificate;  // the certificate's lines, from the row's record

    // A RowReport: true when the row failed (its set failed its verification, or the run failed).
    bool row(const CriticalRow& row, std::string& records);
};

// --exhaustive's RowReport.
bool report_exhaustive_row(const CriticalRow& row, std::string& records);

}  // namespace futolab::app
