// Simon Tatham's "Unequal" game IDs (.tatham, one per line), SPEC §2.3: PARAMS:DESC with
// PARAMS = order [a] [d<difficulty>] and DESC = n² cells `[a-z]*NUMBER[U][R][D][L]`. A flag
// letter means "this cell is greater than its neighbour Up/Right/Down/Left"; a lowercase run
// skips (letter − 'a' + 1) empty cells per letter. The difficulty goes to
// meta {"tatham": {"difficulty": "x"}} so that writing the puzzle back restores PARAMS.
#include "core/formats/readers.hpp"
#include "core/counted.hpp"
#include "core/formats/text.hpp"
#include "core/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <utility>

namespace futolab::formats_internal {
namespace {

constexpr std::string_view kDifficulties = "tekxr";

struct Direction {
    char letter;
    int dr, dc;
};
// Tatham's flag letters, in the order the writer emits them.
constexpr std::array<Direction, 4> kDirections{{{'U', -1, 0}, {'R', 0, 1}, {'D', 1, 0}, {'L', 0, -1}}};

class IdReader {
public:
    IdReader(const std::string& source, const Line& line) : source_(source), line_(line) {}

    Instance read(std::string_view id) {
        in_.source = source_;
        in_.line = line_.number;
        const std::size_t colon = id.find(':');
        if (colon == std::string_view::npos)
            error(id, "expected a game ID PARAMS:DESC, e.g. 4:0,0,1L,...; no ':' found");
        read_params(id.substr(0, colon));
        read_desc(id.substr(colon + 1));
        return std::move(in_);
    }

private:
    [[noreturn]] void error(std::string_view at, std::string_view problem) const {
        fail(source_, line_.number, column_of(line_.text, at), problem);
    }

    void read_params(std::string_view params) {
        std::size_t i = 0;
        while (i < params.size() && params[i] >= '0' && params[i] <= '9') ++i;
        const auto n = parse_count(params.substr(0, i));
        if (!n && i > 0)
            error(params, fmt::format("the order {} is too large (accepted: {}..{})", quoted(params.substr(0, i)), kMinSize, kMaxSize));
        if (!n) error(params, fmt::format("parameters {} must start with the order (a number)", quoted(params)));
        // Before the description: an order out of range is the problem, not its count of cells
        // ("expected n*n = 4225 for order 65": red-team round 29, C2).
        if (*n < kMinSize || *n > kMaxSize)
            error(params, fmt::format("size n={} is out of range {}..{}", *n, kMinSize, kMaxSize));
        in_.n = *n;
        std::string_view rest = params.substr(i);
        if (!rest.empty() && rest[0] == 'a')
            error(rest, "adjacent mode is not supported (the 'a' in the parameters): futolab puzzles use < and >");
        if (!rest.empty() && rest[0] == 'd') {
            if (rest.size() < 2 || kDifficulties.find(rest[1]) == std::string_view::npos)
                error(rest, fmt::format("difficulty {} is not one of t e k x r", quoted(rest.substr(1, 1))));
            in_.meta = Json{{"tatham", {{"difficulty", std::string(1, rest[1])}}}};
            rest.remove_prefix(2);
        }
        if (!rest.empty()) error(rest, fmt::format("unexpected {} in the parameters", quoted(rest)));
    }

    void read_desc(std::string_view desc) {
        const std::int64_t cells = static_cast<std::int64_t>(in_.n) * in_.n;
        std::int64_t index = 0;
        while (!desc.empty()) {
            const std::size_t comma = desc.find(',');
            const std::string_view piece = desc.substr(0, comma);
            if (piece.empty()) error(piece, "empty cell between two commas");
            index = read_cell(piece, index, cells);
            if (comma == std::string_view::npos) break;
            desc.remove_prefix(comma + 1);  // a trailing comma leaves desc empty: allowed
        }
        if (index != cells)
            fail(source_, line_.number, 0,
                 fmt::format("the description has {}, expected n*n = {} for order {}", counted(static_cast<std::size_t>(index), "cell"),
                             cells, in_.n));
    }

