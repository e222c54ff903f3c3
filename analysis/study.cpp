#include "analysis/study.hpp"

#include "analysis/provenance.hpp"

#include "analysis/noise_table.hpp"
#include "analysis/set_table.hpp"

#include "analysis/critical_plot.hpp"
#include "analysis/paired.hpp"
#include "analysis/phase.hpp"
#include "analysis/plots.hpp"
#include "analysis/pooling.hpp"
#include "analysis/summary.hpp"
#include "analysis/uniqueness.hpp"
#include "core/error.hpp"
#include "records/columns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace futolab {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

void check_columns(const ResultsTable& t, const std::vector<std::string>& columns) {
    for (const std::string& c : columns)
        if (!t.has_column(c)) throw InputError(t.missing_column(c) + " (see docs/analysis.md)");
}

// `--metric spec` said "out.csv:5:26: spec: 'gac' is not a number", blaming the data (round
// 11): a column the results CSV defines as text (records/columns.hpp), or a derived text column,
// is refused as the option's mistake before any cell is read.
void check_metrics(const ResultsTable& t, const std::vector<std::string>& metrics) {
    check_columns(t, metrics);
    for (const std::string& m : metrics) {
        const Column* column = column_named(m);
        if ((column != nullptr && column->type == ColumnType::string) || m == "source" || m == "build_name")
            throw InputError("--metric " + m + ": not a numeric column (a metric is a number per run: wall_ms, nodes, …)");
    }
}

// A spec named on the command line, resolved against the results ("" stays "").
std::string resolved(const ResultsTable& table, const std::string& option, const std::string& text) {
    return text.empty() ? text : resolve_spec(table, text, option);
}

std::string phase_spec(const ResultsTable& table, const Study& study) {
    if (!study.solver.empty()) return study.solver;
    if (!study.baseline.empty()) return study.baseline;
    const auto specs = solver_specs(table);
    if (specs.empty()) throw InputError("--plot phase: no solver runs in the results");
    return specs.front();
}

std::vector<PlotSpec> plots_of(const ResultsTable& table, const ResultsTable& with_vbs, const Study& study,
                               const StudyRequest& request, PlotType type) {
    const std::string& metric = request.metrics.front();
    switch (type) {  // no default: a new plot type without its builder does not compile
        case PlotType::cactus: return {cactus_plot(with_vbs, metric, request.looks)};
        case PlotType::ecdf: return {ecdf_plot(with_vbs, metric, request.looks)};
        case PlotType::growth: return {growth_plot(table, metric, request.looks)};
        case PlotType::scatter: return scatter_plots(table, study.baseline, metric, request.looks);
        case PlotType::phase:
            return {phase_plot(table, phase_spec(table, study), contains(request.metrics, "nodes") ? "nodes" : metric)};
        case PlotType::uniqueness: return {uniqueness_plot(table, phase_spec(table, study))};
        case PlotType::critical: return {critical_plot(table)};
    }
    return {};
}

// A plot without a single data point (a cactus of critical-set records) is left out: gnuplot
// cannot draw it, and there is nothing to see.
bool has_data(const PlotSpec& plot) {
    for (const PlotSeries* s : all_series(plot))
        if (!s->key_only && (!s->points.empty() || !s->rows.empty())) return true;
    return false;
}

// sidecar_notes for each input, against the experiments its own rows name, and the request's
// own sidecar warnings.
std::vector<std::string> sidecar_notes_of(const ResultsTable& loaded, const StudyRequest& request) {
    std::vector<std::set<std::string>> experiments(loaded.sources().size());
    std::vector<std::size_t> rows(loaded.sources().size());
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        ++rows[loaded.source(i)];
        if (loaded.has_column("experiment")) experiments[loaded.source(i)].insert(loaded.text(i, "experiment"));
    }
    std::vector<std::string> notes;
    for (std::size_t f = 0; f < loaded.sources().size(); ++f) {
        for (std::string& n : sidecar_notes(loaded.sources()[f], experiments[f], rows[f])) notes.push_back(std::move(n));
        if (request.sidecar_warnings)
            for (std::string& n : request.sidecar_warnings(loaded.sources()[f])) notes.push_back(std::move(n));
    }
    return notes;
}

