// libFuzzer target: the experiment config loader (YAML). parse_config only reads the text
// (globs are expanded later, by the run matrix), so fuzzing it touches no files. InputError is
// the expected answer to a bad config; any other exception, crash or hang is a finding.
#include "core/error.hpp"
#include "experiments/config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        futolab::parse_config(text, "fuzz.yaml");
    } catch (const futolab::InputError&) {
    }
    return 0;
}
