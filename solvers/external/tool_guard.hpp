// Moved to core/tool_guard.hpp (red-team round 11, F7): gnuplot (analysis/gnuplot_run.cpp), which may
// not reach solvers/, runs under the same guard, mark and owned folder as the solver tools.
#pragma once

#include "core/tool_guard.hpp"
