#include "analysis/filter.hpp"

#include "core/error.hpp"
#include "core/numbers.hpp"

#include <fmt/format.h>

#include <charconv>
#include <compare>
#include <limits>
#include <optional>

namespace futolab {
namespace {

std::optional<double> as_number(const std::string& text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

// A comparison's verdict. Numbers compare exactly as written (core/numbers.hpp): seeds and
// counters past 2^53 round to one double, so `seed=5208710888987585224` kept the row of seed
// …223 (round 7), and `seed=N.0` or `seed>=N.0` the row of seed N-1 (round 10).
bool holds(std::partial_ordering order, const std::string& op) {
    if (op == "=") return order == 0;
    if (op == "!=") return order != 0;
    if (op == "<") return order < 0;
    if (op == "<=") return order <= 0;
    if (op == ">") return order > 0;
    return order >= 0;
}

// A column all of whose cells that hold anything are numbers (n, seed, wall_ms, a limit).
bool numeric_column(const ResultsTable& table, const std::string& column) {
    bool any = false;
    for (std::size_t i = 0; i < table.size(); ++i) {
        const std::string cell = table.text(i, column);
        if (cell.empty()) continue;
        if (!as_number(cell)) return false;
        any = true;
    }
    return any;
}

// One number reader for every operator (round 11): `n!= 4` and `n!=+4` compared text under
// = and != and kept every row, while `n<= 3` was refused. A value against a numeric column
// is read as the order operators read it (an empty value still finds empty cells); a text value with a space at either end that no
// cell holds (`solver!=gac `) is a typo that != would keep every row for.
void check_value(const ResultsTable& table, const RowFilter& f) {
    const std::string what = "--where " + f.column + f.op + f.value;
    if (f.value.empty()) return;  // `nodes=`: the rows where a counter is empty
    if (numeric_column(table, f.column)) {
        parse_double_in(f.value, what, {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()});
        return;
    }
    if (f.value.front() != ' ' && f.value.back() != ' ') return;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.text(i, f.column) == f.value) return;
    throw InputError(fmt::format("{}: no row's {} is '{}' (a space at its {})", what, f.column, f.value,
                                 f.value.front() == ' ' ? "start" : "end"));
}

}  // namespace

RowFilter parse_row_filter(const std::string& text) {
    // The first operator character splits column from value; two-character operators first.
    const std::size_t at = text.find_first_of("=!<>");
    if (at == std::string::npos || at == 0)
        throw InputError("--where '" + text + "': expected COLUMN OP VALUE with OP one of = != < <= > >=");
    const bool two = at + 1 < text.size() && text[at + 1] == '=' && text[at] != '=';
    RowFilter f{text.substr(0, at), text.substr(at, two ? 2 : 1), text.substr(at + (two ? 2 : 1))};
    if (f.op == "!") throw InputError("--where '" + text + "': '!' must be '!='");
    // `n=>4` (a typo for >=) would split as n = ">4" and keep no row in silence (round 8): no
    // value of a column starts with an operator character, so the operator is what is wrong.
    if (const std::size_t more = f.value.find_first_not_of("=!<>"); !f.value.empty() && more != 0)
        throw InputError(fmt::format("--where '{}': the operator '{}' is not one of = != < <= > >= ('{}' is not a value)",
                                     text, f.op + f.value.substr(0, more), f.value));
    // An order needs a finite number (core/numbers.hpp): `n<nan` or `n<1e400` would keep no
    // row, or fail later naming a cell instead of the option.
    if (f.op != "=" && f.op != "!=")
        parse_double_in(f.value, "--where " + text, {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()});
    return f;
}

bool row_matches(const ResultsTable& table, std::size_t row, const RowFilter& f) {
    const std::string cell = table.text(row, f.column);
    if (const auto order = compare_decimals(cell, f.value)) return holds(*order, f.op);
    const auto a = as_number(cell), b = as_number(f.value);  // inf, nan: not decimals, still numbers
    if (a && b) return holds(*a <=> *b, f.op);
    if (f.op == "=") return cell == f.value;
    if (f.op == "!=") return cell != f.value;
    // An empty cell is no value (a counter cadical does not report, SPEC §4): it is neither
    // above nor below any number, so no order keeps it. It stopped analyze and report with
    // exit 2 on CSVs futolab writes itself (red-team round 18, B F3).
    if (cell.empty()) return false;
    throw InputError(fmt::format("{}: --where {}{}{}: '{}' compares numbers, and {} is '{}' here", table.where(row, f.column),
                                 f.column, f.op, f.value, f.op, f.column, cell));
}

ResultsTable filter_rows(const ResultsTable& table, const std::vector<RowFilter>& filters) {
    for (const RowFilter& f : filters) {
        if (!table.has_column(f.column)) throw InputError(table.missing_column(f.column) + " (--where " + f.column + f.op + f.value + ")");
        check_value(table, f);
    }
    std::vector<std::size_t> keep;
    for (std::size_t i = 0; i < table.size(); ++i) {
        bool all = true;
        for (const RowFilter& f : filters) all = all && row_matches(table, i, f);
        if (all) keep.push_back(i);
    }
    return table.subset(keep);
}

}  // namespace futolab
