#include "core/fit/surface_fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

#include <Eigen/Eigenvalues>

#include "core/fit/surface_fitter.hpp"
#include "core/fit/surface_pose.hpp"

namespace js::fit {

namespace {

std::string axis_name(int a, int n) { return n == 1 ? "q" : "q" + std::to_string(a); }

// q of sample k normalized to the unit box (for distances between samples in q)
Eigen::Vector3d unit_q(const Sample& s, const std::vector<spline::KnotVector>& knots) {
  Eigen::Vector3d u = Eigen::Vector3d::Zero();
  for (std::size_t a = 0; a < knots.size(); ++a) {
    const double L = knots[a].q_max() - knots[a].q_min();
    u[static_cast<Eigen::Index>(a)] = (s.q[static_cast<Eigen::Index>(a)] - knots[a].q_min()) / L;
  }
  return u;
}

// the samples already visited, bucketed in a grid over the unit q box (about two per cell), so the
// nearest visited sample is found by searching rings of cells around a sample: the start stays linear in
// N (a scan over all visited samples was quadratic: 10⁵ samples took 13 s). ties go to the earlier visit.
class VisitedGrid {
 public:
  VisitedGrid(const std::vector<Eigen::Vector3d>& u, int dims) : u_(u), dims_(dims) {
    const double per_axis = std::pow(std::max(1.0, u.size() / 2.0), 1.0 / dims);
    cells_ = std::clamp(static_cast<int>(per_axis), 1, 4096);
    std::size_t total = 1;
    for (int a = 0; a < dims; ++a) total *= static_cast<std::size_t>(cells_);
    buckets_.resize(total);
    rank_.assign(u.size(), 0);
  }

  void add(int k, int rank) {
    rank_[static_cast<std::size_t>(k)] = rank;
    buckets_[index(cell(k))].push_back(k);
  }

  // the visited sample nearest to sample k (some sample must have been added)
  int nearest(int k) const {
    const std::array<int, 3> c = cell(k);
    const Eigen::Vector3d& x = u_[static_cast<std::size_t>(k)];
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    for (int r = 0; r <= cells_; ++r) {
      // every cell at chebyshev distance r from c
      std::array<int, 3> lo{0, 0, 0}, hi{0, 0, 0}, at{0, 0, 0};
      for (int a = 0; a < dims_; ++a) {
        lo[static_cast<std::size_t>(a)] = c[static_cast<std::size_t>(a)] - r;
        hi[static_cast<std::size_t>(a)] = c[static_cast<std::size_t>(a)] + r;
      }
      at = lo;
      while (true) {
        bool on_ring = false, inside = true;
        for (int a = 0; a < dims_; ++a) {
          const auto aa = static_cast<std::size_t>(a);
          on_ring = on_ring || at[aa] == lo[aa] || at[aa] == hi[aa];
          inside = inside && at[aa] >= 0 && at[aa] < cells_;
        }
        if (on_ring && inside) {
          for (int t : buckets_[index(at)]) {
            const double d = (u_[static_cast<std::size_t>(t)] - x).squaredNorm();
            if (d < best_d || (d == best_d && rank_[static_cast<std::size_t>(t)] < rank_[static_cast<std::size_t>(best)])) {
              best_d = d;
              best = t;
            }
          }
        }
        int a = 0;
        for (; a < dims_; ++a) {
          const auto aa = static_cast<std::size_t>(a);
          if (++at[aa] <= hi[aa]) break;
          at[aa] = lo[aa];
        }
        if (a == dims_) break;
      }
      // cells of ring r + 1 are at least r cell widths away
      const double reach = static_cast<double>(r) / cells_;
      if (best >= 0 && best_d < reach * reach) break;
    }
    return best;
  }

 private:
  std::array<int, 3> cell(int k) const {
    std::array<int, 3> c{0, 0, 0};
    for (int a = 0; a < dims_; ++a) {
      const double x = u_[static_cast<std::size_t>(k)][a];
      c[static_cast<std::size_t>(a)] = std::clamp(static_cast<int>(x * cells_), 0, cells_ - 1);
    }
    return c;
  }
  std::size_t index(const std::array<int, 3>& c) const {
    std::size_t i = 0;
    for (int a = dims_ - 1; a >= 0; --a) i = i * static_cast<std::size_t>(cells_) + static_cast<std::size_t>(c[static_cast<std::size_t>(a)]);
    return i;
  }

