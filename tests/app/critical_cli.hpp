// The critical modes' CLI tests (critical_order_cli_test, critical_exact_cli_test): a command
// run with --out o.jsonl in a folder of its own, where its results CSV o.csv lies beside it.
#pragma once

#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

namespace futolab::test {

// The command in `dir` with --out o.jsonl and `extra`: it must exit `code`; its stderr.
inline std::string run_in(const std::filesystem::path& dir, const std::string& command, const std::string& extra, int code) {
    const auto r = run_cli(command + " --out o.jsonl " + extra, dir.string());
    INFO(command << " " << extra << "\n" << r.err);
    CHECK(r.exit_code == code);
    return r.err;
}

}  // namespace futolab::test
