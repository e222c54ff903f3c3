// The per-format readers and writers behind formats.hpp (internal to core/formats). Readers
// check syntax and token counts and record where every clue was read; Puzzle::compile does
// the semantic checks. Writers of grid formats compile the instance first, because they need
// a valid board to lay the clues out on.
#pragma once

#include "core/formats/formats.hpp"
#include "core/instance.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace futolab::formats_internal {

std::vector<Instance> read_futo(std::string_view text, const std::string& source);
std::string write_futo(const std::vector<Instance>& instances);

// The line formats take `skipped`: null to throw on the first bad line, else to skip it.
std::vector<Instance> read_jsonl(std::string_view text, const std::string& source,
                                 std::vector<SkippedInput>* skipped = nullptr);
std::string write_jsonl(const std::vector<Instance>& instances);

std::vector<Instance> read_tatham(std::string_view text, const std::string& source,
                                  std::vector<SkippedInput>* skipped = nullptr);
std::string write_tatham(const std::vector<Instance>& instances);

Instance read_essence(std::string_view text, const std::string& source);
std::string write_essence(const Instance& instance);

std::string write_dzn(const Instance& instance);

std::vector<Instance> read_usp(std::string_view text, const std::string& source);
std::string write_usp(const std::vector<Instance>& instances);

}  // namespace futolab::formats_internal
