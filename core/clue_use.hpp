// Which kinds of clue of a square's universe (SPEC §1) a generator or a critical-set search
// may use: the numbers, the relations, or both (`--use`, `use=`).
#pragma once

#include "core/vocabulary.hpp"

#include <string_view>

namespace futolab {

enum class ClueUse { numbers, relations, both };
inline constexpr Vocabulary<ClueUse, 3> kClueUses{
    {{ClueUse::numbers, "numbers"}, {ClueUse::relations, "relations"}, {ClueUse::both, "both"}}};

std::string_view clue_use_name(ClueUse use);
ClueUse clue_use_from_name(std::string_view name);  // throws InputError

}  // namespace futolab
