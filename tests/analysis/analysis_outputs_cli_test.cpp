// What analyze, report and compare read and write, through the CLI (red-team round 27, C F1,
// F3, F4): a PAR-2 cap read in the time limit's form only; one puzzle under two ids named
// alike in every row of the per-instance table; CSV outputs that show what every other output
// shows (a terminal escape, a bidi control, a byte that is not UTF-8) instead of copying it raw.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace futolab::test;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/phase.csv";

// Two runs of gac, the second stopped by a 1000 ms time limit whose cell is `limit` (field 9).
void write_timeout_csv(const fs::path& path, const std::string& limit) {
    std::ofstream(path) << "instance,instance_hash,n,solver,options,status,wall_ns,cpu_ns,time_limit_ms\n"
                           "a,000a,4,gac,,solved,1000000,1000000," << limit << "\n"
                           "b,000b,4,gac,,timeout,1000000000,1000000000," << limit << "\n";
}

// Whether `text` is valid UTF-8 holding no C0 control but LF, CR (of CR LF) and tab, and no C1.
bool plain_utf8(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 && c != '\n' && c != '\t') return false;
        if (c < 0x80) continue;
        const std::size_t more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : 99;
        if (more == 99 || i + more >= text.size()) return false;
        for (std::size_t k = 1; k <= more; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return false;
        if (c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) return false;  // C1
        i += more;
    }
    return true;
}

}  // namespace

TEST_CASE("analyze and report read a PAR-2 cap in the time limit's form only", "[cli][analyze][report][numbers]") {
    const fs::path dir = fresh_dir("analysis-outputs", "par2-cap");
    write_timeout_csv(dir / "ok.csv", "1000");
    const CliResult ok = run_cli("analyze ok.csv --metric wall_ms --format csv", dir.string());
    REQUIRE(ok.exit_code == 0);
    CHECK(has(ok.out, ",1000,"));  // the median and the cap, no cell refused
    const std::vector<std::pair<std::string, std::string>> cases{
        {"0999999", "has a leading zero, where futolab writes none"},
        {"1e9", "is not a decimal in plain digits"},
        {"1000.", "is not a decimal in plain digits"},
        {"-0", "is not a decimal in plain digits"},
        {"1000.0", "has a zero at the end of its fraction"},
        {"99999999999999999999999", "is larger than any limit futolab writes (at most 9200000000000 ms)"},
    };
    for (const auto& [cell, problem] : cases) {
        write_timeout_csv(dir / "to.csv", cell);
        for (const std::string command : {"analyze to.csv --metric wall_ms --format csv", "analyze to.csv --metric wall_ns",
                                          "report to.csv --metric wall_ms --out r.html"}) {
            INFO(command << ": " << cell);
            const CliResult r = run_cli(command, dir.string());
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "to.csv:3:9: time_limit_ms: '" + cell + "' " + problem));
            CHECK(r.out.empty());
        }
    }
    CHECK_FALSE(fs::exists(dir / "r.html"));
}

TEST_CASE("analyze names one puzzle under two ids alike in every per-instance row", "[cli][analyze][instances]") {
    const fs::path dir = fresh_dir("analysis-outputs", "twin-ids");
    // One puzzle (ca98…) as beta and alpha; gac meets beta first, fc alpha: the table named it
    // beta in gac's rows and alpha in fc's.
    const std::string header = "instance,instance_hash,n,solver,options,spec,seed,repeat,mode,status,nodes,wall_ns,cpu_ns\n";
    std::ofstream(dir / "twin.csv") << header << "beta,ca98b9010dedd46d,4,gac,,gac,1,1,count:2,unique,0,571,1232\n"
                                              << "alpha,ca98b9010dedd46d,4,fc,,fc,2,1,count:2,unique,26,2604,3265\n"
                                              << "alpha,ca98b9010dedd46d,4,gac,,gac,1,1,count:2,unique,0,471,1122\n"
                                              << "beta,ca98b9010dedd46d,4,fc,,fc,2,1,count:2,unique,26,2073,2734\n";
    for (const std::string format : {"md", "csv"}) {
        INFO(format);
        const CliResult r = run_cli("analyze twin.csv --instances --table instances --metric nodes --format " + format,
                                    dir.string());
        REQUIRE(r.exit_code == 0);
        CHECK_FALSE(has(r.out, "| beta |"));
        CHECK_FALSE(has(r.out, "| alpha |"));
        CHECK_FALSE(has(r.out, "\nbeta,"));
        CHECK_FALSE(has(r.out, "\nalpha,"));
        CHECK(has(r.err, "futolab: warning: twin.csv:3:1: instance 'alpha' has the instance_hash of instance 'beta' "
                         "(twin.csv:2:1), ca98b9010dedd46d: one puzzle under 2 ids, whose runs every per-instance table, "
                         "pairing and noise figure pools as repeats of one instance, named 'beta, alpha'\n"));
    }
    const CliResult md = run_cli("analyze twin.csv --instances --table instances --metric nodes", dir.string());
    CHECK(has(md.out, "| beta, alpha | ca98b9010dedd46d | 4 | gac | nodes | 2 |"));
    CHECK(has(md.out, "| beta, alpha | ca98b9010dedd46d | 4 | fc | nodes | 2 |"));
}

