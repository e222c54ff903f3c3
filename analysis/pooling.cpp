#include "analysis/pooling.hpp"

#include "analysis/provenance.hpp"
#include "analysis/same_runs.hpp"
#include "core/error.hpp"

#include <fmt/format.h>

#include <unordered_map>

namespace futolab {
namespace {

const char* const kAdvice = "compare two versions with `futolab compare`, or pool them on purpose with --pool";

std::string cell(const ResultsTable& t, std::size_t i, const std::string& column) {
    return t.has_column(column) ? t.text(i, column) : "";
}

// Inputs whose sidecars name different commits or config hashes: two versions, not one
// experiment. Inputs without a sidecar (or without the fact) say nothing and pass.
void refuse_versions(const ResultsTable& t) {
    std::vector<Provenance> facts;
    for (const std::string& path : t.sources()) facts.push_back(read_provenance(path, t));
    for (std::size_t f = 1; f < facts.size(); ++f)
        for (const FactDifference& d : provenance_differences(facts.front(), facts[f]))
            if (d.fact == "commit" || d.fact == "config_hash")
                throw InputError(fmt::format("{} and {} come from different {}s ({} and {}): analyze would pool them as "
                                             "one experiment; {}",
                                             t.sources().front(), t.sources()[f], d.fact == "commit" ? "commit" : "config",
                                             d.base, d.next, kAdvice));
}

// The run key of records/results_csv.hpp, from the cells as written (a column one file
// lacks is empty there).
std::string run_key_of(const ResultsTable& t, std::size_t i) {
    std::string key;
    for (const char* c : {"instance", "instance_hash", "solver", "options", "seed", "repeat"}) key += cell(t, i, c) + '\x1f';
    return key;
}

void refuse_duplicate_runs(const ResultsTable& t) {
    if (!t.has_column("instance") && !t.has_column("instance_hash")) return;  // runs cannot be told apart
    std::unordered_map<std::string, std::size_t> first;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const auto [it, added] = first.emplace(run_key_of(t, i), i);
        if (added || t.source(it->second) == t.source(i)) continue;
        const std::size_t j = it->second;
        throw InputError(fmt::format(
            "{} and {} hold the same run (instance {}, {} {}, seed {}, repeat {}): the same runs given twice (a file twice, "
            "or shards with their merge?); give each run once, or {}",
            t.where(j), t.where(i), cell(t, i, "instance"), cell(t, i, "solver"), cell(t, i, "options"), cell(t, i, "seed"),
            cell(t, i, "repeat"), kAdvice));
    }
}

// Rows of two experiments, in one file (rows appended from another CSV) or in files whose
// sidecars cannot tell (one missing): the rows' own `experiment` cells say so.
void refuse_experiments(const ResultsTable& t) {
    if (!t.has_column("experiment") || t.size() == 0) return;
    const std::string first = t.text(0, "experiment");
    for (std::size_t i = 1; i < t.size(); ++i)
        if (t.text(i, "experiment") != first)
            throw InputError(fmt::format("{} is a run of experiment '{}', {} of '{}': analyze would pool two experiments as "
                                         "one; {}",
                                         t.where(0), first, t.where(i), t.text(i, "experiment"), kAdvice));
}

}  // namespace

void refuse_file_given_twice(const ResultsTable& t) {
    const std::vector<std::string>& files = t.sources();
    for (std::size_t f = 1; f < files.size(); ++f)
        for (std::size_t g = 0; g < f; ++g)
            if (one_file(files[g], files[f]))  // analysis/same_runs.hpp
                throw InputError(fmt::format("{}: given twice (inputs {} and {}): its runs would count twice", files[f],
                                             g + 1, f + 1));
}

void check_pooling(const ResultsTable& table, bool pool) {
    refuse_file_given_twice(table);
    if (pool) return;
    refuse_experiments(table);
    if (table.sources().size() < 2) return;
    refuse_versions(table);
    refuse_duplicate_runs(table);
}

}  // namespace futolab
