// Whether this test build runs under AddressSanitizer or ThreadSanitizer (CI's asan and tsan
// steps), where every search and every child process is 3-10x slower. A few tests that repeat one
// check over a large sample then take a smaller sample of the same checks there; the release
// step runs them whole, so no check is lost, only repetitions of it under the sanitizers.
#pragma once

// GCC defines __SANITIZE_ADDRESS__ / __SANITIZE_THREAD__; clang 14 (the asan preset's compiler)
// defines neither and answers __has_feature instead. The asan build compiles the test files
// themselves without sanitizers and says so with FUTOLAB_SANITIZED_BUILD (tests/CMakeLists.txt).
#if defined(FUTOLAB_SANITIZED_BUILD) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FUTOLAB_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FUTOLAB_TEST_SANITIZED 1
#endif
#endif

namespace futolab::test {

#if defined(FUTOLAB_TEST_SANITIZED)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace futolab::test
