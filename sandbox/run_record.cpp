#include "sandbox/run_record.hpp"

#include "core/status.hpp"

#include <cstdint>
#include <cstring>

namespace futolab {
namespace {

constexpr std::uint32_t kMaxItems = 1u << 24;  // far above any message, solution or output

template <class T>
void put(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

class Reader {
public:
    explicit Reader(std::string_view bytes) : rest_(bytes) {}

    template <class T>
    bool get(T& value) {
        if (rest_.size() < sizeof(T)) return false;
        std::memcpy(&value, rest_.data(), sizeof(T));
        rest_.remove_prefix(sizeof(T));
        return true;
    }
    bool take(std::size_t size, std::string_view& out) {
        if (rest_.size() < size) return false;
        out = rest_.substr(0, size);
        rest_.remove_prefix(size);
        return true;
    }
    bool done() const { return rest_.empty(); }
    std::size_t remaining() const { return rest_.size(); }

private:
    std::string_view rest_;
};

void put_text(std::string& out, std::string_view text) {
    put(out, static_cast<std::uint32_t>(text.size()));
    out += text;
}

bool get_text(Reader& in, std::string& text) {
    std::uint32_t size = 0;
    std::string_view bytes;
    if (!in.get(size) || size > kMaxItems || !in.take(size, bytes)) return false;
    text = std::string(bytes);
    return true;
}

// FLROW3: status and grade travel as their table rows' indices (FLROW1 had their names); the
// deterministic flag follows the run index (FLROW2 lacked it). Part of the worker protocol
// (worker_protocol.hpp): a change here changes kWorkerProtocol.
constexpr std::string_view kRowMagic = "FLROW3";

// A vocabulary value as the index of its row in `words` (-1: none), and back: only an index
// of a row decodes, so a record from another build cannot smuggle in an unnamed value.
template <class Words>
std::int32_t word_index(const Words& words, ValueOf<RowOf<Words>> value) {
    const auto* row = row_of(words, value);
    return row ? static_cast<std::int32_t>(row - words.data()) : -1;
}

template <class Words>
bool get_word(Reader& in, const Words& words, ValueOf<RowOf<Words>>& value) {
    std::int32_t index = -1;
    if (!in.get(index) || index < 0 || static_cast<std::size_t>(index) >= words.size()) return false;
    value = words[static_cast<std::size_t>(index)].value;
    return true;
}

}  // namespace

std::string encode_row_record(const ResultRow& row) {
    std::string out(kRowMagic);
    for (const std::string* text : {&row.experiment, &row.instance, &row.instance_hash, &row.solver, &row.options,
                                    &row.mode, &row.solution, &row.message, &row.output})
        put_text(out, *text);
    put(out, word_index(kStatuses, row.status));
    put(out, row.grade ? word_index(kGrades, *row.grade) : std::int32_t{-1});
    for (int v : {row.n, row.h, row.k, row.repeat}) put(out, static_cast<std::int32_t>(v));
    put(out, row.seed);
    for_each_counter(row.counters, [&](std::string_view, std::string_view, std::uint64_t v) { put(out, v); });
    put(out, row.unknown_counters);
    for (std::int64_t v : {row.wall_ns, row.cpu_ns, row.max_rss_kb, row.tool_cpu_ns, row.tool_max_rss_kb}) put(out, v);
    put(out, static_cast<std::uint64_t>(row.run));
    put(out, static_cast<std::uint8_t>(row.deterministic));
    return out;
}

std::optional<ResultRow> decode_row_record(std::string_view bytes) {
    Reader in(bytes);
    std::string_view magic;
    if (!in.take(kRowMagic.size(), magic) || magic != kRowMagic) return std::nullopt;
    ResultRow row;
    for (std::string* text : {&row.experiment, &row.instance, &row.instance_hash, &row.solver, &row.options, &row.mode,
                              &row.solution, &row.message, &row.output})
        if (!get_text(in, *text)) return std::nullopt;
    if (!get_word(in, kStatuses, row.status)) return std::nullopt;
    std::int32_t grade = -1;
    if (!in.get(grade) || grade < -1 || grade >= static_cast<std::int32_t>(kGrades.size())) return std::nullopt;
    if (grade >= 0) row.grade = kGrades[static_cast<std::size_t>(grade)].value;
    for (int* v : {&row.n, &row.h, &row.k, &row.repeat}) {
        std::int32_t value = 0;
        if (!in.get(value)) return std::nullopt;
        *v = value;
    }
    if (!in.get(row.seed)) return std::nullopt;
    Counters& c = row.counters;
#define FUTOLAB_COUNTER_READ(name, doc) \
    if (!in.get(c.name)) return std::nullopt;
    FUTOLAB_COUNTERS(FUTOLAB_COUNTER_READ)
#undef FUTOLAB_COUNTER_READ
    std::uint64_t run = 0;
    std::uint8_t deterministic = 1;
    if (!in.get(row.unknown_counters) || !in.get(row.wall_ns) || !in.get(row.cpu_ns) || !in.get(row.max_rss_kb) || !in.get(row.tool_cpu_ns) || !in.get(row.tool_max_rss_kb) ||
        !in.get(run) || !in.get(deterministic) || deterministic > 1 || !in.done())
        return std::nullopt;
    row.run = static_cast<std::size_t>(run);
    row.deterministic = deterministic == 1;
    return row;
}

}  // namespace futolab
