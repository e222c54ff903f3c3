#include "experiments/held_rows.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "experiments/merged_rows.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/sidecar_protocol.hpp"
#include "records/build_identity.hpp"
#include "records/columns.hpp"
#include "records/results_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>

namespace futolab {
namespace {

// Rows are held to what this futolab writes, so only to a sweep this futolab ran: the binary
// itself, or a clean build of its commit (release or debug write alike). An older futolab wrote
// other option spellings, columns and counters (the committed results/ are read by analyze and
// compare as they are: docs/analysis.md); which of its cells it could have written, only it knows.
bool made_here(const BuildIdentity& driver) {
    const BuildIdentity& self = this_build();
    return self.same_binary(driver) || (!self.commit.empty() && self.commit == driver.commit && !self.dirty && !driver.dirty);
}

// A CSV this futolab ran, or one of another futolab whose header is the whole one this futolab
// writes for its config: a futolab of these rules (its header has every later column).
bool written_now(const CsvTable& t, const SidecarFacts& facts, const ExperimentConfig& config) {
    return made_here(facts.driver) || header_difference(t.header, csv_layout(sweep_axes(config)), false).empty();
}

// What the sidecar of a CSV says of its rows.
struct Sidecar {
    bool present = false;            // false: standard input, none, or a link to nothing (as analyze reads it)
    std::optional<SidecarFacts> facts;  // with `config`: the sweep this futolab ran, its rows held to it
    ExperimentConfig config;
};

// Its facts and config where they can hold the rows: not a sidecar of a futolab before sidecars
// kept the config text, nor one whose config this futolab no longer reads (an older one's: the
// committed results/ hold such sidecars); when doubts are noted, not one that does not read or
// whose config text is not its config_hash's (the command's sidecar notes say so), which are
// InputErrors when doubts are refused.
Sidecar sidecar_of(const std::string& path, std::string_view verb, SidecarDoubt doubt) {
    if (names_standard_input(path) || !std::filesystem::exists(sidecar_path(path))) return {};
    SidecarFacts facts;
    try {
        facts = read_sidecar(path);
        if (!facts.identity.config_given) return {true, std::nullopt, {}};
        check_config_text(facts, path, verb);
    } catch (const InputError&) {
        if (doubt == SidecarDoubt::refused) throw;
        return {true, std::nullopt, {}};
    }
    try {
        ExperimentConfig config = sweep_config_of(facts);
        return {true, std::move(facts), std::move(config)};
    } catch (const InputError&) {
        return {true, std::nullopt, {}};
    }
}

// True if some row names the sidecar's experiment: a sidecar no row's experiment is is another
// run's (copied from another experiment), which analyze, report and compare note and read past
// (analysis/provenance.hpp, sidecar_notes); check --expect refuses its rows at their cells.
bool names_its_rows(const CsvTable& t, const std::string& path, const std::string& name) {
    const std::size_t c = t.column("experiment", path);
    return std::any_of(t.rows.begin(), t.rows.end(), [&](const std::vector<std::string>& row) { return row[c] == name; });
}

}  // namespace

ExperimentConfig sweep_config_of(const SidecarFacts& made_by) {
    ExperimentConfig config = parse_config(made_by.identity.config_text, made_by.identity.config_file);
    const bool self_only = made_by.builds.size() == 1 && made_by.builds.front().name == kSelfBuild;
    if (!made_by.builds.empty() && !self_only) {
        config.builds.clear();
        for (const BuildIdentity& b : made_by.builds) config.builds.push_back({b.name, b.path, {}});
    }
    return config;
}

void hold_rows_to_sidecar(const CsvTable& t, const std::string& path, std::string_view verb, SidecarDoubt doubt) {
    if (!has_base_columns(t.header)) return;  // not futolab's rows: analyze reads such a CSV as it is
    const std::string refusing = fmt::format("refusing to {}", verb);
    Sidecar sidecar = sidecar_of(path, verb, doubt);
    if (sidecar.facts && !written_now(t, *sidecar.facts, sidecar.config)) sidecar.facts.reset();
    if (sidecar.facts && doubt == SidecarDoubt::noted && !names_its_rows(t, path, sidecar.config.name)) sidecar.facts.reset();
    if (!sidecar.facts) {
        // No sidecar says who wrote the rows: check --expect, a gate, holds them to what every
        // row of this futolab's is (its statuses agree with their cells, a solution is a Latin
        // square of side n). A sidecar of another futolab says an older one may have: read as it is.
        if (doubt == SidecarDoubt::noted || sidecar.present) return;
        check_whole_number_columns(t, csv_integer_columns(), path, csv_ranged_columns());
        for (std::size_t r = 0; r < t.rows.size(); ++r) check_row_facts(t, r, path, refusing);
        return;
    }
    // As merge reads a shard: its whole numbers in the form futolab writes them, its sidecar what
    // a sweep of its config writes, each row a run of that config, and the rows of one instance alike.
    check_whole_number_columns(t, csv_integer_columns(), path, csv_ranged_columns());
    if (const std::string why = sidecar_protocol_problem(*sidecar.facts, sidecar.config, std::nullopt); !why.empty())
        throw InputError(fmt::format("{}: its sidecar says {}: {}", path, why, refusing));
    // A redo history no sweep writes: check --expect refuses it, analyze and report warn (sidecar_warnings).
    if (const std::string why = redone_problem(*sidecar.facts, sidecar.config); doubt == SidecarDoubt::refused && !why.empty())
        throw InputError(fmt::format("{}: its sidecar says {}: {}", path, why, refusing));
    check_rows_of_config(t, path, sidecar.config, *sidecar.facts, refusing);
    MergedInstances().check(t, path, sidecar.config, refusing);
}

std::vector<std::string> sidecar_warnings(const std::string& csv_path) {
    if (names_standard_input(csv_path) || !std::filesystem::exists(sidecar_path(csv_path))) return {};
    std::string why;
    try {
        const SidecarFacts facts = read_sidecar(csv_path);
        if (!facts.identity.config_given) return {};
        check_config_text(facts, csv_path, "read it");
        why = redone_problem(facts, sweep_config_of(facts));
    } catch (const InputError&) {
        return {};  // sidecar_notes says that what made the runs is not known, or it is an older futolab's
    }
    if (why.empty()) return {};
    return {fmt::format("{}: its sidecar says {}: its redo history is not one its sweep can have", csv_path, why)};
}

std::function<void(const CsvTable&, const std::string&)> rows_held_to_sidecar(std::string verb, SidecarDoubt doubt) {
    return [verb = std::move(verb), doubt](const CsvTable& t, const std::string& path) {
        hold_rows_to_sidecar(t, path, verb, doubt);
    };
}

}  // namespace futolab
