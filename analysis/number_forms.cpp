#include "analysis/number_forms.hpp"

#include "core/numbers.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace futolab {
namespace {

constexpr std::string_view kNotDecimal =
    "is not a decimal in plain digits, as futolab writes it (digits, or digits, a point and digits: re-saved by a "
    "spreadsheet?)";

bool digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A limit's finest step (places after the point) and largest value as futolab records them:
// the time limits in whole nanoseconds (records limit_ms) up to kMaxSeconds, the memory limit
// in KiB up to kMaxMemoryBytes (core/numbers.hpp: the limits a config or option accepts).
struct LimitForm {
    std::string_view column;
    std::size_t places;
    double max;
    std::string_view unit;
};
constexpr LimitForm kLimitForms[] = {
    {"time_limit_ms", 6, kMaxSeconds * 1e3, "ms"},
    {"cpu_limit_ms", 6, kMaxSeconds * 1e3, "ms"},
    {"memory_limit_kb", 0, static_cast<double>(kMaxMemoryBytes / 1024), "KiB"},
};

const LimitForm* limit_form(std::string_view column) {
    for (const LimitForm& f : kLimitForms)
        if (f.column == column) return &f;
    return nullptr;
}

// A number column's cell: whole digits as an integer's, then optionally '.' and digits that do
// not end in 0 (std::to_chars's shortest fixed form never writes one).
std::string decimal_form_problem(std::string_view cell) {
    const std::size_t point = cell.find('.');
    const std::string_view whole = cell.substr(0, point);
    if (!digits(whole)) return std::string(kNotDecimal);
    if (whole.size() > 1 && whole.front() == '0') return "has a leading zero, where futolab writes none";
    if (point == std::string_view::npos) return "";
    const std::string_view fraction = cell.substr(point + 1);
    if (!digits(fraction)) return std::string(kNotDecimal);
    if (fraction.back() == '0') return "has a zero at the end of its fraction, where futolab writes none";
    return "";
}

// The limit columns' step and bound, once the form is right.
std::string limit_problem(const LimitForm& f, std::string_view cell) {
    const std::size_t point = cell.find('.');
    if (point != std::string_view::npos && cell.size() - point - 1 > f.places)
        return f.places == 0 ? "is not a whole number of KiB, as futolab writes it"
                             : fmt::format("has more than {} places after the point: finer than the nanosecond futolab "
                                           "records a limit in",
                                           f.places);
    double v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (ec != std::errc() || v > f.max)
        return fmt::format("is larger than any limit futolab writes (at most {:.0f} {})", f.max, f.unit);
    return "";
}

}  // namespace

std::string cell_form_problem(std::string_view column, std::string_view cell) {
    const Column* c = column_named(column);
    if (!c || c->type == ColumnType::string)  // another tool's column: any number but -0
        return negative_zero(cell) ? "is zero with a minus sign, which futolab never writes (write 0)" : "";
    std::string problem = c->type == ColumnType::integer ? whole_number_form_problem(cell) : decimal_form_problem(cell);
    if (problem.empty())
        if (const LimitForm* f = limit_form(column)) problem = limit_problem(*f, cell);
    return problem;
}

}  // namespace futolab
