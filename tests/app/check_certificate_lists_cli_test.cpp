// critical --check-certificate holds a certificate's lists to what its claim needs, and a set of
// shard files to one run (red-team round 25, B F3 to F6, C F7): a set twice is exit 2, a set the
// refutation does not use exit 1, and a resumed --exact --square writes no row's certificate that
// the checker would not accept; files of different runs (a drat and a bb shard, a whole run beside
// a shard) are exit 2 naming both files with their own fields; a proof literal `-0`, `00` or
// `-059` is exit 2.
#include "tests/app/certificate_cli.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using futolab::Json;
using futolab::test::checked;
using futolab::test::made;
using futolab::test::write;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::lines_of;
using futolab::test::run_cli;
using futolab::test::slurp;
using futolab::test::text_of;
namespace fs = std::filesystem;

namespace {

// The red-team's square (B F3): its h+k certificate's refutation ends at the root, in 1 node.
const std::string kSquare = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";

}  // namespace

TEST_CASE("critical --check-certificate: files of different runs are exit 2 naming both with their own fields",
          "[app][critical][certificate][long]") {
    const fs::path dir = fresh_dir("check-certificate-lists", "runs");
    made(dir, "critical --exact --n 3 --objective h+k", "whole.cert");
    fs::copy_file(dir / "whole.cert", dir / "copy.cert");
    made(dir, "critical --exact --n 4 --objective h+k --shard 0/2", "s0.cert");
    made(dir, "critical --exact --n 4 --objective h+k --shard 1/2", "s1.cert");
    made(dir, "critical --exact --n 4 --objective h+k --shard 1/2 --proof bb", "bb1.cert");
    made(dir, "critical --exact --n 4 --objective h+k --shard 0/2 --proof bb", "bb0.cert");
    checked(dir, "s0.cert s1.cert", 0, "2 shards: certificate accepted: 70 classes");
    checked(dir, "bb0.cert bb1.cert", 0, "70 claims refuted again by branch and bound; minimum 4 (h+k) over all squares of order 4");
    // B F4 / C F7: the whole run first was compared with itself and named twice.
    const std::string whole = "whole.cert is n = 3, objective h+k, proof drat, a whole run (no shard)";
    checked(dir, "whole.cert s0.cert", 2, "whole.cert and s0.cert are not shards of one run (they differ in n, shard count): " + whole +
                                              "; s0.cert is n = 4, objective h+k, proof drat, shard 0/2\n");
    checked(dir, "s0.cert whole.cert", 2, "s0.cert and whole.cert are not shards of one run (they differ in n, shard count)");
    checked(dir, "copy.cert whole.cert", 2, "copy.cert and whole.cert are not shards of one run (each is a whole run's certificate, "
                                            "checked alone)");
    // B F5: a drat shard and a bb shard of the same n, objective and count are two runs.
    checked(dir, "s0.cert bb1.cert", 2, "s0.cert and bb1.cert are not shards of one run (they differ in proof): s0.cert is n = 4, "
                                        "objective h+k, proof drat, shard 0/2; bb1.cert is n = 4, objective h+k, proof bb, shard 1/2\n");
    checked(dir, "bb0.cert s1.cert", 2, "(they differ in proof)");
    // A shard file with its shard removed beside a 2-shard file: the two are named (not a rejected class).
    std::vector<Json> t = lines_of(slurp((dir / "s1.cert").string()));
    t[0].erase("shard");
    write(dir / "noshard.cert", t);
    checked(dir, "s0.cert noshard.cert", 2, "noshard.cert is n = 4, objective h+k, proof drat, a whole run (no shard)");
    fs::remove_all(dir);
}

