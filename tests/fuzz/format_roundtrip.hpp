// The body shared by the format fuzz targets: parse bytes as one format; InputError is the
// expected answer to bad input, anything else escapes and libFuzzer reports it as a crash.
// For every instance that compiles, a cheap property: writing it back in the same format and
// reading that again gives one instance with the same instance_hash (the writers and readers
// agree); and the lenient read of `run --skip-invalid` agrees with the strict one. A broken
// property aborts with a message, which libFuzzer records as a finding.
#pragma once

#include "core/error.hpp"
#include "core/formats/formats.hpp"
#include "core/puzzle.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::fuzz {

[[noreturn]] inline void property_broken(const std::string& what) {
    std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
    std::abort();
}

inline std::optional<Puzzle> compiled(const Instance& instance) {
    try {
        return Puzzle::compile(instance);
    } catch (const InputError&) {
        return std::nullopt;  // a well-formed file with an invalid puzzle: expected
    }
}

// Written and re-read, the instance must keep its hash. The writer's own output is never bad
// input, so an InputError here is a finding too (it is not caught).
inline void check_round_trip(const Instance& instance, const Puzzle& puzzle, Format format) {
    const std::string text = write_instances({instance}, format);
    const std::vector<Instance> again = parse_instances(text, "roundtrip", format);
    if (again.size() != 1) property_broken("re-read gives " + std::to_string(again.size()) + " instances:\n" + text);
    const Puzzle reread = Puzzle::compile(again.front());
    if (reread.hash() != puzzle.hash())
        property_broken("hash changed " + puzzle.canonical() + " -> " + reread.canonical() + "\n" + text);
}

inline bool same_reading(const Instance& a, const Instance& b) {
    return a.id == b.id && a.line == b.line && a.n == b.n && a.givens.size() == b.givens.size() &&
           a.lt.size() == b.lt.size() && a.solution == b.solution;
}

// What the strict read accepts (`strict` set), the lenient read reads the same, skipping
// nothing; what it rejects, the lenient read rejects too (formats without lines to skip)
// or reads with at least one line skipped.
inline void check_lenient_read(std::string_view text, Format format, const std::vector<Instance>* strict) {
    std::vector<SkippedInput> skipped;
    std::vector<Instance> lenient;
    try {
        lenient = parse_instances(text, "fuzz", format, &skipped);
    } catch (const InputError& e) {
        if (strict) property_broken(std::string("the lenient read rejects what the strict read accepts: ") + e.what());
        return;
    }
    if (!strict) {
        if (skipped.empty()) property_broken("the lenient read accepts, skipping nothing, what the strict read rejects");
        return;
    }
    if (!skipped.empty()) property_broken("the lenient read skips valid input: " + skipped.front().error);
    if (lenient.size() != strict->size()) property_broken("the lenient read gives another number of instances");
    for (std::size_t i = 0; i < lenient.size(); ++i)
        if (!same_reading(lenient[i], (*strict)[i])) property_broken("the lenient read differs at " + lenient[i].id);
}

inline int fuzz_format_reader(const std::uint8_t* data, std::size_t size, Format format) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<Instance> instances;
    try {
        instances = parse_instances(text, "fuzz", format);
    } catch (const InputError&) {
        check_lenient_read(text, format, nullptr);
        return 0;
    }
    check_lenient_read(text, format, &instances);
    for (const Instance& instance : instances)
        if (const auto puzzle = compiled(instance)) check_round_trip(instance, *puzzle, format);
    return 0;
}

}  // namespace futolab::fuzz
