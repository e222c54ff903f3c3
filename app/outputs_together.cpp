#include "app/outputs_together.hpp"

#include "app/commit_window.hpp"
#include "app/load.hpp"
#include "core/atomic_file.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <utility>

namespace futolab::app {
namespace {

// Standard output as write_output names it: written as a stream, never replaced.
bool together_on_stdout(const std::string& path) { return path.empty() || path == "-"; }

// A file whose AtomicFile has no temporary name: a device, or this process's own stream by
// another name (/dev/stdout), written as it is.
bool written_directly(const AtomicFile& file) { return file.temp_path().empty(); }

}  // namespace

OutputsTogether::OutputsTogether(const Interrupt& stop) : stop_(stop) {}

OutputsTogether::~OutputsTogether() = default;  // the temporary files not renamed go with their AtomicFiles

void OutputsTogether::add(std::string path, std::string text, std::function<void()> held, bool certificate) {
    outputs_.push_back({std::move(path), std::move(text), std::move(held), certificate, nullptr});
}

void OutputsTogether::ask_locks() const {
    for (const Output& o : outputs_)
        if (o.held) o.held();
}

void OutputsTogether::prepare() {
    if (prepared_) return;
    ask_locks();  // no file is written once its lock is lost
    for (Output& o : outputs_) {
        if (together_on_stdout(o.path)) continue;
        o.file = std::make_unique<AtomicFile>(o.path);
        if (written_directly(*o.file)) continue;  // with the streams: it cannot be taken back
        o.file->write(o.text);
        o.file->finish();
    }
    prepared_ = true;
}

// Only certificates: written once their outputs are, whatever stop comes (there are none left
// to leave out). Any other output: a stop before anything is written leaves all out.
bool OutputsTogether::stop_cancels() const {
    return std::any_of(outputs_.begin(), outputs_.end(), [](const Output& o) { return !o.certificate; });
}

void OutputsTogether::interrupted() const {
    std::vector<std::string> names;
    for (const Output& o : outputs_) names.push_back(together_on_stdout(o.path) ? "standard output" : o.path);
    throw std::runtime_error(fmt::format("interrupted: {} not written (what was there is as it was)", fmt::join(names, " and ")));
}

// Writes `o` if it is a stream (standard output, a device); whether it was.
bool OutputsTogether::write_stream(Output& o) {
    if (together_on_stdout(o.path)) {
        if (o.certificate) write_output_whatever_stop(o.path, o.text, stop_);
        else write_output(o.path, o.text, stop_);
        return true;
    }
    if (!written_directly(*o.file)) return false;
    // What was printed before goes first, as on standard output by its own name.
    std::cout.flush();
    std::fflush(stdout);
    o.file->write(o.text);
    o.file->commit();
    return true;
}

void OutputsTogether::commit() {
    prepare();
    ask_locks();  // asked again: the last moment before anything is seen
    const bool cancels = stop_cancels();
    if (cancels && stop_.requested()) interrupted();
    bool streamed = false;
    for (Output& o : outputs_) streamed = write_stream(o) || streamed;
    std::vector<AtomicFile*> files;
    for (Output& o : outputs_)
        if (o.file && !written_directly(*o.file)) files.push_back(o.file.get());
    if (files.empty()) return;
    // Once a stream is written, the files go with it whatever stop comes (both or neither); the
    // window still holds the signals back between two renames.
    std::optional<Interrupt> unstopped;
    const Interrupt& window_stop = cancels && !streamed ? stop_ : unstopped.emplace();
    if (!commit_in_window(window_stop, {[&files] { commit_together(files); }})) interrupted();
}

}  // namespace futolab::app
