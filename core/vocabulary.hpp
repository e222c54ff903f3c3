// A vocabulary: the names of an enum's values written once, as one table (Tatham's X-macro
// lists are the model). Name lookup, parsing with the list of valid names, `list` and `--help`
// text, CLI choices and YAML validation all read the table, so they cannot drift apart; a
// value missing from its table is caught by the vocabulary tests (every_value_named).
#pragma once

#include "core/error.hpp"

#include <array>
#include <cstddef>
#include <ranges>
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

// A word with a one-line description, for tables whose `--help` and `futolab list` say what
// each value means (app/vocabulary_option.hpp: word_help). A row with further attributes
// (a status's outcome class, a grade's target flag) keeps its own struct.
template <class E>
struct HelpedWord {
    E value;
    std::string_view name;
    std::string_view help;
};

template <class E, std::size_t N>
using HelpedVocabulary = std::array<HelpedWord<E>, N>;

// The functions below take any table whose rows have a `value` and a `name` (a std::array
// such as a Vocabulary, or the rows_where of one), so a vocabulary whose words carry more
// attributes (a status and its outcome class) is read the same way.
template <class Row>
using ValueOf = decltype(Row::value);
template <class Words>
using RowOf = std::ranges::range_value_t<Words>;

// The name of `value` (the first row that has it).
template <class Words>
constexpr std::string_view name_in(const Words& words, ValueOf<RowOf<Words>> value) {
    for (const auto& w : words)
        if (w.value == value) return w.name;
    return "?";  // unreachable when every value has a row (tested)
}

// The row of `value` (the first that has it); nullptr only for a value missing from its table.
template <class Words>
constexpr const RowOf<Words>* row_of(const Words& words, ValueOf<RowOf<Words>> value) {
    for (const auto& w : words)
        if (w.value == value) return &w;
    return nullptr;
}

// The row named `name`, nullptr if none (for a caller with its own message for a bad name).
template <class Words>
constexpr const RowOf<Words>* row_named(const Words& words, std::string_view name) {
    for (const auto& w : words)
        if (w.name == name) return &w;
    return nullptr;
}

// The rows of a table that have an attribute (`keep(row)`), in table order: the grades a
// generator can aim at, the objectives the exact search takes.
template <class Row, std::size_t N, class Keep>
std::vector<Row> rows_where(const std::array<Row, N>& words, Keep keep) {
    std::vector<Row> out;
    for (const Row& w : words)
        if (keep(w)) out.push_back(w);
    return out;
}

// "a, b, c" (or with another separator: "a|b|c" for option help).
template <class Words>
std::string names_of(const Words& words, std::string_view separator = ", ") {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : std::string(separator)) + std::string(w.name);
    return out;
}

template <class Words>
std::vector<std::string> name_list(const Words& words) {
    std::vector<std::string> out;
    for (const auto& w : words) out.emplace_back(w.name);
    return out;
}

// The value named `name`; InputError "unknown WHAT 'x' (valid: a, b, c)" otherwise.
template <class Words>
ValueOf<RowOf<Words>> value_in(const Words& words, std::string_view name, std::string_view what) {
    for (const auto& w : words)
        if (w.name == name) return w.value;
    throw InputError("unknown " + std::string(what) + " '" + std::string(name) + "' (valid: " + names_of(words) + ")");
}

}  // namespace futolab
