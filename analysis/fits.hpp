// Growth fits: how a metric's median grows with the board size n, per solver spec.
//   exp    log(median) = a + b·n       → growth base e^b per added row and column
//   power  log(median) = a + b·log(n)  → exponent b
// Ordinary least squares in log space (Eigen's column-pivoting Householder QR, which is
// stable where the normal equations are not), with R² = 1 − SS_res / SS_tot of the logs.
// A median that is only a lower bound (runs at the limit, summary.hpp) is left out: fitting
// the cap would report the limit's growth, not the solver's; the table counts them
// (`censored`). An n whose median is 0 cannot be logged and is left out. A fit needs ≥ 3 n.
#pragma once

#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <string>
#include <utility>
#include <vector>

namespace futolab {

enum class FitModel { exponential, power };
inline constexpr HelpedVocabulary<FitModel, 2> kFitModels{{
    {FitModel::exponential, "exp", "base per n"},
    {FitModel::power, "power", "exponent"},
}};

struct LineFit {
    double intercept = 0, slope = 0, r2 = 0;
};

// Least squares y = intercept + slope·x. Needs ≥ 2 points with distinct x.
LineFit fit_line(const std::vector<std::pair<double, double>>& points);

struct GrowthFit {
    std::string spec, metric;
    FitModel model = FitModel::exponential;
    std::size_t points = 0;    // distinct n with a positive, uncensored median: the fitted ones
    std::size_t censored = 0;  // n left out because their median is a lower bound
    bool ok = false;         // false: fewer than 3 points
    double value = 0;        // growth base e^b (exp) or exponent b (power)
    double r2 = 0;
};

struct MedianPoint {
    double n = 0, median = 0;
    bool censored = false;
};

// (n, median) points → the fit of one model, censored points left out.
GrowthFit fit_growth(const std::vector<MedianPoint>& medians, FitModel model);

// One fit per spec, metric and model, from the medians per (spec, n).
std::vector<GrowthFit> growth_fits(const ResultsTable& table, const std::vector<std::string>& metrics,
                                   const std::vector<FitModel>& models);

TextTable fits_table(const std::vector<GrowthFit>& fits);

}  // namespace futolab
