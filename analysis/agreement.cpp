#include "analysis/agreement.hpp"

#include "analysis/instance_labels.hpp"
#include "analysis/table_kinds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

namespace futolab {
namespace {

// The statuses that answer the question a solver mode asks (SPEC §4).
constexpr std::array kAnswerStatuses{Status::solved, Status::unique, Status::multiple, Status::unsat, Status::counted};

bool solver_mode(const std::string& mode) { return mode == "first" || mode.starts_with("count:"); }

std::uint64_t status_key(Status status) {
    for (std::size_t k = 0; k < kStatuses.size(); ++k)
        if (kStatuses[k].value == status) return k;
    return kStatuses.size();
}

// The answer of a count:all run: its number of solutions.
std::optional<Answer> count_answer(const ResultsTable& table, std::size_t i) {
    std::uint64_t count = 0;
    if (table.status(i) != Status::unsat) {
        const std::optional<double> cell = table.has_column("solutions") ? table.value(i, "solutions") : std::nullopt;
        if (!cell) return std::nullopt;  // a count not stated is no answer
        count = static_cast<std::uint64_t>(*cell);
    }
    if (count == 0) return Answer{0, std::string(status_name(Status::unsat))};
    return Answer{count, fmt::format("{} solution{}", count, count == 1 ? "" : "s")};
}

}  // namespace

std::string solver_label(const ResultsTable& table, std::size_t i) {
    std::string label = table.text(i, "spec");
    if (!table.has_column("build")) return label;
    const std::string build = table.text(i, "build");
    const std::string name = build.substr(0, build.find('@'));
    // (a study of an A/B sweep names the build in the spec already: study.cpp)
    return name.empty() || label.ends_with(" @ " + name) ? label : label + " @ " + name;
}

std::optional<Answer> run_answer(const ResultsTable& table, std::size_t i) {
    if (!table.has_column("instance_hash") || !table.has_column("mode") || table.text(i, "instance_hash").empty())
        return std::nullopt;
    const std::string mode = table.text(i, "mode");
    if (!solver_mode(mode) || !table.finished(i) ||
        std::find(kAnswerStatuses.begin(), kAnswerStatuses.end(), table.status(i)) == kAnswerStatuses.end())
        return std::nullopt;
    if (mode == "count:all") return count_answer(table, i);
    return Answer{status_key(table.status(i)), std::string(status_name(table.status(i)))};
}

Agreement check_agreement(const ResultsTable& table, const std::vector<std::string>& input_labels) {
    Agreement out;
    for (const char* column : {"instance_hash", "mode"})
        if (out.missing.empty() && !table.has_column(column)) out.missing = column;
    struct Group {
        std::map<Answer, std::map<std::string, std::size_t>> answers;  // answer → label → runs
        std::size_t runs = 0;
    };
    std::map<std::pair<std::string, std::string>, Group> groups;  // (instance_hash, mode)
    for (std::size_t i = 0; i < table.size(); ++i) {
        const std::optional<Answer> answer = run_answer(table, i);
        if (!answer) continue;
        Group& g = groups[{table.text(i, "instance_hash"), table.text(i, "mode")}];
        std::string label = solver_label(table, i);
        if (!input_labels.empty()) label += " (" + input_labels.at(table.source(i)) + ")";
        ++g.answers[*answer][label];
        ++g.runs;
        ++out.decided;
    }
    // Named as every per-instance output names the instance_hash (instance_labels.hpp).
    const std::map<std::string, std::string> labels = instance_labels(table);
    for (const auto& [key, g] : groups) {
        if (g.runs >= 2) ++out.checked;
        if (g.answers.size() < 2) continue;
        const std::string label = instance_label(labels, key.first);
        Disagreement d{label.empty() ? key.first : label, key.first, key.second, {}, g.runs};
        for (const auto& [answer, labels] : g.answers)
            d.answers.push_back({answer.text, {labels.begin(), labels.end()}});
        out.disagreements.push_back(std::move(d));
    }
    std::sort(out.disagreements.begin(), out.disagreements.end(), [](const Disagreement& a, const Disagreement& b) {
        return std::tie(a.instance, a.instance_hash, a.mode) < std::tie(b.instance, b.instance_hash, b.mode);
    });
    return out;
}

Agreement inputs_agreement(const std::vector<std::string>& inputs, const std::vector<std::string>& labels) {
    // A file given twice (`compare x.csv x.csv`) is read once: its runs read twice are not two answers.
    std::vector<std::string> files, names;
    std::set<std::filesystem::path> seen;
    for (std::size_t f = 0; f < inputs.size(); ++f) {
        std::error_code ec;  // a path that cannot be resolved is compared as written
        const std::filesystem::path p = std::filesystem::weakly_canonical(inputs[f], ec);
        if (!seen.insert(ec ? std::filesystem::path(inputs[f]) : p).second) continue;
        files.push_back(inputs[f]);
        names.push_back(labels.at(f));
    }
    return check_agreement(ResultsTable::load(files), names);  // rows in input order: source(i) is the input
}

std::string answers_text(const Disagreement& d, DataText shown) {
    std::string out;
    for (const AnswerGivers& a : d.answers) {
        std::string givers;
        for (const auto& [label, runs] : a.labels)
            givers += (givers.empty() ? "" : ", ") + shown(label) + (runs > 1 ? fmt::format(" ×{}", runs) : "");
        out += (out.empty() ? "" : "; ") + shown(a.answer) + " ← " + givers;
    }
    return out;
}

std::string disagreement_text(const Disagreement& d, DataText shown) {
    return fmt::format("{} [{}] {}: {}", shown(d.instance), shown(d.instance_hash), shown(d.mode), answers_text(d, shown));
}

TextTable disagreements_table(const Agreement& agreement) {
    TextTable t{table_name(TableKind::disagreements), {"instance", "instance_hash", "mode", "answers", "runs"}, {}, 4};
    for (const Disagreement& d : agreement.disagreements)
        t.rows.push_back({d.instance, d.instance_hash, d.mode, answers_text(d), d.runs});
    return t;
}

std::string disagreements_text(const Agreement& agreement, std::size_t max_list) {
    const std::vector<Disagreement>& all = agreement.disagreements;
    if (all.empty()) return "";
    std::string out = fmt::format("\n## Disagreements ({})\n\nRuns that decided these instances give different answers "
                                  "(status; in count:all the solution count): answer ← who gave it (×N: N runs).\n\n",
                                  all.size());
    const std::size_t shown = max_list == 0 ? all.size() : std::min(max_list, all.size());
    // compare's text is Markdown: its data escaped as a Markdown cell is (a line break or bidi
    // control in an id shown, a '|' or '*' printed as itself).
    for (std::size_t i = 0; i < shown; ++i) out += "- " + disagreement_text(all[i], markdown_text) + "\n";
    if (shown < all.size()) out += fmt::format("- … and {} more (--list 0 shows all)\n", all.size() - shown);
    return out;
}

AgreementVerdict disagreement_gate(const Agreement& agreement) {
    if (!agreement.disagreements.empty()) {
        std::set<std::string> instances;
        for (const Disagreement& d : agreement.disagreements) instances.insert(d.instance_hash);
        const std::size_t n = instances.size(), listed = agreement.disagreements.size();
        return {GateOutcome::fail,
                fmt::format("solvers that decided them disagree on {} instance{}{}", n,
                            n == 1 ? "" : "s", listed == n ? "" : fmt::format(" ({} instance–mode pairs)", listed))};
    }
    if (agreement.checked == 0)
        return {GateOutcome::unmeasured,
                "agreement not measured: no instance was decided by two runs or more in one "
                "mode" + (agreement.missing.empty() ? "" : fmt::format(" (the results have no '{}' column)", agreement.missing))};
    return {};
}

}  // namespace futolab
