#include "solvers/solver.hpp"

#include "core/error.hpp"

#include <charconv>

namespace futolab {

std::string Mode::name() const {
    if (kind == Kind::first) return "first";
    return limit == 0 ? "count:all" : "count:" + std::to_string(limit);
}

Mode parse_mode(std::string_view text) {
    if (text == "first") return Mode::first();
    if (text == "all") return Mode::count_all();
    std::uint64_t k = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), k);
    if (ec != std::errc() || end != text.data() + text.size() || k == 0)
        throw InputError("count must be a positive whole number or 'all', not '" + std::string(text) + "'");
    return Mode::count_to(k);
}

// Zero solutions is unsat in every mode. One solution of at most one wanted is "solved";
// counting up to K >= 2 decides uniqueness; count-all reports "counted".
Status completed_status(const Mode& mode, std::uint64_t solutions) {
    if (solutions == 0) return Status::unsat;
    if (mode.kind == Mode::Kind::first || mode.limit == 1) return Status::solved;
    if (mode.limit == 0) return Status::counted;
    return solutions == 1 ? Status::unique : Status::multiple;
}

}  // namespace futolab
