// File names made from data (instance ids, solver specs, metric names): `convert` writes one
// file per id, `analyze --plots` one figure per spec. A name from data could hold a '/', a
// '..', a control byte or 200 000 characters, and two different ids could clean up to the
// same name and silently overwrite each other. So a name is kept as it is only when it is
// already a plain short name; anything else is cleaned AND marked with a hash of the original.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// `text` itself if it is 1 to `max` (at most 200) characters of [A-Za-z0-9._-] not starting
// with '.' or '-'; otherwise its plain characters (others as '_', cut to leave room) followed
// by '~' and 16 hex digits of its FNV-1a hash. '~' never occurs in a kept name, so two
// different texts give two different names (barring a 64-bit hash collision).
std::string safe_file_stem(std::string_view text, std::size_t max = 100);

}  // namespace futolab
