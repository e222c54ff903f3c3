// critical --check-certificate reads both certificate versions (docs/critical.md): the committed
// certificates, version 1, some storing a set twice, are exit 0; a version 1 file with a set
// twice is exit 0, the same file saying version 2 exit 2 at the set, any other version exit 2
// naming the field; every certificate written now says version 2 and checks.
#include "tests/app/certificate_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::Json;
using futolab::test::checked;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::lines_of;
using futolab::test::run_cli;
using futolab::test::slurp;
using futolab::test::text_of;
namespace fs = std::filesystem;

namespace {

// `lines` with the header's version set to `version`, written to dir/name.
void write_version(const fs::path& dir, const std::string& name, std::vector<Json> lines, int version) {
    lines[0]["version"] = version;
    std::ofstream(dir / name) << text_of(lines);
}

const std::string kSource = FUTOLAB_SOURCE_DIR;

}  // namespace

TEST_CASE("critical --check-certificate: the committed version 1 certificates are exit 0", "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-versions", "committed");
    // n4-k keeps a set its refutation does not use; c6-k and c6-2h+3k store sets twice.
    for (const std::string file : {"results/critical/exact/n4-k.cert", "results/critical/exact/n3-frontier.cert",
                                   "results/critical/certificates/c6-k.cert", "results/critical/certificates/c6-2h+3k.cert"}) {
        REQUIRE(lines_of(slurp(kSource + "/" + file))[0]["version"] == 1);
        checked(dir, kSource + "/" + file, 0, ": certificate accepted: ");
    }
    fs::remove_all(dir);
}

TEST_CASE("critical --check-certificate: a set twice is exit 0 in version 1 and exit 2 in version 2 and version 0 or 3 is exit 2",
          "[app][critical][certificate]") {
    const fs::path dir = fresh_dir("check-certificate-versions", "sets");
    // The committed c6-2h+3k.cert stores set 49 again as set 50 (line 52).
    const std::vector<Json> c6 = lines_of(slurp(kSource + "/results/critical/certificates/c6-2h+3k.cert"));
    write_version(dir, "c6v1.cert", c6, 1);
    write_version(dir, "c6v2.cert", c6, 2);
    write_version(dir, "c6v3.cert", c6, 3);
    checked(dir, "c6v1.cert", 0, "c6v1.cert: certificate accepted: 1 square, 73 unavoidable sets");
    checked(dir, "c6v2.cert", 2, "c6v2.cert:52: set 50 is set 49 again (each unavoidable set is stored once)\n");
    checked(dir, "c6v3.cert", 2, "c6v3.cert:1: field 'version': 3 is not a version this futolab reads (1 or 2)\n");
    for (const char* kind : {"drat", "bb"}) {
        INFO(kind);
        const std::string ex = std::string("ex-") + kind + ".cert";
        const auto r = run_cli(std::string("critical --exact --n 3 --objective h+k --proof ") + kind + " --certificate " + ex + " --out /dev/null",
                               dir.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        std::vector<Json> t = lines_of(slurp((dir / ex).string()));
        CHECK(t[0]["version"] == 2);  // what the writer writes, and it checks
        checked(dir, ex, 0, ex + ": certificate accepted: 2 classes");
        for (const char* key : {"sets", "squares"}) t[2][key].push_back(t[2][key][0]);  // class 1's first set twice
        const std::string at = std::to_string(t[2]["sets"].size() - 1);
        write_version(dir, "exv1.cert", t, 1);  // written over on the second kind's turn
        write_version(dir, "exv2.cert", t, 2);
        write_version(dir, "exv0.cert", t, 0);
        checked(dir, "exv1.cert", 0, "exv1.cert: certificate accepted: 2 classes");
        checked(dir, "exv2.cert", 2, "exv2.cert:3: set " + at + " is set 0 again (each unavoidable set is stored once)\n");
        checked(dir, "exv0.cert", 2, "exv0.cert:1: field 'version': 0 is not a version this futolab reads (1 or 2)\n");
    }
    const auto r = run_cli("critical --exact --square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4' --objective h+k --certificate sq.cert --out /dev/null",
                           dir.string());
    REQUIRE(r.exit_code == 0);
    CHECK(lines_of(slurp((dir / "sq.cert").string()))[0]["version"] == 2);
    checked(dir, "sq.cert", 0, "sq.cert: certificate accepted: 1 square,");
    fs::remove_all(dir);
}
