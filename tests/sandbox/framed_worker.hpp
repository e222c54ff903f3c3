// A stand-in for a worker of another binary (sandbox/warm_worker.hpp, worker_protocol.hpp),
// shared by the tests of workers started from a binary: a script of the protocol's framing.
#pragma once

#include "sandbox/warm_worker.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

namespace futolab::test {

// A fresh folder for the scripts of test `name`.
inline std::filesystem::path worker_scratch(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("futolab-worker-deadline-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// `text` as the executable `dir/name`; its path.
inline std::string worker_script(const std::filesystem::path& dir, const std::string& name, const std::string& text) {
    const std::filesystem::path path = dir / name;
    std::ofstream(path) << text;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
}

// A worker command for `path` whose hello check accepts any hello.
inline WorkerCommand worker_command(const std::string& path, double hello_seconds, std::string plan = "plan") {
    return {path, {"worker"}, std::move(plan), [](std::string_view) {}, 1, "build t (" + path + ")", hello_seconds};
}

// A worker of the protocol's framing (u32 length, bytes, four i64): says a hello to its plan,
// then answers each request "ok REQUEST". With the file EXIT beside it, it exits with code 3
// before its hello.
inline constexpr const char* kFramedWorker =
    "#!/usr/bin/perl\n"
    "use File::Basename;\n"
    "exit 3 if -e dirname($0) . '/EXIT';\n"
    "open(my $in, '<&=3'); open(my $out, '>&=4'); binmode $in; binmode $out;\n"
    "select((select($out), $| = 1)[0]);\n"
    "sub frame { read($in, my $h, 4) == 4 or return undef; my $n = unpack('L', $h); my $b = '';\n"
    "  while (length($b) < $n) { read($in, $b, $n - length($b), length($b)) or return undef; } return $b; }\n"
    "sub answer { my $t = shift; print $out pack('L', length $t) . $t . pack('q4', -1, 0, 0, 0); }\n"
    "defined(frame()) or exit 0; answer('hello');\n"
    "while (defined(my $r = frame())) { answer(\"ok $r\"); }\n";

}  // namespace futolab::test
