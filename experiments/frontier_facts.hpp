// What a frontier's records must be for resume and merge to keep its row: task exact's frontier
// of one square (its message lists the minimum k for every h_max) and exact-sample's over the
// classes of its sample. The search (critical/exact/exact.cpp) runs h_max from 0 to the smallest
// numbers-only set, where k = 0, and writes one record per corner, where the minimum k drops
// (frontier_corners, exact_task.cpp). What that fixes, checked without searching again:
//   - a corner's set has exactly h_max numbers: one with fewer would make a smaller h_max as
//     cheap, and k would not drop here;
//   - the corners go h_max up and k down, the first at h_max 0 exactly when the relations alone
//     determine one of the frontier's squares (gac, counting to 2), the last at k = 0;
//   - the next corner is at most two h_max further: a corner's set with one relation a < b
//     swapped for the numbers of a and b still determines its square (they imply a < b), so k
//     drops again by then;
//   - where it is two further, the h_max between has no cheaper set that one swap shows: the
//     corner's set with a relation swapped for one number, or the next corner's with a number
//     swapped for one relation, that determines the square refuses the row (a corner was left
//     out); so does a first corner at h_max 2 or more whose set without one of its numbers but
//     with every relation of its square determines it (an earlier h_max has a set).
// Sound (a row the search wrote passes) but not complete: a corner left out where no one swap
// shows it, or a first corner later than another class's would be, needs the search again (a
// minute a class at n = 6).
#pragma once

#include "core/instance.hpp"
#include "experiments/row_cells.hpp"
#include "generators/grade.hpp"

#include <vector>

namespace futolab {

// Whether the relations of `square` (order n, row-major) alone determine it (gac, counting to 2).
bool relations_determine(Grader& grader, int n, const std::vector<int>& square);

// `records`: the row's records, each already checked as a verified set of its square with a
// whole meta.h_max; `squares`: the squares the frontier is over (task exact: the row's;
// exact-sample: its classes). Refuses the row's output (or its message) naming the corner.
void check_frontier_corners(const RowCells& row, Grader& grader, const std::vector<Instance>& records,
                            const std::vector<std::vector<int>>& squares);

// Task exact's message "min k for h_max = 0..E: v0 v1 … vE" (`-` where no set has h <= h_max),
// as its search writes it: the `-` first, the values falling or level, 0 last and only last, and
// its corners the records' (h_max, k), each record's meta point and minimum the same.
void check_frontier_message(const RowCells& row, const std::vector<Instance>& records);

}  // namespace futolab
