#include "core/fit/surface_fitter.hpp"

#include <algorithm>
#include <cmath>

#include "core/solve/damped_least_squares.hpp"
#include "core/fit/metric.hpp"
#include "core/fit/quadrature.hpp"
#include "core/fit/surface_pose.hpp"

namespace js::fit {

namespace {

// R = ∫_{[0,1]ⁿ} Σ_ab ∂²_ab B_i ∂²_ab B_l du by gauss–legendre points in every knot cell
Eigen::MatrixXd roughness_matrix(const std::vector<spline::KnotVector>& knots, int nc, int points) {
  const int n = static_cast<int>(knots.size());
  std::array<double, 4> gx{}, gw{};
  points = std::clamp(points, 1, 4);
  gauss_legendre(points, gx, gw);
  // quadrature nodes per axis (parameter, weight in unit coordinates)
  std::vector<std::vector<std::pair<double, double>>> axis(static_cast<std::size_t>(n));
  for (int a = 0; a < n; ++a) {
    const auto& kv = knots[static_cast<std::size_t>(a)];
    const double L = kv.q_max() - kv.q_min();
    for (int j = kv.order() - 1; j < kv.num_basis(); ++j) {
      const double lo = kv.knot(j), hi = kv.knot(j + 1);
      if (!(hi > lo)) continue;
      for (int g = 0; g < points; ++g) {
        const auto gi = static_cast<std::size_t>(g);
        axis[static_cast<std::size_t>(a)].emplace_back(lo + gx[gi] * (hi - lo), gw[gi] * (hi - lo) / L);
      }
    }
  }
  Eigen::MatrixXd R = Eigen::MatrixXd::Zero(nc, nc);
  SurfaceStencil st;
  std::array<std::size_t, 3> i{0, 0, 0};
  std::array<double, 3> q{};
  const int nn = n * n;
  while (true) {
    double weight = 1.0;
    for (int a = 0; a < n; ++a) {
      const auto& node = axis[static_cast<std::size_t>(a)][i[static_cast<std::size_t>(a)]];
      q[static_cast<std::size_t>(a)] = node.first;
      weight *= node.second;
    }
    surface_stencil(knots, q.data(), true, st);
    const auto P = static_cast<int>(st.index.size());
    for (int p = 0; p < P; ++p) {
      for (int r = 0; r < P; ++r) {
        double dot = 0.0;
        for (int e = 0; e < nn; ++e) {
          dot += st.hessian[static_cast<std::size_t>(p * nn + e)] * st.hessian[static_cast<std::size_t>(r * nn + e)];
        }
        R(st.index[static_cast<std::size_t>(p)], st.index[static_cast<std::size_t>(r)]) += weight * dot;
      }
    }
    int a = 0;
    while (a < n && ++i[static_cast<std::size_t>(a)] == axis[static_cast<std::size_t>(a)].size()) {
      i[static_cast<std::size_t>(a++)] = 0;
    }
    if (a == n) break;
  }
  return R;
}

}  // namespace

SurfaceFitter::SurfaceFitter(const SampleSet& samples, std::vector<spline::KnotVector> knots, const SE3& H,
                             const SurfaceFitOptions& options)
    : samples_(samples), knots_(std::move(knots)), H_(H), options_(options),
      basis_(SplineSurfaceJoint::default_basis()) {
  const double inv_length = 1.0 / options_.length_scale;
  for (std::size_t j = 0; j < 6; ++j) {
    metric_[j] = basis_[j].head<3>().squaredNorm() + basis_[j].tail<3>().squaredNorm() * inv_length * inv_length;
  }
  num_coefficients_ = 1;
  for (const auto& kv : knots_) num_coefficients_ *= kv.num_control();
  const int N = samples_.size();
  stencils_.resize(static_cast<std::size_t>(N));
  double total = 0.0;
  for (const Sample& s : samples_.samples) total += s.weight;
  for (int k = 0; k < N; ++k) {
    const Sample& s = samples_.samples[static_cast<std::size_t>(k)];
    surface_stencil(knots_, s.q.data(), false, stencils_[static_cast<std::size_t>(k)]);
    weights_.push_back(s.weight / total);
  }
  roughness_ = roughness_matrix(knots_, num_coefficients_, options_.hessian_points);
  normal_.resize(6 * num_coefficients_, 6 * num_coefficients_);
  gradient_.resize(6 * num_coefficients_);
}

SurfaceCoefficients SurfaceFitter::coordinatewise(const Eigen::Matrix<double, Eigen::Dynamic, 6>& targets) const {
  // ((1 − w) Bᵀ C B + w R) c_j = (1 − w) Bᵀ C φ_j: the same matrix for all six φ_j (|W ê_j|² cancels)
  const double w = options_.smoothing;
  Eigen::MatrixXd A = w * roughness_;
  Eigen::Matrix<double, Eigen::Dynamic, 6> rhs = Eigen::Matrix<double, Eigen::Dynamic, 6>::Zero(num_coefficients_, 6);
  for (std::size_t k = 0; k < stencils_.size(); ++k) {
    const SurfaceStencil& st = stencils_[k];
    const double c = (1.0 - w) * weights_[k];
    for (std::size_t p = 0; p < st.index.size(); ++p) {
      rhs.row(st.index[p]) += c * st.value[p] * targets.row(static_cast<Eigen::Index>(k));
      for (std::size_t r = 0; r < st.index.size(); ++r) A(st.index[p], st.index[r]) += c * st.value[p] * st.value[r];
    }
  }
  // a whisker of ridge keeps control values without data (and without smoothing) solvable
  A.diagonal().array() += 1e-12 * A.diagonal().mean();
  const Eigen::LLT<Eigen::MatrixXd> llt(A);
  return llt.solve(rhs);
}

void SurfaceFitter::sample_pose(const SurfaceCoefficients& C, int k, SE3& G, Mat6* S) const {
  const SurfaceStencil& st = stencils_[static_cast<std::size_t>(k)];
  Vec6 phi = Vec6::Zero();
  for (std::size_t p = 0; p < st.index.size(); ++p) phi += st.value[p] * C.row(st.index[p]).transpose();
  surface_pose(H_, basis_, phi, G, S);
}

SurfaceFitter::Terms SurfaceFitter::terms(const SurfaceCoefficients& C) const {
  const double inv_length = 1.0 / options_.length_scale;
  Terms t;
  SE3 G;
  PoseResidual res;
  for (int k = 0; k < samples_.size(); ++k) {
    sample_pose(C, k, G, nullptr);
    pose_residual(G, samples_.samples[static_cast<std::size_t>(k)].parent_T_child, inv_length, false, res);
    t.data += weights_[static_cast<std::size_t>(k)] * res.r.squaredNorm();
  }
  for (int j = 0; j < 6; ++j) {
    t.smooth += metric_[static_cast<std::size_t>(j)] * C.col(j).dot(roughness_ * C.col(j));
  }
  return t;
}

SurfaceFitter::Terms SurfaceFitter::assemble(const SurfaceCoefficients& C) {
  const double inv_length = 1.0 / options_.length_scale;
  const double w = options_.smoothing;
  normal_.setZero();
  gradient_.setZero();
  Terms t;
  SE3 G;
  Mat6 S;
  PoseResidual res;
  for (int k = 0; k < samples_.size(); ++k) {
    const auto kk = static_cast<std::size_t>(k);
    sample_pose(C, k, G, &S);
    pose_residual(G, samples_.samples[kk].parent_T_child, inv_length, true, res);
    t.data += weights_[kk] * res.r.squaredNorm();
    // r(coefficients) ≈ r + A S Σ_p B_p dc_{i_p}: one 6×6 block M = A S per sample, scaled per product
    const Mat6 M = res.A * S;
    const double c = (1.0 - w) * weights_[kk];
    const Mat6 Q = c * (M.transpose() * M);
    const Vec6 g = -c * (M.transpose() * res.r);
    const SurfaceStencil& st = stencils_[kk];
    for (std::size_t p = 0; p < st.index.size(); ++p) {
      const int ip = st.index[p];
      gradient_.segment<6>(6 * ip) += st.value[p] * g;
      for (std::size_t r = 0; r < st.index.size(); ++r) {
        const int ir = st.index[r];
        if (ir > ip) continue;  // lower triangle only (the cholesky reads no more)
        normal_.block<6, 6>(6 * ip, 6 * ir) += (st.value[p] * st.value[r]) * Q;
      }
    }
  }
  // w Σ_j |W ê_j|² c_jᵀ R c_j: exact quadratic, its hessian is constant
  for (int j = 0; j < 6; ++j) {
    const double m = metric_[static_cast<std::size_t>(j)];
    const Eigen::VectorXd Rc = roughness_ * C.col(j);
    t.smooth += m * C.col(j).dot(Rc);
    if (w == 0.0) continue;
    for (int i = 0; i < num_coefficients_; ++i) {
      gradient_[6 * i + j] -= w * m * Rc[i];
      for (int l = 0; l <= i; ++l) normal_(6 * i + j, 6 * l + j) += w * m * roughness_(i, l);
    }
  }
  return t;
}

// the refinement as a damped least-squares problem (core/solve/damped_least_squares.hpp): dense normal equations at
// C, the retraction a plain sum of coefficients
struct SurfaceFitter::Refinement {
  SurfaceFitter& f;
  SurfaceCoefficients& C;
  SurfaceCoefficients& trial;
  double F = 0.0;

