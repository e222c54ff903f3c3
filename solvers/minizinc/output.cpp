#include "solvers/minizinc/output.hpp"

#include "solvers/external/outcome.hpp"

#include <fmt/format.h>

#include <charconv>

namespace futolab::minizinc {
namespace {

constexpr std::string_view kStat = "%%%mzn-stat: ";

// Reads lines one by one; `pending` is the solution text before its "----------".
struct Reader {
    Output out;
    std::optional<std::string> pending;
    int line_no = 0;

    bool fail(std::string_view why) {
        out.error = fmt::format("line {} of minizinc output: {}", line_no, why);
        return false;
    }

    bool stat(std::string_view line) {
        line.remove_prefix(kStat.size());
        const std::size_t eq = line.find('=');
        if (eq == 0 || eq == std::string_view::npos) return fail("a statistic without key=value");
        out.stats[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
        return true;
    }

    bool status(std::string_view line) {
        if (line == "==========") out.complete = true;
        else if (line == "=====UNSATISFIABLE=====") out.unsat = true;
        else return fail(fmt::format("the solver ended with '{}'", external::printable_line(line)));
        return true;
    }

    bool take(std::string_view line) {
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) return true;
        if (line.starts_with(kStat)) return stat(line);
        if (line.starts_with("%")) return true;  // comments, %%%mzn-stat-end
        if (line == "----------") {
            if (!pending) return fail("a solution separator without a solution");
            out.solutions.push_back(std::move(*pending));
            pending.reset();
            return true;
        }
        if (line.starts_with("=====")) return status(line);
        if (pending) return fail("two lines in one solution");
        pending = std::string(line);
        return true;
    }
};

}  // namespace

Output parse_output(std::string_view text) {
    Reader r;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        if (!r.take(text.substr(0, eol))) return r.out;
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    }
    if (r.pending) r.fail("the output ends inside a solution (no ----------)");
    else if (r.out.unsat && (!r.out.solutions.empty() || r.out.complete))
        r.fail("UNSATISFIABLE together with solutions");
    return r.out;
}

std::optional<std::uint64_t> stat_uint(const Output& out, const std::string& key, std::string& error) {
    const auto it = out.stats.find(key);
    if (it == out.stats.end()) return std::nullopt;
    std::uint64_t v = 0;
    const std::string& s = it->second;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) {
        error = fmt::format("minizinc statistic {} is not a whole number: '{}'", key, external::printable_line(s));
        return std::nullopt;
    }
    return v;
}

}  // namespace futolab::minizinc
