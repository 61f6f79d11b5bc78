#include "core/fit/baseline.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include "core/fit/metric.hpp"

namespace js::fit {

namespace {

// the local parameters of the hinge: columns of the twist picked by δa and δb (the z rotation and z
// translation of parent_T_axis and the z rotation of axis_T_child are the gauge of Rz(θ), left out)
constexpr int kA[4] = {0, 1, 3, 4};
constexpr int kB[5] = {0, 1, 3, 4, 5};
constexpr int kGlobal = 9;
using Mat9 = Eigen::Matrix<double, kGlobal, kGlobal>;
using Vec9 = Eigen::Matrix<double, kGlobal, 1>;
using Jac = Eigen::Matrix<double, 6, 10>;

SE3 rot_z(double angle) {
  SE3 t;
  const double c = std::cos(angle), s = std::sin(angle);
  t.R << c, -s, 0, s, c, 0, 0, 0, 1;
  return t;
}

// a right-handed frame whose third column is z (unit)
Mat3 frame_with_z(const Vec3& z) {
  const Vec3 helper = std::abs(z.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  const Vec3 x = (helper - helper.dot(z) * z).normalized();
  Mat3 f;
  f.col(0) = x;
  f.col(1) = z.cross(x);
  f.col(2) = z;
  return f;
}

double wrap(double a) { return std::remainder(a, 2.0 * kPi); }

double hinge_cost(const SampleSet& set, const SE3& A, const SE3& B, const std::vector<double>& angle,
                  double inv_length) {
  double f = 0.0;
  Vec6 r;
  for (int k = 0; k < set.size(); ++k) {
    const Sample& s = set.samples[static_cast<std::size_t>(k)];
    hinge_residual(A, B, angle[static_cast<std::size_t>(k)], s.parent_T_child, inv_length, r, nullptr);
    f += s.weight * r.squaredNorm();
  }
  return f;
}

[[noreturn]] void degenerate(const SampleSet& set, const std::string& message) {
  const int line = set.samples.empty() ? 0 : set.samples.back().line;
  throw SampleError(SampleErrorKind::Degenerate, set.source, line, 0, message);
}

// the mean helical axis in the parent (principal direction of the rotation vectors of R_k R_mᵀ against the
// middle sample) and in the child, the angles about it, and the axis point (sara with the axis fixed)
void hinge_start(const SampleSet& set, HingeFit& h) {
  const int n = set.size();
  const Mat3& Rm = set.samples[static_cast<std::size_t>(n / 2)].parent_T_child.R;
  Mat3 scatter = Mat3::Zero();
  for (const Sample& s : set.samples) {
    const Vec3 w = so3_log(s.parent_T_child.R * Rm.transpose());
    scatter += s.weight * w * w.transpose();
  }
  Eigen::SelfAdjointEigenSolver<Mat3> eig(scatter);
  double total_weight = 0.0;
  for (const Sample& s : set.samples) total_weight += s.weight;
  if (!(eig.eigenvalues()[2] > 1e-12 * total_weight)) {
    degenerate(set, "the samples do not rotate (all orientations agree within 1e-6 rad): no hinge axis is determined");
  }
  const Vec3 axis_parent = eig.eigenvectors().col(2);
  Vec3 axis_child = Vec3::Zero();
  for (const Sample& s : set.samples) axis_child += s.weight * s.parent_T_child.R.transpose() * axis_parent;
  axis_child.normalize();
  const Mat3 P = frame_with_z(axis_parent);
  const Mat3 F = frame_with_z(axis_child);
  h.parent_T_axis = SE3::rotation(P);
  h.axis_T_child = SE3::rotation(F.transpose());
  h.angle.resize(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    const Mat3 M = P.transpose() * set.samples[static_cast<std::size_t>(k)].parent_T_child.R * F;
    h.angle[static_cast<std::size_t>(k)] = std::atan2(M(1, 0) - M(0, 1), M(0, 0) + M(1, 1));
  }
  // a − R_k c = p_k with a = (n·p̄) n + Ua α and c = Uc γ (the slide along the axis removed)
  Vec3 mean_p = Vec3::Zero();
  for (const Sample& s : set.samples) mean_p += s.weight * s.parent_T_child.p;
  mean_p /= total_weight;
  const Vec3 a0 = axis_parent.dot(mean_p) * axis_parent;
  Eigen::Matrix4d N = Eigen::Matrix4d::Zero();
  Eigen::Vector4d rhs = Eigen::Vector4d::Zero();
  for (const Sample& s : set.samples) {
    Eigen::Matrix<double, 3, 4> J;
    J.leftCols<2>() = P.leftCols<2>();
    J.rightCols<2>() = -s.parent_T_child.R * F.leftCols<2>();
    N += s.weight * J.transpose() * J;
    rhs += s.weight * J.transpose() * (s.parent_T_child.p - a0);
  }
  const Eigen::Vector4d x = N.ldlt().solve(rhs);
  const Vec3 a = a0 + P.leftCols<2>() * x.head<2>();
  const Vec3 c = F.leftCols<2>() * x.tail<2>();
  h.parent_T_axis.p = a;
  h.axis_T_child.p = -(h.axis_T_child.R * c);
}

// the gauge chosen for people: θ increasing along the sample order, unwrapped, and the axis origin at the
// point of the axis nearest the child origins' centroid
void hinge_normalize(const SampleSet& set, HingeFit& h) {
  const std::size_t n = h.angle.size();
  for (std::size_t k = 1; k < n; ++k) h.angle[k] = h.angle[k - 1] + wrap(h.angle[k] - h.angle[k - 1]);
  if (n > 1 && h.angle.back() < h.angle.front()) {
    SE3 flip;  // Rx(π) Rz(θ) Rx(π) = Rz(−θ)
    flip.R = Vec3(1, -1, -1).asDiagonal();
    h.parent_T_axis = h.parent_T_axis * flip;
    h.axis_T_child = flip * h.axis_T_child;
    for (double& a : h.angle) a = -a;
  }
  // θ of the first sample in (−π, π]
  const double shift = h.angle.empty() ? 0.0 : h.angle.front() - wrap(h.angle.front());
  for (double& a : h.angle) a -= shift;
  Vec3 mean_p = Vec3::Zero();
  for (const Sample& s : set.samples) mean_p += s.parent_T_child.p;
  mean_p /= std::max(1, set.size());
  const Vec3 z = h.parent_T_axis.R.col(2);
  const double t = z.dot(mean_p - h.parent_T_axis.p);
  h.parent_T_axis.p += t * z;
  h.axis_T_child.p -= Vec3(0, 0, t);
}

}  // namespace

void hinge_residual(const SE3& A, const SE3& B, double angle, const SE3& desired, double inv_length, Vec6& r,
                    Jac* jacobian) {
  const SE3 zB = rot_z(angle) * B;
  const SE3 G = A * zB;
  PoseResidual res;
  pose_residual(G, desired, inv_length, jacobian != nullptr, res);
  r = res.r;
  if (jacobian == nullptr) return;
  // right-perturbation twists of G: A exp(δa) → Ad_{(Rz B)⁻¹} δa; exp(δb) B and dθ → Ad_{B⁻¹}(·)
  for (int i = 0; i < 4; ++i) {
    Twist e = Twist::Zero();
    e[kA[i]] = 1.0;
    jacobian->col(i) = res.A * Ad_inv_apply(zB, e);
  }
  for (int i = 0; i < 5; ++i) {
    Twist e = Twist::Zero();
    e[kB[i]] = 1.0;
    jacobian->col(4 + i) = res.A * Ad_inv_apply(B, e);
  }
  Twist e = Twist::Zero();
  e[2] = 1.0;
  jacobian->col(9) = res.A * Ad_inv_apply(B, e);
}

SE3 HingeFit::pose(int k) const { return parent_T_axis * rot_z(angle[static_cast<std::size_t>(k)]) * axis_T_child; }

SE3 BallFit::pose(int k, const SampleSet& samples) const {
  SE3 g;
  g.R = samples.samples[static_cast<std::size_t>(k)].parent_T_child.R;
  g.p = centre_in_parent - g.R * centre_in_child;
  return g;
}

HingeFit fit_hinge(const SampleSet& set, double length_scale, int max_iterations) {
  require_samples(set, 2, "a hinge baseline");
  HingeFit h;
  hinge_start(set, h);
  const double inv_length = 1.0 / (length_scale > 0.0 ? length_scale : 1.0);
  const int n = set.size();
  // levenberg–marquardt on (δa, δb, θ); the θ block is diagonal, eliminated by its schur complement
  std::vector<double> d(static_cast<std::size_t>(n)), g_theta(static_cast<std::size_t>(n));
  std::vector<Vec9> e(static_cast<std::size_t>(n));
  std::vector<double> trial_angle(static_cast<std::size_t>(n));
  double cost = hinge_cost(set, h.parent_T_axis, h.axis_T_child, h.angle, inv_length);
  double lambda = 1e-6;
  Jac J;
  Vec6 r;
  for (int it = 0; it < max_iterations && !h.converged; ++it) {
    h.iterations = it + 1;
    Mat9 H = Mat9::Zero();
    Vec9 g = Vec9::Zero();
    for (int k = 0; k < n; ++k) {
      const Sample& s = set.samples[static_cast<std::size_t>(k)];
      hinge_residual(h.parent_T_axis, h.axis_T_child, h.angle[static_cast<std::size_t>(k)], s.parent_T_child,
                     inv_length, r, &J);
      const auto Jg = J.leftCols<kGlobal>();
      const auto jt = J.col(9);
      H.noalias() += s.weight * Jg.transpose() * Jg;
      g.noalias() += s.weight * Jg.transpose() * r;
      d[static_cast<std::size_t>(k)] = s.weight * jt.squaredNorm();
      e[static_cast<std::size_t>(k)].noalias() = s.weight * Jg.transpose() * jt;
      g_theta[static_cast<std::size_t>(k)] = s.weight * jt.dot(r);
    }
    if (std::sqrt(g.squaredNorm() + std::inner_product(g_theta.begin(), g_theta.end(), g_theta.begin(), 0.0)) <
        1e-14 * std::max(1.0, cost)) {
      h.converged = true;
      break;
    }
    bool accepted = false;
    while (!accepted && lambda < 1e12) {
      Mat9 S = H;
      S.diagonal() += lambda * (H.diagonal().array() + 1e-12).matrix();
      Vec9 rhs = g;
      for (int k = 0; k < n; ++k) {
        const std::size_t u = static_cast<std::size_t>(k);
        const double dk = d[u] * (1.0 + lambda) + 1e-12;
        S.noalias() -= e[u] * e[u].transpose() / dk;
        rhs -= e[u] * (g_theta[u] / dk);
      }
      const Vec9 dg = -S.ldlt().solve(rhs);
      double step2 = dg.squaredNorm();
      for (int k = 0; k < n; ++k) {
        const std::size_t u = static_cast<std::size_t>(k);
        const double dt = -(g_theta[u] + e[u].dot(dg)) / (d[u] * (1.0 + lambda) + 1e-12);
        trial_angle[u] = h.angle[u] + dt;
        step2 += dt * dt;
      }
      Twist da = Twist::Zero(), db = Twist::Zero();
      for (int i = 0; i < 4; ++i) da[kA[i]] = dg[i];
      for (int i = 0; i < 5; ++i) db[kB[i]] = dg[4 + i];
      const SE3 A = h.parent_T_axis * se3_exp(da);
      const SE3 B = se3_exp(db) * h.axis_T_child;
      const double trial = hinge_cost(set, A, B, trial_angle, inv_length);
      if (trial <= cost) {
        accepted = true;
        const double decrease = cost - trial;
        h.parent_T_axis = A;
        h.axis_T_child = B;
        h.angle.swap(trial_angle);
        cost = trial;
        lambda = std::max(1e-12, lambda / 3.0);
        if (step2 < 1e-24 || decrease <= 1e-15 * std::max(cost, 1e-30)) h.converged = true;
      } else {
        lambda *= 4.0;
      }
    }
    if (!accepted) {
      h.converged = true;  // no step lowers the cost: at a minimum to machine precision
      break;
    }
  }
  hinge_normalize(set, h);
  std::vector<double> t(static_cast<std::size_t>(n)), rot(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    const SE3 G = h.pose(k);
    const SE3& D = set.samples[static_cast<std::size_t>(k)].parent_T_child;
    t[static_cast<std::size_t>(k)] = (G.p - D.p).norm();
    rot[static_cast<std::size_t>(k)] = so3_log(G.R.transpose() * D.R).norm();
  }
  h.errors = summarize_errors(std::move(t), std::move(rot));
  return h;
}

BallFit fit_ball(const SampleSet& set) {
  require_samples(set, 2, "a ball joint baseline");
  // score: min Σ w |a − R_k c − p_k|², the deviation from (a, c) = (p̄, 0) of least norm where the rotations
  // leave the centre free (rotations about one axis only: the centre slides along it)
  double total_weight = 0.0;
  Vec3 mean_p = Vec3::Zero();
  for (const Sample& s : set.samples) {
    total_weight += s.weight;
    mean_p += s.weight * s.parent_T_child.p;
  }
  mean_p /= total_weight;
  Mat6 N = Mat6::Zero();
  Vec6 rhs = Vec6::Zero();
  for (const Sample& s : set.samples) {
    Eigen::Matrix<double, 3, 6> J;
    J.leftCols<3>().setIdentity();
    J.rightCols<3>() = -s.parent_T_child.R;
    N += s.weight * J.transpose() * J;
    rhs += s.weight * J.transpose() * (s.parent_T_child.p - mean_p);
  }
  Eigen::SelfAdjointEigenSolver<Mat6> eig(N);
  const double top = eig.eigenvalues()[5];
  Vec6 x = Vec6::Zero();
  BallFit b;
  for (int i = 0; i < 6; ++i) {
    const double l = eig.eigenvalues()[i];
    if (l > 1e-10 * top) x += eig.eigenvectors().col(i) * (eig.eigenvectors().col(i).dot(rhs) / l);
    else b.determined = false;
  }
  b.centre_in_parent = mean_p + x.head<3>();
  b.centre_in_child = x.tail<3>();
  std::vector<double> t(static_cast<std::size_t>(set.size())), rot(static_cast<std::size_t>(set.size()), 0.0);
  for (int k = 0; k < set.size(); ++k) {
    t[static_cast<std::size_t>(k)] = (b.pose(k, set).p - set.samples[static_cast<std::size_t>(k)].parent_T_child.p).norm();
  }
  b.errors = summarize_errors(std::move(t), std::move(rot));
  return b;
}

BaselineErrors summarize_errors(std::vector<double> translation, std::vector<double> rotation) {
  BaselineErrors e;
  e.translation = std::move(translation);
  e.rotation = std::move(rotation);
  const std::size_t n = e.translation.size();
  double st = 0.0, sr = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    st += e.translation[k] * e.translation[k];
    sr += e.rotation[k] * e.rotation[k];
    if (e.worst_translation < 0 || e.translation[k] > e.max_translation_m) {
      e.max_translation_m = e.translation[k];
      e.worst_translation = static_cast<int>(k);
    }
    if (e.worst_rotation < 0 || e.rotation[k] > e.max_rotation_rad) {
      e.max_rotation_rad = e.rotation[k];
      e.worst_rotation = static_cast<int>(k);
    }
  }
  e.rms_translation_m = n > 0 ? std::sqrt(st / static_cast<double>(n)) : 0.0;
  e.rms_rotation_rad = n > 0 ? std::sqrt(sr / static_cast<double>(n)) : 0.0;
  return e;
}

namespace {
std::string q_text(const SampleSet& set, int k, bool degrees) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  if (k < 0 || k >= set.size()) return "-";
  const JointVector& q = set.samples[static_cast<std::size_t>(k)].q;
  for (int a = 0; a < q.size(); ++a) {
    s << (a ? ", " : "");
    if (degrees) {
      s.precision(1);
      s << q[a] * 180.0 / kPi << "°";
    } else {
      s.precision(3);
      s << q[a];
    }
  }
  return s.str();
}
}  // namespace

std::string baseline_line(const std::string& name, const BaselineErrors& e, const SampleSet& set, bool degrees) {
  constexpr double kDeg = 180.0 / kPi;
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(3);
  s << name << ": rms " << e.rms_translation_m * 1e3 << " mm, max " << e.max_translation_m * 1e3 << " mm at q = "
    << q_text(set, e.worst_translation, degrees) << "; rms " << e.rms_rotation_rad * kDeg << " deg, max "
    << e.max_rotation_rad * kDeg << " deg";
  if (e.max_rotation_rad > 0.0) s << " at q = " << q_text(set, e.worst_rotation, degrees);
  return s.str();
}

}  // namespace js::fit
