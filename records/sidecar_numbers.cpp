#include "records/sidecar_numbers.hpp"

#include "core/message_text.hpp"
#include "core/numbers.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {
namespace {

enum class Form {
    whole,         // plain digits, no sign or leading zero: "75" (fmt, std::to_string)
    decimals_3,    // plain digits, a point and 3 decimals: "1.206" ("{:.3f}")
    decimals_1,    // plain digits, a point and 1 decimal: "0.1" ("{:.1f}")
    time,          // UTC to the second: "2026-11-30T21:22:31Z" (utc_now_iso8601)
    time_or_none,  // the same, or "" (run.finished of a sweep still running)
    list,          // a list of at most `hi` items (the items have their own row, KEY[])
};

struct Field {
    std::string_view key;  // dotted; "[]" stands for every item of a list
    Form form;
    std::uint64_t lo = 0, hi = 0;  // a whole number's or a decimal's range; a list's most items
};

// Every number and timestamp a sidecar holds, as records/sidecar.cpp writes it.
constexpr Field kSidecarNumbers[] = {
    {"run.jobs", Form::whole, 1, kMaxJobs},
    {"run.shard_count", Form::whole, 1, kSidecarMaxShards},
    {"run.shard_index", Form::whole, 0, kSidecarMaxShards},  // below shard_count too (read_shard, by its numbering)
    {"run.total_runs", Form::whole, 0, kSidecarMaxRuns},
    {"run.shard_runs", Form::whole, 0, kSidecarMaxRuns},
    {"run.completed", Form::whole, 0, kSidecarMaxRuns},
    {"run.memory_poll_ms", Form::whole, 1, INT_MAX},  // RunInfo's int, written only when it is stated (> 0)
    {"run.load_other_cores", Form::decimals_3, 0, kSidecarMaxCores},
    {"run.load_own_cores", Form::decimals_3, 0, kSidecarMaxCores},
    {"run.load_seconds", Form::decimals_1, 0, kSidecarMaxLoadSeconds},
    {"run.started", Form::time},
    {"run.first_started", Form::time},
    {"run.finished", Form::time_or_none},
    {"timing.warmup", Form::whole, 0, INT_MAX},
    {"timing.pinned_cpus", Form::list, 0, kMaxJobs},                  // one CPU per worker (plan_cores)
    {"timing.pinned_cpus[]", Form::whole, 0, CPU_SETSIZE - 1},        // a CPU of the affinity mask (usable_cpus)
    {"machine.cores", Form::whole, 1, kSidecarMaxCores},
    {"shards[].cores", Form::whole, 1, kSidecarMaxCores},
    {"redone[].at", Form::time},
    {"redone[].rows", Form::whole, 0, kSidecarMaxRuns},
};

// `path` with every list index written "[]": "redone[2].rows" -> "redone[].rows".
std::string table_key(std::string_view path) {
    std::string key;
    for (std::size_t i = 0; i < path.size(); ++i) {
        key += path[i];
        if (path[i] == '[') i = path.find(']', i) - 1;
    }
    return key;
}

const Field& field_of(const YamlAt& at) {
    const std::string key = table_key(at.path);
    for (const Field& f : kSidecarNumbers)
        if (f.key == key) return f;
    throw std::logic_error("records/sidecar_numbers.cpp: no row for the key " + key);
}

std::string quoted(const std::string& text) { return message_text(text, 40); }

// Every number, time and flag of a sidecar is written plain: `cores: "2"`, `cores: !!float 2` and
// `cores: !!str 2` were read by their text as 2 (red-team round 26, C F9), where another YAML
// reader reads the text "2" or 2.0. y.plain refuses each at its line and column.
std::uint64_t whole_in(const YamlFields& y, const YamlAt& at, const Field& f) {
    const std::string text = y.plain(at);  // missing: "key 'run.total_runs' is missing"
    const std::string form = whole_number_form_problem(text);
    if (form.starts_with("has a leading zero"))  // `075` reads as 75, `00` as 0: futolab writes neither
        y.fail(at, fmt::format("'{}' {} (a whole number from {} to {})", quoted(text), form, f.lo, f.hi));
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (!form.empty() || ec != std::errc() || end != text.data() + text.size() || v < f.lo || v > f.hi)
        y.fail(at, fmt::format("must be a whole number from {} to {}, not '{}'", f.lo, f.hi, quoted(text)));
    return v;
}

double decimal_in(const YamlFields& y, const YamlAt& at, const Field& f) {
    const std::string text = y.plain(at);
    const std::size_t places = f.form == Form::decimals_3 ? 3 : 1;
    const std::string range = fmt::format("a number from 0 to {} with {} decimal{}", f.hi, places, places == 1 ? "" : "s");
    double v = 0;
    if (!is_fixed_point(text, places))  // `01.235`, `000.1`, `-0.500`, `1e9`, `.nan`: futolab writes none
        y.fail(at, fmt::format("is '{}', not a number as futolab writes it ({}, no sign, exponent or leading zero)",
                               quoted(text), range));
    std::from_chars(text.data(), text.data() + text.size(), v);  // digits and a point: always a finite double
    if (v < static_cast<double>(f.lo) || v > static_cast<double>(f.hi))
        y.fail(at, fmt::format("must be {}, not '{}'", range, quoted(text)));
    return v;
}

// Whether `text` is a UTC time to the second as utc_now_iso8601 writes it, a real date and time.
bool utc_time(std::string_view text) {
    constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:ddZ";
    if (text.size() != kShape.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (kShape[i] == 'd' ? text[i] < '0' || text[i] > '9' : text[i] != kShape[i]) return false;
    const auto number = [&](std::size_t at, std::size_t len) {
        int v = 0;
        std::from_chars(text.data() + at, text.data() + at + len, v);
        return v;
    };
    const int year = number(0, 4), month = number(5, 2), day = number(8, 2);
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    // 1970 on: the clock's time_t, which gmtime turns into these fields (no leap second).
    return year >= 1970 && month >= 1 && month <= 12 && day >= 1 &&
           day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0) && number(11, 2) <= 23 && number(14, 2) <= 59 &&
           number(17, 2) <= 59;
}

void check_time(const YamlFields& y, const YamlAt& at, const Field& f) {
    const std::string text = y.text(at);
    if (f.form == Form::time_or_none && text.empty()) return;  // written "": quoted, as an empty string must be
    if (!utc_time(text))
        y.fail(at, fmt::format("is '{}', not a time as futolab writes it (UTC to the second, as 2026-11-30T21:22:31Z{})",
                               quoted(text), f.form == Form::time_or_none ? ", or \"\" while the run goes on" : ""));
    y.plain(at);  // a time in quotes is text to other readers, as a number is
}

void check_field(const YamlFields& y, const YamlAt& at, const Field& f) {
    switch (f.form) {
        case Form::whole: whole_in(y, at, f); return;
        case Form::decimals_3:
        case Form::decimals_1: decimal_in(y, at, f); return;
        case Form::time:
        case Form::time_or_none: check_time(y, at, f); return;
        case Form::list:
            if (y.sequence(at).node.size() > f.hi)
                y.fail(at, fmt::format("lists {} items, more than the {} futolab writes at most", at.node.size(), f.hi));
            return;
    }
}

// The nodes the dotted `key` names under `at`, every item of a list at a "[]" (those there: a
// key or an item left out names none).
void nodes_at(const YamlFields& y, const YamlAt& at, std::string_view key, std::vector<YamlAt>& out) {
    if (!at) return;
    if (key.empty()) return out.push_back(at);
    const std::size_t dot = key.find('.');
    std::string_view part = key.substr(0, dot);
    const std::string_view rest = dot == std::string_view::npos ? "" : key.substr(dot + 1);
    const bool each = part.ends_with("[]");
    if (each) part.remove_suffix(2);
    const YamlAt child = part.empty() ? at : y.child(at, part);
    if (!each) return nodes_at(y, child, rest, out);
    if (const YamlAt list = y.sequence(child))
        for (std::size_t i = 0; i < list.node.size(); ++i) nodes_at(y, y.item(list, i), rest, out);
}

}  // namespace