TEST_CASE("CSV outputs show control characters and bytes that are not UTF-8 as the other outputs do", "[cli][analyze][compare][csv]") {
    const fs::path dir = fresh_dir("analysis-outputs", "csv-text");
    fs::copy_file(kResults, dir / "q.csv");
    fs::copy_file(kResults, dir / "a\xff" "b.csv");
    SECTION("compare --format csv: a file name that is not UTF-8 (such a --label is refused)") {
        const CliResult label = run_cli("compare q.csv q.csv --label 'a\xff" "b,x' --format csv --table times", dir.string());
        CHECK(label.exit_code == 2);
        CHECK(has(label.err, "--label: 'a<0xFF>b': byte 0xff is not UTF-8"));  // compare_label_cli_test
        for (const std::string table : {"times", "changes"}) {
            for (const std::string args : {"q.csv 'a\xff" "b.csv'"}) {
                INFO(table << ": " << args);
                const CliResult r = run_cli("compare " + args + " --format csv --table " + table, dir.string());
                REQUIRE(r.exit_code == 0);
                CHECK(plain_utf8(r.out));
                if (table == "times") CHECK(has(r.out, "a<0xFF>b"));
                const CliResult text = run_cli("compare " + args, dir.string());
                CHECK(has(text.out, "a<0xFF>b"));  // what the text output shows
            }
        }
    }
    SECTION("analyze --format csv and --tables: a cell with a bidi control, C1, a byte not UTF-8 and line breaks") {
        // A C0 control other than tab and line breaks (a terminal escape) is refused by the
        // results reader itself (binary data), so it reaches no output.
        std::ofstream(dir / "e.csv") << "instance,instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns,message\n"
                                        "i1,0001,4,fc,,error,1,10,10,\x1b[31mred\n";
        const CliResult escape = run_cli("analyze e.csv --by message --metric nodes --format csv", dir.string());
        CHECK(escape.exit_code == 2);
        CHECK(has(escape.err, "e.csv:2:29: binary data (byte 0x1b): not a text file"));
        std::ofstream(dir / "m.csv") << "instance,instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns,message\n"
                                        "i2,0002,4,fc,,error,1,10,10,\xe2\x80\xae" "evil\n"
                                        "i3,0003,4,fc,,error,1,10,10,c1\xc2\x85x\n"
                                        "i4,0004,4,fc,,error,1,10,10,bad\xfe" "byte\n"
                                        "i5,0005,4,fc,,error,1,10,10,\"two\nlines\ttab\"\n";
        const CliResult r = run_cli("analyze m.csv --by message --metric nodes --format csv", dir.string());
        REQUIRE(r.exit_code == 0);
        CHECK(plain_utf8(r.out));
        for (const char* shown : {"<U+202E>evil,", "c1<U+0085>x,", "bad<0xFE>byte,", "\"two\nlines\ttab\","})
            CHECK(has(r.out, shown));
        REQUIRE(run_cli("analyze m.csv --by message --metric nodes --tables t", dir.string()).exit_code == 0);
        const std::string summary = slurp((dir / "t" / "summary.csv").string());
        CHECK(plain_utf8(summary));
        CHECK(has(summary, "c1<U+0085>x,"));
        const CliResult md = run_cli("analyze m.csv --by message --metric nodes", dir.string());
        CHECK(has(md.out, "| c1<U+0085>x |"));  // the Markdown shows it the same way
        CHECK(has(md.out, "| two<U+000A>lines<U+0009>tab |"));
    }
}
