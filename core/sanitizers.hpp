// Whether this build runs under AddressSanitizer or ThreadSanitizer (gcc defines
// __SANITIZE_*__, clang answers __has_feature; FUTOLAB_SANITIZED_BUILD marks a test file
// compiled without the sanitizers of the build it links into, tests/CMakeLists.txt). Their
// runtimes change two things futolab relies on: fork() in a multi-threaded process is not safe
// with clang 14's runtimes (experiments/runner.cpp runs one process-isolation worker), and
// under RLIMIT_AS their allocator aborts instead of failing an allocation (the memout tests
// accept a crash).
#pragma once

namespace futolab {

#if defined(FUTOLAB_SANITIZED_BUILD) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif
#else
inline constexpr bool kSanitizerBuild = false;
#endif

}  // namespace futolab
