// Whether this test build runs under AddressSanitizer or ThreadSanitizer (CI's asan and tsan
// steps), where every search and every child process is 3-10x slower. A few tests that repeat one
// check over a large sample then take a smaller sample of the same checks there; the release
// step runs them whole, so no check is lost, only repetitions of it under the sanitizers.
#pragma once

namespace futolab::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace futolab::test
