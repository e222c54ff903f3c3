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

// 0 if one of the 15 other symmetries maps `square` to a lexicographically smaller square (it is
// not its class's canonical square); else its orbit size. The images are compared cell by cell
// as they are read, without being built: at n = 5 most of the 161 280 squares differ from a
// smaller image in their first cells, and building the 15 images of each (canonical_square)
// took most of square_classes' time, ten times more under the sanitizers' allocator.
int orbit_if_canonical(int n, const std::vector<int>& square) {
    int stabiliser = 1;  // the identity
    for (int sym = 1; sym < 16; ++sym) {
        int order = 0;  // image vs square at the first cell they differ: -1 smaller, 1 larger
        for (int R = 0; R < n && order == 0; ++R)
            for (int C = 0; C < n && order == 0; ++C) {
                // The cell apply_symmetry moves to (R, C): undo the flips, then the transpose.
                const int r2 = (sym & 1) ? n - 1 - R : R, c2 = (sym & 2) ? n - 1 - C : C;
                const int r = (sym & 4) ? c2 : r2, c = (sym & 4) ? r2 : c2;
                const int v = square[r * n + c];
                const int image = (sym & 8) ? n + 1 - v : v;
                const int here = square[R * n + C];
                order = image < here ? -1 : image > here ? 1 : 0;
            }
        if (order < 0) return 0;
        if (order == 0) ++stabiliser;
    }
    return 16 / stabiliser;
}

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
        if (const int orbit = orbit_if_canonical(n, sq); orbit > 0) out.push_back({sq, orbit});
    return out;
}

std::size_t square_class_count(int n) {
    check_enumerated(n);
    constexpr std::size_t kCounts[] = {1, 2, 70, 10192};  // n = 2..5 (symmetry_test.cpp counts them again)
    static_assert(std::size(kCounts) == kMaxEnumeratedN - 1);
    return kCounts[n - 2];
}

}  // namespace futolab
