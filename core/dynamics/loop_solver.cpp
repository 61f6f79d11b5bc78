#include "core/dynamics/loop_solver.hpp"

#include <Eigen/QR>

namespace js {

namespace {

// M(q) with identity rows and columns at the prescribed coordinates (they take no constraint force: with zero
// columns of G there, M⁻¹Gᵀ has zero rows), factored into llt. no allocation (both are preallocated).
void factor_free_mass(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                      Eigen::MatrixXd& M, Eigen::LLT<Eigen::MatrixXd>& llt) {
  M = crba(model, data, t, q);
  for (const PrescribedCoordinate& p : model.prescribed()) {
    M.row(p.coordinate).setZero();
    M.col(p.coordinate).setZero();
    M(p.coordinate, p.coordinate) = 1.0;
  }
  llt.compute(M);
}

}  // namespace

LoopSolver::LoopSolver(const MultibodyModel& model, const LoopSet& loops)
    : loops_(loops), rows_(loops.total_rows()), ldlt_a_(loops.total_rows()) {
  const int nq = model.nq();
  data_.reserve(static_cast<std::size_t>(loops.num_loops()));
  int r = 0;
  for (int i = 0; i < loops.num_loops(); ++i) {
    data_.emplace_back(model, loops.loop(i), loops.rows(i));
    offset_.push_back(r);
    if (!(loops.loop(i).compliance > 0.0)) {
      for (int k = 0; k < loops.rows(i); ++k) hard_.push_back(r + k);
    }
    r += loops.rows(i);
  }
  // couplers and rolling contacts are hard
  for (int k = loops.loop_rows(); k < rows_; ++k) hard_.push_back(k);
  rolling_data_.reserve(loops.rolling().size());
  for (const RollingContact& c : loops.rolling()) rolling_data_.emplace_back(model, c);
  row_c_ = Eigen::VectorXd::Zero(rows_);
  row_d_ = Eigen::VectorXd::Zero(rows_);
  row_alpha_ = Eigen::VectorXd::Zero(rows_);
  for (int i = 0; i < loops.num_loops(); ++i) {
    const LoopConstraint& l = loops.loop(i);
    const int r0 = offset_[static_cast<std::size_t>(i)];
    row_c_.segment(r0, loops.rows(i)).setConstant(l.compliance > 0.0 ? l.compliance : 0.0);
    row_d_.segment(r0, loops.rows(i)).setConstant(l.compliance > 0.0 ? l.damping : 0.0);
    row_alpha_.segment(r0, loops.rows(i)).setConstant(l.stabilization);
  }
  r = loops.loop_rows();
  for (const CoordinateCoupler& c : loops.couplers()) row_alpha_[r++] = c.stabilization;
  for (std::size_t i = 0; i < loops.rolling().size(); ++i) {
    row_alpha_.segment(r, rolling_data_[i].rows).setConstant(loops.rolling()[i].stabilization);
    r += rolling_data_[i].rows;
  }
  const auto nh = static_cast<Eigen::Index>(hard_.size());
  Gh_ = Eigen::MatrixXd::Zero(nh, nq);
  Yh_ = Eigen::MatrixXd::Zero(nq, nh);
  Ah_ = Eigen::MatrixXd::Zero(nh, nh);
  mu_ = Eigen::VectorXd::Zero(nh);
  ldlt_h_.compute(Eigen::MatrixXd::Identity(nh, nh));
  delta_ = Eigen::VectorXd::Zero(rows_);
  delta_dot_ = Eigen::VectorXd::Zero(rows_);
  gamma_ = Eigen::VectorXd::Zero(rows_);
  c_tilde_ = Eigen::VectorXd::Zero(rows_);
  lambda_ = Eigen::VectorXd::Zero(rows_);
  G_ = Eigen::MatrixXd::Zero(rows_, nq);
  M_ = Eigen::MatrixXd::Zero(nq, nq);
  Y_ = Eigen::MatrixXd::Zero(nq, rows_);
  A_ = Eigen::MatrixXd::Zero(rows_, rows_);
  // size the factor by factoring the identity: a move-assigned LLT(n) copies eigen's never-set info
  llt_m_.compute(Eigen::MatrixXd::Identity(nq, nq));
}

void LoopSolver::evaluate(const MultibodyModel& model, const MultibodyData& data, const ConstVectorRef& q,
                          const ConstVectorRef& qd, bool with_bias) {
  for (int i = 0; i < loops_.num_loops(); ++i) {
    const int r0 = offset_[static_cast<std::size_t>(i)];
    LoopData& ld = data_[static_cast<std::size_t>(i)];
    evaluate_loop(model, data, loops_.loop(i), ld, with_bias,
                  LoopRows{delta_.segment(r0, ld.rows), delta_dot_.segment(r0, ld.rows), G_.middleRows(r0, ld.rows),
                           gamma_.segment(r0, ld.rows)});
  }
  // couplers: γ0 − G q̈_free, as the loops' bias (data.qdd holds aba's q̈_free when solving)
  int r = loops_.loop_rows();
  for (const CoordinateCoupler& c : loops_.couplers()) {
    CouplerRow row;
    evaluate_coupler(c, q, qd, with_bias, row, G_.middleRows(r, 1));
    delta_[r] = row.delta;
    delta_dot_[r] = row.delta_dot;
    if (with_bias) gamma_[r] = row.bias - G_.row(r).dot(data.qdd);
    ++r;
  }
  // rolling contacts: velocity rows, their bias taken at the body accelerations of q̈_free as the loops'
  for (std::size_t i = 0; i < rolling_data_.size(); ++i) {
    RollingData& rd = rolling_data_[i];
    delta_.segment(r, rd.rows).setZero();
    evaluate_rolling(model, data, loops_.rolling()[i], rd, with_bias,
                     RollingRows{delta_dot_.segment(r, rd.rows), G_.middleRows(r, rd.rows), gamma_.segment(r, rd.rows)});
    r += rd.rows;
  }
}

void LoopSolver::check_rank(double t) const {
  // the hard rows must be independent: rank by column-pivoting qr with an absolute tolerance (a row that is
  // identically redundant, e.g. a second copy of the tree's own joint, is zero to round-off, not small)
  const std::vector<int>& hard = hard_;
  if (hard.empty()) return;
  Eigen::MatrixXd Gh(static_cast<Eigen::Index>(hard.size()), G_.cols());
  for (std::size_t k = 0; k < hard.size(); ++k) Gh.row(static_cast<Eigen::Index>(k)) = G_.row(hard[k]);
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(Gh.transpose());
  const double tol = 1e-9 * std::max(1.0, G_.cwiseAbs().maxCoeff());
  int rank = 0;
  const Eigen::Index diag = std::min(qr.matrixR().rows(), qr.matrixR().cols());
  for (Eigen::Index k = 0; k < diag; ++k) rank += std::abs(qr.matrixR()(k, k)) > tol ? 1 : 0;
  if (rank == static_cast<int>(hard.size())) return;
  std::string names;
  for (int i = 0; i < loops_.num_loops(); ++i) {
    if (loops_.loop(i).compliance > 0.0) continue;
    names += (names.empty() ? "\"" : ", \"") + loops_.loop(i).name + "\"";
  }
  for (const CoordinateCoupler& c : loops_.couplers()) names += (names.empty() ? "coupler \"" : ", coupler \"") + c.name + "\"";
  for (const RollingContact& c : loops_.rolling()) {
    names += (names.empty() ? "rolling contact \"" : ", rolling contact \"") + c.name + "\"";
  }
  throw RedundantLoopsError("loop constraints are redundant: the hard rows of " + names + " number " +
                            std::to_string(hard.size()) + " but have rank " + std::to_string(rank) + " at t = " +
                            std::to_string(t) + "; give these loops compliance (artisynth eq. 3.19-3.22) or "
                            "constrain fewer axes");
}

void LoopSolver::check_rank_once(double t) {
  if (checked_) return;
  check_rank(t);
  checked_ = true;
}

void LoopSolver::solve(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                       const ConstVectorRef& qd, double dt) {
  if (rows_ == 0) return;
  evaluate(model, data, q, qd, true);
  if (!checked_) {
    check_rank(t);
    checked_ = true;
  }
  // right-hand side and regularization per row (evaluate wrote γ0 − G q̈_free into gamma_)
  const double h = dt;
  for (int i = 0; i < loops_.num_loops(); ++i) {
    const LoopConstraint& l = loops_.loop(i);
    const int r0 = offset_[static_cast<std::size_t>(i)];
    const int nr = data_[static_cast<std::size_t>(i)].rows;
    if (l.compliance > 0.0) {
      const double denom = h * h + h * l.compliance * l.damping;
      c_tilde_.segment(r0, nr).setConstant(l.compliance / denom);
      gamma_.segment(r0, nr) -= (delta_.segment(r0, nr) + (h + l.compliance * l.damping) * delta_dot_.segment(r0, nr)) / denom;
    } else {
      const double a = l.stabilization;
      c_tilde_.segment(r0, nr).setZero();
      gamma_.segment(r0, nr) -= 2.0 * a * delta_dot_.segment(r0, nr) + a * a * delta_.segment(r0, nr);
    }
  }
  int r = loops_.loop_rows();
  for (const CoordinateCoupler& c : loops_.couplers()) {
    const double a = c.stabilization;
    c_tilde_[r] = 0.0;
    gamma_[r] -= 2.0 * a * delta_dot_[r] + a * a * delta_[r];
    ++r;
  }
  // rolling rows are velocities: δ̈ = −α δ̇
  for (std::size_t i = 0; i < rolling_data_.size(); ++i) {
    const int nr = rolling_data_[i].rows;
    c_tilde_.segment(r, nr).setZero();
    gamma_.segment(r, nr) -= loops_.rolling()[i].stabilization * delta_dot_.segment(r, nr);
    r += nr;
  }
  // gamma_ already is γ − G q̈_free: the bias was taken from aba's body accelerations, which include q̈_free
  // M⁻¹Gᵀ; prescribed coordinates take no constraint force (identity rows of M, zero rows of M⁻¹Gᵀ)
  factor_free_mass(model, data, t, q, M_, llt_m_);
  for (const PrescribedCoordinate& p : model.prescribed()) G_.col(p.coordinate).setZero();
  Y_ = G_.transpose();
  llt_m_.solveInPlace(Y_);
  A_.noalias() = G_ * Y_;
  A_.diagonal() += c_tilde_;
  ldlt_a_.compute(A_);
  const double d_max = ldlt_a_.vectorD().cwiseAbs().maxCoeff();
  if (ldlt_a_.info() != Eigen::Success || !(ldlt_a_.vectorD().minCoeff() > 1e-13 * d_max)) {
    throw RedundantLoopsError("loop constraint matrix G M^-1 G^T is singular at t = " + std::to_string(t) +
                              " (redundant hard rows or a singular configuration); give the loops compliance");
  }
  lambda_ = ldlt_a_.solve(gamma_);
  data.qdd.noalias() += Y_ * lambda_;
}

LoopErrors LoopSolver::measure(const MultibodyModel& model, const MultibodyData& data, const ConstVectorRef& q,
                               const ConstVectorRef& qd) {
  evaluate(model, data, q, qd, false);
  LoopErrors e;
  for (int i = 0; i < loops_.num_loops(); ++i) {
    const int r0 = offset_[static_cast<std::size_t>(i)];
    const int nr = data_[static_cast<std::size_t>(i)].rows;
    e.position = std::max(e.position, delta_.segment(r0, nr).norm());
    e.velocity = std::max(e.velocity, delta_dot_.segment(r0, nr).norm());
  }
  const int coupled_end = loops_.loop_rows() + static_cast<int>(loops_.couplers().size());
  for (int r = loops_.loop_rows(); r < coupled_end; ++r) {
    e.position = std::max(e.position, std::abs(delta_[r]));
    e.velocity = std::max(e.velocity, std::abs(delta_dot_[r]));
  }
  e.velocity = std::max(e.velocity, rolling_slip());
  return e;
}

double LoopSolver::rolling_slip() const {
  double worst = 0.0;
  for (int r = loops_.loop_rows() + static_cast<int>(loops_.couplers().size()); const RollingData& rd : rolling_data_) {
    worst = std::max(worst, delta_dot_.segment(r, rd.rows).norm());
    r += rd.rows;
  }
  return worst;
}

void LoopSolver::project_velocities(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                                    Eigen::Ref<Eigen::VectorXd> qd) {
  if (hard_.empty()) return;
  evaluate(model, data, q, qd, false);
  const auto nh = static_cast<Eigen::Index>(hard_.size());
  for (Eigen::Index k = 0; k < nh; ++k) {
    Gh_.row(k) = G_.row(hard_[static_cast<std::size_t>(k)]);
    mu_[k] = delta_dot_[hard_[static_cast<std::size_t>(k)]];  // Gₕ q̇, prescribed rates included
  }
  // prescribed coordinates take no impulse: identity rows of M, zero columns of Gₕ
  factor_free_mass(model, data, t, q, M_, llt_m_);
  for (const PrescribedCoordinate& p : model.prescribed()) Gh_.col(p.coordinate).setZero();
  Yh_ = Gh_.transpose();
  llt_m_.solveInPlace(Yh_);
  Ah_.noalias() = Gh_ * Yh_;
  ldlt_h_.compute(Ah_);
  const double d_max = ldlt_h_.vectorD().cwiseAbs().maxCoeff();
  if (ldlt_h_.info() != Eigen::Success || !(ldlt_h_.vectorD().minCoeff() > 1e-13 * d_max)) {
    throw RedundantLoopsError("hard constraint rows are singular at t = " + std::to_string(t) +
                              " while projecting the velocities onto them (redundant rows or a singular configuration)");
  }
  ldlt_h_.solveInPlace(mu_);
  qd.noalias() -= Yh_ * mu_;
}

double LoopSolver::potential() const {
  double v = 0.0;
  for (int i = 0; i < loops_.num_loops(); ++i) {
    const double c = loops_.loop(i).compliance;
    if (!(c > 0.0)) continue;
    v += 0.5 * delta_.segment(offset_[static_cast<std::size_t>(i)], data_[static_cast<std::size_t>(i)].rows).squaredNorm() / c;
  }
  return v;
}

}  // namespace js
