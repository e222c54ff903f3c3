// libFuzzer target: the metadata sidecar reader (records/sidecar.hpp, issue #25): resume and
// merge trust what it returns. InputError is the expected answer to a bad sidecar (a missing
// key, a count out of range, an alias bomb); any other exception, crash or hang is a finding.
#include "core/error.hpp"
#include "records/sidecar.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        futolab::parse_sidecar(text, "fuzz.csv.meta.yaml", "fuzz.csv");
    } catch (const futolab::InputError&) {
    }
    return 0;
}
