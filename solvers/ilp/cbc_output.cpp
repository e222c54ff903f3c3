#include "solvers/ilp/cbc_output.hpp"

#include "solvers/external/outcome.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace futolab::ilp {
namespace {

std::vector<std::string_view> tokens(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

template <class T>
bool number(std::string_view s, T& v) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size();
}

// x_R_C_V with each of R, C, V in 1..n; the cell index and value, or false.
bool decode(std::string_view name, int n, int& cell, int& value) {
    if (!name.starts_with("x_")) return false;
    name.remove_prefix(2);
    int part[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
        const std::size_t sep = k < 2 ? name.find('_') : name.size();
        if (sep == std::string_view::npos || !number(name.substr(0, sep), part[k]) || part[k] < 1 || part[k] > n)
            return false;
        name.remove_prefix(k < 2 ? sep + 1 : sep);
    }
    cell = (part[0] - 1) * n + part[1] - 1;
    value = part[2];
    return true;
}

struct Reader {
    CbcSolution out;
    int n;
    int line_no = 1;

    bool fail(std::string_view why) {
        out.feasible = false;
        out.grid.clear();
        out.error = fmt::format("line {} of the cbc solution: {}", line_no, why);
        return false;
    }

    bool variable(std::string_view line) {
        const std::vector<std::string_view> t = tokens(line);
        if (t.empty()) return true;
        std::uint64_t index = 0;
        double value = 0;
        int cell = 0, v = 0;
        if (t.size() < 3 || !number(t[0], index) || !number(t[2], value) || !std::isfinite(value))
            return fail(fmt::format("not 'index name value': '{}'", external::printable_line(line)));
        if (!decode(t[1], n, cell, v)) return fail(fmt::format("unknown variable '{}'", external::printable_line(t[1])));
        if (std::fabs(value) <= 1e-6) return true;
        if (std::fabs(value - 1) > 1e-6) return fail(fmt::format("{} = {} is not 0 or 1", t[1], value));
        if (out.grid[cell] != 0) return fail(fmt::format("a second value for cell {} ({})", cell, t[1]));
        out.grid[cell] = v;
        return true;
    }
};

}  // namespace

CbcSolution parse_cbc_solution(std::string_view text, int n) {
    Reader r{{}, n};
    if (n < 1 || n > 64) {
        r.fail("the board size is not 1..64");
        return r.out;
    }
    const std::size_t eol = text.find('\n');
    const std::string_view status = text.substr(0, eol);
    if (status.starts_with("Infeasible") || status.starts_with("Integer infeasible")) return r.out;
    if (!status.starts_with("Optimal")) {
        r.fail(status.empty() ? "empty" : fmt::format("status '{}'", external::printable_line(status)));
        return r.out;
    }
    r.out.feasible = true;
    r.out.grid.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    while (!text.empty()) {
        ++r.line_no;
        const std::size_t end = text.find('\n');
        if (!r.variable(text.substr(0, end))) return r.out;
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    for (int cell = 0; cell < n * n; ++cell)
        if (r.out.grid[cell] == 0) {
            r.fail(fmt::format("cell {} has no value", cell));
            break;
        }
    return r.out;
}

std::optional<std::uint64_t> parse_cbc_nodes(std::string_view log) {
    constexpr std::string_view kKey = "Enumerated nodes:";
    const std::size_t at = log.find(kKey);
    if (at == std::string_view::npos) {
        // Infeasibility proved before branch and bound: by the LP presolve or by CglPreProcess.
        for (std::string_view no_search : {"Problem is infeasible", "Pre-processing says infeasible"})
            if (log.find(no_search) != std::string_view::npos) return 0;
        return std::nullopt;
    }
    std::string_view rest = log.substr(at + kKey.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
    if (ec != std::errc()) return std::nullopt;
    return v;
}

std::optional<std::uint64_t> add_cbc_nodes(std::optional<std::uint64_t> total, std::optional<std::uint64_t> run) {
    std::uint64_t sum = 0;
    if (!total || !run || __builtin_add_overflow(*total, *run, &sum)) return std::nullopt;
    return sum;
}

}  // namespace futolab::ilp
