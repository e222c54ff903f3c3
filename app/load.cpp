#include "app/load.hpp"

#include "core/formats/formats.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

namespace futolab::app {

std::vector<Puzzle> load_puzzles(const std::vector<std::string>& inputs) {
    std::vector<Puzzle> out;
    for (const std::string& path : inputs)
        for (const Instance& instance : read_instances(path)) out.push_back(Puzzle::compile(instance));
    return out;
}

std::vector<std::pair<Instance, Puzzle>> load_instances(const std::vector<std::string>& inputs) {
    std::vector<std::pair<Instance, Puzzle>> out;
    for (const std::string& path : inputs)
        for (Instance& instance : read_instances(path)) {
            Puzzle p = Puzzle::compile(instance);
            out.emplace_back(std::move(instance), std::move(p));
        }
    return out;
}

void write_output(const std::string& path, const std::string& text) {
    if (path.empty() || path == "-") {
        std::cout << text << std::flush;
        return;
    }
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    if (!file) throw std::runtime_error("cannot write " + path);
}

}  // namespace futolab::app
