// The backends' looks in figures (analysis/palette.hpp), read from their registry rows
// (solvers/registry/registry.cpp): app/ is the layer that knows both, so analysis/ never includes
// solvers/ and a new backend gets its look from its own row.
#pragma once

#include "analysis/palette.hpp"

namespace futolab::app {

BackendLooks backend_looks();

}  // namespace futolab::app
