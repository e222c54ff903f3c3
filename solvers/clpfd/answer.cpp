#include "solvers/clpfd/answer.hpp"

#include "solvers/external/outcome.hpp"

#include <fmt/format.h>

#include <charconv>
#include <optional>

namespace futolab::clpfd {
namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        lines.push_back(text.substr(0, eol));
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    }
    return lines;
}

// "KEY N" with N a whole number.
std::optional<std::uint64_t> keyed_number(std::string_view line, std::string_view key) {
    if (!line.starts_with(key) || line.size() <= key.size() + 1 || line[key.size()] != ' ') return std::nullopt;
    line.remove_prefix(key.size() + 1);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), v);
    if (ec != std::errc() || end != line.data() + line.size()) return std::nullopt;
    return v;
}

}  // namespace

Answer parse_answer(std::string_view text) {
    Answer a;
    const std::vector<std::string_view> lines = lines_of(text);
    std::size_t i = 0;
    constexpr std::string_view kSolution = "solution ";
    for (; i < lines.size() && lines[i].starts_with(kSolution); ++i) a.solutions.emplace_back(lines[i].substr(kSolution.size()));
    const auto fail = [&](std::string_view why) {
        a.solutions.clear();
        a.error = fmt::format("line {} of the clpfd answer: {}", i + 1, why);
        return a;
    };
    const auto bad = [&] { return fmt::format("unexpected '{}'", external::printable_line(lines[i])); };
    if (i == lines.size()) return fail("no 'solutions' line");
    const auto count = keyed_number(lines[i], "solutions");
    if (!count) return fail(bad());
    if (*count != a.solutions.size())
        return fail(fmt::format("says {} solutions but printed {}", *count, a.solutions.size()));
    if (++i == lines.size()) return fail("no 'inferences' line");
    const auto inferences = keyed_number(lines[i], "inferences");
    if (!inferences) return fail(bad());
    a.inferences = *inferences;
    if (++i != lines.size()) return fail(bad());
    return a;
}

}  // namespace futolab::clpfd
