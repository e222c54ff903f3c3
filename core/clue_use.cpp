#include "core/clue_use.hpp"

#include "core/error.hpp"

#include <string>

namespace futolab {

std::string_view clue_use_name(ClueUse use) {
    switch (use) {
        case ClueUse::numbers: return "numbers";
        case ClueUse::relations: return "relations";
        case ClueUse::both: return "both";
    }
    return "both";
}

ClueUse clue_use_from_name(std::string_view name) {
    for (ClueUse u : {ClueUse::numbers, ClueUse::relations, ClueUse::both})
        if (clue_use_name(u) == name) return u;
    throw InputError("unknown clue use '" + std::string(name) + "' (valid: numbers, relations, both)");
}

}  // namespace futolab
