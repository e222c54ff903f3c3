// futolab compare BASE.csv NEW.csv… [--label L…] [--format text|csv [--table times|changes]]
//                 [--metric wall_ms|cpu_ms] [--fail-if-slower PCT] [--fail-on-change KINDS] [--list N]
//                 [--fail-on-disagreement]
// What changed between runs (SPEC §3): every NEW against BASE, runs paired by (instance_hash,
// spec, mode): sidecar differences, time ratios per spec with CIs, status and counter changes,
// runs of one file only (analysis/compare.hpp); then the instances where runs that decided
// them disagree, within an input or between inputs (analysis/agreement.hpp). Exit 0 within the
// thresholds given, 1 when one is violated (analysis/compare_gate.hpp, app/agreement_gate.hpp),
// 2 on bad input or when --fail-on-disagreement has nothing to check.
#include "analysis/compare_gate.hpp"
#include "analysis/compare_inputs.hpp"
#include "analysis/compare_report.hpp"
#include "analysis/same_runs.hpp"
#include "sandbox/interrupt.hpp"
#include "app/agreement_gate.hpp"
#include "app/commands.hpp"
#include "app/counted.hpp"
#include "app/empty_value.hpp"
#include "app/load.hpp"
#include "app/number_options.hpp"
#include "app/option_rules.hpp"
#include "app/vocabulary_option.hpp"
#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/formats/text.hpp"
#include "core/visible_text.hpp"
#include "experiments/held_rows.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <sstream>

