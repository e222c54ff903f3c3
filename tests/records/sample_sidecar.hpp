// A shard sidecar's facts as a sweep writes them, for the tests that edit one key of the
// written sidecar and expect the readers to refuse it at that key (sidecar_marks_test,
// sidecar_numbers_test): every key the writer emits is set, so each has a line to edit.
#pragma once

#include "core/error.hpp"
#include "records/sidecar.hpp"

#include <string>

namespace futolab::test {

inline RunInfo sample_shard_run() {
    RunInfo info;
    info.command_line = "futolab run c.yaml --shard 1/2";
    info.jobs = 2;
    info.shard_index = 1;
    info.shard_count = 2;
    info.total_runs = 4;
    info.shard_runs = 2;
    info.completed = 2;
    info.started = info.finished = "2026-01-01T00:00:00Z";
    info.state = "finished";
    info.isolation = "process";
    info.memory_limit = "none";
    info.memory_poll_ms = 20;
    info.skipped_inputs = {{"bad.futo", "not a puzzle"}};
    info.load = LoadFigure{0.5, 1.5, 2.0};
    info.redone = {{"2026-01-01T00:00:00Z", {"timeout"}, 1}};
    return info;
}

inline ExperimentIdentity sample_identity() {
    return {.name = "c",
            .config_file = "c.yaml",
            .config_hash = "0123456789abcdef",
            .config_text = "name: c\n",
            .config_given = true,
            .inputs = {{"a.futo", "0123456789abcdef"}}};
}

// A shard's sidecar as this futolab writes it, every key set.
inline std::string written_shard_sidecar() { return sidecar_text(sample_identity(), sample_shard_run()); }

// What parse_sidecar says of `text` read as c.csv's sidecar: its refusal, or "" if it reads.
inline std::string sidecar_refusal(const std::string& text) {
    try {
        parse_sidecar(text, "c.csv.meta.yaml", "c.csv");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace futolab::test