void check_sidecar_numbers(const YamlFields& y, const YamlAt& root) {
    for (const Field& f : kSidecarNumbers) {
        std::vector<YamlAt> nodes;
        nodes_at(y, root, f.key, nodes);
        for (const YamlAt& at : nodes) check_field(y, at, f);
    }
    // Both in one form: their text orders as their times do. A sweep's start is read before its
    // end, from one clock; a merge writes one time for both.
    const YamlAt run = y.child(root, "run");
    const YamlAt started = y.child(run, "started"), finished = y.child(run, "finished");
    if (started && finished && !y.text(finished).empty() && y.text(finished) < y.text(started))
        y.fail(finished, fmt::format("is {}, before run.started {} ({}): futolab reads a run's end after its start",
                                     y.text(finished), y.text(started), y.where(started)));
    // A resume keeps the first run's start and starts a run of its own after it.
    const YamlAt first = y.child(run, "first_started");
    if (started && first && y.text(started) < y.text(first))
        y.fail(first, fmt::format("is {}, after run.started {} ({}): the CSV's first run started before its latest",
                                  y.text(first), y.text(started), y.where(started)));
}

std::int64_t utc_seconds(std::string_view text) {
    const auto number = [&](std::size_t at, std::size_t len) {
        int v = 0;
        std::from_chars(text.data() + at, text.data() + at + len, v);
        return v;
    };
    // Days since 1970-01-01 of the civil date (H. Hinnant's days_from_civil, proleptic Gregorian).
    const int month = number(5, 2), year = number(0, 4) - (month <= 2 ? 1 : 0);
    const int era = year / 400, of_era = year - era * 400;  // year >= 1969: no negative era
    const int of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + number(8, 2) - 1;
    const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + of_era * 365 + of_era / 4 - of_era / 100 + of_year - 719468;
    return days * 86400 + number(11, 2) * 3600 + number(14, 2) * 60 + number(17, 2);
}

std::uint64_t sidecar_whole(const YamlFields& y, const YamlAt& at) {
    const Field& f = field_of(at);
    if (f.form != Form::whole) throw std::logic_error("records/sidecar_numbers.cpp: not a whole number: " + at.path);
    return whole_in(y, at, f);
}

double sidecar_decimal(const YamlFields& y, const YamlAt& at) {
    const Field& f = field_of(at);
    if (f.form != Form::decimals_3 && f.form != Form::decimals_1)
        throw std::logic_error("records/sidecar_numbers.cpp: not a decimal: " + at.path);
    return decimal_in(y, at, f);
}

}  // namespace futolab