// An A/B sweep's rows (futolab run --build) with each spec named with its build, "gac @ main":
// every table, figure and fit of the study is per build then, as compare --base is (red-team
// round 31, H11: the builds of one sweep were pooled into one row per spec, their difference
// counted as repeat noise, the page naming no build). A table of one build is left as it is.
std::set<std::string> build_names_of(const ResultsTable& table) {
    std::set<std::string> builds;
    if (table.has_column("build"))
        for (std::size_t i = 0; i < table.size(); ++i) builds.insert(table.text(i, "build_name"));
    return builds;
}

std::size_t build_count(const ResultsTable& table) { return build_names_of(table).size(); }

ResultsTable with_builds_apart(ResultsTable table) {
    if (build_count(table) < 2) return table;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (const std::string name = table.text(i, "build_name"); !name.empty())
            table.set_spec(i, table.text(i, "spec") + " @ " + name);
    return table;
}

}  // namespace

Study run_study(StudyRequest request) {
    if (std::find(request.plot_types.begin(), request.plot_types.end(), PlotType::scatter) != request.plot_types.end() &&
        request.baseline.empty())
        throw InputError("--plot scatter needs --baseline SPEC");
    const ResultsTable loaded = ResultsTable::load(request.inputs, request.check_rows);
    check_pooling(loaded, request.pool);
    const ResultsTable table = with_builds_apart(filter_rows(loaded, request.filters));
    if (build_count(table) >= 2)  // their series drawn apart (palette.hpp, kBuildPrefix)
        for (const std::string& name : build_names_of(table))
            request.looks.push_back({std::string(kBuildPrefix) + name, "", 0});
    if (table.size() == 0) throw InputError("no rows left to analyze (check the inputs and --where)");
    check_columns(table, request.by);
    check_metrics(table, request.metrics);
    Study study;
    study.baseline = resolved(table, "--baseline", request.baseline);
    study.solver = resolved(table, "--solver", request.solver);
    // The virtual best joins tables and plots that are per spec; a paired comparison or a
    // growth fit against it would compare a spec with itself on the instances it wins.
    // Not over an A/B sweep's builds: the faster of two builds' runs of one solver per instance
    // is no solver, and read an A/A sweep 5 % faster than either build (spot check of round 31, J9).
    const bool vbs = request.virtual_best && contains(request.by, "spec") && table.has_column("instance_hash") &&
                     solver_specs(table).size() >= 2 && build_count(table) < 2;
    const ResultsTable with_vbs = vbs ? with_virtual_best(table, request.metrics.front()) : table;
    for (const PlotType type : request.plot_types)
        for (PlotSpec& p : plots_of(table, with_vbs, study, request, type))
            if (has_data(p)) study.plots.push_back(std::move(p));
    study.tables.push_back(summary_table(summarize(with_vbs, request.by, request.metrics), request.by, request.metrics));
    if (!study.baseline.empty())
        study.tables.push_back(paired_table(compare_to_baseline(table, study.baseline, request.metrics)));
    if (!request.fits.empty()) study.tables.push_back(fits_table(growth_fits(table, request.metrics, request.fits)));
    if (request.instances) study.tables.push_back(instances_table(table, request.metrics));
    study.noise = noise_table(table);
    study.sets = set_table(table);
    study.agreement = check_agreement(table, request.label_sources ? table.sources() : std::vector<std::string>{});
    study.disagreements = disagreements_table(study.agreement);
    study.table = with_vbs;
    study.sidecar_notes = sidecar_notes_of(loaded, request);
    for (const RowFilter& f : request.filters) study.where.push_back(f.column + f.op + f.value);  // as typed
    study.runs_read = loaded.size();
    study.runs_kept = table.size();
    return study;
}

std::string where_note(const Study& study) {
    if (study.where.empty()) return "";
    std::string filters;
    for (const std::string& w : study.where) filters += " --where " + w;
    return fmt::format("rows kept by{}: {} of {} runs", filters, study.runs_kept, study.runs_read);
}

const TextTable* find_table(const Study& study, const std::string& name) {
    for (const TextTable& t : study.tables)
        if (t.name == name) return &t;
    for (const std::optional<TextTable>* t : {&study.sets, &study.noise})
        if (*t && (*t)->name == name) return &**t;
    if (study.disagreements.name == name) return &study.disagreements;
    return nullptr;
}

}  // namespace futolab
