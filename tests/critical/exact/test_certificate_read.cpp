// The reading the certificate checkers share (critical/exact/certificate_read.hpp): the two-pass
// checkers' first pass leaves the stream where it found it (form_pass_then_rewind).
#include "critical/exact/certificate_read.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <string>

using namespace futolab;
using namespace futolab::critical;

TEST_CASE("certificate read: the form pass leaves the stream where it found it", "[critical][certificate]") {
    const std::string text = "line one\nline two\n";
    for (std::size_t skip : {std::size_t{0}, std::size_t{5}}) {
        std::istringstream in(text);
        in.seekg(static_cast<std::streamoff>(skip));
        std::string seen;
        form_pass_then_rewind(in, "a checker", [&seen](std::istream& s) {  // reads to the end, as a form pass does
            for (std::string line; std::getline(s, line);) seen += line + "|";
        });
        CHECK(seen == (skip == 0 ? "line one|line two|" : "one|line two|"));
        std::string again;
        std::getline(in, again);
        CHECK(again == (skip == 0 ? "line one" : "one"));
    }
    std::istringstream broken("x");
    broken.setstate(std::ios::failbit);  // tellg gives -1, as for a pipe
    bool ran = false;
    CHECK_THROWS_WITH(form_pass_then_rewind(broken, "check_certificate", [&ran](std::istream&) { ran = true; }),
                      "check_certificate: the certificate's stream cannot be read twice (not seekable)");
    CHECK_FALSE(ran);
    std::istringstream malformed("{}\n");  // the first pass's refusal goes out as it is
    CHECK_THROWS_AS(form_pass_then_rewind(malformed, "c", [](std::istream&) { throw InputError("x.cert:1: malformed"); }), InputError);
}
