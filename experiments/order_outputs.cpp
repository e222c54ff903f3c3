#include "experiments/order_outputs.hpp"

#include "critical/construction/chain_construction.hpp"
#include "critical/construction/construction_record.hpp"
#include "critical/construction/zero_given_certificate.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/greedy/pipeline.hpp"
#include "experiments/methods.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <tuple>

namespace futolab {
namespace {

[[noreturn]] void refuse_output(const RowCells& row, std::string_view why) { row.refuse("output", why); }

std::string line_of(const Instance& record) { return write_instances({record}, Format::jsonl); }

// The record as its run writes it but for `key` of its meta, which is given back in `value`.
Instance without_meta(const Instance& record, const char* key, Json* value = nullptr) {
    Instance copy = record;
    if (copy.meta.is_object() && copy.meta.contains(key)) {
        if (value != nullptr) *value = copy.meta[key];
        copy.meta.erase(key);
    }
    return copy;
}

std::vector<int> flat(const std::vector<std::vector<int>>& rows) {
    std::vector<int> out;
    for (const std::vector<int>& r : rows) out.insert(out.end(), r.begin(), r.end());
    return out;
}

std::vector<std::tuple<int, int, int, int>> relation_set(const std::vector<LessThan>& lt) {
    std::vector<std::tuple<int, int, int, int>> out;
    for (const LessThan& l : lt) out.emplace_back(l.r1, l.c1, l.r2, l.c2);
    std::sort(out.begin(), out.end());
    return out;
}

// meta.certificate: the lines of a zero-given certificate (zero_given_certificate.hpp) that the
// checker accepts, of this record's square and relations.
void check_certificate(const RowCells& row, const Instance& record, const Json& lines) {
    if (!lines.is_array() || lines.empty()) refuse_output(row, "a record whose meta 'certificate' is not its certificate's lines");
    std::string text;
    for (const Json& line : lines) text += line.dump() + "\n";
    std::istringstream in(text);
    critical::ZeroGivenCertificateCheck c;
    try {
        c = critical::check_zero_given_certificate(in, "meta.certificate");
    } catch (const InputError& e) {
        refuse_output(row, fmt::format("a record whose certificate is malformed ({})", message_text(e.what(), 200)));
    }
    if (!c.ok) refuse_output(row, fmt::format("a record whose certificate does not check ({})", message_text(c.why, 200)));
    const Json& header = lines.front();
    std::vector<int> square;
    std::vector<LessThan> relations;
    for (const Json& v : header.at("square")) square.push_back(v.get<int>());
    for (const Json& r : header.at("relations")) relations.push_back({r[0].get<int>(), r[1].get<int>(), r[2].get<int>(), r[3].get<int>()});
    if (square != flat(record.solution) || relation_set(relations) != relation_set(record.lt))
        refuse_output(row, "a record whose certificate is of another square or other relations than the record's");
}

}  // namespace

void check_construct_output(const RowCells& row, const Instance& record, const SolverSpec& method) {
    const ConstructMethod m = construct_method(method);
    const int split = m.split == kBalancedSplit ? critical::balanced_split(record.n) : m.split;
    if (split > record.n - 1) refuse_output(row, fmt::format("a construction with split={}, which order {} cannot take", split, record.n));
    bool verified = false;
    const Instance made = critical::construction_record(critical::chain_construction(record.n, split), m.verify, verified);
    Json certificate;
    if (line_of(without_meta(record, "certificate", &certificate)) != line_of(made))
        refuse_output(row, "a record other than the construction its method makes for this order");
    if (m.certificate) check_certificate(row, record, certificate);
    else if (!certificate.is_null()) refuse_output(row, "a record with meta 'certificate', where the method writes none (certificate=no)");
}

void check_exhaustive_output(const RowCells& row, const std::vector<Instance>& records, const SolverSpec& method,
                             std::map<std::string, ExhaustiveMade>& made) {
    const int n = records.front().n;
    const std::string verify = exhaustive_verify(method);
    ExhaustiveMade& want = made[fmt::format("{}/{}", n, verify)];
    if (want.records.empty()) {
        const critical::ExhaustiveResult r = critical::exhaustive_minimum(n);
        bool verified = false;
        for (const Instance& record : critical::exhaustive_records(r, verify, verified))
            want.records.push_back(without_meta(record, "time_ms"));
        want.nodes = r.nodes;
    }
    if (records.size() != want.records.size())
        refuse_output(row, fmt::format("{} records, where the search writes {}", records.size(), want.records.size()));
    for (std::size_t i = 0; i < records.size(); ++i) {
        Json time_ms;
        if (line_of(without_meta(records[i], "time_ms", &time_ms)) != line_of(want.records[i]))
            refuse_output(row, fmt::format("a record (line {}) other than the one the search over every square of order {} makes",
                                           i + 1, n));
        if (!time_ms.is_number() || time_ms.get<double>() < 0)
            refuse_output(row, fmt::format("a record (line {}) whose meta 'time_ms' is not a time in milliseconds", i + 1));
    }
    if (row.whole("nodes") != want.nodes)
        row.refuse("nodes", fmt::format("where the search over every square of order {} counts {}", n, want.nodes));
}

}  // namespace futolab
