// A resumed critical search rewrites at --certificate only its own certificate, as the file's
// header says (docs/cli.md, docs/reliability.md): one of the same kind written by another search
// (another shard, objective or order of --exact --n; other squares, objective or order of --exact
// --square; another order or split of --construct) is refused, the file kept. A resume takes no
// --force, so the message gives no hint of it.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Each command line, run in `dir`, must succeed (a search writing its certificate).
void make_all(const fs::path& dir, std::initializer_list<std::string> commands) {
    for (const std::string& command : commands) {
        const auto r = run_cli(command, dir.string());
        INFO(command << "\n" << r.err);
        REQUIRE(r.exit_code == 0);
    }
}

// `resume --certificate CERT` must be refused (exit 2) naming CERT as `kind` of another search
// (`why` within), with no --force hint, and leave CERT as it was.
void check_refused(const fs::path& dir, const std::string& resume, const std::string& cert, const std::string& kind,
                   const std::string& why) {
    const std::string kept = slurp((dir / cert).string());
    const auto r = run_cli(resume + " --certificate " + cert, dir.string());
    INFO(resume << " --certificate " << cert << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--certificate " + cert + ": is a futolab certificate (" + kind +
                         ", read by critical --check-certificate) of another search (" + why));
    CHECK(has(r.err, "): refusing to overwrite it (use another file)\n"));
    CHECK_FALSE(has(r.err, "--force"));
    CHECK(slurp((dir / cert).string()) == kept);
}

// `resume --certificate CERT` over its own certificate: rewritten, the same file again.
void check_rewritten(const fs::path& dir, const std::string& resume, const std::string& cert) {
    const std::string before = slurp((dir / cert).string());
    const auto r = run_cli(resume + " --certificate " + cert, dir.string());
    INFO(resume << " --certificate " << cert << "\n" << r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "certificate " + cert + " written"));
    CHECK(slurp((dir / cert).string()) == before);
}

}  // namespace

TEST_CASE("critical --exact --n --resume rewrites its own certificate, not another shard or objective or order one",
          "[app][critical][exact][certificate][outputs][long]") {
    const fs::path dir = fresh_dir("critical-own-certificate", "exact-n");
    const std::string n4 = "critical --exact --n 4 --objective k";
    make_all(dir, {n4 + " --shard 0/2 --out s0.jsonl --certificate s0.cert",
                   n4 + " --shard 1/2 --out s1.jsonl --certificate s1.cert",
                   "critical --exact --n 4 --objective h --shard 0/2 --out h0.jsonl --certificate h0.cert",
                   "critical --exact --n 3 --objective k --shard 0/2 --out t0.jsonl --certificate t0.cert",
                   n4 + " --out e.jsonl --certificate e.cert"});
    const std::string resume = n4 + " --shard 0/2 --out s0.jsonl --resume";
    const std::string kind = "futolab-exact-critical";
    const std::string self = ", proof drat; this search: n = 4, objective k, shard 0/2, proof drat)";
    check_refused(dir, resume, "s1.cert", kind, "n = 4, objective k, shard 1/2" + self);
    check_refused(dir, resume, "h0.cert", kind, "n = 4, objective h, shard 0/2" + self);
    check_refused(dir, resume, "t0.cert", kind, "n = 3, objective k, shard 0/2" + self);
    check_refused(dir, resume, "e.cert", kind, "n = 4, objective k, every class" + self);
    check_refused(dir, n4 + " --out e.jsonl --resume", "s0.cert", kind,
                  "n = 4, objective k, shard 0/2, proof drat; this search: n = 4, objective k, every class, proof drat)");
    check_rewritten(dir, resume, "s0.cert");
    check_rewritten(dir, n4 + " --out e.jsonl --resume", "e.cert");
    const auto together = run_cli("critical --check-certificate s0.cert s1.cert", dir.string());
    INFO(together.err);
    CHECK(together.exit_code == 0);
    // Without --resume, the search's CSV there, another search's certificate is refused the same
    // way, --force named: it would start the search again and replace both.
    const auto fresh = run_cli(n4 + " --shard 0/2 --out s0.jsonl --certificate s1.cert", dir.string());
    CHECK(fresh.exit_code == 2);
    CHECK(has(fresh.err, "--certificate s1.cert: is a futolab certificate (" + kind +
                             ", read by critical --check-certificate) of another search (n = 4, objective k, shard 1/2" + self +
                             ": refusing to overwrite it (use another file, or --force)\n"));
}

