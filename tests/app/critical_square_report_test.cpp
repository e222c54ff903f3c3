// Red-team round 14 (B F8): `critical --exact --square S --certificate F` on a square with no
// uniquely completable set (status multiple) exited 0 and wrote an empty certificate that
// --check-certificate rejects. A square whose search stopped before any set keeps the
// certificate from being written, as one stopped at bounds does; a square no set determines is
// left out, and named when no square is left to certify.
#include "app/critical_square_report.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>

using futolab::Status;
using futolab::app::CriticalRow;
using futolab::app::ExactSquareReport;

namespace {

// What the report holds after one row without a set: {uncertified, no_set}.
std::pair<std::string, std::string> after_row_without_set(Status status, bool certify) {
    ExactSquareReport report{.objective = "k", .certify = certify, .certificate = "", .uncertified = "", .no_set = ""};
    std::string records;
    static_cast<void>(report.row(CriticalRow{.instance = "sq:critical", .n = 4, .status = status, .status_text = "",
                                             .message = "", .output = "", .cpu_ns = 0},
                                 records));
    CHECK(records.empty());
    CHECK(report.certificate.empty());
    return {report.uncertified, report.no_set};
}

}  // namespace

TEST_CASE("a square without a set keeps --certificate from being written, naming the square and why", "[critical][certificate]") {
    using Held = std::pair<std::string, std::string>;
    CHECK(after_row_without_set(Status::multiple, true) == Held{"", "sq:critical"});
    CHECK(after_row_without_set(Status::timeout, true) == Held{"sq:critical: its search ended (timeout) before it found a set", ""});
    // Without --certificate nothing is held against the square.
    CHECK(after_row_without_set(Status::multiple, false) == Held{"", ""});
    CHECK(after_row_without_set(Status::timeout, false) == Held{"", ""});
}
