// Red-team round 26, B F11: `critical --exact --shard I/N` with N above the class count (a SLURM
// array of more tasks than classes) could never be certified: a shard that holds no class was
// refused (exit 2, "this shard holds none") and --check-certificate asked for its file. It now
// runs (exit 0, no results CSV, no record), writes a certificate claiming nothing, and the N
// files check together. B F6 (second part): a frontier proof without h_max is exit 2 at its line.
#include "tests/app/certificate_cli.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::Json;
using futolab::test::checked;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::lines_of;
using futolab::test::made;
using futolab::test::run_cli;
using futolab::test::slurp;
using futolab::test::write;
namespace fs = std::filesystem;

namespace {

// `critical --exact --n N --objective OBJ --shard I/COUNT ... EXTRA` in `dir`, its certificate
// s<I>.cert and --out s<I>.jsonl.
futolab::test::CliResult shard_run(const fs::path& dir, int n, const std::string& objective, int i, int count,
                                   const std::string& extra = "") {
    return run_cli(fmt::format("critical --exact --n {} --objective {} --shard {}/{} --certificate s{}.cert --out s{}.jsonl{}", n,
                               objective, i, count, i, i, extra),
                   dir.string());
}

std::string all_shards(int count) {
    std::string files;
    for (int i = 0; i < count; ++i) files += fmt::format(" s{}.cert", i);
    return files;
}

}  // namespace

TEST_CASE("critical --exact --shard: every task of an array with more shards than classes exits 0 and the shards check together",
          "[app][critical][certificate][shard][long]") {
    for (const std::string objective : {"h+k", "frontier"}) {
        INFO(objective);
        const fs::path dir = fresh_dir("empty-shard-certificate", objective == "h+k" ? "hk" : "frontier");
        for (int i = 0; i < 5; ++i) {
            const auto r = shard_run(dir, 3, objective, i, 5);
            INFO("shard " << i << "\n" << r.err);
            REQUIRE(r.exit_code == 0);
            CHECK(fs::exists(dir / fmt::format("s{}.jsonl", i)));
            if (i < 2) continue;  // n = 3 has 2 classes: shards 2, 3 and 4 hold none
            CHECK(has(r.err, fmt::format("futolab critical: --shard {}/5: n = 3 has 2 classes (0..1): this shard holds none: nothing to "
                                         "search, no record for --out; its certificate claims nothing, and checks with the other "
                                         "shards'\n",
                                         i)));
            CHECK(has(r.err, fmt::format("certificate s{}.cert written\n", i)));
            CHECK(fs::file_size(dir / fmt::format("s{}.jsonl", i)) == 0);
            CHECK_FALSE(fs::exists(dir / fmt::format("s{}.csv", i)));
            const std::vector<Json> t = lines_of(slurp((dir / fmt::format("s{}.cert", i)).string()));
            REQUIRE(t.size() == 1);
            CHECK(t[0]["shard"] == Json{{"index", i}, {"count", 5}});
            checked(dir, fmt::format("s{}.cert", i), 0,
                    fmt::format("s{}.cert: certificate accepted: 0 classes, 0 unavoidable sets, 0 proofs (0 lemmas); nothing claimed, "
                                "the shard holding none of the 2 classes of order 3 ({}) over shard {}/5 only",
                                i, objective, i));
        }
        checked(dir, all_shards(5), 0,
                objective == "h+k" ? "5 shards: certificate accepted: 2 classes, 10 unavoidable sets, 2 proofs"
                                   : "5 shards: certificate accepted: 2 classes, 10 unavoidable sets, 4 proofs");
        checked(dir, all_shards(5), 0, objective == "h+k" ? "minimum 2 (h+k) over all squares of order 3\n"
                                                          : "min k for h_max 0.. = 2, 1, 0 (frontier) over all squares of order 3\n");
        checked(dir, "s4.cert s3.cert s2.cert s1.cert s0.cert", 0, "over all squares of order 3\n");
        checked(dir, "s0.cert s1.cert", 2,
                "3 of the 5 shards missing (first: 2, 3, 4): the minimum over all squares needs every shard (n = 3 has 2 classes, so "
                "shards 2 to 4 hold none: --exact --shard I/5 writes such a shard's certificate in no time)\n");
        checked(dir, "s2.cert s3.cert s4.cert", 2, "2 of the 5 shards missing (first: 0, 1): the minimum over all squares needs every shard\n");
        checked(dir, "s0.cert s1.cert s2.cert s2.cert s4.cert", 2, "s2.cert and s2.cert are both shard 2/5\n");
        fs::remove_all(dir);
    }
}

