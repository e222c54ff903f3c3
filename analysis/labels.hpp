// Short labels for plots: a spec as the CSV writes it lists every option
// ("gac:alldiff=regin,branch=dway,restart_base=100,…"), which overflows a legend and hides
// what differs. The label keeps only the options that differ from the backend's defaults
// ("gac", "gac:sac=all", "fc:var=mrv"); a spec whose name is not a backend stays as it is.
#pragma once

#include <string>

namespace futolab {

std::string short_spec(const std::string& spec);

}  // namespace futolab
