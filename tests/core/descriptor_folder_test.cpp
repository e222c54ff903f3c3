// core/atomic_file.hpp descriptor_folder_problem: a folder output at a descriptor of the command
// is refused, and the message names which one. `analyze --tables /dev/fd/1` and `--plots
// /dev/stderr` were said to be "standard input, or one the shell opened" (red-team round 24, C F7).
#include "core/atomic_file.hpp"

#include <catch2/catch.hpp>

#include <string>

using futolab::descriptor_folder_problem;

TEST_CASE("a folder output at standard output or error names that stream", "[descriptor][folder]") {
    for (const std::string out : {"/dev/fd/1", "/dev/stdout", "/proc/self/fd/1/tables"}) {
        const std::string part = out.ends_with("/tables") ? "/proc/self/fd/1" : out;
        INFO(out);
        CHECK(descriptor_folder_problem(out) == part + " names a descriptor of this command (its standard output), not a folder");
    }
    for (const std::string err : {"/dev/fd/2", "/dev/stderr", "/dev/fd/2/plots"}) {
        const std::string part = err.ends_with("/plots") ? "/dev/fd/2" : err;
        INFO(err);
        CHECK(descriptor_folder_problem(err) == part + " names a descriptor of this command (its standard error), not a folder");
    }
}

TEST_CASE("a folder output at standard input or another descriptor is named so", "[descriptor][folder]") {
    for (const std::string path : {"/dev/fd/0", "/dev/fd/97"})
        CHECK(descriptor_folder_problem(path) ==
              path + " names a descriptor of this command (standard input, or one the shell opened), not a folder");
    CHECK(descriptor_folder_problem("plots").empty());
}
