// RFC 4180 quoting of one CSV field: as is unless it holds a comma, a quote or a line break,
// else in quotes with quotes doubled. Shared by the results CSV and every table analysis
// writes, in a header of its own so that analysis includes none of the row's solver types.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

std::string csv_quote(std::string_view field);

}  // namespace futolab
