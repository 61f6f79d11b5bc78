// the harness itself: it must fail on a joint with a wrong S, a wrong ∇S or broken eval levels.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "core/joints/lower_pairs.hpp"
#include "tests/core/joints/joint_harness.hpp"

namespace js::test {
namespace {

// a revolute about z with deliberate faults: S scaled, ∇S non-zero, or G depending on the level.
enum class Fault { JacobianScale, HessianNonZero, LevelMismatch };

class FaultyJoint final : public JointModel {
 public:
  explicit FaultyJoint(Fault fault) : JointModel({Coordinate{"angle"}}, RangePolicy::Natural), fault_(fault) {}
  JointKind kind() const override { return JointKind::Revolute; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<FaultyJoint>(*this); }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override {
    data.G = SE3::rotation(so3_exp(Vec3::UnitZ() * q[0]));
    if (fault_ == Fault::LevelMismatch && level == EvalLevel::Hessian) data.G.p.x() += 1e-6;
    if (level == EvalLevel::Transform) return;
    data.S.col(0) = make_twist(Vec3::UnitZ() * (fault_ == Fault::JacobianScale ? 1.001 : 1.0), Vec3::Zero());
    if (level == EvalLevel::Hessian) data.dS.col(0) = fault_ == Fault::HessianNonZero ? Twist::Constant(1e-4) : Twist::Zero();
  }

 private:
  Fault fault_;
};

void run_faulty(Fault fault) {
  JointCheckOptions o;
  o.samples = 1;  // EXPECT_NONFATAL_FAILURE wants exactly one failure
  o.check_offsets = false;
  check_joint(FaultyJoint(fault), uniform_sampler(1, -1.0, 1.0), o);
}

TEST(JointHarness, CatchesWrongJacobian) {
  EXPECT_NONFATAL_FAILURE(run_faulty(Fault::JacobianScale), "S vs finite differences of G");
}

TEST(JointHarness, CatchesWrongHessian) {
  EXPECT_NONFATAL_FAILURE(run_faulty(Fault::HessianNonZero), "finite differences of S");
}

TEST(JointHarness, CatchesLevelMismatch) {
  EXPECT_NONFATAL_FAILURE(run_faulty(Fault::LevelMismatch), "eval levels disagree");
}

TEST(JointHarness, ReportsErrorsForAGoodJoint) {
  const JointCheckReport r = check_joint(UniversalJoint(), uniform_sampler(2, -2.0, 2.0));
  EXPECT_GT(r.max_jacobian_error, 0.0);  // finite differences are never exact
  EXPECT_LT(r.max_jacobian_error, 1e-8);
  EXPECT_LT(r.max_hessian_error, 1e-8);
}

}  // namespace
}  // namespace js::test
