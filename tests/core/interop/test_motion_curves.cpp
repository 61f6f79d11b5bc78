// motion curves: the angles of a joint built from a known grood–suntay sequence come back as built, a
// motion through ±180° stays continuous, samples become dots on the curves (2-dof: only those at the other
// coordinate's value), the knee convention is guessed from the motion, and the csv names its columns.
#include <gtest/gtest.h>

#include <cmath>

#include "core/interop/motion_curves.hpp"
#include "tests/core/dynamics/test_joints.hpp"

namespace js::interop {
namespace {

// G(q, u) = [R_z(q) R_x(0.1 q + u) R_y(−0.2 q); p = (0.01 q, −0.02 + u, 0.003 q²)]: a knee in opensim's
// frames (flexion about z, long axis y) with a second coordinate u added to the ab/adduction and height
class KnownJoint final : public JointModel {
 public:
  explicit KnownJoint(int dof) : JointModel(coordinates(dof), RangePolicy::Natural) {}
  JointKind kind() const override { return JointKind::CustomAxes; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<KnownJoint>(*this); }
  static Vec3 angles(double q, double u) { return Vec3(q, 0.1 * q + u, -0.2 * q); }
  static Vec3 position(double q, double u) { return Vec3(0.01 * q, -0.02 + u, 0.003 * q * q); }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel) const override {
    const double u = q.size() > 1 ? q[1] : 0.0;
    data.G.R = compose_body_fixed({2, 0, 1}, angles(q[0], u));
    data.G.p = position(q[0], u);
    data.S.setZero();
    data.dS.setZero();
  }

 private:
  static std::vector<Coordinate> coordinates(int dof) {
    std::vector<Coordinate> c{{"flexion", 0.0, 2.0}};
    if (dof > 1) c.push_back({"u", -0.1, 0.1});
    return c;
  }
};

AngleConvention knee_convention() {
  AngleConvention c;
  c.flexion_axis = 2;
  c.long_axis = 1;
  return c;
}

TEST(MotionCurves, GroodSuntayAnglesAreTheBuiltOnes) {
  const KnownJoint joint(1);
  const MotionCurves m = motion_curves(joint, 0, JointVector::Zero(1), knee_convention(), nullptr, 41);
  ASSERT_EQ(m.q.size(), 41u);
  EXPECT_DOUBLE_EQ(m.q.front(), 0.0);
  EXPECT_DOUBLE_EQ(m.q.back(), 2.0);
  for (std::size_t i = 0; i < m.q.size(); ++i) {
    const Vec3 a = KnownJoint::angles(m.q[i], 0.0), p = KnownJoint::position(m.q[i], 0.0);
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR(m.angle[static_cast<std::size_t>(c)][i], a[c], 1e-12) << i << " " << c;
      EXPECT_NEAR(m.translation[static_cast<std::size_t>(c)][i], p[c], 1e-15);
    }
  }
  EXPECT_EQ(knee_convention().sequence(), (AxisOrder{2, 0, 1}));
  EXPECT_EQ(knee_convention().angle_names()[1], "ab/adduction (floating +x)");
}

TEST(MotionCurves, ThePlainSequenceDiffersAndIsExact) {
  const KnownJoint joint(1);
  AngleConvention xyz;
  xyz.grood_suntay = false;
  xyz.order = {0, 1, 2};
  const MotionCurves m = motion_curves(joint, 0, JointVector::Zero(1), xyz, nullptr, 11);
  for (std::size_t i = 0; i < m.q.size(); ++i) {
    const Vec3 a(m.angle[0][i], m.angle[1][i], m.angle[2][i]);
    const Mat3 R = compose_body_fixed({2, 0, 1}, KnownJoint::angles(m.q[i], 0.0));
    EXPECT_LT((compose_body_fixed({0, 1, 2}, a) - R).norm(), 1e-12);
  }
  EXPECT_EQ(xyz.name(), "body-fixed xyz");
}

