// app/load.hpp, OutputStream (round 9, R1): a generate or critical stream stops at the next
// record once its lock file is removed or replaced, since a second writer could lock the new
// file and write the same output; the records written before stay whole.
#include "app/load.hpp"
#include "cli_runner.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <stdexcept>
#include <string>

TEST_CASE("a record stream stops when its lock is no longer its own", "[app][lock]") {
    namespace fs = std::filesystem;
    const std::string dir = futolab::test::fresh_dir("stream-lock", "held").string(), out = dir + "/g.jsonl";
    futolab::app::OutputStream stream(out);
    stream.write("{\"id\":\"first\"}\n");
    fs::remove(futolab::lock_path(out));
    CHECK_THROWS_AS(stream.write("{\"id\":\"second\"}\n"), std::runtime_error);
    CHECK(futolab::test::slurp(out) == "{\"id\":\"first\"}\n");
}
