#include "experiments/calibration.hpp"

#include "solvers/run/run.hpp"

#include <chrono>

namespace futolab {
namespace {

// Frozen (calibration.hpp): do not edit.
struct Board {
    int n = 0;
    std::uint32_t row[8] = {}, col[8] = {};
};

std::uint64_t count_from(Board& b, int pos) {
    if (pos == b.n * b.n) return 1;
    const int r = pos / b.n, c = pos % b.n;
    std::uint32_t free = ~(b.row[r] | b.col[c]) & ((1u << b.n) - 1);
    std::uint64_t total = 0;
    while (free != 0) {
        const std::uint32_t bit = free & (~free + 1);
        free ^= bit;
        b.row[r] |= bit;
        b.col[c] |= bit;
        total += count_from(b, pos + 1);
        b.row[r] ^= bit;
        b.col[c] ^= bit;
    }
    return total;
}

// Read at run time, so the compiler cannot fold the count into a constant.
volatile int calibration_order = 5;

}  // namespace

std::uint64_t calibration_work() {
    Board b;
    b.n = calibration_order;
    for (int c = 0; c < b.n; ++c) {  // first row 1 2 … n
        b.row[0] |= 1u << c;
        b.col[c] |= 1u << c;
    }
    return count_from(b, b.n);
}

CalibrationTiming time_calibration() {
    const std::int64_t cpu0 = thread_cpu_ns();
    const auto wall0 = std::chrono::steady_clock::now();
    volatile std::uint64_t sink = calibration_work();
    (void)sink;
    CalibrationTiming t;
    t.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - wall0).count();
    t.cpu_ns = thread_cpu_ns() - cpu0;
    return t;
}

}  // namespace futolab
