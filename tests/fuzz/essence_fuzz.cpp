// libFuzzer target: the essence reader, plus the write-and-re-read property (format_roundtrip.hpp).
#include "format_roundtrip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return futolab::fuzz::fuzz_format_reader(data, size, futolab::Format::essence);
}
