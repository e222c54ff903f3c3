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

// The functions below take any table whose rows have a `value` and a `name`, so a vocabulary
// whose words carry more attributes (a status and its outcome class) is read the same way.
template <class Row>
using ValueOf = decltype(Row::value);

// The name of `value` (the first row that has it).
template <class Row, std::size_t N>
constexpr std::string_view name_in(const std::array<Row, N>& words, ValueOf<Row> value) {
    for (const Row& w : words)
        if (w.value == value) return w.name;
    return "?";  // unreachable when every value has a row (tested)
}

// The row of `value` (the first that has it); nullptr only for a value missing from its table.
template <class Row, std::size_t N>
constexpr const Row* row_of(const std::array<Row, N>& words, ValueOf<Row> value) {
    for (const Row& w : words)
        if (w.value == value) return &w;
    return nullptr;
}

// The row named `name`, nullptr if none (for a caller with its own message for a bad name).
template <class Row, std::size_t N>
constexpr const Row* row_named(const std::array<Row, N>& words, std::string_view name) {
    for (const Row& w : words)
        if (w.name == name) return &w;
    return nullptr;
}

// "a, b, c" (or with another separator: "a|b|c" for option help).
template <class Row, std::size_t N>
std::string names_of(const std::array<Row, N>& words, std::string_view separator = ", ") {
    std::string out;
    for (const Row& w : words) out += (out.empty() ? "" : std::string(separator)) + std::string(w.name);
    return out;
}

template <class Row, std::size_t N>
std::vector<std::string> name_list(const std::array<Row, N>& words) {
    std::vector<std::string> out;
    for (const Row& w : words) out.emplace_back(w.name);
    return out;
}

// The value named `name`; InputError "unknown WHAT 'x' (valid: a, b, c)" otherwise.
template <class Row, std::size_t N>
ValueOf<Row> value_in(const std::array<Row, N>& words, std::string_view name, std::string_view what) {
    for (const Row& w : words)
        if (w.name == name) return w.value;
    throw InputError("unknown " + std::string(what) + " '" + std::string(name) + "' (valid: " + names_of(words) + ")");
}

}  // namespace futolab