namespace futolab::app {
namespace {

struct CompareArgs {
    std::vector<std::string> inputs, labels;
    CompareFormat format = CompareFormat::text;
    std::optional<CompareTable> table;
    TimeMetric metric = TimeMetric::wall_ms;
    double slower_percent = -1;  // < 0: not given
    std::vector<std::string> fail_on;
    std::size_t max_list = 25;
    std::string base;  // --base NAME: the builds of one A/B sweep
    std::size_t replicates = 1;  // --replicates R: each side is R sweeps of one experiment
    bool fail_on_disagreement = false;
};

// The options another one leaves unused (issue #45): refused, naming both.
const std::vector<OptionRule<CompareArgs>>& compare_rules() {
    static const std::vector<OptionRule<CompareArgs>> rules{
        {"--list", "with --format csv", [](const CompareArgs& a) -> std::string {
             return a.format == CompareFormat::csv ? "does not apply with --format csv (it bounds the lists of the text)" : "";
         }},
        {"--metric", "with --table changes", [](const CompareArgs& a) -> std::string {
             return a.table == CompareTable::changes ? "does not apply with --table changes (it picks the time of the times table)"
                                                     : "";
         }},
    };
    return rules;
}

// Why `label` cannot name a side ("" if it can): a label is printed in every table, CSV and
// message as it is, so it must be UTF-8 text that shows as itself. Bytes that are not UTF-8, a
// control character (ESC, a line break) or a character that shows as nothing or reorders the
// line (U+202E) were shown as markers in one place and taken raw in another (red-team round 27);
// refused at the option instead, as an id is (app/bench_manifest.cpp, id_member).
std::string label_problem(const std::string& label) {
    if (label.empty()) return "";  // the rule of every option's empty value says it (app/empty_value.hpp)
    if (const auto bad = find_non_utf8_byte(label)) return fmt::format("byte 0x{:02x} is not UTF-8", bad->byte);
    if (const auto bad = formats_internal::find_control(label))
        return fmt::format("it holds the control character U+{:04X} at byte {}", static_cast<std::uint32_t>(bad->code_point),
                           bad->byte + 1);
    if (shows_nothing(label)) return fmt::format("it is only white space or invisible characters ({})", code_points(label));
    if (visible_text(label) != label)
        return "it holds characters that show as nothing or reorder the line, or spaces at its ends or side by side";
    return "";
}

CLI::Validator printable_label() {
    return CLI::Validator(
        [](std::string& value) {
            const std::string why = label_problem(value);
            // The label raw: app/main shows every message's invisible characters and bytes.
            return why.empty() ? why : fmt::format("'{}': {}: a label must be printable text, shown as it is", value, why);
        },
        "", "printable");
}

// Labels name the sides in every table: two alike would make two sides one.
void check_distinct_labels(const std::vector<std::string>& labels) {
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            if (labels[i] == labels[j])
                throw InputError(fmt::format("--label: '{}' names inputs {} and {}: give each its own name", labels[i], i + 1,
                                             j + 1));
}

// One label per input (the agreement check names runs by input).
std::vector<std::string> input_labels(const CompareArgs& args) {
    if (args.labels.empty() || args.replicates > 1) return args.inputs;
    if (args.labels.size() != args.inputs.size())
        throw InputError(fmt::format("--label: {} for {} (give one per input, in order)", counted(args.labels.size(), "label"),
                                     counted(args.inputs.size(), "input")));
    check_distinct_labels(args.labels);
    return args.labels;
}

// One label per side: a group of --replicates inputs is named by its first file and how many
// more it pools ("base1.csv+2"), or by --label (one per group).
std::vector<std::string> side_labels(const CompareArgs& args) {
    if (args.replicates <= 1) return input_labels(args);
    const std::size_t groups = args.inputs.size() / args.replicates;
    if (!args.labels.empty() && args.labels.size() != groups)
        throw InputError(fmt::format("--label: {} for {} of {} replicates (give one per group)",
                                     counted(args.labels.size(), "label"), counted(groups, "group"), args.replicates));
    if (!args.labels.empty()) {
        check_distinct_labels(args.labels);
        return args.labels;
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i + args.replicates <= args.inputs.size(); i += args.replicates)
        out.push_back(fmt::format("{}+{}", args.inputs[i], args.replicates - 1));
    return out;
}

void print(std::ostream& out, const std::vector<ComparedInputs>& comparisons, const CompareArgs& args) {
    if (args.format == CompareFormat::csv) {
        if (!args.table) throw InputError("--format csv prints one table: choose --table " + names_of(kCompareTables, " or --table "));
        out << table_csv(*args.table == CompareTable::times ? compare_times_table(comparisons) : compare_changes_table(comparisons));
        return;
    }
    for (std::size_t i = 0; i < comparisons.size(); ++i) out << (i ? "\n" : "") << compare_text(comparisons[i], args.max_list);
}

// Two inputs that are one file (the same device and inode: a link, a symlink, ./a.csv and
// a.csv, `-` and the file standard input comes from, `-` twice) compare a sweep with itself:
// every ratio is 1 and nothing changes. Allowed (a check of the comparison itself), but said,
// naming both. Two replicates of one side (--replicates R: groups of R) are refused instead,
// not compared with each other (analysis/same_runs.hpp, shared_replicates).
void note_same_files(const std::vector<std::string>& inputs, std::size_t replicates) {
    for (const std::string& path : inputs) refuse_input_on_own_stream(path);  // the note would go into it
    const std::size_t group = std::max<std::size_t>(replicates, 1);
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = i + 1; j < inputs.size(); ++j)
            if (i / group != j / group && one_file(inputs[i], inputs[j]))  // analysis/same_runs.hpp
                std::cerr << fmt::format("futolab: compare: note: {} and {} are one file (same device and inode): "
                                         "it is compared with itself\n",
                                         visible_text(inputs[i]), visible_text(inputs[j]));
}

int compare(const CompareArgs& args) {
    if (args.table && args.format != CompareFormat::csv) throw InputError("--table needs --format csv");
    if (args.inputs.size() < 2 && args.base.empty())
        throw InputError("compare needs two results CSVs or more (BASE.csv NEW.csv…), or one A/B sweep's CSV with --base NAME");
    if (args.replicates > 1 && !args.base.empty()) throw InputError("--replicates compares sweeps; --base the builds of one");
    refuse_stdin_twice(args.inputs);  // core/files.hpp: `- -` is no file compared with itself, but one stream
    // SIGINT, SIGTERM and SIGHUP are stop requests from here (red-team round 30, F4: one while the
    // CSVs were read ended compare by the default action, no word): seen before anything is printed.
    Interrupt stop;
    const SignalScope signals(stop);
    note_same_files(args.inputs, args.replicates);
    const ComparedRun run = compare_inputs(args.inputs, side_labels(args), std::string(name_in(kTimeMetrics, args.metric)),
                                           nullptr, args.base, args.replicates, {},
                                           // each input's rows held to its sidecar, as merge holds a shard (round 26, B F10)
                                           rows_held_to_sidecar("compare it", SidecarDoubt::noted));
    for (const std::string& w : run.warnings) std::cerr << visible_text("futolab: warning: " + w, LineBreaks::shown) << "\n";
    const std::vector<ComparedInputs>& comparisons = run.comparisons;
    // Over every input's runs together: each input's own disagreements and those between inputs.
    const Agreement agreement = inputs_agreement(args.inputs, input_labels(args));
    throw_if_stopped(stop, "nothing printed");
    // Written once it is all made (app/load.hpp, write_stdout_text: a signal is a stop request).
    std::ostringstream printed;
    print(printed, comparisons, args);
    if (args.format == CompareFormat::text) printed << disagreements_text(agreement, args.max_list);
    write_stdout_text(printed.str());
    check_stdout();
    CompareThresholds thresholds{std::nullopt, args.fail_on};
    if (args.slower_percent >= 0) thresholds.slower_percent = args.slower_percent;
    // SPEC §5a: 1 on a measured change, 2 when a gate had nothing to measure, else 0.
    bool violated = false, unmeasured = false;
    for (const ComparedInputs& c : comparisons) {
        const GateVerdict v = gate_verdict(c, thresholds);
        // Labels, specs and modes come from the data: shown as the tables show them.
        const auto say = [&](const std::string& kind, const std::string& line) {
            std::cerr << visible_text("futolab: compare " + c.base_label + " → " + c.new_label + ": " + kind + line,
                                      LineBreaks::shown)
                      << "\n";
        };
        for (const std::string& line : v.notes) say("note: ", line);
        for (const std::string& line : v.unmeasured) say("not measured: ", line);
        for (const std::string& line : v.violations) say("", line);
        violated = violated || !v.violations.empty();
        unmeasured = unmeasured || !v.unmeasured.empty();
    }
    return combined_exit(violated ? 1 : unmeasured ? 2 : 0, agreement_exit(agreement, args.fail_on_disagreement));
}

}  // namespace

