// reaction forces (core/dynamics/reaction_wrench.hpp) on the paper's demos, random trees and hand-computed statics:
// S_Cᵀ f_C equals rnea's τ, each body obeys newton–euler under the wrenches its joints carry, a hanging
// body's reaction is its weight, and the per-state function allocates nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/dynamics/reaction_wrench.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/lie/inertia.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

const std::string kDemos = std::string(JS_SOURCE_DIR) + "/resources/demos/";
constexpr double kRelative = 1e-9;  // the recursions and the dense checks agree to round-off, far below
constexpr int kSteps = 25;          // steps of each demo before checking, so q̇ ≠ 0 and springs are loaded

// the demo after kSteps steps as stated, its simulator and the reactions at that state.
struct DemoState {
  scene::Scene scene;
  Simulator sim;
  SimulationState state;
  ReactionData reactions;
  explicit DemoState(const std::string& file)
      : scene(scene::read_scene_file(kDemos + file)), sim(scene.model, scene.forces), reactions(scene.model) {
    state = scene.initial;
    sim.apply_prescribed(state);
    for (int k = 0; k < kSteps; ++k) sim.step(state, scene.settings.dt, scene.settings.integrator);
    joint_reactions(sim, state, reactions);
  }
};

// a body-frame wrench from its C-frame form: f_body = Ad_{C_T_child}ᵀ f_C (dense, apart from the code's).
Wrench body_wrench(const Body& body, const Wrench& f_C) { return Ad(body.joint->moving_T_child()).transpose() * f_C; }

// body i's newton–euler balance, relative: ‖f_from_parent − Σ f_to_children + J g + f_ext − (J v̇ + v ×* J v)‖
// over the size of its terms. kin: a kinematics sweep at acceleration level for the state; v ×* = −adᵀ_v.
double newton_euler_residual(const MultibodyModel& model, const MultibodyData& kin, const ReactionData& reactions,
                             const Wrench& f_ext, int i) {
  const Body& body = model.body(i);
  const BodyData& bd = kin.bodies[std::size_t(i)];
  Wrench sum = body_wrench(body, reactions.joints[std::size_t(i)].total);
  for (int c : model.children(i)) {
    const Wrench f_c = body_wrench(model.body(c), reactions.joints[std::size_t(c)].total);
    sum -= Ad(kin.bodies[std::size_t(c)].joint.G.inverse()).transpose() * f_c;
  }
  Twist gravity_acceleration = Twist::Zero();
  gravity_acceleration.tail<3>() = bd.world_T_body.R.transpose() * model.gravity;
  const Wrench weight = body.J * gravity_acceleration;
  sum += weight + f_ext;
  const Wrench momentum_rate = body.J * bd.a - ad(bd.v).transpose() * (body.J * bd.v);
  const double scale = momentum_rate.norm() + weight.norm() + f_ext.norm() + sum.norm() + 1e-12;
  return (sum - momentum_rate).norm() / scale;
}

class DemoReactions : public ::testing::TestWithParam<std::string> {};

TEST_P(DemoReactions, JointSpaceForceIsRneaTau) {
  DemoState d(GetParam());
  const MultibodyModel& model = d.scene.model;
  const Eigen::VectorXd qdd = d.sim.data().qdd;
  MultibodyData id(model);
  for (int i = 0; i < model.num_bodies(); ++i) id.bodies[std::size_t(i)].f_ext = d.sim.data().bodies[std::size_t(i)].f_ext;
  const Eigen::VectorXd tau = rnea(model, id, d.state.t, d.state.q, d.state.qd, qdd);
  const double scale = tau.lpNorm<Eigen::Infinity>() + 1.0;
  for (int i = 0; i < model.num_bodies(); ++i) {
    const Body& body = model.body(i);
    const JointReaction& r = d.reactions.joints[std::size_t(i)];
    // S in C by the dense adjoint, paired with the C-frame wrenches: τ, τ and 0
    const JointJacobian S_C = Ad(body.joint->moving_T_child()) * id.bodies[std::size_t(i)].joint.S;
    const JointVector expected = tau.segment(body.q_index, body.dof);
    EXPECT_LT((S_C.transpose() * r.total - expected).lpNorm<Eigen::Infinity>(), kRelative * scale) << body.name;
    EXPECT_LT((r.tau - expected).lpNorm<Eigen::Infinity>(), kRelative * scale) << body.name;
    EXPECT_FALSE(r.degenerate) << body.name;
    EXPECT_LT((S_C.transpose() * r.motion - expected).lpNorm<Eigen::Infinity>(), kRelative * scale) << body.name;
    EXPECT_LT((S_C.transpose() * r.constraint).lpNorm<Eigen::Infinity>(), kRelative * scale) << body.name;
  }
}

TEST_P(DemoReactions, EachBodyObeysNewtonEuler) {
  DemoState d(GetParam());
  const MultibodyModel& model = d.scene.model;
  // velocities and accelerations of the same state from a separate sweep
  MultibodyData kin(model);
  forward_kinematics(model, kin, d.state.t, d.state.q, d.state.qd, d.sim.data().qdd, KinematicsLevel::Acceleration);
  for (int i = 0; i < model.num_bodies(); ++i) {
    const Wrench f_ext = d.sim.data().bodies[std::size_t(i)].f_ext;
    EXPECT_LT(newton_euler_residual(model, kin, d.reactions, f_ext, i), kRelative) << GetParam() << " body " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Demos, DemoReactions,
                         ::testing::Values("knee.json", "scapulothoracic.json", "beads.json", "globe.json",
                                           "deforming_surface.json"),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           return p.param.substr(0, p.param.find('.'));
                         });

