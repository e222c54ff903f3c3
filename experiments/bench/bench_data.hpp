// Where the benchmark programs find the Tatham sample puzzles, and how they load them.
#pragma once

#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace futolab::bench {

// The folder holding tatham-dev/: $FUTOLAB_DATA if set, else <shared>/data from the build.
inline std::string data_dir() {
    const char* env = std::getenv("FUTOLAB_DATA");
    return env != nullptr && *env != '\0' ? std::string(env) : std::string(FUTOLAB_DATA_DIR);
}

// tatham-dev/nNN.tatham for n = first..last.
inline std::vector<std::string> tatham_files(int first, int last) {
    std::vector<std::string> files;
    for (int n = first; n <= last; ++n)
        files.push_back(data_dir() + "/tatham-dev/n" + (n < 10 ? "0" : "") + std::to_string(n) + ".tatham");
    return files;
}

// Every instance of the files, compiled. Throws InputError (or what the readers throw).
inline std::vector<Puzzle> load_puzzles(const std::vector<std::string>& files) {
    std::vector<Puzzle> puzzles;
    for (const std::string& file : files)
        for (const Instance& instance : read_instances(file)) puzzles.push_back(Puzzle::compile(instance));
    return puzzles;
}

}  // namespace futolab::bench
