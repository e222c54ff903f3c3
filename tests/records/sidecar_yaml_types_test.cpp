// Names in a sidecar read as the names they are by every YAML reader (red-team round 28, C F10):
// `experiment: 010`, `- name: yes` and `{file: 010, …}` were written plain, which PyYAML reads
// as 8, True and 8. The numbers and times futolab reads back by their form stay plain.
#include "records/sidecar.hpp"
#include "tests/records/sample_sidecar.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;

TEST_CASE("sidecar: names a YAML 1.1 reader takes for numbers or flags are quoted and numbers and times stay plain",
          "[sidecar][types]") {
    ExperimentIdentity identity = futolab::test::sample_identity();
    identity.name = "010";
    identity.inputs = {{"yes", "0123456789abcdef"}, {"0x1F", "1234e567"}};
    RunInfo info = futolab::test::sample_shard_run();
    BuildIdentity build = this_build();
    build.name = "On";
    info.builds = {build};
    info.hosts = {"2001-12-14"};
    const std::string text = sidecar_text(identity, info);
    CHECK(text.rfind("experiment: \"010\"\n", 0) == 0);
    for (const char* line : {"{file: \"yes\", hash: 0123456789abcdef}",
                             "{file: \"0x1F\", hash: \"1234e567\"}", "\n  - name: \"On\"\n", "\"2001-12-14\"",
                             // read back by their form (records/sidecar_numbers.hpp): plain
                             "\n  started: 2026-01-01T00:00:00Z\n", "\n  load_own_cores: 1.500\n", "\n  load_seconds: 2.0\n",
                             "\n  - at: 2026-01-01T00:00:00Z\n", "\n  jobs: 2\n"}) {
        INFO(line);
        CHECK(text.find(line) != std::string::npos);
    }
    const SidecarFacts facts = parse_sidecar(text, "c.csv.meta.yaml", "c.csv");
    CHECK(facts.identity.name == "010");
    CHECK(facts.identity.inputs.at(0).path == "yes");
    CHECK(facts.identity.inputs.at(1).hash == "1234e567");
    CHECK(facts.builds.at(0).name == "On");
}
