// What the two certificate checkers say of a certificate's records, as one string a test can
// compare: the InputError's message (malformed, exit 2), "rejected: WHY" (exit 1) or "accepted".
#pragma once

#include "core/error.hpp"
#include "critical/exact/certificate.hpp"
#include "critical/exact/square_certificate.hpp"
#include "json_lines.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace futolab::test {

template <class Check>
std::string verdict_of(const std::vector<Json>& t, const Check& check) {
    std::istringstream in(text_of(t));
    try {
        const auto c = check(in);
        return c.ok ? "accepted" : "rejected: " + c.why;
    } catch (const InputError& e) {
        return e.what();
    }
}

// check_certificate's verdict (a certificate of all squares of an order), with gecode.
inline std::string verdict(const std::vector<Json>& t) {
    return verdict_of(t, [](std::istream& in) { return critical::check_certificate(in, "test.cert", "gecode"); });
}

// check_square_certificate's verdict (a per-square certificate), with gecode.
inline std::string square_verdict(const std::vector<Json>& t) {
    return verdict_of(t, [](std::istream& in) { return critical::check_square_certificate(in, "test.cert", "gecode"); });
}

}  // namespace futolab::test
