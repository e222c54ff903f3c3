#include "analysis/fits.hpp"

#include "analysis/summary.hpp"
#include "analysis/table_kinds.hpp"
#include "core/error.hpp"

#include <Eigen/Dense>

#include <cmath>
#include <set>

namespace futolab {
namespace {

constexpr std::size_t kMinPoints = 3;  // two points always fit a line exactly: R² would say nothing

std::string model_name(FitModel m) { return std::string(name_in(kFitModels, m)); }

}  // namespace

LineFit fit_line(const std::vector<std::pair<double, double>>& points) {
    const Eigen::Index m = static_cast<Eigen::Index>(points.size());
    Eigen::MatrixXd design(m, 2);
    Eigen::VectorXd y(m);
    for (Eigen::Index i = 0; i < m; ++i) {
        const auto& [px, py] = points[static_cast<std::size_t>(i)];
        design(i, 0) = 1.0;
        design(i, 1) = px;
        y(i) = py;
    }
    const Eigen::Vector2d coef = design.colPivHouseholderQr().solve(y);
    const double ss_res = (y - design * coef).squaredNorm();
    const double ss_tot = (y.array() - y.mean()).matrix().squaredNorm();
    // All y equal: the (flat) line explains everything there is.
    const double r2 = ss_tot > 0 ? 1.0 - ss_res / ss_tot : 1.0;
    return {coef(0), coef(1), r2};
}

GrowthFit fit_growth(const std::vector<MedianPoint>& medians, FitModel model) {
    GrowthFit f;
    f.model = model;
    std::vector<std::pair<double, double>> logged;
    for (const MedianPoint& p : medians) {
        if (p.censored) ++f.censored;
        else if (p.median > 0) logged.emplace_back(model == FitModel::power ? std::log(p.n) : p.n, std::log(p.median));
    }
    f.points = logged.size();
    if (f.points < kMinPoints) return f;
    const LineFit line = fit_line(logged);
    f.ok = true;
    f.value = model == FitModel::exponential ? std::exp(line.slope) : line.slope;
    f.r2 = line.r2;
    return f;
}

std::vector<GrowthFit> growth_fits(const ResultsTable& table, const std::vector<std::string>& metrics,
                                   const std::vector<FitModel>& models) {
    std::vector<GrowthFit> out;
    for (std::size_t mi = 0; mi < metrics.size(); ++mi) {
        // Groups come sorted by spec, then n numerically.
        std::vector<std::pair<std::string, std::vector<MedianPoint>>> per_spec;
        for (const GroupSummary& g : summarize(table, {"spec", "n"}, {metrics[mi]})) {
            const auto n = parse_number(g.key[1]);
            if (g.metrics[0].count == 0 || !n) continue;  // every run failed, or no n
            if (per_spec.empty() || per_spec.back().first != g.key[0]) per_spec.push_back({g.key[0], {}});
            per_spec.back().second.push_back({*n, g.metrics[0].median, g.metrics[0].median_censored});
        }
        for (const auto& [spec, medians] : per_spec)
            for (FitModel model : models) {
                GrowthFit f = fit_growth(medians, model);
                f.spec = spec;
                f.metric = metrics[mi];
                out.push_back(std::move(f));
            }
    }
    return out;
}

TextTable fits_table(const std::vector<GrowthFit>& fits) {
    TextTable t{table_name(TableKind::fits), {"spec", "metric", "model", "base_or_exponent", "r2", "points", "censored_left_out"}, {}, 3};
    const double none = std::nan("");  // fewer than 3 points: no fit (Markdown "-", CSV empty)
    for (const GrowthFit& f : fits)
        t.rows.push_back({f.spec, f.metric, model_name(f.model), f.ok ? f.value : none, f.ok ? f.r2 : none, f.points,
                          f.censored});
    return t;
}

}  // namespace futolab
