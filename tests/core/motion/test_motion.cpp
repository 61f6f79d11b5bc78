// core/motion: arc length against closed forms, the s(q(s)) round trip, eq. 12–13 and 17–18 against
// finite differences, q(t) through the timing keys, degenerate points reported instead of divided by.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "core/dynamics/examples.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/motion/scripted_motion.hpp"
#include "tests/core/dynamics/test_joints.hpp"

namespace js {
namespace {

// a revolute joint with the child offset r from the axis: ‖S‖² = 1 + |ω × (r + p)|²/ℓ², constant.
TEST(ArcLength, RevoluteHasTheClosedForm) {
  auto joint = std::make_shared<RevoluteJoint>(Vec3::UnitZ());
  joint->set_offsets(SE3::identity(), SE3::translation(Vec3(0.3, 0.0, 0.1)));
  ArcLengthMetric m;
  m.length_scale = 0.2;
  m.point = Vec3(0.1, 0.0, 0.0);
  const JointArcLength arc(joint, -0.5, 1.5, m);
  const double r = 0.4;  // distance of the measured point from the axis
  const double speed = std::sqrt(1.0 + r * r / (0.2 * 0.2));
  EXPECT_NEAR(arc.length(), 2.0 * speed, 1e-12);
  EXPECT_NEAR(arc.s_of_q(0.25), 0.75 * speed, 1e-12);
  EXPECT_NEAR(arc.q_of_s(0.75 * speed), 0.25, 1e-12);
  const ArcLengthDerivatives d = arc.derivatives(0.7);
  EXPECT_NEAR(d.dq_ds, 1.0 / speed, 1e-12);
  EXPECT_NEAR(d.d2q_ds2, 0.0, 1e-12);
  EXPECT_FALSE(d.degenerate);
}

// the knee spline: s(q(s)) = s and q(s(q)) = q, both directions of travel; eq. 12–13 against
// central differences of the numerical inverse.
TEST(ArcLength, KneeRoundTripAndDerivatives) {
  for (const bool reverse : {false, true}) {
    ArcLengthMetric m;
    m.length_scale = 0.05;
    const JointArcLength arc(example_knee_joint(), reverse ? 2.4 : 0.0, reverse ? 0.0 : 2.4, m);
    const double L = arc.length();
    ASSERT_GT(L, 2.4);
    double worst_s = 0.0, worst_q = 0.0, worst_d1 = 0.0, worst_d2 = 0.0;
    for (int k = 0; k <= 40; ++k) {
      const double s = L * k / 40.0;
      const double q = arc.q_of_s(s);
      worst_s = std::max(worst_s, std::abs(arc.s_of_q(q) - s));
      const double q2 = 2.4 * k / 40.0;
      worst_q = std::max(worst_q, std::abs(arc.q_of_s(arc.s_of_q(q2)) - q2));
      if (k == 0 || k == 40) continue;
      const double h = 1e-4 * L;
      const double qp = arc.q_of_s(s + h), qm = arc.q_of_s(s - h);
      const ArcLengthDerivatives d = arc.derivatives(q);
      worst_d1 = std::max(worst_d1, std::abs((qp - qm) / (2 * h) - d.dq_ds));
      worst_d2 = std::max(worst_d2, std::abs((qp - 2 * q + qm) / (h * h) - d.d2q_ds2));
      EXPECT_EQ(d.dq_ds > 0.0, !reverse);
    }
    EXPECT_LT(worst_s, 1e-10);
    EXPECT_LT(worst_q, 1e-10);
    EXPECT_LT(worst_d1, 1e-7);
    EXPECT_LT(worst_d2, 1e-3);
    std::printf("knee (%s): L = %.6f, |s(q(s)) - s| %.1e, |q(s(q)) - q| %.1e, dq/ds fd %.1e, d2q/ds2 fd %.1e\n",
                reverse ? "reverse" : "forward", L, worst_s, worst_q, worst_d1, worst_d2);
  }
}

TEST(ArcLength, BadInputIsRejected) {
  auto knee = example_knee_joint();
  EXPECT_THROW(JointArcLength(knee, 1.0, 1.0), std::invalid_argument);
  ArcLengthMetric m;
  m.length_scale = 0.0;
  EXPECT_THROW(JointArcLength(knee, 0.0, 1.0, m), std::invalid_argument);
  EXPECT_THROW(JointArcLength(std::make_shared<SphericalJoint>("zyx"), 0.0, 1.0), std::invalid_argument);
}

// a joint that stands still at q = 0: G = exp(q² ξ), S = 2q ξ.
std::shared_ptr<JointModel> stalling_joint() {
  test::QuadraticPoeJoint::Factor f;
  f.g << 0.0, 0.0, 1.0, 0.2, 0.0, 0.0;
  f.C(0, 0) = 2.0;
  return std::make_shared<test::QuadraticPoeJoint>(1, std::vector<test::QuadraticPoeJoint::Factor>{f});
}

TEST(ArcLength, VanishingSpeedIsReportedNotDividedBy) {
  const JointArcLength arc(stalling_joint(), -1.0, 1.0);
  const double c = std::sqrt(1.0 + 0.2 * 0.2);  // ‖ξ‖
  EXPECT_NEAR(arc.length(), 2.0 * c, 1e-10);           // ∫ 2|u| c du over [−1, 1]
  EXPECT_NEAR(arc.q_of_s(0.5 * c), -std::sqrt(0.5), 1e-10);  // s = c (1 − q²) for q < 0
  EXPECT_NEAR(arc.q_of_s(c), 0.0, 1e-6);                // through the stall: bisection, not newton
  const ArcLengthDerivatives d = arc.derivatives(0.0);
  EXPECT_TRUE(d.degenerate);
  EXPECT_EQ(d.dq_ds, 0.0);
  EXPECT_TRUE(std::isfinite(d.d2q_ds2));
}

TEST(TimingCurve, PassesThroughKeysAndMatchesFiniteDifferences) {
  const TimingCurve curve({{0.0, 0.0}, {0.4, 0.3}, {1.0, 1.5}, {1.3, 1.5}, {2.0, 0.5}});
  for (const TimingKey& k : curve.keys()) EXPECT_NEAR(curve.sample(k.t).s, k.s, 1e-13);
  double worst1 = 0.0, worst2 = 0.0;
  for (double t = 0.013; t < 2.0; t += 0.037) {
    const double h = 1e-5;
    const TimingSample a = curve.sample(t), p = curve.sample(t + h), m = curve.sample(t - h);
    ASSERT_FALSE(a.degenerate);
    worst1 = std::max(worst1, std::abs((p.s - m.s) / (2 * h) - a.s_dot));
    worst2 = std::max(worst2, std::abs((p.s - 2 * a.s + m.s) / (h * h) - a.s_ddot));
    // monotone hermite: no overshoot of the keys' range, a held key stays held
    EXPECT_GE(a.s, -1e-15);
    EXPECT_LE(a.s, 1.5 + 1e-15);
    if (t > 1.0 && t < 1.3) {
      EXPECT_NEAR(a.s, 1.5, 1e-15);
    }
  }
  EXPECT_LT(worst1, 1e-7);
  EXPECT_LT(worst2, 1e-3);
  // at rest outside the keys
  EXPECT_EQ(curve.sample(-1.0).s, 0.0);
  EXPECT_EQ(curve.sample(5.0).s, 0.5);
  EXPECT_EQ(curve.sample(5.0).s_dot, 0.0);
}

TEST(TimingCurve, NonMonotoneTimesAreRejectedNamingTheKey) {
  try {
    TimingCurve({{0.0, 0.0}, {1.0, 0.5}, {1.0, 0.7}});
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("key 2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(TimingCurve({{0.0, 0.0}}), std::invalid_argument);
}

// q(t) passes through the keys; q̇ and q̈ (eq. 7–8 from eq. 12–13, 17–18) match finite differences.
TEST(ScriptedMotion, KneeThroughKeysWithExactDerivatives) {
  ArcLengthMetric m;
  m.length_scale = 0.05;
  auto arc = std::make_shared<JointArcLength>(example_knee_joint(), 0.1, 2.2, m);
  const double L = arc->length();
  const ScriptedMotion motion(arc, TimingCurve({{0.0, 0.0}, {0.5, 0.2 * L}, {1.2, 0.9 * L}, {2.0, L}}));
  for (const TimingKey& k : motion.timing().keys()) {
    const MotionSample a = motion.sample(k.t);
    EXPECT_NEAR(arc->s_of_q(a.q), k.s, 1e-10);
  }
  EXPECT_NEAR(motion.sample(0.0).q, 0.1, 1e-12);
  EXPECT_NEAR(motion.sample(2.0).q, 2.2, 1e-12);
  double worst1 = 0.0, worst2 = 0.0;
  for (double t = 0.011; t < 2.0; t += 0.043) {
    // q(s) is found to 1e-12, so the second difference needs a wider step than the first
    const double h = 1e-5, h2 = 1e-3;
    const MotionSample a = motion.sample(t), p = motion.sample(t + h), mm = motion.sample(t - h);
    const MotionSample p2 = motion.sample(t + h2), m2 = motion.sample(t - h2);
    ASSERT_FALSE(a.degenerate);
    worst1 = std::max(worst1, std::abs((p.q - mm.q) / (2 * h) - a.qd));
    worst2 = std::max(worst2, std::abs((p2.q - 2 * a.q + m2.q) / (h2 * h2) - a.qdd));
  }
  EXPECT_LT(worst1, 1e-7);
  EXPECT_LT(worst2, 1e-3);
  std::printf("scripted knee: q̇ fd error %.1e rad/s, q̈ fd error %.1e rad/s²\n", worst1, worst2);
}

TEST(ScriptedMotion, StallAndOutOfRangeKeysAreReported) {
  auto arc = std::make_shared<JointArcLength>(stalling_joint(), -1.0, 1.0);
  const double L = arc->length();
  EXPECT_THROW(ScriptedMotion(arc, TimingCurve({{0.0, 0.0}, {1.0, 1.1 * L}})), std::invalid_argument);
  const ScriptedMotion motion(arc, TimingCurve({{0.0, 0.0}, {1.0, 0.5 * L}, {2.0, L}}));
  const MotionSample stall = motion.sample(1.0);  // s = L/2 is q = 0, where S = 0
  EXPECT_TRUE(stall.degenerate);
  EXPECT_EQ(stall.qd, 0.0);
  EXPECT_EQ(stall.qdd, 0.0);
  EXPECT_FALSE(motion.sample(0.5).degenerate);
  EXPECT_FALSE(motion.sample(3.0).degenerate);  // at rest after the last key
}

// c2 (the default): s, ṡ and s̈ continuous at every key, also into the rest at both ends; c1 jumps in s̈.
TEST(TimingCurve, C2IsContinuousInAccelerationAtEveryKey) {
  const std::vector<TimingKey> keys{{0.0, 0.0}, {0.4, 0.3}, {1.0, 1.5}, {1.3, 1.5}, {2.0, 0.5}, {2.2, 0.1}};
  double jump_c1 = 0.0, jump_c2 = 0.0, rate_jump_c2 = 0.0;
  for (const auto kind : {TimingContinuity::c1, TimingContinuity::c2}) {
    const TimingCurve curve(keys, kind);
    EXPECT_EQ(curve.continuity(), kind);
    for (const TimingKey& k : keys) {
      const double e = 1e-9;
      const TimingSample before = curve.sample(k.t - e), after = curve.sample(k.t + e);
      EXPECT_NEAR(before.s, after.s, 1e-8);
      (kind == TimingContinuity::c1 ? jump_c1 : jump_c2) = std::max(kind == TimingContinuity::c1 ? jump_c1 : jump_c2,
                                                                    std::abs(after.s_ddot - before.s_ddot));
      if (kind == TimingContinuity::c2) rate_jump_c2 = std::max(rate_jump_c2, std::abs(after.s_dot - before.s_dot));
    }
  }
  std::printf("s̈ jump at the keys: c1 %.3g, c2 %.3g (1/s²)\n", jump_c1, jump_c2);
  EXPECT_GT(jump_c1, 1.0);      // the paper's cubic timing curve is only C¹
  EXPECT_LT(jump_c2, 1e-4);  // s⃛ · 2e-9 s around the key
  EXPECT_LT(rate_jump_c2, 1e-6);
}

// c2 keeps what c1 promised: no overshoot, a held key stays held, ṡ of one sign between two keys. random
// keys with spacings over four orders of magnitude, rises, falls and holds.
TEST(TimingCurve, C2IsMonotoneBetweenKeysForRandomKeys) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int pieces = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<TimingKey> keys;
    double t = 0.0;
    for (int k = 0; k < 2 + trial % 7; ++k) {
      const double r = unit(rng);
      const double s = r < 0.2 && !keys.empty() ? keys.back().s : std::pow(10.0, 3.0 * unit(rng) - 2.0) * (unit(rng) < 0.5 ? -1 : 1);
      keys.push_back({t, s});
      t += std::pow(10.0, 4.0 * unit(rng) - 2.0);
    }
    const TimingCurve curve(keys);
    for (std::size_t k = 0; k + 1 < keys.size(); ++k, ++pieces) {
      const double lo = std::min(keys[k].s, keys[k + 1].s), hi = std::max(keys[k].s, keys[k + 1].s);
      const double sigma = keys[k + 1].s > keys[k].s ? 1.0 : keys[k + 1].s < keys[k].s ? -1.0 : 0.0;
      const double span = std::max(hi - lo, 1e-300), h = keys[k + 1].t - keys[k].t;
      for (int i = 1; i < 200; ++i) {
        const TimingSample a = curve.sample(keys[k].t + h * i / 200.0);
        ASSERT_GE(a.s, lo - 1e-12 * (std::abs(lo) + span)) << "trial " << trial << " piece " << k;
        ASSERT_LE(a.s, hi + 1e-12 * (std::abs(hi) + span)) << "trial " << trial << " piece " << k;
        ASSERT_GE(sigma * a.s_dot, -1e-9 * span / h) << "trial " << trial << " piece " << k;
        if (sigma == 0.0) {
          ASSERT_EQ(a.s, keys[k].s);
        }
      }
    }
  }
  EXPECT_GT(pieces, 1000);
}

// the knee's scripted motion: q̈ jumps at each key with c1, is continuous with c2, and q̈ still matches
// finite differences of q in both
TEST(ScriptedMotion, C2RemovesTheAccelerationJumpsAtTheKeys) {
  ArcLengthMetric m;
  m.length_scale = 0.05;
  auto arc = std::make_shared<JointArcLength>(example_knee_joint(), 0.1, 2.2, m);
  const double L = arc->length();
  const std::vector<TimingKey> keys{{0.0, 0.0}, {0.5, 0.2 * L}, {1.2, 0.9 * L}, {2.0, L}};
  double jump[2] = {0.0, 0.0};
  for (const auto kind : {TimingContinuity::c1, TimingContinuity::c2}) {
    const ScriptedMotion motion(arc, TimingCurve(keys, kind));
    double& worst = jump[kind == TimingContinuity::c2];
    for (const TimingKey& k : keys) {
      const MotionSample before = motion.sample(k.t - 1e-9), after = motion.sample(k.t + 1e-9);
      worst = std::max(worst, std::abs(after.qdd - before.qdd));
    }
    double fd = 0.0;
    for (double t = 0.011; t < 2.0; t += 0.043) {
      const double h = 1e-3;
      const MotionSample a = motion.sample(t), p = motion.sample(t + h), mm = motion.sample(t - h);
      fd = std::max(fd, std::abs((p.q - 2 * a.q + mm.q) / (h * h) - a.qdd));
    }
    EXPECT_LT(fd, 1e-3);
  }
  std::printf("scripted knee, q̈ jump at the keys: c1 %.3g rad/s², c2 %.3g rad/s²\n", jump[0], jump[1]);
  EXPECT_GT(jump[0], 1.0);
  EXPECT_LT(jump[1], 1e-5);
}

// the stall repair: with a speed floor the motion passes q = 0, where S = 0, at a finite rate; eq. 12–13
// with r = √(‖S‖² + f²) match finite differences of q(s), and nothing is flagged
TEST(ArcLength, SpeedFloorRepairsAStall) {
  ArcLengthMetric m;
  m.speed_floor = 0.05;
  auto arc = std::make_shared<JointArcLength>(stalling_joint(), -1.0, 1.0, m);
  const double c = std::sqrt(1.0 + 0.2 * 0.2), mean = c;  // S̄ = ∫ 2|u| c du / 2
  EXPECT_NEAR(arc->floor_speed(), 0.05 * mean, 1e-10);
  EXPECT_GT(arc->length(), 2.0 * c);
  const ArcLengthDerivatives at_stall = arc->derivatives(0.0);
  EXPECT_FALSE(at_stall.degenerate);
  EXPECT_NEAR(at_stall.dq_ds, 1.0 / arc->floor_speed(), 1e-9);
  for (double q : {-0.7, -0.01, 0.0, 0.003, 0.4}) {
    const double s = arc->s_of_q(q), h = 1e-6;
    EXPECT_NEAR(arc->q_of_s(s), q, 1e-10);
    const ArcLengthDerivatives d = arc->derivatives(q);
    const double qp = arc->q_of_s(s + h), qm = arc->q_of_s(s - h);
    EXPECT_NEAR((qp - qm) / (2 * h), d.dq_ds, 1e-5 * std::abs(d.dq_ds)) << q;
    const double h2 = 1e-5, qp2 = arc->q_of_s(s + h2), qm2 = arc->q_of_s(s - h2);  // q(s) bends within ~f·0.01 of the stall
    EXPECT_NEAR((qp2 - 2 * q + qm2) / (h2 * h2), d.d2q_ds2, 1e-3 * (1.0 + std::abs(d.d2q_ds2))) << q;
  }
  const ScriptedMotion motion(arc, TimingCurve({{0.0, 0.0}, {1.0, 0.5 * arc->length()}, {2.0, arc->length()}}));
  const MotionSample through = motion.sample(1.0);
  EXPECT_FALSE(through.degenerate);
  EXPECT_NEAR(through.q, 0.0, 1e-9);
  EXPECT_GT(through.qd, 0.0);
  EXPECT_TRUE(std::isfinite(through.qdd));
  ArcLengthMetric bad;
  bad.speed_floor = -0.1;
  EXPECT_THROW(JointArcLength(stalling_joint(), -1.0, 1.0, bad), std::invalid_argument);
}

}  // namespace
}  // namespace js