  const std::vector<Eigen::Vector3d>& u_;
  int dims_;
  int cells_ = 1;
  std::vector<std::vector<int>> buckets_;
  std::vector<int> rank_;
};

// the six φ values of every sample for the default basis. the euler angles have two branches, (a, b, c)
// and (a + π, π − b, c + π), each defined up to 2π: samples are visited from the centre of the q box
// outwards and each takes the branch and multiples of 2π nearest to the closest (in q) sample already
// visited, so a motion turning past ±π (or tilting past b = ±π/2) stays continuous.
Eigen::Matrix<double, Eigen::Dynamic, 6> decompose(const SampleSet& samples, const SE3& H,
                                                   const std::vector<spline::KnotVector>& knots) {
  const int N = samples.size();
  Eigen::Matrix<double, Eigen::Dynamic, 6> phi(N, 6);
  const SE3 H_inv = H.inverse();
  std::vector<Eigen::Vector3d> u(static_cast<std::size_t>(N));
  for (int k = 0; k < N; ++k) {
    const Sample& s = samples.samples[static_cast<std::size_t>(k)];
    phi.row(k) = default_basis_coordinates(H_inv * s.parent_T_child).transpose();
    u[static_cast<std::size_t>(k)] = unit_q(s, knots);
  }
  const Eigen::Vector3d centre = Eigen::Vector3d::Constant(0.5);
  std::vector<int> order(static_cast<std::size_t>(N));
  for (int k = 0; k < N; ++k) order[static_cast<std::size_t>(k)] = k;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return (u[static_cast<std::size_t>(a)] - centre).squaredNorm() < (u[static_cast<std::size_t>(b)] - centre).squaredNorm();
  });
  auto nearest_turn = [](double x, double reference) {
    return x + 2.0 * kPi * std::round((reference - x) / (2.0 * kPi));
  };
  VisitedGrid visited(u, static_cast<int>(knots.size()));
  visited.add(order[0], 0);
  for (std::size_t v = 1; v < order.size(); ++v) {
    const int k = order[v];
    const int nearest = visited.nearest(k);
    visited.add(k, static_cast<int>(v));
    const Eigen::Vector3d ref = phi.block<1, 3>(nearest, 3).transpose();
    const Eigen::Vector3d e = phi.block<1, 3>(k, 3).transpose();
    Eigen::Vector3d chosen = Eigen::Vector3d::Zero();
    double chosen_distance = std::numeric_limits<double>::infinity();
    for (const Eigen::Vector3d& branch : {e, Eigen::Vector3d(e[0] + kPi, kPi - e[1], e[2] + kPi)}) {
      Eigen::Vector3d candidate;
      for (int i = 0; i < 3; ++i) candidate[i] = nearest_turn(branch[i], ref[i]);
      const double distance = (candidate - ref).squaredNorm();
      if (distance < chosen_distance) {
        chosen_distance = distance;
        chosen = candidate;
      }
    }
    phi.block<1, 3>(k, 3) = chosen.transpose();
  }
  return phi;
}

void check(const SampleSet& samples, const std::vector<spline::KnotVector>& knots, const SurfaceFitOptions& options) {
  const int n = static_cast<int>(knots.size());
  int nc = 1, products = 1;
  std::string net;
  for (int a = 0; a < n; ++a) {
    nc *= knots[static_cast<std::size_t>(a)].num_control();
    products *= knots[static_cast<std::size_t>(a)].order();
    net += (a > 0 ? "×" : "") + std::to_string(knots[static_cast<std::size_t>(a)].num_control());
  }
  const bool smoothing = options.smoothing > 0.0;
  require_samples(samples, smoothing ? products : nc, "a " + net + " net");
  if (n >= 2) {
    // q on a line (or a plane, for 3 coordinates) leaves the joint undetermined across it
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (const Sample& s : samples.samples) mean += unit_q(s, knots);
    mean /= samples.size();
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    for (const Sample& s : samples.samples) {
      const Eigen::Vector3d d = unit_q(s, knots) - mean;
      cov += d * d.transpose();
    }
    const Eigen::MatrixXd used = cov.topLeftCorner(n, n) / samples.size();  // the n coordinates only
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(used);
    const Eigen::VectorXd& values = eig.eigenvalues();
    if (!(values[0] > 1e-10 * values[n - 1])) {
      const Sample& last = samples.samples.back();
      throw SampleError(SampleErrorKind::TooFewSamples, samples.source, last.line, 0,
                        std::string("the samples' q lie on ") + (n == 2 ? "one line" : "one plane") +
                            " in the space of " + std::to_string(n) +
                            " coordinates: an n-dof joint needs samples spread over every coordinate");
    }
  }
  if (smoothing) return;
  // each axis needs as many distinct q values as it has control values
  for (int a = 0; a < n; ++a) {
    std::vector<double> distinct;
    distinct.reserve(samples.samples.size());
    for (const Sample& s : samples.samples) distinct.push_back(s.q[a]);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    const int controls = knots[static_cast<std::size_t>(a)].num_control();
    if (static_cast<int>(distinct.size()) < controls) {
      const Sample& last = samples.samples.back();
      throw SampleError(SampleErrorKind::TooFewSamples, samples.source, last.line, 0,
                        axis_name(a, n) + " takes " + std::to_string(distinct.size()) + " distinct values; a net of " +
                            std::to_string(controls) + " control values along it needs at least " +
                            std::to_string(controls) + " (or smoothing w > 0)");
    }
  }
}

}  // namespace

