// futolab analyze CSV… [--by COLS] [--metric COLS] [--format md|csv|latex] [--table NAME] [--tables DIR]
//                      [--columns COLS] [--digits N] [--caption TEXT] [--label KEY]
//                      [--baseline SPEC] [--fit exp,power] [--where EXPR]… [--no-vbs]
//                      [--plots DIR] [--plot TYPES] [--solver SPEC] [--pool] [--fail-on-disagreement]
// Prints a summary table per group (with the virtual best solver); with --baseline a paired
// comparison per instance of every other spec against it; with --fit growth fits per spec;
// the instances where solvers that decided them disagree (analysis/agreement.hpp), if any;
// with --plots the plots chosen by --plot (PNG, SVG, PDF via gnuplot, with their data and
// scripts). Several inputs are one experiment: the same runs twice, or runs of other commits
// or configs, are refused without --pool (analysis/pooling.hpp). docs/analysis.md explains
// every number.
#include "analysis/gnuplot.hpp"
#include "analysis/latex_table.hpp"
#include "analysis/study.hpp"
#include "analysis/table_columns.hpp"
#include "analysis/table_kinds.hpp"
#include "app/agreement_gate.hpp"
#include "app/commands.hpp"
#include "app/commit_window.hpp"
#include "app/load.hpp"
#include "app/number_options.hpp"
#include "app/option_rules.hpp"
#include "app/output_folder.hpp"
#include "app/output_locks.hpp"
#include "app/table_options.hpp"
#include "app/vocabulary_option.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/live_writer.hpp"
#include "core/visible_text.hpp"
#include "experiments/held_rows.hpp"
#include "records/output_guard.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace futolab::app {
namespace {

// force: --tables may replace a results CSV (never an input), --tables and --plots a checkpoint shard file.
struct AnalyzeArgs : TableArgs {
    TableFormat format = TableFormat::md;
    std::optional<TableKind> table;  // --table: print only this one
    std::string tables_dir;          // --tables: every table (the --table one, if given) as DIR/NAME.csv
    std::string plots;
    bool instances = false;
    std::vector<std::string> columns;  // --columns: of the one table printed
    LatexOptions latex;                // --digits, --caption, --label
};

// One table is printed: the one --table names, or with --columns the summary.
bool one_table(const AnalyzeArgs& a) { return a.table || !a.columns.empty(); }

// A table as printed: the columns --columns chose, else all but the flag columns (<stat>_censored)
// that Markdown and LaTeX show as a mark on the statistic's cell.
TextTable shown(const TextTable& t, const AnalyzeArgs& a) {
    if (!a.columns.empty()) return select_columns(t, a.columns);
    return a.format == TableFormat::csv ? t : without_flag_columns(t);
}

// The table's heading from its row of kTableKinds; the paired one names the baseline, a spec
// from the data: escaped for a Markdown heading (a LaTeX caption is escaped whole by table_latex).
std::string heading(const TextTable& t, const Study& study, TableFormat format) {
    const TableKindWord* w = row_named(kTableKinds, t.name);
    const std::string baseline = format == TableFormat::md ? markdown_text(study.baseline) : study.baseline;
    return w ? fmt::format(fmt::runtime(w->heading), baseline) : t.name;
}

// The tables asked for, then the sets table where there are critical-set records, the noise
// table where there are repeats and the disagreements where there are any.
std::vector<const TextTable*> all_tables(const Study& study) {
    std::vector<const TextTable*> out;
    for (const TextTable& t : study.tables) out.push_back(&t);
    if (study.sets) out.push_back(&*study.sets);
    if (study.noise) out.push_back(&*study.noise);
    if (!study.disagreements.rows.empty()) out.push_back(&study.disagreements);
    return out;
}

// What --tables writes: every table, or only the one --table names (round 9: `--table
// instances --tables DIR` wrote every table, --table ignored).
std::vector<const TextTable*> written_tables(const Study& study, const AnalyzeArgs& args) {
    std::vector<const TextTable*> out = all_tables(study);
    if (args.table) {
        const std::string_view name = name_in(kTableKinds, *args.table);
        std::erase_if(out, [&](const TextTable* t) { return t->name != name; });
    }
    return out;
}

std::vector<std::string> table_paths(const Study& study, const AnalyzeArgs& args) {
    std::vector<std::string> out;
    for (const TextTable* t : written_tables(study, args))
        out.push_back((std::filesystem::path(args.tables_dir) / (t->name + ".csv")).string());
    return out;
}

// What analyze writes: its two folders, each table (a file output), and each figure's files
// (only compared with the others: check_plots_keep_inputs checks them).
std::vector<NamedOutput> analyze_outputs(const Study& study, const AnalyzeArgs& args) {
    std::vector<NamedOutput> outputs;
    if (!args.tables_dir.empty()) {
        outputs.push_back({.option = "--tables", .path = args.tables_dir, .folder = true});
        for (const std::string& path : table_paths(study, args)) outputs.push_back({"--tables", path});
    }
    if (!args.plots.empty()) {
        outputs.push_back({.option = "--plots", .path = args.plots, .folder = true});
        for (const PlotSpec& plot : study.plots)
            for (const std::string& path : plot_files(plot, args.plots))
                outputs.push_back({.option = "--plots", .path = path, .results_of = "", .own = true});
    }
    return outputs;
}

// Every table written whole under its temporary name and synced (AtomicFile::finish), none renamed
// yet: a full disk leaves the old tables, not some new ones beside old ones (commit_outputs).
std::vector<std::unique_ptr<AtomicFile>> stage_tables(const Study& study, const AnalyzeArgs& args) {
    std::vector<std::unique_ptr<AtomicFile>> files;
    if (args.tables_dir.empty()) return files;
    create_output_folder(args.tables_dir, "--tables");
    const std::vector<std::string> paths = table_paths(study, args);
    const std::vector<const TextTable*> tables = written_tables(study, args);
    for (std::size_t i = 0; i < tables.size(); ++i) {
        files.push_back(std::make_unique<AtomicFile>(paths[i]));
        files.back()->write(table_csv(*tables[i]));
    }
    for (const std::unique_ptr<AtomicFile>& file : files) file->finish();
    return files;
}

// One table: a bare tabular, or with --caption or --label a float (captioned by its heading
// unless --caption says otherwise).
void print_table(std::ostream& out, const Study& study, const AnalyzeArgs& args) {
    const std::string name(name_in(kTableKinds, args.table.value_or(TableKind::summary)));
    const TextTable* t = find_table(study, name);
    if (!t) throw InputError("--table " + name + ": not computed (" + table_needs_text() + ")");
    if (args.format != TableFormat::latex) {
        out << render_table(shown(*t, args), args.format);
        return;
    }
    LatexOptions latex = args.latex;
    if (latex.caption.empty() && !latex.label.empty()) latex.caption = heading(*t, study, TableFormat::latex);
    out << table_latex(shown(*t, args), latex);
}

// With --where, which rows the tables are of (red-team round 25, C F3): the Markdown of every
// table starts with it, as the report's header line does; output for programs or a paper (CSV,
// LaTeX, one table, --tables files) keeps its form, and the note goes to stderr instead.
bool where_in_markdown(const AnalyzeArgs& args) {
    return args.format == TableFormat::md && !one_table(args) && args.tables_dir.empty();
}

void say_where(std::ostream& printed, const Study& study, const AnalyzeArgs& args) {
    const std::string note = where_note(study);
    if (note.empty()) return;
    if (where_in_markdown(args)) printed << markdown_text(note) << "\n\n";
    else std::cerr << visible_text("futolab: note: " + note, LineBreaks::shown) << "\n";
}

void print_tables(std::ostream& out, const Study& study, const AnalyzeArgs& args) {
    if (one_table(args)) return print_table(out, study, args);
    const std::vector<const TextTable*> tables = all_tables(study);
    for (std::size_t i = 0; i < tables.size(); ++i) {
        if (args.format == TableFormat::latex)  // every table a float with its heading as the caption
            out << (i ? "\n" : "")
                << table_latex(shown(*tables[i], args), {heading(*tables[i], study, TableFormat::latex), "", args.latex.digits});
        else
            out << (i ? "\n## " + heading(*tables[i], study, TableFormat::md) + "\n\n" : "")
                << render_table(shown(*tables[i], args), TableFormat::md);
    }
}

// A figure's files replace what is at their names (render_plot): an input read under one of
// those names would be lost, and so would a results CSV, a few-relations checkpoint shard file's
// counts, a checkpoint's table or a certificate (without --force, as every file output: red-team
// round 20, A F3, round 21, B F2; records/output_guard.hpp, kept_file_kind). A link there is
// only a name, replaced while its file keeps its bytes, so the entry itself is looked at, not
// what it points to.
void check_plots_keep_inputs(const std::vector<PlotSpec>& plots, const std::string& dir,
                             const std::vector<std::string>& inputs, bool force) {
    namespace fs = std::filesystem;
    std::error_code ec;
    // A folder path with no room for a figure's file names (and their temporary names): the tables
    // were printed, then the folder made, exit 1 (red-team round 23, A F1).
    std::vector<std::string> names;
    for (const PlotSpec& plot : plots)
        for (const std::string& path : plot_files(plot, dir)) names.push_back(fs::path(path).filename().string());
    check_output_folder(dir, "--plots", names);
    for (const PlotSpec& plot : plots)
        for (const std::string& path : plot_files(plot, dir)) {
            const fs::path entry = fs::weakly_canonical(fs::absolute(fs::path(path).parent_path(), ec), ec) /
                                   fs::path(path).filename();
            // Standard output or error redirected there (round 11, F9): replaced, it would lose them.
            refuse_stream_alias(path, "--plots " + path);
            for (const std::string& input : inputs)
                if (input == "-" ? is_input_file(path, input) : fs::weakly_canonical(fs::absolute(input, ec), ec) == entry)
                    throw InputError(fmt::format("--plots {}: is the input {}: a figure's file would replace it (use "
                                                 "another --plots folder)", path, input));
            // Each figure's file opened or refused now, before any table or figure is written (red-team
            // round 26, A F3: a FIFO or folder at a figure's name was found when that figure was
            // reached, exit 2 after the tables and the figures before it were written); --force or
            // not, as a file output's kind is. Another futolab's file or folder first (lock_problem).
            if (const std::string why = lock_problem(path); !why.empty())
                throw InputError(fmt::format("--plots {}: {}", path, why));
            if (const std::string why = output_kind_problem(path); !why.empty())
                throw InputError(fmt::format("--plots {}: {} (a figure's files are regular files: remove it, or use "
                                             "another --plots folder)", path, why));
            if (force || fs::is_symlink(fs::symlink_status(path, ec))) continue;
            // A results CSV there, not read by this command, refused as every other file output
            // refuses one (check_output_path): its sidecar would be left with no CSV.
            const std::string kind = is_results_csv(path) ? "a results CSV" : kept_file_kind(path);
            if (!kind.empty())
                throw InputError(fmt::format("--plots {}: is {}: refusing to overwrite it (use another --plots folder, or "
                                             "--force)", path, kind));
        }
}

// Every figure made under temporary names (stage_plot) before any file of the folder is
// replaced: a figure gnuplot fails on, a kill of gnuplot past its time, a full disk or a stop
// leaves the folder as it was (red-team round 26, A F3: the figures before it were new, those
// after it old). SIGINT, SIGTERM and SIGHUP (`stop`, the caller's SignalScope) stop it between
// two figures (red-team round 13, A7: the default action killed analyze and left gnuplot's folder
// until the next futolab start).
std::vector<StagedFigure> make_plots(const std::vector<PlotSpec>& plots, const std::string& dir, const Interrupt& stop) {
    std::vector<StagedFigure> staged;
    for (const PlotSpec& plot : plots) {
        if (stop.requested()) throw std::runtime_error("interrupted: no figure written (plot " + plot.name + " and those after it not made)");
        staged.push_back(stage_plot(plot, dir, PlotFolder::kept, stop.fd()));
    }
    if (stop.requested()) throw std::runtime_error("interrupted: no figure written");
    return staged;
}

// The tables, then the figures, put in place in one window that SIGINT, SIGTERM and SIGHUP do not
// cut (app/commit_window.hpp; red-team round 28, A F8: a SIGTERM between two renames killed
// analyze, exit 143, the tables new and the figures old, their temporary files left). A stop
// before it: nothing renamed, the temporary files removed with their owners. The lines that name
// what was written, printed after the window: standard output may keep it waiting.
std::vector<std::string> commit_outputs(std::vector<std::unique_ptr<AtomicFile>>& tables, std::vector<StagedFigure>& figures,
                                        const std::vector<PlotSpec>& plots, const std::string& dir, const Interrupt& stop) {
    std::vector<std::string> said;
    std::vector<std::function<void()>> renames;
    if (!tables.empty())
        renames.emplace_back([&] {
            std::vector<AtomicFile*> together;
            for (const std::unique_ptr<AtomicFile>& file : tables) together.push_back(file.get());
            commit_together(together);
            // Names shown as the errors show them: a line feed in --tables, one line still.
            for (const AtomicFile* file : together) said.push_back(visible_text("table: " + file->path()));
        });
    for (std::size_t i = 0; i < figures.size(); ++i)
        renames.emplace_back([&, i] {
            const std::string png = figures[i].place();
            // Names shown as the errors show them: --plots or a plot's name (a spec) with a line feed
            // printed a line of its own (red-team round 26, B F7).
            said.push_back(visible_text(png.empty() ? "gnuplot not found: wrote the data and script of " + plots[i].name + " to " + dir
                                                    : "plot: " + png + " (.svg, .pdf)"));
        });
    if (!commit_in_window(stop, renames))
        throw std::runtime_error("interrupted: no table or figure written (--tables and --plots as they were)");
    return said;
}

// One writer per folder (red-team round 26, A F2: two analyses into one --plots folder both
// wrote, exit 0, the data of one beside the figures of the other): each folder locked before
// anything is written, the same folder given to both options locked once. A second analyze is
// refused when it checks its files, or at its lock.
struct FolderLocks {
    std::unique_ptr<OutputLock> tables, plots;
    // Before anything is written: a lock removed meanwhile (another futolab may hold the name now).
    void check_held(const AnalyzeArgs& args) const {
        if (tables) tables->check_held_for("--tables " + args.tables_dir);
        if (plots) plots->check_held_for("--plots " + args.plots);
    }
};

FolderLocks lock_folders(const AnalyzeArgs& args) {
    FolderLocks locks;
    if (!args.tables_dir.empty()) locks.tables = lock_folder_output(args.tables_dir, "--tables");
    if (!args.plots.empty() && (!locks.tables || folder_place(args.plots, args.tables_dir) != FolderPlace::at))
        locks.plots = lock_folder_output(args.plots, "--plots");
    return locks;
}

// "" if an option that feeds only `kind`'s table is used: no --table, that one, or the plots
// read it; else why not, naming the --table given (with --tables too: only that table is written).
std::string only_for_table(const AnalyzeArgs& a, TableKind kind, bool plots_use_it, std::string_view what) {
    if (!a.table || *a.table == kind || (plots_use_it && !a.plots.empty())) return "";
    return fmt::format("does not apply with --table {} ({}; without --table, every table is printed or written)",
                       name_in(kTableKinds, *a.table), what);
}

bool has_plot(const AnalyzeArgs& a, PlotType type) {
    return std::find(a.request.plot_types.begin(), a.request.plot_types.end(), type) != a.request.plot_types.end();
}

// --caption and --label name one LaTeX float.
std::string latex_one_table(const AnalyzeArgs& a) {
    if (a.format != TableFormat::latex) return "does not apply without --format latex";
    return one_table(a) ? "" : "does not apply to several tables: add --table NAME or --columns (one table, a float of its own)";
}

// --metric feeds the summary, paired, fits and instances tables and the plots; the other
// tables have columns of their own, which no metric changes.
std::string metric_unused(const AnalyzeArgs& a) {
    if (!a.table || !a.plots.empty()) return "";
    switch (*a.table) {
        case TableKind::sets: return "does not apply with --table sets (its columns are the records' h, k, score and slack, no metric)";
        case TableKind::noise: return "does not apply with --table noise (it is the variation of wall time, no metric)";
        case TableKind::disagreements: return "does not apply with --table disagreements (it compares statuses and counts, no metric)";
        case TableKind::summary:
        case TableKind::paired:
        case TableKind::fits:
        case TableKind::instances: return "";
    }
    return "";
}

// The options another one leaves unused (issue #45); --plot without --plots is CLI11's needs().
const std::vector<OptionRule<AnalyzeArgs>>& analyze_rules() {
    static const std::vector<OptionRule<AnalyzeArgs>> rules{
        {"--format", "with --tables and no --table", [](const AnalyzeArgs& a) -> std::string {
             return !a.tables_dir.empty() && !a.table ? "does not apply with --tables alone (the files are CSV and nothing is printed; add --table NAME to print one)" : "";
         }},
        {"--by", "with --table other than summary (without --plots)", [](const AnalyzeArgs& a) {
             return only_for_table(a, TableKind::summary, true, "it groups the summary table");
         }},
        {"--fit", "with --table other than fits", [](const AnalyzeArgs& a) {
             return only_for_table(a, TableKind::fits, false, "it adds the fits table");
         }},
        {"--baseline", "with --table other than paired (without --plots)", [](const AnalyzeArgs& a) {
             return only_for_table(a, TableKind::paired, true, "it adds the paired table and the scatter plots");
         }},
        {"--instances", "with --table other than instances", [](const AnalyzeArgs& a) {
             return only_for_table(a, TableKind::instances, false, "it adds the instances table");
         }},
        {"--no-vbs", "with --table other than summary (without --plots)", [](const AnalyzeArgs& a) {
             return only_for_table(a, TableKind::summary, true, "the virtual best is in the summary table and the plots");
         }},
        {"--solver", "without --plots and --plot phase or uniqueness", [](const AnalyzeArgs& a) -> std::string {
             if (a.plots.empty()) return "does not apply without --plots (it picks the spec of the phase and uniqueness plots)";
             return has_plot(a, PlotType::phase) || has_plot(a, PlotType::uniqueness)
                        ? ""
                        : "does not apply without --plot phase or --plot uniqueness (it picks the spec of those plots)";
         }},
        {"--metric", "with --table sets, noise or disagreements (without --plots)", metric_unused},
        {"--pool", "with one input", [](const AnalyzeArgs& a) { return pool_unused(a); }},
        {"--force", "without --tables or --plots", [](const AnalyzeArgs& a) -> std::string {
             return a.tables_dir.empty() && a.plots.empty()
                        ? "does not apply without --tables or --plots (it only lets them replace a file)"
                        : "";
         }},
        {"--columns", "with --tables, or without --table beside --baseline, --fit or --instances", [](const AnalyzeArgs& a) -> std::string {
             if (!a.tables_dir.empty()) return "does not apply with --tables (the files hold every column)";
             const bool more = !a.request.baseline.empty() || !a.request.fits.empty() || a.instances;
             return !a.table && more ? "picks the columns of one table: add --table NAME (without it, the summary)" : "";
         }},
        {"--digits", "without --format latex", [](const AnalyzeArgs& a) -> std::string {
             return a.format != TableFormat::latex ? "does not apply without --format latex (Markdown shows 3 significant digits, CSV every digit)" : "";
         }},
        {"--caption", "without --format latex and one table (--table or --columns)", latex_one_table},
        {"--label", "without --format latex and one table (--table or --columns)", latex_one_table},
    };
    return rules;
}

// Every plot type is a --plot choice.
const std::vector<Word<PlotType>>& analyze_plot_types() {
    static const std::vector<Word<PlotType>> types = rows_where(kPlotTypes, [](const Word<PlotType>&) { return true; });
    return types;
}

int analyze(AnalyzeArgs args) {
    refuse_stdin_twice(args.request.inputs);  // core/files.hpp: before anything is read
    // SIGINT, SIGTERM and SIGHUP are stop requests from the start (red-team round 30, F4: one
    // while the CSVs were read or studied ended analyze by the default action, no word): seen
    // after the study, before anything is printed or written, and between figures.
    Interrupt stop;
    const SignalScope signals(stop);
    // Before the study: a folder that cannot be one would otherwise fail after the tables
    // were printed.
    if (!args.tables_dir.empty()) check_output_folder(args.tables_dir, "--tables");
    if (!args.plots.empty()) check_output_folder(args.plots, "--plots");
    parse_where(args);
    args.request.instances = args.instances || args.table == TableKind::instances || (!args.tables_dir.empty() && !args.table);
    if (args.plots.empty()) args.request.plot_types.clear();
    // Each input's rows held to its sidecar as merge holds a shard (red-team round 26, B F10); a
    // sidecar that cannot hold them is a warning (docs/analysis.md), its CSV read without it.
    args.request.check_rows = rows_held_to_sidecar("analyze it", SidecarDoubt::noted);
    args.request.sidecar_warnings = sidecar_warnings;  // a redo history its sweep cannot have (red-team round 28, B F4)
    const Study study = run_study(args.request);
    throw_if_stopped(stop, "nothing printed or written");
    // --tables DIR/summary.csv must not replace an input named so (or any results CSV); neither
    // folder is a file of the other's, nor under one (`--plots t/summary.csv` was refused only
    // once the tables were written, exit 2).
    check_output_paths(analyze_outputs(study, args), args.request.inputs, args.force);
    if (!args.plots.empty()) check_plots_keep_inputs(study.plots, args.plots, args.request.inputs, args.force);
    // Taken once every file is known good (a folder too deep for a figure's names is refused before
    // anything is made), before anything is printed or written.
    const FolderLocks locks = lock_folders(args);
    for (const std::string& w : study.table.warnings())
        std::cerr << visible_text("futolab: warning: " + w, LineBreaks::shown) << "\n";
    for (const std::string& w : study.sidecar_notes)
        std::cerr << visible_text("futolab: warning: " + w, LineBreaks::shown) << "\n";
    // CSV is for programs: one table per file, never several glued together.
    const bool one_csv = args.format == TableFormat::csv && !one_table(args) && args.tables_dir.empty();
    if (one_csv && study.tables.size() > 1)
        throw InputError("--format csv prints one table: choose --table " + names_of(kTableKinds, "|") + ", or --tables DIR");
    // The tables go out whole once made, a reader that keeps them waiting no reason to die by a
    // signal's default action (red-team round 16, A F1).
    std::ostringstream printed;
    say_where(printed, study, args);
    if (one_csv) printed << table_csv(study.tables.front());
    else if (args.tables_dir.empty() || one_table(args)) print_tables(printed, study, args);
    write_stdout_text(printed.str());
    // The figures made first (gnuplot may fail or be stopped), then the tables written, then both
    // put in place: a failed or stopped analyze leaves both folders as they were.
    std::vector<StagedFigure> figures = make_plots(study.plots, args.plots, stop);
    std::vector<std::unique_ptr<AtomicFile>> tables = stage_tables(study, args);
    locks.check_held(args);
    const std::vector<std::string> written = commit_outputs(tables, figures, study.plots, args.plots, stop);
    if (stop.requested()) {  // held back through the window, which ended whole
        std::cerr << "futolab: analyze: interrupted after every table and figure was written\n";
        return 1;
    }
    for (const std::string& line : written) std::cout << line << "\n";
    // A full disk or a closed pipe must not look like success (issue #18).
    check_stdout();
    return agreement_exit(study.agreement, args.fail_on_disagreement);
}

}  // namespace

