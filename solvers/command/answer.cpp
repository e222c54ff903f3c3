#include "solvers/command/answer.hpp"

#include "core/numbers.hpp"
#include "solvers/external/outcome.hpp"

#include <fmt/format.h>

#include <limits>

namespace futolab::command {
namespace {

std::string_view without_trailing_space(std::string_view line) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    return line;
}

std::string_view first_word(std::string_view line) { return line.substr(0, line.find_first_of(" \t")); }

class Reader {
public:
    // A problem with line `number`, or "" when the line is taken in (or ignored).
    std::string take(std::string_view line) {
        const std::string_view word = first_word(line);
        if (word == "UNSAT") return unsat(line);
        if (word == "COUNT") return count(line);
        if (word == "SOLUTION") {
            if (!line.starts_with("SOLUTION ") || line.size() == 9) return "SOLUTION needs a grid after one space";
            answer_.solutions.emplace_back(line.substr(9));
        }
        return "";
    }

    Answer finish() {
        if (answer_.solutions.empty() && !answer_.unsat && !answer_.count)
            return failed("no answer: no SOLUTION, UNSAT or COUNT line");
        if (answer_.unsat && !answer_.solutions.empty()) return failed("UNSAT, but a SOLUTION was printed");
        if (answer_.unsat && answer_.count && *answer_.count != 0)
            return failed(fmt::format("UNSAT, but COUNT {}", *answer_.count));
        if (answer_.count && answer_.solutions.size() > *answer_.count)
            return failed(fmt::format("COUNT {}, but {} SOLUTION lines", *answer_.count, answer_.solutions.size()));
        return answer_;
    }

    static Answer failed(std::string why) {
        Answer a;
        a.error = std::move(why);
        return a;
    }

private:
    std::string unsat(std::string_view line) {
        if (line != "UNSAT") return fmt::format("'{}': UNSAT stands alone on its line", external::printable_line(line));
        if (answer_.unsat) return "UNSAT a second time";
        answer_.unsat = true;
        return "";
    }

    std::string count(std::string_view line) {
        if (answer_.count) return "COUNT a second time";
        if (!line.starts_with("COUNT ")) return "COUNT needs a number after one space";
        try {
            const auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
            answer_.count = parse_uint_in(line.substr(6), "COUNT", {0, max});
        } catch (const NumberError& e) {
            return external::printable_line(e.what());
        }
        return "";
    }

    Answer answer_;
};

}  // namespace

Answer parse_answer(std::string_view text) {
    Reader reader;
    int number = 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        const std::string_view line = without_trailing_space(text.substr(0, eol));
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        ++number;
        if (const std::string why = reader.take(line); !why.empty())
            return Reader::failed(fmt::format("line {} of the answer: {}", number, why));
    }
    return reader.finish();
}

}  // namespace futolab::command
