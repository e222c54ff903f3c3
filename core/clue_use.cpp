#include "core/clue_use.hpp"


namespace futolab {

std::string_view clue_use_name(ClueUse use) { return name_in(kClueUses, use); }

ClueUse clue_use_from_name(std::string_view name) { return value_in(kClueUses, name, "clue use"); }

}  // namespace futolab