void add_compare(CLI::App& app, Action& run) {
    auto args = std::make_shared<CompareArgs>();
    CLI::App* cmd = app.add_subcommand("compare", "What changed between results CSVs: status, counter and time changes, run by run");
    cmd->footer(
        "Runs pair by (instance_hash, spec, mode); every NEW is compared with BASE (the first input). Two inputs that "
        "are one file (same device and inode: a link, a symlink) are compared all the same, with a note.\n"
        "An A/B sweep's CSV (futolab run --build): --base NAME pairs its builds, NAME as BASE, every other build a NEW.\n"
        "Intervals hold the variance between worker sessions (A/B in one sweep: each build needs 2 or more to gate) or, "
        "across separate sweeps, between replicate sweeps: --replicates R takes the inputs R at a time, BASE's R sweeps "
        "first (each side needs 2 or more to gate: two sweeps of one build differ by more than their sessions show); "
        "replicates of another config, build, isolation or limits are refused (their difference would be read as noise). "
        "Separate sweeps are gated only when their calibration workload took the same time (within 10 %) under the same "
        "load (within 0.5 cores): else --fail-if-slower is refused, saying why.\n"
        "Instances where runs that decided them disagree (in one input or between inputs) are listed and are a warning.\n"
        "Exit codes: 0 within the thresholds given, 1 when --fail-if-slower, --fail-on-change or --fail-on-disagreement "
        "is violated by a measured change, 2 bad input or a gate with nothing to measure (nothing paired, a side all "
        "failed, a column missing, sweeps that are not comparable, fewer than 2 sessions, no instance decided twice); a measured violation wins: 1.");
    cmd->add_option("inputs", args->inputs,
                    "BASE.csv NEW.csv…: results CSVs (with their <csv>.meta.yaml sidecars, if any); with --base, one CSV")
        ->required();
    cmd->add_option("--base", args->base, "Compare the builds of one A/B sweep's CSV: this build is BASE, the others NEW")
        ->type_name("NAME");
    cmd->add_option("--label", args->labels,
                    "One name per input (per group with --replicates), in order, comma-separated or repeated: "
                    "--label v1,v2 (default: the file names); printable UTF-8 text, shown as it is")
        ->delimiter(',')
        ->check(printable_label())
        ->type_name("L,…");
    add_whole(cmd, "--replicates", args->replicates, {1, 1000000},
              "Each side is R replicate sweeps of one experiment and build: the inputs R at a time, BASE's first "
              "(separate sweeps: one file twice, a copy, or a shard beside its merge is refused)")
        ->type_name("R");
    add_word(cmd, "--format", args->format, kCompareFormats, word_help(kCompareFormats));
    add_optional_word(cmd, "--table", args->table, kCompareTables, "With --format csv: " + word_help(kCompareTables));
    add_word(cmd, "--metric", args->metric, kTimeMetrics, "The time compared: " + word_help(kTimeMetrics));
    add_real(cmd, "--fail-if-slower", args->slower_percent, {0, 1e9, "%"},
             "Exit 1 if a spec is slower by more than PCT % over the whole 95 % CI of its geometric-mean ratio; "
             "PCT from 0 (any slowdown beyond the interval; -0 is 0) up, a negative PCT is refused "
             "(refused, exit 2, when the two sweeps' machines did not run alike)")
        ->type_name("PCT");
    const std::vector<std::string> kinds = change_kinds();
    cmd->add_option("--fail-on-change", args->fail_on,
                    "Exit 1 on any change of these kinds: " + fmt::format("{}", fmt::join(kinds, ", ")) +
                        " (missing: runs or specs in one file only)")
        ->delimiter(',')
        ->check(non_empty_value(false))  // before the names, as app/vocabulary_option.hpp does
        ->check(CLI::IsMember(kinds));
    add_whole(cmd, "--list", args->max_list, {0, 1000000000}, "Show at most N runs per list in text (default 25; 0: all)");
    add_fail_on_disagreement(cmd, args->fail_on_disagreement);
    cmd->footer(cmd->get_footer() + "\n" + option_rules_help(compare_rules()));
    cmd->callback([args, cmd, &run] {
        refuse_clashes("compare", compare_rules(), *args, given_options(*cmd));
        run = [args] { return compare(*args); };
    });
}

}  // namespace futolab::app
