#include "tests/core/joints/joint_harness.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <sstream>

#include "core/lie/so3.hpp"

namespace js::test {

namespace {

// |x − ref| / max(1, |x|), max over columns
template <class A, class B>
double relative_error(const A& x, const B& ref) {
  double worst = 0.0;
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    const double scale = std::max(1.0, x.col(c).norm());
    worst = std::max(worst, (x.col(c) - ref.col(c)).norm() / scale);
  }
  return worst;
}

double transform_error(const SE3& a, const SE3& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff() / std::max(1.0, b.p.norm()));
}

std::string describe(const JointModel& joint, int sample, const JointVector& q) {
  std::ostringstream os;
  os << joint_kind_name(joint.kind()) << " joint, sample " << sample << ", q = [" << q.transpose() << "]";
  return os.str();
}

JointVector unit(int n, int i) { return JointVector::Unit(n, i); }

}  // namespace

QSampler uniform_sampler(int dof, double lo, double hi) {
  return [dof, lo, hi](std::mt19937& rng) {
    std::uniform_real_distribution<double> u(lo, hi);
    JointVector q(dof);
    for (int i = 0; i < dof; ++i) q[i] = u(rng);
    return q;
  };
}

QSampler box_sampler(const JointVector& lo, const JointVector& hi) {
  return [lo, hi](std::mt19937& rng) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    JointVector q(lo.size());
    for (Eigen::Index i = 0; i < lo.size(); ++i) q[i] = lo[i] + u(rng) * (hi[i] - lo[i]);
    return q;
  };
}

SE3 random_transform(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const Vec3 dir = Vec3(u(rng), u(rng), u(rng)).normalized();
  const double angle = kPi * std::abs(u(rng));
  return SE3{so3_exp(dir * angle), Vec3(u(rng), u(rng), u(rng))};
}

JointJacobian fd_jacobian(const JointModel& joint, const JointVector& q, double step) {
  const int n = joint.dof();
  JointData plus(n), minus(n), centre(n);
  joint.evaluate(q, centre, EvalLevel::Transform);
  const SE3 centre_inv = centre.G.inverse();
  JointJacobian S(6, n);
  for (int i = 0; i < n; ++i) {
    joint.evaluate(q + step * unit(n, i), plus, EvalLevel::Transform);
    joint.evaluate(q - step * unit(n, i), minus, EvalLevel::Transform);
    // eq. (13): s_i = (G⁻¹ ∂G/∂q_i)^∨
    const Mat4 dG = (plus.G.matrix() - minus.G.matrix()) / (2.0 * step);
    S.col(i) = vee6(centre_inv.matrix() * dG);
  }
  return S;
}

JointHessian fd_hessian(const JointModel& joint, const JointVector& q, double step) {
  const int n = joint.dof();
  JointData plus(n), minus(n);
  JointHessian dS(6, n * n);
  for (int j = 0; j < n; ++j) {
    joint.evaluate(q + step * unit(n, j), plus, EvalLevel::Jacobian);
    joint.evaluate(q - step * unit(n, j), minus, EvalLevel::Jacobian);
    for (int i = 0; i < n; ++i) dS.col(i * n + j) = (plus.S.col(i) - minus.S.col(i)) / (2.0 * step);
  }
  return dS;
}

