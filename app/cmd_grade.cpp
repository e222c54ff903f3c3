// futolab grade [--format text|csv] INPUT…
// The difficulty grade of every instance (generators/grade.hpp): the weakest propagation
// level that solves it without search (fc, ac, gac, search; multiple/unsat if it is not
// uniquely solvable) and the node count of `gac` (var=mrv) count-to-2.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/output_formats.hpp"
#include "app/vocabulary_option.hpp"
#include "core/files.hpp"
#include "core/instance.hpp"
#include "core/visible_text.hpp"
#include "generators/grade.hpp"
#include "records/results_csv.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

#include <memory>

namespace futolab::app {
namespace {

struct GradeArgs {
    std::vector<std::string> inputs;
    GradeFormat format = GradeFormat::text;
};

std::string grade_line(const Puzzle& p, const GradeResult& g, bool csv) {
    if (csv)
        return fmt::format("{},{},{},{},{},{},{}\n", csv_quote(p.id()), p.hash(), p.n(), p.num_givens(), p.num_relations(),
                           grade_name(g.grade), g.gac_nodes);
    return fmt::format("{} {} {}\n", visible_text(p.id()), grade_name(g.grade), g.gac_nodes);
}

// One line per puzzle, each written as it is graded. SIGINT, SIGTERM and SIGHUP are a stop
// request, as for every write of records (red-team round 16, A F1: the default action ended
// it with 143 and no word): the grade under way stops (OracleStopped), the lines written are
// whole, exit 1, "interrupted".
int grade(const GradeArgs& args) {
    refuse_stdin_twice(args.inputs);  // core/files.hpp: standard input is read once, before anything is read
    Interrupt stop;
    const SignalScope signals(stop);  // from the read on (load_puzzles)
    const std::vector<Puzzle> puzzles = load_puzzles(args.inputs, stop);
    const bool csv = args.format == GradeFormat::csv;
    if (csv) write_stdout_record("id,instance_hash,n,h,k,grade,gac_nodes\n", stop);
    Grader grader(stop.flag());
    for (const Puzzle& p : puzzles) write_stdout_record(grade_line(p, grader.grade(p), csv), stop);
    return 0;
}

}  // namespace

void add_grade(CLI::App& app, Action& run) {
    auto args = std::make_shared<GradeArgs>();
    CLI::App* cmd = app.add_subcommand("grade", "Grade puzzles: the weakest propagation level that solves them without search");
    cmd->footer("Grades: fc (singles), ac (arc consistency on != and <), gac (the gac backend's root propagation), "
                "search; multiple/unsat if not uniquely solvable. Text output: 'id grade gac_nodes' per instance. "
                "Details: docs/generators.md");
    cmd->add_option("inputs", args->inputs, "Instance files (- for stdin)")->required();
    add_word(cmd, "--format", args->format, kGradeFormats, word_help(kGradeFormats));
    cmd->callback([args, &run] { run = [args] { return grade(*args); }; });
}

}  // namespace futolab::app
