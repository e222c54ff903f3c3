// The --check-certificate CLI tests' steps: a search that writes a certificate, a certificate's
// records written back to a file, and the checker run on files with its exit and message.
#pragma once

#include "tests/app/cli_runner.hpp"
#include "tests/critical/exact/json_lines.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace futolab::test {

// Where `tool` is on this machine's PATH, "" if it is not (a --verify-with tool to wrap).
inline std::string tool_path(const std::string& tool) {
    std::string path;
    if (FILE* p = ::popen(("command -v " + tool + " 2>/dev/null").c_str(), "r")) {
        for (int c; (c = std::fgetc(p)) != EOF;)
            if (c != '\n') path += static_cast<char>(c);
        ::pclose(p);
    }
    return path;
}

// `command` run in `dir` must succeed (a search writing its certificate); the certificate's lines.
inline std::vector<Json> made(const std::filesystem::path& dir, const std::string& command, const std::string& cert,
                              const std::string& out = "/dev/null") {
    const auto r = run_cli(command + " --certificate " + cert + " --out " + out, dir.string());
    INFO(command << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
    return lines_of(slurp((dir / cert).string()));
}

inline void write(const std::filesystem::path& file, const std::vector<Json>& lines) {
    std::ofstream(file) << text_of(lines);
}

// --check-certificate FILES in `dir`: exit `code` and standard output (0) or error (1, 2) `says`;
// exit 2 never says "certificate rejected" (the message is the malformed line's alone).
inline void checked(const std::filesystem::path& dir, const std::string& files, int code, const std::string& says) {
    const auto r = run_cli("critical --check-certificate " + files, dir.string());
    INFO(files << "\n" << r.out << r.err);
    CHECK(r.exit_code == code);
    CHECK(has(code == 0 ? r.out : r.err, says));
    if (code == 2) CHECK_FALSE(has(r.err, "certificate rejected"));
}

}  // namespace futolab::test