namespace {

// derivatives, rigidity and level agreement at one q; folds the errors into report.
void check_at(const JointModel& joint, const JointVector& q, const JointCheckOptions& o, const std::string& where,
              JointCheckReport& report) {
  const int n = joint.dof();
  JointData full(n), jac(n), tf(n);
  joint.evaluate(q, full, EvalLevel::Hessian);
  joint.evaluate(q, jac, EvalLevel::Jacobian);
  joint.evaluate(q, tf, EvalLevel::Transform);

  const double rigid = std::max(so3_orthonormality_error(full.G.R), full.G.p.allFinite() ? 0.0 : 1e300);
  EXPECT_LT(rigid, o.exact_tolerance * 100) << "G is not a rigid transform: " << where;
  report.max_rigidity_error = std::max(report.max_rigidity_error, rigid);

  const double level = std::max({transform_error(tf.G, full.G), transform_error(jac.G, full.G),
                                 n > 0 ? relative_error(jac.S, full.S) : 0.0});
  EXPECT_LT(level, o.exact_tolerance) << "eval levels disagree: " << where;
  report.max_level_error = std::max(report.max_level_error, level);
  if (n == 0) return;

  const double e_s = relative_error(full.S, fd_jacobian(joint, q, o.fd_step));
  EXPECT_LT(e_s, o.tolerance) << "S vs finite differences of G: " << where << "\nS =\n" << full.S;
  report.max_jacobian_error = std::max(report.max_jacobian_error, e_s);

  const double e_h = relative_error(full.dS, fd_hessian(joint, q, o.fd_step));
  EXPECT_LT(e_h, o.tolerance) << "∇S vs finite differences of S: " << where << "\n∇S =\n" << full.dS;
  report.max_hessian_error = std::max(report.max_hessian_error, e_h);
}

// G = P·G_local·C, S = Ad_{C⁻¹} S_local, ∇S = Ad_{C⁻¹} ∇S_local (joint.hpp), with local from a clone
// whose offsets are identity.
double offset_error(const JointModel& with_offsets, const JointModel& local, const JointVector& q) {
  const int n = local.dof();
  JointData a(n), b(n);
  with_offsets.evaluate(q, a, EvalLevel::Hessian);
  local.evaluate(q, b, EvalLevel::Hessian);
  const SE3& P = with_offsets.parent_T_joint();
  const SE3& C = with_offsets.moving_T_child();
  double err = transform_error(a.G, P * b.G * C);
  for (int i = 0; i < n; ++i) {
    const Twist s = Ad_inv_apply(C, b.S.col(i));
    err = std::max(err, (a.S.col(i) - s).norm() / std::max(1.0, s.norm()));
  }
  for (int c = 0; c < n * n; ++c) {
    const Twist ds = Ad_inv_apply(C, b.dS.col(c));
    err = std::max(err, (a.dS.col(c) - ds).norm() / std::max(1.0, ds.norm()));
  }
  return err;
}

}  // namespace

JointCheckReport check_joint(const JointModel& joint, const QSampler& sample_q, const JointCheckOptions& o) {
  JointCheckReport report;
  std::mt19937 rng(o.seed);

  std::unique_ptr<JointModel> local = joint.clone();
  local->set_offsets(SE3::identity(), SE3::identity());
  std::unique_ptr<JointModel> offset = joint.clone();

  for (int k = 0; k < o.samples; ++k) {
    const JointVector q = sample_q(rng);
    EXPECT_EQ(q.size(), joint.dof()) << "sampler returned the wrong size for " << joint_kind_name(joint.kind());
    if (q.size() != joint.dof()) return report;
    const std::string where = describe(joint, k, q);
    check_at(joint, q, o, where, report);
    if (!o.check_offsets) continue;

    // random offsets: the convention holds and the derivatives stay consistent with G
    offset->set_offsets(random_transform(rng), random_transform(rng));
    const double e_off = offset_error(*offset, *local, q);
    EXPECT_LT(e_off, o.exact_tolerance * 100) << "offsets convention broken: " << where;
    report.max_offset_error = std::max(report.max_offset_error, e_off);
    if (k % 5 == 0) check_at(*offset, q, o, where + " (random offsets)", report);
  }
  return report;
}

// the parameterised suite: instantiate it with your own JointCase list (see the header).
TEST_P(JointHarnessTest, DerivativesLevelsAndOffsets) {
  const JointCase& c = GetParam();
  const std::unique_ptr<JointModel> joint = c.make();
  ASSERT_TRUE(joint);
  const JointCheckReport r = check_joint(*joint, c.sampler(*joint), c.options);
  RecordProperty("max_jacobian_error", std::to_string(r.max_jacobian_error));
  RecordProperty("max_hessian_error", std::to_string(r.max_hessian_error));
  std::printf("  [%s] max rel err S %.2e, dS %.2e, offsets %.2e, levels %.2e\n", c.name.c_str(),
              r.max_jacobian_error, r.max_hessian_error, r.max_offset_error, r.max_level_error);
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(JointHarnessTest);

}  // namespace js::test
