// JointModel::evaluate allocates nothing (DESIGN.md: hot loops allocate nothing). this executable
// replaces operator new (tests/support/alloc_counter.cpp) and counts every allocation made during evaluate.
// to cover a new joint kind, instantiate JointAllocationTest with its JointCase list (joint_cases.hpp).
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/alloc_counter.hpp"
#include "tests/core/joints/custom_axes_cases.hpp"
#include "tests/core/joints/joint_cases.hpp"
#include "tests/core/joints/out_of_range_cases.hpp"
#include "tests/core/joints/restricted_cases.hpp"
#include "tests/core/joints/series_cases.hpp"
#include "tests/core/joints/spline_cases.hpp"

namespace js::test {
namespace {

TEST(AllocCounter, SeesAllocations) {
  AllocationScope scope;
  auto* v = new std::vector<double>(100);
  EXPECT_GE(scope.allocations(), 2u);
  EXPECT_GE(scope.bytes(), 100 * sizeof(double));
  delete v;
}

// a joint that allocates inside evaluate_local: the counter must see it through the virtual call.
std::unique_ptr<double[]> g_escape;  // the allocation escapes, so the compiler cannot elide it

class AllocatingJoint final : public JointModel {
 public:
  AllocatingJoint() : JointModel({Coordinate{"q"}}, RangePolicy::Natural) {}
  JointKind kind() const override { return JointKind::Revolute; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<AllocatingJoint>(*this); }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel) const override {
    g_escape.reset(new double[8]{q[0]});
    data.G = SE3::identity();
  }
};

TEST(AllocCounter, SeesAllocationsInsideEvaluate) {
  const AllocatingJoint joint;
  JointData data(1);
  const JointVector q = JointVector::Constant(1, 0.5);
  AllocationScope scope;
  joint.evaluate(q, data);
  EXPECT_EQ(scope.allocations(), 1u);
  EXPECT_EQ(scope.bytes(), 8 * sizeof(double));
}

TEST_P(JointAllocationTest, EvaluateAllocatesNothing) {
  const JointCase& c = GetParam();
  std::unique_ptr<JointModel> joint = c.make();
  std::mt19937 rng(99);
  const QSampler sample = c.sampler(*joint);
  std::vector<JointVector> qs;
  for (int k = 0; k < 16; ++k) qs.push_back(sample(rng));
  JointData data(joint->dof());
  // a dynamic Eigen vector bound by reference must not be copied either
  const Eigen::VectorXd q_dynamic = qs.front();

  for (bool offsets : {false, true}) {
    if (offsets) joint->set_offsets(random_transform(rng), random_transform(rng));
    AllocationScope scope;
    for (const JointVector& q : qs) {
      for (EvalLevel level : {EvalLevel::Transform, EvalLevel::Jacobian, EvalLevel::Hessian}) {
        joint->evaluate(q, data, level);
      }
    }
    joint->evaluate(q_dynamic, data, EvalLevel::Hessian);
    EXPECT_EQ(scope.allocations(), 0u) << c.name << (offsets ? " with offsets" : "") << ": " << scope.bytes()
                                       << " bytes";
  }
}

INSTANTIATE_TEST_SUITE_P(LowerPairs, JointAllocationTest, ::testing::ValuesIn(lower_pair_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(Elliptic, JointAllocationTest, ::testing::ValuesIn(elliptic_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(SplineCurve, JointAllocationTest, ::testing::ValuesIn(spline_curve_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(SplineSurface, JointAllocationTest, ::testing::ValuesIn(spline_surface_cases()),
                         joint_case_name);
INSTANTIATE_TEST_SUITE_P(Series, JointAllocationTest, ::testing::ValuesIn(series_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(Restricted, JointAllocationTest, ::testing::ValuesIn(restricted_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(CustomAxes, JointAllocationTest, ::testing::ValuesIn(custom_axes_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(OutOfRange, JointAllocationTest, ::testing::ValuesIn(out_of_range_cases()), joint_case_name);

}  // namespace
}  // namespace js::test
