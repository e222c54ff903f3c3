// core/files.hpp: an input that is also standard output is refused before anything is read
// (issue #45, round 6): `futolab analyze a.csv >> a.csv` appended the tables to the results CSV
// (then "a.csv:6: 1 fields, the header has 37"); `solve`, `convert` and `critical --input`
// appended to their puzzle files alike.
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <fcntl.h>
#include <unistd.h>

using namespace futolab;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// read_text_file(path) while standard output (and, for "-", standard input) is `file`.
std::string read_with_stdout(const std::string& path, const fs::path& file) {
    std::cout.flush();
    std::fflush(stdout);
    const int saved_out = ::dup(STDOUT_FILENO), saved_in = ::dup(STDIN_FILENO);
    const int out = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC), in = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(in, STDIN_FILENO);
    std::string result;
    try {
        result = read_text_file(path);
    } catch (const InputError& e) {
        result = std::string("refused: ") + e.what();
    }
    ::dup2(saved_out, STDOUT_FILENO);
    ::dup2(saved_in, STDIN_FILENO);
    for (const int fd : {saved_out, saved_in, out, in}) ::close(fd);
    return result;
}

}  // namespace

TEST_CASE("read_text_file refuses the file that is standard output, by any name", "[files]") {
    const fs::path dir = fresh_dir("files", "stdout");
    std::ofstream(dir / "in.txt") << "data\n";
    std::ofstream(dir / "other.txt") << "other\n";
    fs::create_hard_link(dir / "in.txt", dir / "link.txt");
    fs::create_symlink(dir / "in.txt", dir / "sym.txt");
    for (const fs::path& name : {dir / "in.txt", dir / "link.txt", dir / "sym.txt", dir / "." / "in.txt"}) {
        INFO(name);
        const std::string r = read_with_stdout(name.string(), dir / "in.txt");
        CHECK(has(r, "refused: "));
        CHECK(has(r, "is also this command's standard output"));
    }
    CHECK(has(read_with_stdout("-", dir / "in.txt"), "refused: -: is also this command's standard output"));
    CHECK(read_with_stdout((dir / "other.txt").string(), dir / "in.txt") == "other\n");
    CHECK(slurp((dir / "in.txt").string()) == "data\n");  // nothing was written
    fs::remove_all(dir);
}

TEST_CASE("a command whose standard output is appended to its input refuses, the input unchanged", "[files][cli]") {
    const fs::path dir = fresh_dir("files", "append");
    const std::string csv = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv";
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl";
    fs::copy_file(csv, dir / "r.csv");
    fs::copy_file(puzzle, dir / "p.jsonl");
    for (const char* command : {"analyze r.csv >> r.csv", "compare r.csv r.csv >> r.csv", "solve p.jsonl >> p.jsonl",
                                "check p.jsonl >> p.jsonl", "grade p.jsonl >> p.jsonl", "convert p.jsonl --to futo >> p.jsonl",
                                "convert - --to futo < p.jsonl >> p.jsonl", "critical --input p.jsonl >> p.jsonl"}) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "is also this command's standard output"));
        CHECK(slurp((dir / "r.csv").string()) == slurp(csv));
        CHECK(slurp((dir / "p.jsonl").string()) == slurp(puzzle));
    }
    fs::remove_all(dir);
}

// Round 8: FUTOLAB_MAX_INPUT_BYTES=100 said "'100' is not a whole number of bytes from 1048576
// up", as if 100 were not a whole number; the message names the bound it misses.
TEST_CASE("FUTOLAB_MAX_INPUT_BYTES names the bound a value misses", "[files]") {
    const auto error_of = [](const char* value) {
        ::setenv("FUTOLAB_MAX_INPUT_BYTES", value, 1);
        std::string what = "accepted";
        try {
            max_input_bytes();
        } catch (const InputError& e) {
            what = e.what();
        }
        ::unsetenv("FUTOLAB_MAX_INPUT_BYTES");
        return what;
    };
    CHECK(error_of("100") == "FUTOLAB_MAX_INPUT_BYTES: 100 is too small (at least 1048576)");
    CHECK(error_of("1048575") == "FUTOLAB_MAX_INPUT_BYTES: 1048575 is too small (at least 1048576)");
    CHECK(error_of("0") == "FUTOLAB_MAX_INPUT_BYTES: 0 is too small (at least 1048576)");
    CHECK(error_of("1048576") == "accepted");
    CHECK_THAT(error_of("12kB"), Catch::Contains("'12kB' is not a whole number of bytes"));
    CHECK_THAT(error_of("-5"), Catch::Contains("'-5' is not a whole number of bytes"));
    CHECK_THAT(error_of("18446744073709551616"), Catch::Contains("is too large (at most 18446744073709551615)"));
}

// Round 9 (R9 #15): a UNIX socket cannot be opened at all (ENXIO): the message was "cannot
// read: No such device or address". It names the file's type, as for a FIFO.
TEST_CASE("read_text_file names a socket's type, not open's errno", "[files]") {
    const fs::path dir = fresh_dir("files", "socket");
    const std::string socket_path = (dir / "sk.csv").string();
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    REQUIRE(socket_path.size() < sizeof(address.sun_path));
    std::copy(socket_path.begin(), socket_path.end(), address.sun_path);
    REQUIRE(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0);
    CHECK_THROWS_WITH(read_text_file(socket_path), socket_path + ": cannot read: is a socket, not a regular file");
    CHECK_THROWS_WITH(read_first_line(socket_path), socket_path + ": cannot read: is a socket, not a regular file");
    ::close(fd);
    CHECK_THROWS_WITH(read_text_file((dir / "none.csv").string()),
                      (dir / "none.csv").string() + ": cannot read: No such file or directory");
    fs::remove_all(dir);
}

