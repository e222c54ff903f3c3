#include "app/critical_exact_report.hpp"
#include "app/counted.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "core/visible_text.hpp"
#include "critical/clue_universe.hpp"
#include "generators/latin/symmetry.hpp"

#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace futolab::app {
namespace {

using critical::ClassResult;
using critical::ClueMask;
using critical::ExactObjective;

// The clues of a witness record as a mask over its square's universe (the row was checked when
// it was written or resumed: experiments/output_facts.cpp check_exact).
ClueMask witness_mask(const critical::ClueUniverse& u, const Instance& record) {
    ClueMask mask;
    const int n = u.n();
    for (int i = 0; i < u.size(); ++i) {
        const critical::Clue& c = u.clue(i);
        bool in = false;
        for (const Given& g : record.givens) in = in || (c.is_number && g.row * n + g.col == c.cell);
        for (const LessThan& l : record.lt) in = in || (!c.is_number && l.r1 * n + l.c1 == c.cell && l.r2 * n + l.c2 == c.other);
        if (in) mask.set(i);
    }
    return mask;
}

// The search figures every record of a class carries (experiments/exact_task.cpp run_meta).
void take_figures(ClassResult& c, const Json& meta) {
    c.engine_calls = meta.at("hitting_set_calls").get<std::uint64_t>();
    c.nodes = meta.value("nodes", std::uint64_t{0});  // none where the engine counts none (CaDiCaL)
    c.oracle_queries = meta.at("oracle_queries").get<std::uint64_t>();
    c.sets_counted = meta.at("unavoidable_sets").get<std::size_t>();
}

// A frontier row's points, from its message "min k for h_max = 0..M: k0 k1 … kM" ("-": none).
std::optional<std::vector<critical::FrontierPoint>> frontier_points(const std::string& message) {
    const std::size_t colon = message.find(':');
    if (!message.starts_with("min k for h_max = ") || colon == std::string::npos) return std::nullopt;
    std::vector<critical::FrontierPoint> points;
    std::istringstream words(message.substr(colon + 1));
    for (std::string word; words >> word;) {
        critical::FrontierPoint p{.h_max = static_cast<int>(points.size()), .k = {}};
        if (word != "-") p.k = {.feasible = true, .cost = std::stoi(word), .set = {}};
        points.push_back(p);
    }
    return points;
}

// The class's result as its row gives it; none where the row has no record to give it.
std::optional<ClassResult> class_of_row(int n, ExactObjective objective, ClassResult c, const std::string& instance,
                                        const std::string& message, const std::string& output) {
    if (output.empty()) return std::nullopt;
    const std::vector<Instance> records = parse_instances(output, instance, Format::jsonl);
    const critical::ClueUniverse u(n, c.square_class.square);
    take_figures(c, records.front().meta);
    if (objective != ExactObjective::frontier) {
        c.optimum = {.feasible = true, .cost = records.front().meta.at("minimum").get<int>(), .set = witness_mask(u, records.front())};
        return c;
    }
    std::optional<std::vector<critical::FrontierPoint>> points = frontier_points(message);
    if (!points) return std::nullopt;
    c.frontier = std::move(*points);
    for (const Instance& corner : records) {  // the witness of each point where the class's k drops
        const auto h = corner.meta.at("h_max").get<std::size_t>();
        if (h >= c.frontier.size()) return std::nullopt;
        c.frontier[h].k.set = witness_mask(u, corner);
    }
    return c;
}

}  // namespace

bool ExactClassesReport::row(const CriticalRow& row, std::string&) {
    rows.push_back({std::string(row.instance), std::string(row.message), std::string(row.output), row.cpu_seconds()});
    if (row.status == Status::solved || row.status == Status::multiple) return false;
    std::cerr << fmt::format("futolab critical: {}: {}: {}\n", visible_text(row.instance), row.status_text, visible_text(row.message));
    return true;
}

critical::ExactResult ExactClassesReport::result(const std::atomic<bool>* stop) const {
    if (rows.size() != classes.size())
        throw std::runtime_error(fmt::format("critical --exact: {} of {} with a row: nothing written to --out; run the same "
                                     "command with --resume to finish",
                                     rows.size(), counted(classes.size(), "class", "es")));
    const critical::SquareTable table(n);
    const std::vector<SquareClass> all = square_classes(n);
    critical::ExactOptions again = search;
    again.stop = stop;
    critical::ExactResult r = critical::result_over(n, objective, search, table);
    for (std::size_t i = 0; i < classes.size(); ++i) {
        ClassResult c;
        c.index = classes[i];
        c.square_class = all[classes[i]];
        std::optional<ClassResult> from_row = class_of_row(n, objective, c, rows[i].instance, rows[i].message, rows[i].output);
        r.classes.push_back(from_row ? std::move(*from_row)
                                     : critical::solve_class(n, c.square_class, c.index, objective, table, again));
    }
    critical::aggregate(r);
    for (const KeptRow& kept : rows) r.seconds += kept.cpu_seconds;  // the records' time_ms: the classes' CPU time
    return r;
}

std::string differing_minima(const critical::ExactResult& rows, const critical::ExactResult& again) {
    const auto text = [](const critical::Optimum& o) { return o.feasible ? std::to_string(o.cost) : std::string("none"); };
    const auto minima = [&](const ClassResult& c) {
        if (c.frontier.empty()) return text(c.optimum);
        std::string points;
        for (const critical::FrontierPoint& p : c.frontier) points += (points.empty() ? "" : " ") + text(p.k);
        return points;
    };
    if (rows.classes.size() != again.classes.size())
        return fmt::format("{} searched again, {} in the rows", counted(again.classes.size(), "class", "es"), rows.classes.size());
    for (std::size_t i = 0; i < rows.classes.size(); ++i)
        if (minima(rows.classes[i]) != minima(again.classes[i]))
            return fmt::format("class {}: minimum {} in its row, {} when searched again", rows.classes[i].index,
                               minima(rows.classes[i]), minima(again.classes[i]));
    return "";
}

}  // namespace futolab::app
