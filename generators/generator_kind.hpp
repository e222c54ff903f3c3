// The instance generators by name (`futolab generate KIND`, the YAML `generate.kind`), written
// once: the name is also the `meta.kind` of what they make (`random`: generators/
// random_instance.hpp; `unique`: generators/unique.hpp).
#pragma once

#include "core/vocabulary.hpp"

#include <array>
#include <string_view>

namespace futolab {

enum class GeneratorKind { random, unique };

using GeneratorWord = HelpedWord<GeneratorKind>;

inline constexpr HelpedVocabulary<GeneratorKind, 2> kGeneratorKinds{{
    {GeneratorKind::random, "random", "givens and relations drawn from a planted random Latin square"},
    {GeneratorKind::unique, "unique", "a locally minimal uniquely solvable puzzle"},
}};

inline constexpr std::string_view generator_name(GeneratorKind kind) { return name_in(kGeneratorKinds, kind); }

}  // namespace futolab
