// The puzzle as read from a file (SPEC §1–§2): size, givens, relations, id, and what a
// format carries through (solution, meta, unknown JSONL keys). Coordinates are 0-based.
// Nothing here is validated; Puzzle::compile (puzzle.hpp) validates and compiles it.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace futolab {

using Json = nlohmann::ordered_json;  // ordered: rewritten files keep their key order

struct Given {
    int row = 0, col = 0, value = 0;
    int line = 0, column = 0;  // where it was read (1-based, 0 = unknown), for error messages
};

// value(r1, c1) < value(r2, c2)
struct LessThan {
    int r1 = 0, c1 = 0, r2 = 0, c2 = 0;
    int line = 0, column = 0;
};

struct Instance {
    std::string id;
    std::string source;  // the file it came from ("-" for stdin), for error messages
    int line = 0;        // first line of the instance in its source (0 = unknown)
    int n = 0;
    std::vector<Given> givens;
    std::vector<LessThan> lt;
    std::vector<std::vector<int>> solution;  // optional known solution (n rows), empty if none
    Json meta;                               // optional "meta" object, null if none
    Json extra;                              // unknown JSONL keys, preserved on rewrite
};

}  // namespace futolab
