// futolab grade [--format text|csv] INPUT…
// The difficulty grade of every instance (generators/grade.hpp): the weakest propagation
// level that solves it without search (fc, ac, gac, search; multiple/unsat if it is not
// uniquely solvable) and the node count of `gac` (var=mrv) count-to-2.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "app/output_formats.hpp"
#include "app/vocabulary_option.hpp"
#include "core/instance.hpp"
#include "core/visible_text.hpp"
#include "generators/grade.hpp"
#include "records/results_csv.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>

namespace futolab::app {
namespace {

struct GradeArgs {
    std::vector<std::string> inputs;
    GradeFormat format = GradeFormat::text;
};

int grade(const GradeArgs& args) {
    const std::vector<Puzzle> puzzles = load_puzzles(args.inputs);
    const bool csv = args.format == GradeFormat::csv;
    if (csv) std::cout << "id,instance_hash,n,h,k,grade,gac_nodes\n";
    Grader grader;
    for (const Puzzle& p : puzzles) {
        const GradeResult g = grader.grade(p);
        if (csv)
            std::cout << fmt::format("{},{},{},{},{},{},{}\n", csv_quote(p.id()), p.hash(), p.n(), p.num_givens(),
                                     p.num_relations(), grade_name(g.grade), g.gac_nodes);
        else std::cout << fmt::format("{} {} {}\n", visible_text(p.id()), grade_name(g.grade), g.gac_nodes);
    }
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