TEST(MotionCurves, ThroughHalfATurnTheAnglesStayContinuous) {
  // flexion from 0 to 4 rad passes 180°: the decomposition jumps by 360° there unless unwrapped
  class Turn final : public JointModel {
   public:
    Turn() : JointModel({{"q", 0.0, 4.0}}, RangePolicy::Natural) {}
    JointKind kind() const override { return JointKind::Revolute; }
    std::unique_ptr<JointModel> clone() const override { return std::make_unique<Turn>(*this); }

   protected:
    void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel) const override {
      data.G.R = compose_body_fixed({2, 0, 1}, Vec3(q[0], 0.05, 0.1));
      data.G.p.setZero();
    }
  };
  const MotionCurves m = motion_curves(Turn(), 0, JointVector::Zero(1), knee_convention(), nullptr, 101);
  for (std::size_t i = 0; i < m.q.size(); ++i) EXPECT_NEAR(m.angle[0][i], m.q[i], 1e-12) << i;
}

TEST(MotionCurves, SamplesAreDotsOnTheCurveAtTheOtherCoordinate) {
  const KnownJoint joint(2);
  fit::SampleSet set;
  set.dof = 2;
  for (double u : {-0.05, 0.0, 0.05}) {
    for (double q : {0.3, 1.0, 1.7}) {
      fit::Sample s;
      s.q = JointVector(2);
      s.q << q, u;
      s.parent_T_child.R = compose_body_fixed({2, 0, 1}, KnownJoint::angles(q, u));
      s.parent_T_child.p = KnownJoint::position(q, u);
      set.samples.push_back(s);
    }
  }
  JointVector at(2);
  at << 0.0, 0.05;
  const MotionCurves m = motion_curves(joint, 0, at, knee_convention(), &set, 21, 1e-9);
  ASSERT_EQ(m.sample_q.size(), 3u);  // only the u = 0.05 row
  EXPECT_EQ(m.sample_index, (std::vector<int>{6, 7, 8}));
  for (std::size_t i = 0; i < 3; ++i) {
    const Vec3 a = KnownJoint::angles(m.sample_q[i], 0.05);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(m.sample_angle[static_cast<std::size_t>(c)][i], a[c], 1e-12);
    EXPECT_NEAR(m.sample_translation[1][i], -0.02 + 0.05, 1e-15);
  }
  // the curve at u = 0.05 passes through them: ab/adduction is 0.1 q + 0.05 along it
  EXPECT_NEAR(m.angle[1].front(), 0.05, 1e-12);
  EXPECT_THROW(motion_curves(joint, 2, at, knee_convention(), &set), std::invalid_argument);
  EXPECT_THROW(motion_curves(joint, 0, at, knee_convention(), &set, 21, 1e-9, std::pair{1.0, 1.0}), std::invalid_argument);
  const MotionCurves part = motion_curves(joint, 0, at, knee_convention(), &set, 5, 1e-9, std::pair{0.5, 1.5});
  EXPECT_EQ(part.q, (std::vector<double>{0.5, 0.75, 1.0, 1.25, 1.5}));
  EXPECT_THROW(motion_curves(joint, 0, JointVector::Zero(1), knee_convention(), &set), std::invalid_argument);
}

TEST(MotionCurves, TheKneeConventionIsGuessedFromTheMotion) {
  const AngleConvention c = guess_grood_suntay(KnownJoint(1), 0, JointVector::Zero(1));
  EXPECT_TRUE(c.grood_suntay);
  EXPECT_EQ(c.flexion_axis, 2);
  EXPECT_EQ(c.long_axis, 1);
}

TEST(MotionCurves, CsvNamesItsColumnsInDegreesAndMillimetres) {
  const KnownJoint joint(1);
  fit::SampleSet set;
  fit::Sample s;
  s.q = JointVector::Constant(1, 1.0);
  s.parent_T_child.R = compose_body_fixed({2, 0, 1}, KnownJoint::angles(1.0, 0.0));
  s.parent_T_child.p = KnownJoint::position(1.0, 0.0);
  set.samples.push_back(s);
  const MotionCurves m = motion_curves(joint, 0, JointVector::Zero(1), knee_convention(), &set, 3);
  const std::string csv = motion_curves_csv(m, knee_convention(), "knee_angle", true);
  EXPECT_NE(csv.find("kind,sample,knee_angle (deg),flexion (+z) (deg)"), std::string::npos) << csv;
  EXPECT_NE(csv.find("x (mm),y (mm),z (mm),speed |S| (per rad; l = 1 m),bend |dS/dq| (per rad^2)\n"), std::string::npos)
      << csv;
  // q = 0: y = −20 mm; this joint's S is 0 (it only poses)
  EXPECT_NE(csv.find("\ncurve,,0,0,0,0,0,-20,0,0,0\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nsample,0,57.29577951"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",,\n", csv.find("\nsample,0")), std::string::npos) << csv;  // no speed on a sample row
}

