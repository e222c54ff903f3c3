// The calibration workload (issue #41 §2): a fixed piece of CPU work, independent of the code
// under test, that every sweep times now and then between its runs (runner.cpp), in the same
// worker processes and on the same cores as the runs. Two sweeps made at different times (or
// on a machine whose load changed) are then compared against it: if the calibration took 15 %
// longer in NEW, the machine, not the code, was 15 % slower (analysis/drift.hpp).
//
// The work: count the Latin squares of order 5 whose first row is 1 2 3 4 5 (1344 of them) by
// plain backtracking over row and column bitmasks, cell by cell: branchy integer code on a
// few hundred bytes, as futolab's searches are; about 70 µs on a 2020s core.
//
// Frozen: its code must not change, or sweeps of two commits would time different work. A
// change needs a new kCalibrationKernel name (sidecars record it; compare refuses to calibrate
// across two names).
#pragma once

#include <cstdint>
#include <string_view>

namespace futolab {

inline constexpr std::string_view kCalibrationKernel = "latin5-count-v1";

// Does the work once and returns what it counted (1344: the test checks it).
std::uint64_t calibration_work();

struct CalibrationTiming {
    std::int64_t wall_ns = 0, cpu_ns = 0;  // wall (steady clock) and this thread's CPU time
};
// One timed calibration_work() on this thread.
CalibrationTiming time_calibration();

}  // namespace futolab
