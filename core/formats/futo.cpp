// Grid text (.futo), SPEC §2.1. A puzzle is 2n−1 significant lines: cell rows (n cells with
// optional < > between them) alternating with relation rows (n tokens of ^ v .). n comes from
// the number of cells in the first row. Several puzzles may follow one another in one file:
// after 2n−1 significant lines the next one starts (docs/formats.md).
#include "core/formats/readers.hpp"
#include "core/counted.hpp"
#include "core/formats/text.hpp"
#include "core/puzzle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace futolab::formats_internal {
namespace {

std::string_view strip_comment(std::string_view line) { return line.substr(0, line.find('#')); }

bool is_relation_token(std::string_view t) { return t == "<" || t == ">"; }

// One puzzle being read, row by row.
class GridBuilder {
public:
    GridBuilder(const std::string& source, int first_line) : source_(source) {
        instance_.source = source;
        instance_.line = first_line;
    }

    void add_row(const std::vector<Token>& tokens, int line) {
        if (rows_ % 2 == 0)
            read_cell_row(tokens, line, rows_ / 2);
        else
            read_relation_row(tokens, line, rows_ / 2);
        ++rows_;
        last_line_ = line;
    }

    bool complete() const { return instance_.n > 0 && rows_ == 2 * instance_.n - 1; }

    [[noreturn]] void fail_incomplete() const {
        const int n = instance_.n;
        fail(source_, instance_.line, 0,
             fmt::format("incomplete puzzle: a {}x{} grid needs 2n-1 = {} significant lines, found {} "
                         "(lines {}-{})",
                         n, n, 2 * n - 1, rows_, instance_.line, last_line_));
    }

    Instance take() { return std::move(instance_); }

private:
    // A cell token: a value, or . 0 _ for empty (returns 0).
    int cell_value(const Token& t, int line) const {
        if (t.text == "." || t.text == "_") return 0;
        if (auto v = parse_count(t.text)) return *v;
        if (t.text == "^" || t.text == "v")
            fail(source_, line, t.column,
                 fmt::format("{} in a cell row: rows alternate cells, relations, cells (is a row missing?)",
                             quoted(t.text)));
        if (is_digits(t.text)) fail(source_, line, t.column, fmt::format("number {} is too large", quoted(t.text)));
        fail(source_, line, t.column,
             fmt::format("{} is not a cell (expected a value, '.', '0' or '_', separated by spaces)", quoted(t.text)));
    }

    void read_cell_row(const std::vector<Token>& tokens, int line, int row) {
        int col = 0;
        const Token* pending = nullptr;  // a < or > waiting for the cell on its right
        for (const Token& t : tokens) {
            if (is_relation_token(t.text)) {
                if (col == 0 || pending) fail(source_, line, t.column, fmt::format("{} must stand between two cells", quoted(t.text)));
                pending = &t;
                continue;
            }
            const int value = cell_value(t, line);
            if (value != 0) instance_.givens.push_back({row, col, value, line, t.column});
            if (pending) add_horizontal(*pending, line, row, col);
            pending = nullptr;
            ++col;
        }
        if (pending) fail(source_, line, pending->column, fmt::format("{} must stand between two cells", quoted(pending->text)));
        if (instance_.n == 0) {  // the first row sets the size
            // Refused here, not as the missing lines of a grid that would be refused anyway (a
            // 65-cell row "needs 129 significant lines": red-team round 29, C2).
            if (col > kMaxSize)
                fail(source_, line, 0, fmt::format("size n={} is out of range {}..{}", col, kMinSize, kMaxSize));
            instance_.n = col;
        }
        if (col != instance_.n)
            fail(source_, line, 0,
                 fmt::format("cell row has {}, expected {}", counted(static_cast<std::size_t>(col), "cell"), instance_.n));
    }

    // `a < b` or `a > b` between the cells at col-1 and col.
    void add_horizontal(const Token& t, int line, int row, int col) {
        if (t.text == "<")
            instance_.lt.push_back({row, col - 1, row, col, line, t.column});
        else
            instance_.lt.push_back({row, col, row, col - 1, line, t.column});
    }

