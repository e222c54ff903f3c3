// Red-team round 29, A7: `critical --check-certificate --verify-with minizinc|ilp|clpfd` waited
// forever on a tool that never answered (no time limit applies to a check), and SIGTERM then
// killed futolab by the default action, leaving the tool's scratch folder to the next start's
// reaper. The check takes SIGINT, SIGTERM and SIGHUP as a stop now, for every count it asks
// (solvers/run/oracle.hpp, AmbientOracleStop): the tool is stopped, its folder removed, and the
// check ends "interrupted: nothing judged", exit 1.
//
// The tool is a wrapper first on PATH: the real one for the probe's first call, then a hang that
// marks its start; the signal is sent once the mark is there.
#include "signalled_cli.hpp"
#include "tests/app/certificate_cli.hpp"

#include <catch2/catch.hpp>

#include <signal.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::made;
using futolab::test::signalled_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

TEST_CASE("critical --check-certificate stops a --verify-with tool that never answers at a signal", "[app][critical][certificate][signals]") {
    const fs::path dir = fresh_dir("check-certificate-signal", "hang");
    made(dir, "critical --exact --n 3 --objective k", "n3.cert");
    const std::string real = futolab::test::tool_path("minizinc");
    if (real.empty()) return;  // not installed here: nothing to wrap
    const fs::path bin = dir / "bin", tmp = dir / "tmp", hung = dir / "hung";
    fs::create_directories(bin);
    fs::create_directories(tmp);
    std::ofstream(bin / "minizinc") << "#!/bin/sh\nn=$(($(cat '" << (bin / "calls").string() << "' 2>/dev/null || echo 0) + 1))\n"
                                    << "echo $n >'" << (bin / "calls").string() << "'\n"
                                    << "if [ $n -le 1 ]; then exec '" << real << "' \"$@\"; fi\n"
                                    << "touch '" << hung.string() << "'\nexec sleep 600\n";
    fs::permissions(bin / "minizinc", fs::perms::owner_all);
    for (const int sig : {SIGTERM, SIGINT}) {
        INFO("signal " << sig);
        fs::remove(bin / "calls");
        fs::remove(hung);
        const std::string path = bin.string() + ":" + ::getenv("PATH");
        const int code = signalled_cli(
            dir, {"critical", "--check-certificate", "n3.cert", "--verify-with", "minizinc"}, sig,
            // The handler is in place from the check's start, before the probe: once the tool
            // hangs, a futolab that does not catch the signal is ended by it (143), not waited on.
            [&](pid_t) { return fs::exists(hung); },
            [&] {
                ::setenv("PATH", path.c_str(), 1);
                ::setenv("TMPDIR", tmp.c_str(), 1);
            });
        const std::string err = slurp((dir / "err.txt").string());
        INFO(err);
        CHECK(code == 1);
        CHECK(has(err, "interrupted: nothing judged, the certificate neither accepted nor rejected"));
        CHECK_FALSE(has(err, "certificate accepted"));
        CHECK(fs::is_empty(tmp));  // the tool's scratch folder went with its run
    }
    fs::remove_all(dir);
}