// The proof kind is the certificate's too: a resume with another --proof rewrote a drat
// certificate of the same search as a bb one, exit 0, without a word (red-team round 23, B
// borderline). Resumed with the same options it is rewritten; with another --proof refused,
// naming both kinds, and without --resume (the search's CSV there) likewise, --force named.
TEST_CASE("critical --exact --n --resume refuses another --proof than its certificate has",
          "[app][critical][exact][certificate][outputs]") {
    const fs::path dir = fresh_dir("critical-own-certificate", "exact-proof");
    const std::string search = "critical --exact --n 4 --objective k --shard 0/2 --out a.jsonl";
    make_all(dir, {search + " --certificate d.cert", "critical --exact --n 4 --objective k --shard 0/2 --out b.jsonl --proof bb "
                                                     "--certificate b.cert"});
    const std::string kind = "futolab-exact-critical";
    const std::string words = "n = 4, objective k, shard 0/2, proof ";
    check_refused(dir, search + " --resume --proof bb", "d.cert", kind, words + "drat; this search: " + words + "bb)");
    check_refused(dir, search + " --resume", "b.cert", kind, words + "bb; this search: " + words + "drat)");
    check_rewritten(dir, search + " --resume --proof drat", "d.cert");
    const auto fresh = run_cli(search + " --proof bb --certificate d.cert", dir.string());
    INFO(fresh.err);
    CHECK(fresh.exit_code == 2);
    CHECK(has(fresh.err, "(" + words + "drat; this search: " + words + "bb): refusing to overwrite it (use another file, or --force)\n"));
}

TEST_CASE("critical --exact --square --resume rewrites its own certificate, not one of other squares or objective or order",
          "[app][critical][exact][certificate][outputs]") {
    const fs::path dir = fresh_dir("critical-own-certificate", "exact-square");
    const std::string three = "'1 2 3/2 3 1/3 1 2'";
    make_all(dir, {"critical --exact --square " + three + " --objective k --out q.jsonl --certificate q.cert",
                   "critical --exact --square '1 2 3/3 1 2/2 3 1' --objective k --out p.jsonl --certificate p.cert",
                   "critical --exact --square " + three + " --objective h+k --out r.jsonl --certificate r.cert",
                   "critical --exact --square '1 2/2 1' --objective k --out w.jsonl --certificate w.cert"});
    const std::string resume = "critical --exact --square " + three + " --objective k --out q.jsonl --resume";
    const std::string kind = "futolab-square-critical";
    check_refused(dir, resume, "p.cert", kind, "its square 1 is none of this search's squares, in their order)");
    check_refused(dir, resume, "r.cert", kind, "its square 1 of objective h+k; this search: objective k)");
    check_refused(dir, resume, "w.cert", kind, "its square 1 is none of this search's squares, in their order)");
    check_rewritten(dir, resume, "q.cert");
}

TEST_CASE("critical --construct --resume rewrites its own certificate, not one of another order or split",
          "[app][critical][construct][certificate][outputs]") {
    const fs::path dir = fresh_dir("critical-own-certificate", "construct");
    make_all(dir, {"critical --construct --n 4 --out c.jsonl --certificate c.cert",
                   "critical --construct --n 5 --out c5.jsonl --certificate c5.cert",
                   "critical --construct --n 4 --split 0 --out s.jsonl --certificate s.cert"});
    const std::string resume = "critical --construct --n 4 --out c.jsonl --resume";
    const std::string kind = "futolab-zero-given-critical";
    check_refused(dir, resume, "c5.cert", kind, "n = 5; this search: n = 4)");
    check_refused(dir, resume, "s.cert", kind, "n = 4, its square or relations not those of --split balanced)");
    check_rewritten(dir, resume, "c.cert");
    // The balanced split given by its number is the same search.
    check_rewritten(dir, "critical --construct --n 4 --split 1 --out c.jsonl --resume", "c.cert");
}

// A F2 (round 24): a thing planted at --certificate's lock path was refused with the advice
// "use another --out", which changes nothing for that lock: the advice names --certificate.
TEST_CASE("critical refuses a planted --certificate lock advising another --certificate", "[cli][critical]") {
    const fs::path dir = fresh_dir("critical-own-certificate", "planted-lock");
    fs::create_directory(dir / ".c.cert.lock");
    for (const std::string& args : {std::string("critical --construct --n 5 --certificate c.cert --out c.jsonl"),
                                    std::string("critical --exact --square \"1 2 3/2 3 1/3 1 2\" --objective k --certificate c.cert --out e.jsonl"),
                                    std::string("critical --exact --n 3 --objective k --certificate c.cert --out x.jsonl")}) {
        INFO(args);
        const auto r = run_cli(args, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "not futolab's lock file of c.cert: refusing to write without the lock (remove it, or use another --certificate)"));
        CHECK(!has(r.err, "another --out"));
    }
}