    // Reads one `[a-z]*NUMBER[URDL]*` piece; returns the index after it.
    std::int64_t read_cell(std::string_view piece, std::int64_t index, std::int64_t cells) {
        std::size_t k = 0;
        for (; k < piece.size() && piece[k] >= 'a' && piece[k] <= 'z'; ++k) index += piece[k] - 'a' + 1;
        if (index >= cells)
            error(piece, fmt::format("cell {} is past the last of the {} cells", quoted(piece), cells));
        std::size_t digits = k;
        while (digits < piece.size() && piece[digits] >= '0' && piece[digits] <= '9') ++digits;
        const auto value = parse_count(piece.substr(k, digits - k));
        if (!value && digits > k) error(piece, fmt::format("number in cell {} is too large", quoted(piece)));
        if (!value) error(piece, fmt::format("cell {}: expected a number after the skip letters", quoted(piece)));
        const int row = static_cast<int>(index / in_.n), col = static_cast<int>(index % in_.n);
        if (*value != 0) in_.givens.push_back({row, col, *value, line_.number, column_of(line_.text, piece)});
        for (std::size_t f = digits; f < piece.size(); ++f) read_flag(piece.substr(f, 1), row, col);
        return index + 1;
    }

    // The cell (row, col) is greater than its neighbour in the flag's direction.
    void read_flag(std::string_view flag, int row, int col) {
        for (const Direction& d : kDirections) {
            if (flag[0] != d.letter) continue;
            const int r = row + d.dr, c = col + d.dc;
            if (r < 0 || r >= in_.n || c < 0 || c >= in_.n)
                error(flag, fmt::format("flag '{}' of cell ({},{}) points off the board", d.letter, row + 1, col + 1));
            in_.lt.push_back({r, c, row, col, line_.number, column_of(line_.text, flag)});
            return;
        }
        error(flag, fmt::format("unexpected {} in a cell (flags are U, R, D, L)", quoted(flag)));
    }

    const std::string& source_;
    const Line& line_;
    Instance in_;
};

std::string params_of(const Instance& in) {
    std::string params = std::to_string(in.n);
    if (!in.meta.is_object() || !in.meta.contains("tatham")) return params;
    const Json& tatham = in.meta["tatham"];
    if (!tatham.is_object() || !tatham.contains("difficulty") || !tatham["difficulty"].is_string()) return params;
    const std::string level = tatham["difficulty"].get<std::string>();
    if (level.size() == 1 && kDifficulties.find(level[0]) != std::string_view::npos) params += "d" + level;
    return params;
}

// Each relation becomes a flag on its greater cell, pointing at the smaller one.
std::string game_id(const Instance& instance) {
    const Puzzle p = Puzzle::compile(instance);
    const int n = p.n();
    std::string out = params_of(instance) + ":";
    for (int cell = 0; cell < p.cells(); ++cell) {
        out += std::to_string(p.given(cell));
        for (const Direction& d : kDirections) {
            const int r = cell / n + d.dr, c = cell % n + d.dc;
            if (r < 0 || r >= n || c < 0 || c >= n) continue;
            for (std::int16_t smaller : p.links(cell).smaller_cells())
                if (smaller == r * n + c) out += d.letter;
        }
        out += ',';
    }
    return out + "\n";
}

}  // namespace

std::vector<Instance> read_tatham(std::string_view text, const std::string& source,
                                  std::vector<SkippedInput>* skipped) {
    std::vector<Instance> out;
    std::vector<std::pair<int, std::string>> bad;  // line, error
    for (const Line& line : split_lines(text)) {
        const std::string_view id = trim(line.text);
        if (id.empty() || id[0] == '#') continue;  // blank lines and # comments, for annotated lists
        try {
            out.push_back(IdReader(source, line).read(id));
        } catch (const InputError& e) {
            if (!skipped) throw;
            bad.emplace_back(line.number, e.what());
        }
    }
    // Ids count the skipped lines too, so that skipping one never renames the others.
    const std::size_t records = out.size() + bad.size();
    assign_ids(out, source, records);
    for (const auto& [line, error] : bad)
        skipped->push_back({record_id(source, line, records), error});
    return out;
}

std::string write_tatham(const std::vector<Instance>& instances) {
    std::string out;
    for (const Instance& in : instances) out += game_id(in);
    return out;
}

}  // namespace futolab::formats_internal
