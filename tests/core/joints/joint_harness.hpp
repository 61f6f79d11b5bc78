// generic checks for any JointModel: S against finite differences of G, ∇S against finite differences of
// S, G a rigid transform, the three eval levels agreeing, and the offsets convention of joint.hpp.
//
// two ways in:
//   1. one call:  check_joint(joint, uniform_sampler(joint.dof(), -2.0, 2.0));  inside any TEST.
//   2. a case list: INSTANTIATE_TEST_SUITE_P(MyJoints, JointHarnessTest, ::testing::ValuesIn(my_cases()),
//      joint_case_name);  with JointCase{name, factory, sampler}. the suite body lives in joint_harness.cpp,
//      so the executable must list joint_harness.cpp among its sources. the same list can be instantiated
//      for JointAllocationTest in test_joint_allocations.cpp.
#pragma once

#include <initializer_list>

#include <functional>
#include <memory>
#include <ostream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/joints/joint.hpp"

namespace js::test {

// draws one q (size joint.dof()) inside the region where the joint is smooth.
using QSampler = std::function<JointVector(std::mt19937&)>;

// each coordinate uniform in [lo, hi].
QSampler uniform_sampler(int dof, double lo, double hi);
// coordinate i uniform in [lo[i], hi[i]].
QSampler box_sampler(const JointVector& lo, const JointVector& hi);

struct JointCheckOptions {
  int samples = 50;           // random q per check
  double fd_step = 1e-5;      // central-difference step in q (rad or m)
  double tolerance = 1e-6;    // relative error bound for S and ∇S: |x − x_fd| / max(1, |x|)
  double exact_tolerance = 1e-12;  // for identities that hold to rounding (levels, offsets, rigidity)
  bool check_offsets = true;  // also run with random parent_T_joint / moving_T_child
  unsigned seed = 12345;
};

// largest errors seen, for reports and tighter per-joint assertions.
struct JointCheckReport {
  double max_jacobian_error = 0.0;  // S vs vee(G⁻¹ ∂G/∂q_i) by central differences
  double max_hessian_error = 0.0;   // ∇S vs central differences of S
  double max_rigidity_error = 0.0;  // |RᵀR − I|, |det R − 1|
  double max_level_error = 0.0;     // Transform / Jacobian levels vs Hessian level
  double max_offset_error = 0.0;    // G = P·G_local·C, S = Ad_{C⁻¹} S_local, ∇S likewise
};

// runs every check with gtest EXPECTs (failures name the joint kind, the sample and q) and returns the
// largest errors. joint is not modified; offsets are tried on a clone.
JointCheckReport check_joint(const JointModel& joint, const QSampler& sample_q, const JointCheckOptions& options = {});

// central-difference references, exposed for joint-specific tests.
// s_i = vee(G⁻¹ ∂G/∂q_i) from G alone (offsets included).
JointJacobian fd_jacobian(const JointModel& joint, const JointVector& q, double step);
// ∂s_i/∂q_j from S alone, column i·n + j.
JointHessian fd_hessian(const JointModel& joint, const JointVector& q, double step);

// a random rigid transform with rotation angle up to π and translation in [-1, 1]³.
SE3 random_transform(std::mt19937& rng);

// one parameterised case of JointHarnessTest.
struct JointCase {
  std::string name;  // a gtest-safe identifier: letters, digits, underscores
  std::function<std::unique_ptr<JointModel>()> make;
  // q sampler given the built joint (so it can read dof or knot ranges)
  std::function<QSampler(const JointModel&)> sampler;
  JointCheckOptions options{};
};

inline std::string joint_case_name(const ::testing::TestParamInfo<JointCase>& info) { return info.param.name; }
inline void PrintTo(const JointCase& c, std::ostream* os) { *os << c.name; }

class JointHarnessTest : public ::testing::TestWithParam<JointCase> {};

// the zero-allocation suite over the same cases; its body lives in test_joint_allocations.cpp (an
// executable of its own, because alloc_counter.cpp replaces operator new).
class JointAllocationTest : public ::testing::TestWithParam<JointCase> {};

// a joint vector from its values: qv({0.1, -0.2})
inline JointVector qv(std::initializer_list<double> v) {
  JointVector q(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double x : v) q[i++] = x;
  return q;
}

}  // namespace js::test
