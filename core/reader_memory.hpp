// A reader that runs out of memory: an input can need tens of bytes of memory per byte read, and
// under a job's memory cap the bare "std::bad_alloc", exit 1, named no file (red-team round 23,
// C F8, for the puzzle readers; round 24, C F4, for the results-CSV reader). Its memory freed (the
// caller catches std::bad_alloc outside what it built), the reader ends with one line naming the
// input and its size: InputError "SOURCE: out of memory reading it (N bytes)", exit 2.
#pragma once

#include "core/error.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <string>

namespace futolab {

[[noreturn]] inline void refuse_out_of_memory_reading(const std::string& source, std::size_t bytes) {
    throw_input_error(SourceLoc{source, 0, 0}, fmt::format("out of memory reading it ({} bytes)", bytes));
}

}  // namespace futolab
