// The isolation modes of a sweep run (process, fork, thread) as one vocabulary, below records/
// so that the results row holds the mode as a value until the CSV is written (as it holds its
// Status and Grade). What each mode does, and the functions over them, are the
// sandbox layer's: sandbox/sandbox.hpp.
#pragma once

#include "core/vocabulary.hpp"

namespace futolab {

enum class Isolation { process, fork, thread };

using IsolationWord = HelpedWord<Isolation>;  // help: `run --help`

inline constexpr HelpedVocabulary<Isolation, 3> kIsolations{{
    {Isolation::process, "process",
     "the default: warm worker processes, one per job, fed runs over a pipe: thread-mode timings plus limits.memory, "
     "per-run max_rss_kb, and crash/memout/timeout rows that cost only the worker"},
    {Isolation::fork, "fork", "a fresh process per run: for solvers that leak or corrupt state; every run starts cold"},
    {Isolation::thread, "thread", "threads of futolab: no memory limit, a crash ends the sweep"},
}};

}  // namespace futolab