// random trees through every joint kind with random offsets (multi-dof, q-dependent S, C ≠ child frame),
// random state, joint torques and body wrenches: Sᵀ f = the τ aba was given, and newton–euler per body
TEST(RandomTreeReactions, CarryTheGivenTorquesAndBalanceEachBody) {
  std::mt19937 rng(17);
  constexpr int kBodies = 2 * test::kNumJointKinds;
  for (int trial = 0; trial < 4; ++trial) {
    const MultibodyModel model = test::random_tree(kBodies, rng, trial);
    const int nq = model.nq();
    const Eigen::VectorXd q = test::random_vector(nq, rng), qd = test::random_vector(nq, rng);
    const Eigen::VectorXd tau = test::random_vector(nq, rng, 5.0);
    MultibodyData data(model);
    for (BodyData& bd : data.bodies) bd.f_ext = Wrench(test::random_vector(6, rng, 3.0));
    const Eigen::VectorXd qdd = aba(model, data, 0.0, q, qd, tau);
    ASSERT_FALSE(data.singular);
    ReactionData out(model);
    joint_reactions(model, data, qdd, out);
    MultibodyData kin(model);
    forward_kinematics(model, kin, 0.0, q, qd, qdd, KinematicsLevel::Acceleration);
    for (int i = 0; i < model.num_bodies(); ++i) {
      const Body& body = model.body(i);
      const JointReaction& r = out.joints[std::size_t(i)];
      const JointJacobian S_C = Ad(body.joint->moving_T_child()) * kin.bodies[std::size_t(i)].joint.S;
      const JointVector given = tau.segment(body.q_index, body.dof);
      const double scale = given.lpNorm<Eigen::Infinity>() + r.total.norm();
      EXPECT_LT((S_C.transpose() * r.total - given).lpNorm<Eigen::Infinity>(), kRelative * scale) << trial << " " << i;
      EXPECT_LT((S_C.transpose() * r.constraint).lpNorm<Eigen::Infinity>(), kRelative * scale) << trial << " " << i;
      EXPECT_LT(newton_euler_residual(model, kin, out, data.bodies[std::size_t(i)].f_ext, i), kRelative)
          << trial << " body " << i;
    }
  }
}

constexpr double kMass = 2.5;     // kg
constexpr double kG = 9.81;       // m/s²
constexpr double kHang = 0.5;     // com below the joint, m
constexpr double kReach = 0.4;    // com beside the joint, m

// one body under the root by joint, with the joint frame D turned by a quarter turn about world z and the
// child's frame placed off C, so every frame change is exercised. com_C: the centre of mass in C, m.
struct OneBody {
  MultibodyModel model;
  SE3 C_T_child;
  OneBody(std::shared_ptr<JointModel> joint, const Vec3& com_C) {
    C_T_child = SE3{so3_exp(Vec3(0.3, -0.2, 0.9)), Vec3(0.05, -0.1, 0.2)};
    joint->set_offsets(SE3{so3_exp(Vec3(0.0, 0.0, kPi / 2)), Vec3(0.0, 0.0, 1.0)}, C_T_child);
    BodyInertia inertia;
    inertia.mass = kMass;
    inertia.com = C_T_child.inverse().act(com_C);
    model.add_body("bob", -1, std::move(joint), inertia);
  }
  JointReaction at_rest(double q0) {
    MultibodyData data(model);
    ForceSet none;
    Simulator sim(model, none);
    SimulationState s{0.0, Eigen::VectorXd::Constant(model.nq(), q0), Eigen::VectorXd::Zero(model.nq())};
    ReactionData out(model);
    joint_reactions(sim, s, out);
    EXPECT_LT(sim.data().qdd.lpNorm<Eigen::Infinity>() + 0.0, 1e-12) << "not at rest";
    return out.joints[0];
  }
};

TEST(StaticReactions, HangingPendulumCarriesItsWeight) {
  // a hinge about C's x (world y after D's quarter turn), com straight below: at rest, the joint holds the
  // weight m g straight up (C's z is world z) with no moment about C's origin, all of it reaction
  OneBody pendulum(std::make_shared<RevoluteJoint>(Vec3::UnitX()), Vec3(0.0, 0.0, -kHang));
  const JointReaction r = pendulum.at_rest(0.0);
  Wrench expected = Wrench::Zero();
  expected[5] = kMass * kG;
  EXPECT_LT((r.total - expected).norm(), 1e-12) << r.total.transpose();
  EXPECT_LT((r.constraint - expected).norm(), 1e-12);
  EXPECT_LT(r.motion.norm(), 1e-12);
  EXPECT_NEAR(r.tau[0], 0.0, 1e-12);
}

TEST(StaticReactions, WeldedCantileverCarriesWeightAndMoment) {
  // com kReach along C's x and kHang below: the parent holds f = (0, 0, m g) and the moment
  // −r × (m g) = −(kReach, 0, −kHang) × (0, 0, −m g) = (0, −kReach m g, 0), about C's origin, in C
  OneBody cantilever(std::make_shared<FixedJoint>(), Vec3(kReach, 0.0, -kHang));
  const JointReaction r = cantilever.at_rest(0.0);
  Wrench expected = Wrench::Zero();
  expected[1] = -kReach * kMass * kG;
  expected[5] = kMass * kG;
  EXPECT_LT((r.total - expected).norm(), 1e-12) << r.total.transpose();
  EXPECT_EQ(r.constraint, r.total);  // a weld has no motion part
}

TEST(StaticReactions, NoAllocationPerState) {
  DemoState d("scapulothoracic.json");
  test::AllocationScope scope;
  joint_reactions(d.sim.model(), d.sim.data(), d.sim.data().qdd, d.reactions);
  EXPECT_EQ(scope.allocations(), 0u);
}

}  // namespace
}  // namespace js