TEST_CASE("critical --exact --shard: a shard that holds none with --proof bb and at n = 2 and past a million classes' end",
          "[app][critical][certificate][shard]") {
    const fs::path dir = fresh_dir("empty-shard-certificate", "bb");
    for (int i = 0; i < 3; ++i) REQUIRE(shard_run(dir, 2, "k", i, 3, " --proof bb").exit_code == 0);
    checked(dir, all_shards(3), 0, "3 shards: certificate accepted: ");
    checked(dir, all_shards(3), 0, "refuted again by branch and bound; minimum 1 (k) over all squares of order 2\n");
    const auto last = run_cli("critical --exact --n 4 --objective k --shard 999999/1000000 --certificate big.cert --out big.jsonl", dir.string());
    CHECK(last.exit_code == 0);
    CHECK(has(last.err, "--shard 999999/1000000: n = 4 has 70 classes (0..69): this shard holds none"));
    checked(dir, "big.cert", 0, "nothing claimed, the shard holding none of the 70 classes of order 4 (k) over shard 999999/1000000 only");
    // Without --certificate and --out: standard output gets no record.
    const auto bare = run_cli("critical --exact --n 2 --objective h --shard 1/2", dir.string());
    CHECK(bare.exit_code == 0);
    CHECK(bare.out.empty());
    CHECK(has(bare.err, "--shard 1/2: n = 2 has 1 class (0..0): this shard holds none: nothing to search, no record for --out\n"));
    // The certificate to standard output.
    const auto out = run_cli("critical --exact --n 3 --objective frontier --shard 2/3 --certificate - --out f.jsonl", dir.string());
    CHECK(out.exit_code == 0);
    CHECK(out.out == "{\"certificate\":\"futolab-exact-critical\",\"version\":2,\"n\":3,\"objective\":\"frontier\",\"proof\":\"drat\","
                     "\"squares\":12,\"classes\":2,\"shard\":{\"index\":2,\"count\":3},\"frontier\":[]}\n");
    fs::remove_all(dir);
}