std::vector<spline::KnotVector> surface_knots(const SampleSet& samples, const std::vector<int>& net, int order) {
  const int n = samples.dof;
  if (n < 1 || n > 3) throw std::invalid_argument("fit: " + std::to_string(n) + " coordinates; a spline surface joint has 1 to 3");
  if (net.size() != 1 && static_cast<int>(net.size()) != n) {
    throw std::invalid_argument("fit: a net of " + std::to_string(net.size()) + " sizes for " + std::to_string(n) + " coordinates");
  }
  if (order < 2 || order > spline::kMaxOrder) {
    throw std::invalid_argument("fit: order " + std::to_string(order) + " not in 2.." + std::to_string(spline::kMaxOrder));
  }
  std::vector<spline::KnotVector> knots;
  for (int a = 0; a < n; ++a) {
    const int controls = net[net.size() == 1 ? 0 : static_cast<std::size_t>(a)];
    if (controls < order) {
      throw std::invalid_argument("fit: " + std::to_string(controls) + " control values along " + axis_name(a, n) +
                                  ", order " + std::to_string(order) + " needs at least " + std::to_string(order));
    }
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const Sample& s : samples.samples) {
      lo = std::min(lo, s.q[a]);
      hi = std::max(hi, s.q[a]);
    }
    if (!(hi > lo)) {
      throw SampleError(SampleErrorKind::TooFewSamples, samples.source, samples.samples.empty() ? 0 : samples.samples.back().line,
                        0, axis_name(a, n) + " does not vary over the samples");
    }
    knots.push_back(spline::KnotVector::clamped(controls, order, lo, hi));
  }
  return knots;
}

SurfaceFitResult fit_spline_surface(const SampleSet& samples, const SurfaceFitOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  if (samples.dof < 1 || samples.dof > 3) {
    throw std::invalid_argument("fit: " + samples.source + " has " + std::to_string(samples.dof) +
                                " coordinates; n-dof fitting supports 1 to 3");
  }
  if (!samples.has_q) throw std::invalid_argument("fit: n-dof samples need q columns (q0, q1, …)");
  if (!(options.length_scale > 0.0)) throw std::invalid_argument("fit: length scale must be positive");
  if (!(options.smoothing >= 0.0 && options.smoothing < 1.0)) {
    throw std::invalid_argument("fit: smoothing weight must be in [0, 1)");
  }
  require_samples(samples, 1, "a spline surface fit");
  SurfaceFitResult result;
  result.knots = options.knots ? *options.knots : surface_knots(samples, options.net, options.order);
  if (static_cast<int>(result.knots.size()) != samples.dof) {
    throw std::invalid_argument("fit: " + std::to_string(result.knots.size()) + " knot vectors for " +
                                std::to_string(samples.dof) + " coordinates");
  }
  check(samples, result.knots, options);
  if (options.base) {
    result.base = *options.base;
  } else {
    // the sample nearest the centre keeps the euler angles small, away from the chart's singularity
    const Eigen::Vector3d centre = Eigen::Vector3d::Constant(0.5);
    const auto nearest = std::min_element(samples.samples.begin(), samples.samples.end(), [&](const Sample& a, const Sample& b) {
      return (unit_q(a, result.knots) - centre).squaredNorm() < (unit_q(b, result.knots) - centre).squaredNorm();
    });
    result.base = nearest->parent_T_child;
  }
  SurfaceFitter fitter(samples, result.knots, result.base, options);
  SurfaceCoefficients C = fitter.coordinatewise(decompose(samples, result.base, result.knots));
  const SurfaceFitter::Terms start_terms = fitter.terms(C);
  result.coordinatewise_data_term = start_terms.data;
  for (std::size_t j = 0; j < 6; ++j) {
    const Eigen::VectorXd c = C.col(static_cast<Eigen::Index>(j));
    result.coordinatewise[j].assign(c.data(), c.data() + c.size());
  }
  if (options.refine) {
    fitter.refine(C, result);
  } else {
    result.objective_history = {(1.0 - options.smoothing) * start_terms.data + options.smoothing * start_terms.smooth};
  }
  const SurfaceFitter::Terms end = fitter.terms(C);
  result.data_term = end.data;
  result.smoothness_term = end.smooth;
  for (std::size_t j = 0; j < 6; ++j) {
    const Eigen::VectorXd c = C.col(static_cast<Eigen::Index>(j));
    result.coefficients[j].assign(c.data(), c.data() + c.size());
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace js::fit