void add_analyze(CLI::App& app, Action& run) {
    auto args = std::make_shared<AnalyzeArgs>();
    StudyRequest& r = args->request;
    CLI::App* cmd = app.add_subcommand("analyze", "Summary tables, paired comparisons, growth fits and plots from results CSVs");
    cmd->footer("Quote --where expressions (\"n>=12\"): an unquoted > redirects. Specs are the CSV's `spec` labels, the "
                "solver as the config asked for it (gac, gac:sac=none); `options` holds what each resolved to, and a label "
                "meaning different options in the inputs is a warning. Instances where runs that decided them disagree are listed "
                "(table disagreements) and are a warning. Exit codes: 0, 1 with --fail-on-disagreement on a disagreement, 2 "
                "bad input or nothing for that gate to check. " + option_rules_help(analyze_rules()) +
                " Every table and plot: docs/analysis.md");
    add_word(cmd, "--format", args->format, kTableFormats, "Table format: " + word_help(kTableFormats));
    add_optional_word(cmd, "--table", args->table, kTableKinds, "Print only this table: " + names_of(kTableKinds));
    cmd->add_option("--columns", args->columns,
                    "Print only these columns of the one table printed (--table, else the summary), in this order, "
                    "e.g. spec,median,p90")
        ->delimiter(',')
        ->type_name("COLS");
    add_whole(cmd, "--digits", args->latex.digits, {1, kMaxLatexDigits},
              "--format latex: significant digits of its numbers (default 3; 1.14\\times10^{6} from 10^6 on)");
    cmd->add_option("--caption", args->latex.caption, "--format latex: the caption of the one table's float (escaped)")
        ->type_name("TEXT");
    cmd->add_option("--label", args->latex.label, "--format latex: its \\label{KEY} (letters, digits, : . _ -)")
        ->type_name("KEY");
    cmd->add_option("--tables", args->tables_dir, "Also write every table (with --table, only that one) as DIR/NAME.csv (full precision)");
    cmd->add_flag("--instances", args->instances, "Add the per-instance table (median over repeats per spec)");
    CLI::Option* plots = cmd->add_option("--plots", args->plots,
                                         "Write the plots (PNG, SVG, PDF, data, gnuplot script) into this directory");
    r.plot_types = {PlotType::cactus, PlotType::growth};
    const TableOptionTexts texts{
        "Compare every other spec with this one per instance: geometric-mean ratio with a 95% bootstrap CI "
        "(instances, then repeats), wins/ties/losses, Wilcoxon signed-rank p and holm_p (Holm-adjusted over "
        "the specs)",
        "--tables: replace a file even if it is a results CSV (never an input); --tables, --plots: even if it is a few-relations "
        "checkpoint shard file",
        "Plot types for --plots: " + names_of(kPlotTypes) + " (scatter needs --baseline)"};
    add_table_options(cmd, *args, analyze_plot_types(), texts)->needs(plots);
    cmd->callback([args, cmd, &run] {
        refuse_clashes("analyze", analyze_rules(), *args, given_options(*cmd));
        if (cmd->count("--label")) check_latex_label(args->latex.label);
        run = [args] { return analyze(*args); };
    });
}

}  // namespace futolab::app
