// A vocabulary: the names of an enum's values written once, as one table (Tatham's X-macro
// lists are the model). Name lookup, parsing with the list of valid names, `list` and `--help`
// text, CLI choices and YAML validation all read the table, so they cannot drift apart; a
// value missing from its table is caught by the vocabulary tests (every_value_named).
#pragma once

#include "core/error.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

template <class E>
struct Word {
    E value;
    std::string_view name;
};

template <class E, std::size_t N>
using Vocabulary = std::array<Word<E>, N>;

// The name of `value` (the first row that has it).
template <class E, std::size_t N>
constexpr std::string_view name_in(const Vocabulary<E, N>& words, E value) {
    for (const Word<E>& w : words)
        if (w.value == value) return w.name;
    return "?";  // unreachable when every value has a row (tested)
}

// "a, b, c" (or with another separator: "a|b|c" for option help).
template <class E, std::size_t N>
std::string names_of(const Vocabulary<E, N>& words, std::string_view separator = ", ") {
    std::string out;
    for (const Word<E>& w : words) out += (out.empty() ? "" : std::string(separator)) + std::string(w.name);
    return out;
}

template <class E, std::size_t N>
std::vector<std::string> name_list(const Vocabulary<E, N>& words) {
    std::vector<std::string> out;
    for (const Word<E>& w : words) out.emplace_back(w.name);
    return out;
}

// The value named `name`; InputError "unknown WHAT 'x' (valid: a, b, c)" otherwise.
template <class E, std::size_t N>
E value_in(const Vocabulary<E, N>& words, std::string_view name, std::string_view what) {
    for (const Word<E>& w : words)
        if (w.name == name) return w.value;
    throw InputError("unknown " + std::string(what) + " '" + std::string(name) + "' (valid: " + names_of(words) + ")");
}

}  // namespace futolab
