// Where a YAML alias's node was written (red-team round 29, C4). yaml-cpp gives a node reached
// through an alias (`*s`) its anchor's place (`&s`), so an error in it was named at the anchor's
// line and column alone, though the value that failed was the one the alias put elsewhere. The
// parser's events do say where each alias stands: they are noted when a YAML text is loaded
// (load_yaml_bounded), and every message that names a place inside an anchored node says which
// aliases repeat it, so the reader finds every use the error may be about.
#pragma once

#include <string>

namespace futolab {

// Notes the anchors of `text` (read from `source`) that aliases repeat, replacing what was
// noted for `source` before; a text without aliases clears it. A text the parser refuses notes
// nothing (its refusal names its own place).
void note_yaml_aliases(const std::string& source, const std::string& text);

// " (inside anchor &NAME, repeated by its aliases at 7:11, 9:3)" if line:column (1-based) of
// `source` lies inside a node an alias repeats, else "": every such anchor, the innermost first,
// joined by "; ". At most kShownAliases places are listed for each.
std::string yaml_alias_note(const std::string& source, int line, int column);

inline constexpr std::size_t kShownAliases = 5;

}  // namespace futolab