  double total(const Terms& t) const { return (1.0 - f.options_.smoothing) * t.data + f.options_.smoothing * t.smooth; }
  double objective() const { return F; }
  bool solve(double lambda) {
    const double floor = 1e-12 * f.normal_.diagonal().mean() + 1e-300;
    f.damped_ = f.normal_;
    f.damped_.diagonal().array() += lambda * f.normal_.diagonal().array() + floor;
    f.llt_.compute(f.damped_);
    if (f.llt_.info() != Eigen::Success) return false;
    f.step_ = f.llt_.solve(f.gradient_);
    return true;
  }
  double try_step(double& step_size) {
    trial = C + Eigen::Map<const SurfaceCoefficients>(f.step_.data(), f.num_coefficients_, 6);
    // largest step component in the metric (rad, or m / ℓ)
    step_size = 0.0;
    for (int j = 0; j < 6; ++j) {
      const double scale = std::sqrt(f.metric_[static_cast<std::size_t>(j)]);
      step_size = std::max(step_size, (trial.col(j) - C.col(j)).cwiseAbs().maxCoeff() * scale);
    }
    return total(f.terms(trial));
  }
  double accept() {
    C.swap(trial);
    F = total(f.assemble(C));
    return F;
  }
};

void SurfaceFitter::refine(SurfaceCoefficients& C, SurfaceFitResult& result) {
  SurfaceCoefficients trial(C.rows(), 6);
  Refinement problem{*this, C, trial};
  problem.F = problem.total(assemble(C));
  result.objective_history.assign(1, problem.F);
  DampedLeastSquaresOptions o;
  o.max_iterations = options_.max_iterations;
  o.step_tolerance = options_.step_tolerance;
  o.objective_tolerance = options_.objective_tolerance;
  o.progress = &options_.progress;
  o.cancel = options_.cancel;
  DampedLeastSquaresReport report;
  damped_least_squares(problem, o, report, result.objective_history);
  result.iterations = report.iterations;
  result.converged = report.converged;
  result.stalled = report.stalled;
  result.cancelled = report.cancelled;
}

}  // namespace js::fit
