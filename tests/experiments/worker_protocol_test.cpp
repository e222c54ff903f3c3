// The worker protocol (experiments/worker_protocol.hpp): the plan a worker of another binary
// reads, its hello, the requests; and the calibration workload. A worker that reads the plan
// otherwise, speaks another protocol or answers something else is refused, never mis-read.
#include "core/formats/formats.hpp"
#include "experiments/calibration.hpp"
#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "sandbox/run_record.hpp"
#include "experiments/tasks.hpp"
#include "experiments/worker_protocol.hpp"
#include "records/build_identity.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;

namespace {

// A small count:2 experiment over the Conjure tutorial 4x4 and an empty 5x5.
ExperimentConfig small_config(const std::string& dir) {
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"e5\", \"n\": 5, \"givens\": [], \"lt\": []}\n";
    return parse_config("name: wp\nmode: { count: 2 }\nlimits: { time: 3s, memory: 1GiB }\ninstances:\n"
                        "  - file: " FUTOLAB_DATA_DIR "/conjure-tutorial-4x4.futo\n  - file: " + dir +
                            "/i.jsonl\nsolvers: [ gac, \"fc:var=static\" ]\n",
                        dir + "/cfg.yaml");
}

}  // namespace

TEST_CASE("a worker reads the plan to the same fingerprint, and runs a planned run as the driver would",
          "[worker-protocol]") {
    const std::string dir = (std::filesystem::temp_directory_path() / "futolab-worker-protocol").string();
    const ExperimentConfig config = small_config(dir);
    const RunMatrix matrix = build_run_matrix(config);
    const WorkerPlan plan = read_worker_plan(worker_plan(config, matrix), "plan");
    CHECK(plan_fingerprint(plan.matrix) == plan_fingerprint(matrix));
    CHECK(plan.config.name == "wp");
    CHECK(plan.config.mode.name() == "count:2");
    CHECK(plan.config.limits.time_seconds == 3);
    CHECK(plan.config.limits.memory_bytes == (std::uint64_t{1} << 30));
    REQUIRE(plan.matrix.instances.size() == 2);
    CHECK(plan.matrix.specs == std::vector<std::string>{"gac", "fc:var=static"});
    // The same run through the plan gives the driver's row.
    GradeCache a_grades(matrix.instances.size()), b_grades(plan.matrix.instances.size());
    TaskRunner driver(config, matrix, a_grades), worker(plan.config, plan.matrix, b_grades);
    const PlannedRun& run = matrix.runs.at(1);
    const auto answered = decode_row_record(answer_request(worker, worker, plan.matrix, run_request(run)));
    REQUIRE(answered);
    const ResultRow expected = driver.run(run);
    CHECK(answered->status == expected.status);
    CHECK(answered->counters.nodes == expected.counters.nodes);
    CHECK(answered->solution == expected.solution);
    CHECK(answered->instance_hash == expected.instance_hash);
    CHECK(answered->seed == expected.seed);
    CHECK(answered->run == run.index);
    // A request outside the plan, or garbled, is refused (the worker exits), never guessed at.
    PlannedRun outside = run;
    outside.instance = 7;
    CHECK_THROWS(answer_request(worker, worker, plan.matrix, run_request(outside)));
    CHECK_THROWS(answer_request(worker, worker, plan.matrix, run_request(run).substr(0, 5)));
    CHECK_THROWS(answer_request(worker, worker, plan.matrix, "X"));
    // A session's warm-up run goes to the warm-up runner, whose time limit is capped.
    const ExperimentConfig capped = warmup_config(plan.config);
    CHECK(capped.limits.time_seconds == kSessionWarmupSeconds);
    CHECK(capped.limits.memory_bytes == plan.config.limits.memory_bytes);
    TaskRunner warm(capped, plan.matrix, b_grades);
    CHECK(decode_row_record(answer_request(worker, warm, plan.matrix, run_request(run, true))));
}

TEST_CASE("a plan of another protocol, or naming an unknown solver, is refused with the reason", "[worker-protocol]") {
    const std::string dir = (std::filesystem::temp_directory_path() / "futolab-worker-protocol-bad").string();
    const ExperimentConfig config = small_config(dir);
    std::string text = worker_plan(config, build_run_matrix(config));
    const std::string protocol = "\"protocol\":" + std::to_string(kWorkerProtocol);
    REQUIRE(text.find(protocol) != std::string::npos);
    std::string other = text;
    other.replace(other.find(protocol), protocol.size(), "\"protocol\":99");
    CHECK_THROWS_WITH(read_worker_plan(other, "plan"), Catch::Contains("a plan of worker protocol 99"));
    std::string unknown = text;
    unknown.replace(unknown.find("\"gac\""), 5, "\"gac:colour=red\"");
    CHECK_THROWS_WITH(read_worker_plan(unknown, "plan"), Catch::Contains("solver 'gac:colour=red'"));
    CHECK_THROWS_WITH(read_worker_plan("{not json", "plan"), Catch::Contains("not a worker plan"));
}

TEST_CASE("a hello says the protocol, the build and the fingerprint, other text is no hello", "[worker-protocol]") {
    WorkerHello hello{.protocol = kWorkerProtocol, .build = this_build(), .fingerprint = "0123456789abcdef", .error = ""};
    const auto back = parse_hello(hello_text(hello));
    REQUIRE(back);
    CHECK(back->protocol == kWorkerProtocol);
    CHECK(back->build.same_binary(this_build()));
    CHECK(back->build.version == this_build().version);
    CHECK(back->fingerprint == "0123456789abcdef");
    CHECK(back->error.empty());
    hello.error = "solver 'x': unknown";
    CHECK(parse_hello(hello_text(hello))->error == "solver 'x': unknown");
    // Another protocol: only its number is read (the rest may mean something else there).
    const auto other = parse_hello("{\"hello\": \"futolab-worker\", \"protocol\": 2, \"problem\": \"\"}");
    REQUIRE(other);
    CHECK(other->protocol == 2);
    CHECK_FALSE(parse_hello("usage: futolab [OPTIONS] SUBCOMMAND"));
    CHECK_FALSE(parse_hello("{\"protocol\": 1}"));
    CHECK_FALSE(parse_hello(""));
}

TEST_CASE("the calibration workload counts what it should, and a worker times it on request", "[worker-protocol]") {
    CHECK(calibration_work() == 1344);  // Latin squares of order 5 with first row 1 2 3 4 5
    CHECK(kCalibrationKernel == "latin5-count-v1");
    const std::string dir = (std::filesystem::temp_directory_path() / "futolab-worker-protocol-cal").string();
    const ExperimentConfig config = small_config(dir);
    const RunMatrix matrix = build_run_matrix(config);
    GradeCache grades(matrix.instances.size());
    TaskRunner runner(config, matrix, grades);
    const auto t = decode_calibration(answer_request(runner, runner, matrix, calibration_request()));
    REQUIRE(t);
    CHECK(t->wall_ns > 0);
    CHECK(t->cpu_ns > 0);
    CHECK_FALSE(decode_calibration("FLCAL1"));
    CHECK_FALSE(decode_calibration(encode_row_record(ResultRow{})));
}
