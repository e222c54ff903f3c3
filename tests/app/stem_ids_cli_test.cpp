// Ids made from file names, in every command that makes them (docs/formats.md "Ids"): a stem
// with a byte that is not UTF-8 gave U+FFFD, so u<0xFF>x.tatham and u<0xFE>x.tatham were one id
// in grade's CSV and convert wrote it into JSONL for good (red-team round 26, C F5): refused now,
// exit 2, naming the file and the byte, as run refuses such a name. A C1 control character in a
// JSONL id was accepted and written raw (C F6): refused as the C0 ones are; in a file name it
// becomes '_' as they do.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kTatham = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";

// Line `k` (from 1) of the Tatham corpus, one puzzle, written to dir/name.
void one_puzzle(const fs::path& dir, const std::string& name, int k) {
    std::ifstream in(kTatham);
    std::string line;
    for (int i = 0; i < k; ++i) std::getline(in, line);
    std::ofstream(dir / name) << line << "\n";
}

std::string refusal(const std::string& shown, const std::string& byte) {
    return "futolab: " + shown + ": the file name's byte " + byte +
           " is not UTF-8: its stem would be the id of its instances, which CSV and JSONL hold as UTF-8 text (give the "
           "file a UTF-8 name)\n";
}

}  // namespace

TEST_CASE("grade convert solve and check refuse a file name that is not UTF-8 where it would be an id", "[cli][ids]") {
    const fs::path dir = fresh_dir("stem-ids", "not-utf8");
    one_puzzle(dir, "u\xffx.tatham", 1);
    one_puzzle(dir, "u\xfex.tatham", 2);
    std::ofstream(dir / "j\xff.jsonl") << "{\"n\": 4}\n";  // no "id": its id would be the stem's
    struct Case {
        std::string file, shown, byte;
    };
    for (const Case& c : {Case{"u\xffx.tatham", "u<0xFF>x.tatham", "0xff"}, Case{"u\xfex.tatham", "u<0xFE>x.tatham", "0xfe"},
                          Case{"j\xff.jsonl", "j<0xFF>.jsonl", "0xff"}}) {
        for (const std::string command : {"grade --format csv", "convert --to jsonl", "convert --to futo", "solve", "check"}) {
            INFO(command << " " << c.shown);
            const auto r = run_cli(command + " '" + c.file + "'", dir.string());
            CHECK(r.exit_code == 2);
            CHECK(r.err == refusal(c.shown, c.byte));
            CHECK_FALSE(has(r.out, "\xef\xbf\xbd"));  // no U+FFFD id printed before the refusal
        }
    }
    // The two files that had one id: refused at the first, nothing written.
    const auto r = run_cli("grade --format csv 'u\xffx.tatham' 'u\xfex.tatham'", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    // A JSONL file whose records all have an id uses no stem: read as before.
    std::ofstream(dir / "k\xff.jsonl") << "{\"id\": \"a\", \"n\": 4}\n";
    const auto k = run_cli("check 'k\xff.jsonl'", dir.string());
    CHECK(k.exit_code == 0);
    CHECK(has(k.out, "a: valid, n=4"));
    // The same puzzles under UTF-8 names: two ids.
    one_puzzle(dir, "u\xc3\xbfx.tatham", 1);
    one_puzzle(dir, "u\xc3\xbex.tatham", 2);
    const auto g = run_cli("grade --format csv 'u\xc3\xbfx.tatham' 'u\xc3\xbex.tatham'", dir.string());
    CHECK(g.exit_code == 0);
    CHECK(has(g.out, "\nu\xc3\xbfx,"));
    CHECK(has(g.out, "\nu\xc3\xbex,"));
    fs::remove_all(dir);
}

TEST_CASE("check solve and convert refuse a JSONL id with a C1 control character", "[cli][ids]") {
    const fs::path dir = fresh_dir("stem-ids", "c1");
    struct Case {
        std::string escape, code_point, byte;
    };
    for (const Case& c : {Case{"a\\u0085b", "U+0085", "2"}, Case{"a\\u009b31mRED", "U+009B", "2"}, Case{"\\u0080", "U+0080", "1"},
                          Case{"ok\\u009f", "U+009F", "3"}}) {
        std::ofstream(dir / "c1.jsonl", std::ios::trunc) << "{\"id\": \"" << c.escape << "\", \"n\": 4}\n";
        for (const std::string command : {"check", "solve", "solve --format csv", "convert --to jsonl", "convert --to futo"}) {
            INFO(command << " " << c.escape);
            const auto r = run_cli(command + " c1.jsonl", dir.string());
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: c1.jsonl:1: \"id\" holds the control character " + c.code_point + " at byte " + c.byte +
                               ": ids must be printable text\n");
            CHECK(r.out.empty());
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("a C1 control character in a file name becomes _ in the id as a C0 one does", "[cli][ids]") {
    const fs::path dir = fresh_dir("stem-ids", "c1-stem");
    struct Case {
        std::string file, id;
    };
    for (const Case& c : {Case{"c\xc2\x85" "d.tatham", "c_d"}, Case{"\xc2\x9b" "31m.tatham", "_31m"}, Case{"e\x1b" "f.tatham", "e_f"},
                          Case{"g\xc2\xa0h.tatham", "g\xc2\xa0h"}}) {
        INFO(c.id);
        one_puzzle(dir, c.file, 1);
        const auto r = run_cli("convert '" + c.file + "' --to jsonl", dir.string());
        CHECK(r.exit_code == 0);
        CHECK(r.out.rfind("{\"id\":\"" + c.id + "\",", 0) == 0);
        fs::remove(dir / c.file);
    }
    fs::remove_all(dir);
}

// Red-team round 26, left open: a file named ` .tatham` gave its puzzle the id " ", which shows
// as nothing (a JSONL "id" of white space is refused): refused in every command that makes an id
// of the stem, exit 2, one line naming the file (shown) and the stem's code points.
TEST_CASE("grade convert solve check and run refuse a file whose stem shows as nothing", "[cli][ids][long]") {
    const fs::path dir = fresh_dir("stem-ids", "blank");
    struct Case {
        std::string file, shown, points;
    };
    const std::vector<Case> cases{{" .tatham", "<U+0020>.tatham", "U+0020"},
                                  {"  .tatham", "<U+0020><U+0020>.tatham", "U+0020 U+0020"},
                                  {"\xc2\xa0.tatham", "<U+00A0>.tatham", "U+00A0"},
                                  {"\xe2\x80\x8b.tatham", "<U+200B>.tatham", "U+200B"},
                                  {" .jsonl", "<U+0020>.jsonl", "U+0020"}};
    for (const Case& c : cases) {
        if (c.file.ends_with(".jsonl")) std::ofstream(dir / c.file) << "{\"n\": 4}\n";  // no "id": the stem's would be its id
        else one_puzzle(dir, c.file, 1);
        const std::string says = "futolab: " + c.shown + ": the file name's stem (" + c.points +
                                 ") shows as nothing: it would be the id of the file's instances, and an id must show (give "
                                 "the file a name with a visible character before its extension)\n";
        for (const std::string command : {"grade --format csv", "convert --to jsonl", "convert --to futo", "solve", "check"}) {
            INFO(command << " " << c.shown);
            const auto r = run_cli(command + " '" + c.file + "'", dir.string());
            CHECK(r.exit_code == 2);
            CHECK(r.err == says);
            CHECK(r.out.empty());
        }
    }
    // A run reading it as its instances: refused too, before any run.
    std::ofstream(dir / "r.yaml") << "name: r\nseed: 1\ninstances:\n  - file: ' .tatham'\nsolvers: [ gac ]\noutput: o/r.csv\n";
    const auto run = run_cli("run r.yaml -q", dir.string());
    CHECK(run.exit_code == 2);
    CHECK(has(run.err, "stem (U+0020) shows as nothing"));
    CHECK_FALSE(fs::exists(dir / "o" / "r.csv"));
    // A stem that shows something, spaces around it too, is the id; a JSONL file with ids needs none.
    one_puzzle(dir, " a .tatham", 1);
    const auto a = run_cli("convert ' a .tatham' --to jsonl", dir.string());
    CHECK(a.exit_code == 0);
    CHECK(a.out.rfind("{\"id\":\" a \",", 0) == 0);
    std::ofstream(dir / "  .jsonl", std::ios::trunc) << "{\"id\": \"k\", \"n\": 4}\n";
    const auto k = run_cli("check '  .jsonl'", dir.string());
    CHECK(k.exit_code == 0);
    CHECK(has(k.out, "k: valid, n=4"));
    fs::remove_all(dir);
}