TEST_CASE("critical --check-certificate: a set twice is exit 2, a set the refutation passes over exit 1",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-lists", "sets");
    const std::vector<Json> square = made(dir, "critical --exact --square '" + kSquare + "' --objective h+k", "sq.cert");
    checked(dir, "sq.cert", 0, "1 square, " + std::to_string(square.size() - 1) + " unavoidable sets");
    std::vector<Json> t = square;  // line 4 again after it
    t.insert(t.begin() + 4, square[3]);
    t[0]["sets"] = t.size() - 1;
    write(dir / "dup.cert", t);
    checked(dir, "dup.cert", 2, "dup.cert:5: set 3 is set 2 again (each unavoidable set is stored once)\n");
    t = square;  // the red-team's file: line 10 dropped and the count fixed; the rest still refute, in 1 node
    t.erase(t.begin() + 9);
    t[0]["sets"] = t.size() - 1;
    write(dir / "drop.cert", t);
    checked(dir, "drop.cert", 1, "drop.cert: certificate rejected: line 1: set ");
    checked(dir, "drop.cert", 1, " is not one the refutation uses (a certificate stores the core of its sets only)\n");
    for (const char* kind : {"drat", "bb"}) {
        const std::string name = std::string("ex-") + kind + ".cert";
        const std::vector<Json> exact = made(dir, std::string("critical --exact --n 3 --objective h+k --proof ") + kind, name);
        t = exact;  // class 1's first set (and its square) twice
        for (const char* key : {"sets", "squares"}) t[2][key].push_back(exact[2][key][0]);
        write(dir / "exdup.cert", t);
        INFO(kind);
        checked(dir, "exdup.cert", 2, "exdup.cert:3: set " + std::to_string(exact[2]["sets"].size()) +
                                          " is set 0 again (each unavoidable set is stored once)\n");
    }
    // A frontier point after its k = 0: refused.
    const std::vector<Json> frontier = made(dir, "critical --exact --n 3 --objective frontier", "fr.cert");
    t = frontier;
    Json extra = frontier[0]["frontier"].back();
    const std::size_t last = frontier[0]["frontier"].size() - 1;
    extra["h_max"] = last + 1;
    t[0]["frontier"].push_back(extra);
    write(dir / "frx.cert", t);
    checked(dir, "frx.cert", 2, "frx.cert:1: frontier point h_max " + std::to_string(last + 1) + " after k = 0 at h_max " +
                                    std::to_string(last) + ": the frontier ends at its first k = 0\n");
    fs::remove_all(dir);
}

TEST_CASE("critical --exact --square --resume writes no row's certificate that --check-certificate would not accept",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-lists", "resume");
    const std::string search = "critical --exact --square '" + kSquare + "' --objective h+k --certificate sq.cert --out sq.jsonl";
    REQUIRE(run_cli(search, dir.string()).exit_code == 0);
    const futolab::CsvTable base = futolab::read_csv_file((dir / "sq.csv").string());
    const std::size_t output = base.column("output", "sq.csv");
    // The row's certificate edited as `edit` says, then resumed: refused (exit 2), naming `says`,
    // and no certificate written.
    const auto resumed = [&](const std::string& name, const std::function<void(Json&)>& edit, const std::string& says) {
        futolab::CsvTable t = base;
        Json record = Json::parse(t.rows.at(0).at(output));
        Json& certificate = record["meta"]["certificate"];
        edit(certificate);
        certificate[0]["sets"] = certificate.size() - 1;
        t.rows.at(0).at(output) = record.dump();
        futolab::test::write_csv_table(dir / "sq.csv", t);
        fs::remove(dir / "sq.cert");
        const auto r = run_cli(search + " --resume", dir.string());
        INFO(name << "\n" << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, says));
        CHECK_FALSE(fs::exists(dir / "sq.cert"));
    };
    resumed("set 2 twice", [](Json& c) { c.insert(c.begin() + 4, c[3]); },
            "a certificate that is not one (meta.certificate:5: set 3 is set 2 again");
    resumed("set 8 dropped", [](Json& c) { c.erase(c.begin() + 9); },
            "a certificate that does not check (line 1: set ");
    resumed("the first set dropped", [](Json& c) { c.erase(c.begin() + 1); }, "a certificate that does not check (line 1: ");
    fs::remove_all(dir);
}

TEST_CASE("critical --check-certificate: a proof literal not as DIMACS writes it is exit 2", "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-lists", "literals");
    const std::vector<Json> exact = made(dir, "critical --exact --n 3 --objective h+k", "ex.cert");
    const std::string drat = exact[1]["proofs"][0]["drat"].get<std::string>();
    const std::size_t end = drat.find(" 0\n");
    REQUIRE(end != std::string::npos);
    for (const std::string ending : {" -0\n", " 00\n"}) {
        std::vector<Json> t = exact;
        t[1]["proofs"][0]["drat"] = drat.substr(0, end) + ending + drat.substr(end + 3);
        write(dir / "lit.cert", t);
        checked(dir, "lit.cert", 2, "lit.cert:2: proof 0: drat: proof line 1: not a clause\n");
    }
    std::vector<Json> t = exact;
    const std::size_t digit = drat.find_first_of("123456789");
    t[1]["proofs"][0]["drat"] = drat.substr(0, digit) + "0" + drat.substr(digit);
    write(dir / "lit.cert", t);
    checked(dir, "lit.cert", 2, "lit.cert:2: proof 0: drat: proof line 1: not a clause\n");
    // A --construct certificate's DRUP proof "-0" (its empty clause, as "0" is): refused too.
    const std::vector<Json> construct = made(dir, "critical --construct --n 5", "con.cert");
    REQUIRE(construct.size() == 2);
    for (const char* proof : {"-0\n", "00\n"}) {
        t = construct;
        t[1]["drat"] = proof;
        write(dir / "con-lit.cert", t);
        INFO(proof);
        checked(dir, "con-lit.cert", 2, "con-lit.cert:2: drat: proof line 1: not a clause\n");
    }
    fs::remove_all(dir);
}
