// Shared by the CLI cases of tests/records: a small sweep to run, lock, fill or link.
#pragma once

#include "../app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <functional>
#include <memory>
#include <string>

namespace futolab::test {

// The config of a sweep over the 75 4x4 Tatham puzzles (count to 2) with `solvers` (a YAML flow
// list's items), writing DIR/out/r.csv; returns its path, DIR/cfg.yaml.
inline std::string sweep_config(const std::string& dir, const std::string& solvers = "\"bitmask\"") {
    const std::string path = dir + "/cfg.yaml";
    std::ofstream(path) << "name: records-cli\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                           "/corpora/tatham-dev/n04.tatham\nsolvers: [ "
                        << solvers << " ]\noutput: " << dir << "/out/r.csv\n";
    return path;
}

// Another process holding what `hold` makes (a lock, an open stream) until this is destroyed,
// as another futolab would: `hold` runs in a forked child, which waits, holding its result,
// until the parent lets it go. Synchronised through pipes, not sleeps.
class OtherProcess {
public:
    explicit OtherProcess(const std::function<std::shared_ptr<void>()>& hold) {
        int ready[2], quit[2];
        REQUIRE(::pipe(ready) == 0);
        REQUIRE(::pipe(quit) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::close(ready[0]);
            ::close(quit[1]);
            {
                const std::shared_ptr<void> held = hold();
                [[maybe_unused]] const ssize_t w = ::write(ready[1], "1", 1);
                char c = 0;
                [[maybe_unused]] const ssize_t r = ::read(quit[0], &c, 1);  // until the parent closes it
            }
            ::_exit(0);
        }
        ::close(ready[1]);
        ::close(quit[0]);
        quit_ = quit[1];
        char c = 0;
        REQUIRE(::read(ready[0], &c, 1) == 1);
        ::close(ready[0]);
    }
    ~OtherProcess() {
        ::close(quit_);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
    OtherProcess(const OtherProcess&) = delete;
    OtherProcess& operator=(const OtherProcess&) = delete;
    std::string pid() const { return std::to_string(pid_); }

private:
    pid_t pid_ = -1;
    int quit_ = -1;
};

}  // namespace futolab::test