    void read_relation_row(const std::vector<Token>& tokens, int line, int upper) {
        for (std::size_t c = 0; c < tokens.size(); ++c) {
            const Token& t = tokens[c];
            const int col = static_cast<int>(c);
            if (t.text == "^")
                instance_.lt.push_back({upper, col, upper + 1, col, line, t.column});
            else if (t.text == "v")
                instance_.lt.push_back({upper + 1, col, upper, col, line, t.column});
            else if (t.text != ".")
                fail(source_, line, t.column,
                     fmt::format("{} in a relation row (expected ^, v or . for each column)", quoted(t.text)));
        }
        if (static_cast<int>(tokens.size()) != instance_.n)
            fail(source_, line, 0,
                 fmt::format("relation row has {}, expected {} (one ^, v or . per column)", counted(tokens.size(), "token"),
                             instance_.n));
    }

    const std::string& source_;
    Instance instance_;
    int rows_ = 0;
    int last_line_ = 0;
};

// ---- writer ----

struct Layout {
    int width = 1;  // characters per cell value
    int gap = 1;    // characters between cells: 3 leaves room for " < "
};

std::string cell_text(const Layout& layout, int value) {
    return fmt::format("{:>{}}", value == 0 ? std::string(".") : std::to_string(value), layout.width);
}

// What the writer prints between neighbours: < > (or a space) and ^ v (or '.').
struct Symbols {
    std::vector<char> right, down;  // per cell: symbol towards its right / lower neighbour
};

Symbols symbols_of(const Puzzle& p) {
    Symbols s{std::vector<char>(p.cells(), ' '), std::vector<char>(p.cells(), '.')};
    for (const Relation& r : p.relations()) {
        if (r.hi == r.lo + 1) s.right[r.lo] = '<';          // lo left of hi
        else if (r.lo == r.hi + 1) s.right[r.hi] = '>';     // hi left of lo
        else if (r.hi == r.lo + p.n()) s.down[r.lo] = '^';  // lo above hi
        else s.down[r.hi] = 'v';                            // hi above lo
    }
    return s;
}

std::string right_trimmed(std::string text) {
    text.erase(text.find_last_not_of(' ') + 1);
    return text;
}

std::string grid_text(const Instance& instance) {
    const Puzzle p = Puzzle::compile(instance);
    const int n = p.n();
    const Symbols sym = symbols_of(p);
    Layout layout;
    layout.width = n >= 10 ? 2 : 1;
    if (std::any_of(sym.right.begin(), sym.right.end(), [](char ch) { return ch != ' '; })) layout.gap = 3;
    std::string out;
    if (!instance.id.empty()) out += "# " + one_line(instance.id) + "\n";
    for (int r = 0; r < n; ++r) {
        std::string cells, rels;
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c;
            cells += cell_text(layout, p.given(cell));
            rels += fmt::format("{:>{}}", sym.down[cell], layout.width);
            if (c + 1 == n) break;
            cells += layout.gap == 1 ? std::string(" ") : fmt::format(" {} ", sym.right[cell]);
            rels += std::string(layout.gap, ' ');
        }
        out += right_trimmed(cells) + "\n";
        if (r + 1 < n) out += right_trimmed(rels) + "\n";
    }
    return out;
}

}  // namespace

std::vector<Instance> read_futo(std::string_view text, const std::string& source) {
    std::vector<Instance> out;
    std::optional<GridBuilder> current;
    for (const Line& line : split_lines(text)) {
        const std::vector<Token> tokens = split_tokens(strip_comment(line.text));
        if (tokens.empty()) continue;
        if (!current) current.emplace(source, line.number);
        current->add_row(tokens, line.number);
        if (current->complete()) {
            out.push_back(current->take());
            current.reset();
        }
    }
    if (current) current->fail_incomplete();
    assign_ids(out, source);
    return out;
}

std::string write_futo(const std::vector<Instance>& instances) {
    std::string out;
    for (std::size_t i = 0; i < instances.size(); ++i) {
        if (i > 0) out += "\n";  // a blank line between puzzles, for the eye only
        out += grid_text(instances[i]);
    }
    return out;
}

}  // namespace futolab::formats_internal
