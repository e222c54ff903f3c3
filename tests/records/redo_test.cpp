// --redo's rewrite of a results CSV (records/redo.hpp): rows leave by status, every other byte
// stays (quoted newlines, odd quoting included), the file is replaced whole; CR LF rows keep their line ends, a lone CR is refused.
#include "core/error.hpp"
#include "records/redo.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace futolab;
namespace fs = std::filesystem;

namespace {

std::string temp_file(const std::string& name, const std::string& text) {
    const fs::path dir = fs::temp_directory_path() / "futolab-redo-test";
    fs::create_directories(dir);
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string text_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("redo takes out the rows with the statuses named, byte for byte", "[records][redo]") {
    const std::string header = "run,status,message\n";
    const std::string keep1 = "0,unique,\"two\nlines, \"\"quoted\"\"\"\n";  // a record over two lines
    const std::string drop1 = "1,timeout,\"wall limit\nhit\"\n";
    const std::string keep2 = "2,unique,\n";
    const std::string drop2 = "3,crash,signal 11\n";
    const std::string keep3 = "4,memout,\n";
    const std::string path = temp_file("a.csv", header + keep1 + drop1 + keep2 + drop2 + keep3);
    const RedoRemoval r = remove_rows_with_status(path, {"timeout", "crash"});
    CHECK(r.rows == 2);
    CHECK(r.by_status == std::map<std::string, std::size_t>{{"crash", 1}, {"timeout", 1}});
    CHECK(text_of(path) == header + keep1 + keep2 + keep3);
    for (const auto& e : fs::directory_iterator(fs::path(path).parent_path()))  // no temporary file left behind
        CHECK(e.path().filename().string().rfind("a.csv.tmp", 0) == std::string::npos);
    // CR LF line ends (RFC 4180, issue #44): read, and every kept row keeps its own bytes.
    const std::string crlf = temp_file("crlf.csv", header + "2,unique,\r\n" + drop2);
    CHECK(remove_rows_with_status(crlf, {"crash"}).rows == 1);
    CHECK(text_of(crlf) == header + "2,unique,\r\n");
    // A lone CR outside quotes: refused, not rewritten.
    const std::string lone = temp_file("lone-cr.csv", header + "2,uni\rque,\n" + drop2);
    CHECK_THROWS_AS(remove_rows_with_status(lone, {"crash"}), InputError);
    CHECK(text_of(lone) == header + "2,uni\rque,\n" + drop2);
}

TEST_CASE("redo leaves a file without such rows as it is, and cuts a truncated last line", "[records][redo]") {
    const std::string whole = "run,status\n0,unique\n1,timeout\n";
    const std::string path = temp_file("b.csv", whole);
    const auto before = fs::last_write_time(path);
    CHECK(remove_rows_with_status(path, {"crash"}).rows == 0);
    CHECK(text_of(path) == whole);
    CHECK(fs::last_write_time(path) == before);  // not rewritten
    const std::string cut = temp_file("c.csv", whole + "2,tim");
    CHECK(remove_rows_with_status(cut, {"timeout"}).rows == 1);
    CHECK(text_of(cut) == "run,status\n0,unique\n");
    CHECK(remove_rows_with_status((fs::temp_directory_path() / "futolab-redo-test" / "none.csv").string(), {"crash"})
              .rows == 0);
    CHECK_THROWS_AS(remove_rows_with_status(temp_file("d.csv", "run,state\n0,x\n"), {"crash"}), InputError);
    // Another experiment's header: untouched (the resume refuses it with its own message).
    const std::string other = temp_file("e.csv", whole);
    CHECK(remove_rows_with_status(other, {"timeout"}, {"run", "status", "more"}).rows == 0);
    CHECK(text_of(other) == whole);
}