// speed and bend along q: a joint that stalls, G = exp(q² ξ), has S = 2q ξ and ∂S/∂q = 2ξ, so under the
// metric W the speed is 2|q| ‖Wξ‖ (0 at q = 0) and the bend 2 ‖Wξ‖
TEST(MotionCurves, SpeedAndBendAreTheMetricNormsOfSAndItsDerivative) {
  test::QuadraticPoeJoint::Factor f;
  f.g << 0.0, 0.0, 1.0, 0.2, 0.0, 0.0;  // [ω; v]
  f.C(0, 0) = 2.0;
  const test::QuadraticPoeJoint joint(1, {f});
  const double ell = 0.05, w_xi = std::hypot(1.0, 0.2 / ell);
  const MotionCurves m = motion_curves(joint, 0, JointVector::Zero(1), knee_convention(), nullptr, 41, 1e-6,
                                       std::pair{-1.0, 1.0}, ell);
  ASSERT_EQ(m.speed.size(), 41u);
  EXPECT_EQ(m.length_scale, ell);
  for (std::size_t i = 0; i < m.q.size(); ++i) {
    EXPECT_NEAR(m.speed[i], 2.0 * std::abs(m.q[i]) * w_xi, 1e-12) << m.q[i];
    EXPECT_NEAR(m.bend[i], 2.0 * w_xi, 1e-12) << m.q[i];
  }
  EXPECT_NEAR(m.speed[20], 0.0, 1e-12);  // q = 0: the joint stands still
  EXPECT_THROW(motion_curves(joint, 0, JointVector::Zero(1), knee_convention(), nullptr, 5, 1e-6, std::nullopt, 0.0),
               std::invalid_argument);
}

// on a 2-dof joint the bend is the swept column's own derivative: central differences of S e_a along q_a
TEST(MotionCurves, BendMatchesFiniteDifferencesOfTheSweptColumn) {
  test::QuadraticPoeJoint::Factor a, b;
  a.g << 0.3, 0.0, 1.0, 0.1, 0.0, 0.02;
  a.C(0, 0) = 1.0;
  a.C(0, 1) = a.C(1, 0) = 0.4;
  b.g << 1.0, 0.2, 0.0, 0.0, 0.05, 0.0;
  b.C(1, 1) = 1.5;
  b.C(0, 0) = 0.3;
  const test::QuadraticPoeJoint joint(2, {a, b});
  JointVector at(2);
  at << 0.0, 0.35;
  const double ell = 0.1;
  const MotionCurves m = motion_curves(joint, 0, at, knee_convention(), nullptr, 21, 1e-6, std::pair{-0.8, 0.9}, ell);
  JointData d(2);
  const auto norm = [&](const Vec6& t) { return std::hypot(t.head<3>().norm(), t.tail<3>().norm() / ell); };
  for (std::size_t i = 1; i + 1 < m.q.size(); ++i) {
    const double h = 1e-6;
    JointVector x = at;
    x[0] = m.q[i] + h;
    joint.evaluate(x, d, EvalLevel::Jacobian);
    const Vec6 plus = d.S.col(0);
    x[0] = m.q[i] - h;
    joint.evaluate(x, d, EvalLevel::Jacobian);
    const Vec6 minus = d.S.col(0);
    x[0] = m.q[i];
    joint.evaluate(x, d, EvalLevel::Jacobian);
    EXPECT_NEAR(m.speed[i], norm(d.S.col(0)), 1e-12);
    EXPECT_NEAR(m.bend[i], norm((plus - minus) / (2 * h)), 1e-7) << m.q[i];
  }
}

}  // namespace
}  // namespace js::interop