// The one look at a file's first bytes behind every kind check (records/output_guard.cpp): past
// a byte-order mark, as the file's readers read it; a FIFO without a writer is not waited for.
TEST_CASE("read_file_head skips a byte-order mark and reads only regular files", "[files][bom]") {
    const fs::path dir = fresh_dir("files", "head");
    std::ofstream(dir / "marked.csv", std::ios::binary) << "\xEF\xBB\xBF" "experiment,instance\n";
    std::ofstream(dir / "plain.csv", std::ios::binary) << "experiment,instance\n";
    for (const char* name : {"marked.csv", "plain.csv"}) {
        CHECK(read_file_head((dir / name).string(), 10) == "experiment");
        CHECK(read_file_head((dir / name).string(), 100) == "experiment,instance\n");
    }
    std::ofstream(dir / "mark.txt", std::ios::binary) << "\xEF\xBB\xBF";
    CHECK(read_file_head((dir / "mark.txt").string(), 10).empty());
    CHECK(without_byte_order_mark("\xEF\xBB\xBF" "a\xEF\xBB\xBF") == "a\xEF\xBB\xBF");  // at the start only
    REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
    CHECK(read_file_head((dir / "fifo").string(), 10).empty());
    CHECK(read_file_head((dir / "none").string(), 10).empty());
}

namespace {

// What `ask` returns while standard input is `file`, so that /dev/stdin and its other names reach
// a regular file, as `< file` makes them.
template <typename Ask>
auto with_stdin(const fs::path& file, Ask ask) {
    const int saved_in = ::dup(STDIN_FILENO), in = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    ::dup2(in, STDIN_FILENO);
    const auto answer = ask();
    ::dup2(saved_in, STDIN_FILENO);
    for (const int fd : {saved_in, in}) ::close(fd);
    return answer;
}

// refuse_stdin_twice(inputs)'s message while standard input is `file` ("" if it passes).
std::string stdin_twice_with(const std::vector<NamedInput>& inputs, const fs::path& file) {
    return with_stdin(file, [&inputs] {
        try {
            refuse_stdin_twice(inputs);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    });
}

bool names_stdin_with(const std::string& name, const fs::path& file) {
    return with_stdin(file, [&name] { return names_standard_input(name); });
}

}  // namespace

// Red-team round 26, C F7: standard input named by two options (`check --expect - -`, `solve -
// --commands -`) or by two of its names (`solve /dev/stdin /dev/fd/0`) was read once and its text
// given to both readers, whose message blamed the content (or both solved it, exit 0).
TEST_CASE("refuse_stdin_twice: standard input by any of its names in the list or by an option", "[files][stdin]") {
    const fs::path dir = fresh_dir("files", "stdin-twice");
    std::ofstream(dir / "in.txt") << "1\n";
    std::ofstream(dir / "other.txt") << "2\n";
    fs::create_symlink("/dev/stdin", dir / "link");
    const std::string pid_fd = "/proc/" + std::to_string(::getpid()) + "/fd/0";
    const std::string tail = ": standard input can be read only once; name it once";
    for (const std::string& name : std::vector<std::string>{"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", pid_fd, (dir / "link").string()}) {
        INFO(name);
        CHECK(names_stdin_with(name, dir / "in.txt"));
        CHECK(stdin_twice_with(numbered_inputs({"-", name}), dir / "in.txt") ==
              "-: given twice (inputs 1 and 2 as " + name + ")" + tail);
        CHECK(stdin_twice_with(numbered_inputs({(dir / "other.txt").string(), name, "-"}), dir / "in.txt") ==
              name + ": given twice (inputs 2 and 3 as -)" + tail);
        CHECK(stdin_twice_with({{"--expect", name}, {"input 1", "-"}}, dir / "in.txt") == name + ": given twice (--expect and input 1 as -)" + tail);
        CHECK(stdin_twice_with({{"input 1", name}, {"--commands", name}}, dir / "in.txt") == name + ": given twice (input 1 and --commands)" + tail);
        CHECK(stdin_twice_with(numbered_inputs({name, (dir / "other.txt").string()}), dir / "in.txt").empty());  // once
    }
    CHECK(stdin_twice_with({{"--expect", "-"}, {"input 1", "-"}}, dir / "in.txt") == "-: given twice (--expect and input 1)" + tail);
    CHECK(stdin_twice_with(numbered_inputs({"a", "-", "b", "-"}), dir / "in.txt") == "-: given twice (inputs 2 and 4)" + tail);
    // Not standard input: a file (even the one standard input comes from: read twice, it reads
    // the same), another descriptor, or descriptor 0 of another process.
    for (const std::string& name :
         std::vector<std::string>{(dir / "in.txt").string(), "/dev/fd/1", "/dev/stdout", "/dev/null", "/proc/1/fd/0", ""}) {
        INFO(name);
        CHECK_FALSE(names_stdin_with(name, dir / "in.txt"));
        CHECK(stdin_twice_with(numbered_inputs({name, name, "-"}), dir / "in.txt").empty());
    }
}
