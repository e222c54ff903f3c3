// The files a command writes at its end that go together — critical's --out and --certificate,
// a whole --few-relations count's table and --out — put in place as one (issue #45, A F4: `critical
// --exact --n 4 --out r.jsonl --certificate c.cert --force` on a full disk renamed its new r.jsonl
// over the earlier run's, then failed at c.cert: a new --out beside an old certificate). Every
// file is written whole and synced to its temporary name before any is renamed
// (core/atomic_file.hpp, commit_together), the renames in one window no stop signal cuts
// (app/commit_window.hpp): a full disk, a lost lock or a stop before the window leaves every
// target as it was, the earlier set whole. Standard output ("" or "-"), a device and this
// process's own stream by another name cannot be taken back: they are written after every file
// is ready and before the renames, so a failure there still renames nothing.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace futolab {
class AtomicFile;
class Interrupt;
}  // namespace futolab

namespace futolab::app {

class OutputsTogether {
public:
    // `stop`: the command's stop request, its signals taken by the caller's SignalScope.
    explicit OutputsTogether(const Interrupt& stop);
    ~OutputsTogether();
    OutputsTogether(const OutputsTogether&) = delete;
    OutputsTogether& operator=(const OutputsTogether&) = delete;

    // `path` ("" or "-": standard output, each line a record) gets `text`. `held` asks the
    // locks that stand for it (throws "PATH: not written: …" if one was lost); null: none.
    // A certificate is one record, and a stop is no reason to leave it out once the outputs it
    // goes with are written; a stop before any output is written leaves them all out.
    void add(std::string path, std::string text, std::function<void()> held, bool certificate = false);
    // Every lock asked, every file written and synced to its temporary name: where a full disk
    // fails ("cannot write PATH: REASON"), nothing in place yet. Called by commit if not before.
    void prepare();
    // The locks asked again, then the streams written, then every file renamed into place. A
    // stop before anything is written: "interrupted: PATH not written (what was there is as it
    // was)", nothing written.
    void commit();

private:
    struct Output {
        std::string path, text;
        std::function<void()> held;
        bool certificate = false;
        std::unique_ptr<AtomicFile> file;  // none for standard output
    };
    void ask_locks() const;
    bool stop_cancels() const;
    bool write_stream(Output& output);
    [[noreturn]] void interrupted() const;

    const Interrupt& stop_;
    std::vector<Output> outputs_;
    bool prepared_ = false;
};

}  // namespace futolab::app
