#include "generators/latin/symmetry.hpp"

#include "core/error.hpp"
#include "generators/latin/enumerate.hpp"

#include <iterator>
#include <string>

namespace futolab {

std::vector<int> apply_symmetry(int n, const std::vector<int>& square, int sym) {
    std::vector<int> out(square.size());
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            int r2 = (sym & 4) ? c : r, c2 = (sym & 4) ? r : c;
            if (sym & 1) r2 = n - 1 - r2;
            if (sym & 2) c2 = n - 1 - c2;
            const int v = square[r * n + c];
            out[r2 * n + c2] = (sym & 8) ? n + 1 - v : v;
        }
    return out;
}

std::vector<int> canonical_square(int n, const std::vector<int>& square) {
    std::vector<int> best = square;
    for (int sym = 1; sym < 16; ++sym) {
        std::vector<int> image = apply_symmetry(n, square, sym);
        if (image < best) best = std::move(image);
    }
    return best;
}

int orbit_size(int n, const std::vector<int>& square) {
    int stabiliser = 1;  // the identity
    for (int sym = 1; sym < 16; ++sym)
        if (apply_symmetry(n, square, sym) == square) ++stabiliser;
    return 16 / stabiliser;
}

namespace {

void check_enumerated(int n) {
    if (n < 2 || n > kMaxEnumeratedN)
        throw InputError("the classes of Latin squares are enumerated for 2 <= n <= " + std::to_string(kMaxEnumeratedN) +
                         ", got " + std::to_string(n));
}

}  // namespace

std::vector<SquareClass> square_classes(int n) {
    check_enumerated(n);
    std::vector<SquareClass> out;
    for (const auto& sq : all_latin_squares(n))
        if (canonical_square(n, sq) == sq) out.push_back({sq, orbit_size(n, sq)});
    return out;
}

std::size_t square_class_count(int n) {
    check_enumerated(n);
    constexpr std::size_t kCounts[] = {1, 2, 70, 10192};  // n = 2..5 (symmetry_test.cpp counts them again)
    static_assert(std::size(kCounts) == kMaxEnumeratedN - 1);
    return kCounts[n - 2];
}

}  // namespace futolab
