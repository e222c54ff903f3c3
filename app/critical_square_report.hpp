// What `futolab critical --exact --square/--input` says of each row of its experiment (task
// exact-square, app/critical_experiment.hpp): the line per square it has always printed on
// standard error, the record for --out without its certificate, and the certificates the rows
// carry (method option certificate=yes), gathered in the order of the squares for --certificate.
#pragma once

#include "app/critical_experiment.hpp"

#include <string>

namespace futolab::app {

struct ExactSquareReport {
    std::string objective;     // as --objective names it
    bool certify = false;      // --certificate given: each row must carry a proved minimum's
    std::string certificate;   // the certificates' lines so far
    std::string uncertified;   // the first square whose search stopped, and how ("" none): at
                               // bounds, or before any set; its minimum exists, unproved
    std::string no_set;        // the first square no clue set determines ("" none): it has no
                               // minimum, so it is not in the certificate; a certificate of
                               // such squares alone would be empty (refused, not written)
                               // Both name the square raw: they end in a refusal, which
                               // app/main.cpp makes visible (once; twice was a<U+003C>U+000A>b)

    // A RowReport (app/critical_experiment.hpp): true when the row failed (its set failed
    // its verification, or the run failed).
    bool row(const CriticalRow& row, std::string& records);
};

}  // namespace futolab::app