TEST_CASE("critical --exact --shard: a shard that holds none run again rewrites its own certificate and no other file",
          "[app][critical][certificate][shard]") {
    const fs::path dir = fresh_dir("empty-shard-certificate", "again");
    REQUIRE(shard_run(dir, 3, "h+k", 3, 4).exit_code == 0);
    const std::string first = slurp((dir / "s3.cert").string());
    for (const std::string extra : {"", " --resume", " --force"}) {
        INFO(extra);
        const auto r = shard_run(dir, 3, "h+k", 3, 4, extra);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(slurp((dir / "s3.cert").string()) == first);
    }
    // Another search's certificate there is refused, kept as it was: another objective, shard,
    // order or proof kind; a searched shard's too.
    for (const std::string other : {"--n 3 --objective k --shard 3/4", "--n 3 --objective h+k --shard 2/4",
                                    "--n 2 --objective h+k --shard 3/4", "--n 3 --objective h+k --shard 3/4 --proof bb",
                                    "--n 3 --objective h+k --shard 3/5"}) {
        INFO(other);
        const auto r = run_cli("critical --exact " + other + " --certificate s3.cert --out o.jsonl", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--certificate s3.cert: is a futolab certificate (futolab-exact-critical, read by critical --check-certificate) "
                         "of another search (n = 3, objective h+k, shard 3/4, proof drat; this search: "));
        CHECK(slurp((dir / "s3.cert").string()) == first);
    }
    REQUIRE(shard_run(dir, 3, "h+k", 0, 4).exit_code == 0);
    const std::string searched = slurp((dir / "s0.cert").string());
    const auto over = run_cli("critical --exact --n 3 --objective h+k --shard 3/4 --certificate s0.cert --out o.jsonl", dir.string());
    CHECK(over.exit_code == 2);
    CHECK(slurp((dir / "s0.cert").string()) == searched);
    // A results CSV beside --out is another search's (this one keeps none): its records kept.
    const std::string records = slurp((dir / "s0.jsonl").string());
    const auto beside = run_cli("critical --exact --n 3 --objective h+k --shard 3/4 --certificate e.cert --out s0.jsonl", dir.string());
    CHECK(beside.exit_code == 2);
    CHECK(has(beside.err, "critical --exact: --shard 3/4: n = 3 has 2 classes (0..1): this shard holds none, so it keeps no results "
                          "CSV, yet s0.csv (the results CSV of --out s0.jsonl) is there, another search's: refusing to replace its "
                          "records at --out (give another --out, or move that CSV away)\n"));
    CHECK(slurp((dir / "s0.jsonl").string()) == records);
    CHECK_FALSE(fs::exists(dir / "e.cert"));
    fs::remove_all(dir);
}

TEST_CASE("critical --check-certificate: a frontier proof without h_max is exit 2 at its line", "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("empty-shard-certificate", "h-max");
    const std::vector<Json> n2 = made(dir, "critical --exact --n 2 --objective frontier", "n2.cert");
    const std::vector<Json> n3 = made(dir, "critical --exact --n 3 --objective frontier", "n3.cert");
    const std::vector<Json> hk = made(dir, "critical --exact --n 3 --objective h+k", "hk.cert");
    std::vector<Json> t = n2;
    t[1]["proofs"][0].erase("h_max");
    write(dir / "a.cert", t);
    checked(dir, "a.cert", 2, "a.cert:2: proof 0 of a frontier certificate has no 'h_max'\n");
    t = n3;
    t[2]["proofs"][1].erase("h_max");
    write(dir / "b.cert", t);
    checked(dir, "b.cert", 2, "b.cert:3: proof 1 of a frontier certificate has no 'h_max'\n");
    t[0]["version"] = 1;
    write(dir / "b.cert", t);
    checked(dir, "b.cert", 2, "b.cert:3: proof 1 of a frontier certificate has no 'h_max'\n");
    t = hk;
    t[1]["proofs"][0]["h_max"] = 0;
    write(dir / "c.cert", t);
    checked(dir, "c.cert", 2, "c.cert:2: proof 0 of a h+k certificate has no place for 'h_max'\n");
    // Among shards: refused in the form pass, before any file is judged.
    REQUIRE(shard_run(dir, 3, "frontier", 0, 3).exit_code == 0);
    REQUIRE(shard_run(dir, 3, "frontier", 1, 3).exit_code == 0);
    REQUIRE(shard_run(dir, 3, "frontier", 2, 3).exit_code == 0);
    t = lines_of(slurp((dir / "s1.cert").string()));
    t[1]["proofs"][0].erase("h_max");
    write(dir / "s1.cert", t);
    t = lines_of(slurp((dir / "s0.cert").string()));
    t[0]["frontier"][0]["k"] = 1;  // a claim that does not check, in the file named first
    write(dir / "s0.cert", t);
    checked(dir, "s0.cert s1.cert s2.cert", 2, "s1.cert:2: proof 0 of a frontier certificate has no 'h_max'\n");
    fs::remove_all(dir);
}
