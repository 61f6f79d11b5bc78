// the deforming-surface demo (paper fig. 5d, resources/demos/deforming_surface.json): a ball on a spline
// surface joint G(u, v, w) whose phase w is driven (the scene's "drive" member). it runs its stated
// duration at its stated step, the ball stays on the moving surface, and the drive's work balances the
// energy. also the errors of the "drive" member.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/io/file_error.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "core/scene/scene_file.hpp"
#include "core/spline/basis.hpp"

namespace js::scene {
namespace {

const std::string kDemo = std::string(JS_SOURCE_DIR) + "/resources/demos/deforming_surface.json";

// φ_j(u, v, w) straight from the control net by tensor-product b-spline bases (independent of the
// joint's product-of-exponentials evaluation).
double net_value(const SplineSurfaceJoint& joint, int j, double u, double v, double w) {
  const auto& kv = joint.knots();
  spline::BasisValues b[3];
  const double x[3] = {u, v, w};
  for (int a = 0; a < 3; ++a) spline::evaluate_basis(kv[static_cast<std::size_t>(a)], x[a], b[a]);
  const int n1 = kv[1].num_control(), n2 = kv[2].num_control();
  double sum = 0.0;
  for (int r0 = 0; r0 < b[0].order; ++r0) {
    for (int r1 = 0; r1 < b[1].order; ++r1) {
      for (int r2 = 0; r2 < b[2].order; ++r2) {
        const int i0 = kv[0].control_index(b[0].first_index() + r0);
        const int i1 = kv[1].control_index(b[1].first_index() + r1);
        const int i2 = kv[2].control_index(b[2].first_index() + r2);
        const double c = joint.coefficients()[static_cast<std::size_t>(j)][static_cast<std::size_t>((i0 * n1 + i1) * n2 + i2)];
        sum += b[0].value[static_cast<std::size_t>(r0)] * b[1].value[static_cast<std::size_t>(r1)] *
               b[2].value[static_cast<std::size_t>(r2)] * c;
      }
    }
  }
  return sum;
}

TEST(DeformingSurfaceDemo, RunsItsDurationWithTheBallOnTheMovingSurface) {
  Scene scene = read_scene_file(kDemo);
  // the ball (body 0, its phase w driven) and any markers riding the surface (every coordinate driven)
  ASSERT_GE(scene.model.num_bodies(), 1);
  ASSERT_EQ(scene.model.body(0).name, "ball");
  ASSERT_EQ(scene.model.body(0).free_dof(), 2);
  ASSERT_EQ(scene.model.prescribed().size(), 1u + 3u * static_cast<std::size_t>(scene.model.num_bodies() - 1));
  const auto* surface = dynamic_cast<const SplineSurfaceJoint*>(scene.model.body(0).joint.get());
  ASSERT_NE(surface, nullptr);
  ASSERT_EQ(surface->dof(), 3);
  EXPECT_TRUE(surface->knots()[2].periodic());
  const double rate = scene.model.prescribed()[0].trajectory(1.0).qd;
  EXPECT_GT(rate, 0.0);
  Simulator sim(scene.model, scene.forces);
  SimulationState s = scene.initial;
  sim.apply_prescribed(s);
  const MechanicalState e0 = sim.measure(s);
  const double dt = scene.settings.dt;
  const int steps = static_cast<int>(std::lround(scene.settings.duration / dt));
  // the power of every drive (the markers' too: their energy is part of the total)
  auto power = [&](const SimulationState& st) {
    sim.accelerations(st.t, st.q, st.qd);
    double p = 0.0;
    for (const PrescribedCoordinate& c : scene.model.prescribed()) p += sim.data().drive_tau[c.coordinate] * st.qd[c.coordinate];
    return p;
  };
  double worst_surface = 0.0, u_min = 1.0, u_max = -1.0, v_min = 1.0, v_max = -1.0, work = 0.0, p_prev = power(s);
  for (int k = 0; k < steps; ++k) {
    sim.step(s, dt, scene.settings.integrator);
    ASSERT_TRUE(s.q.allFinite() && s.qd.allFinite()) << "t = " << s.t;
    ASSERT_EQ(sim.engaged_constraints(), 0) << "the ball reached the edge of the surface at t = " << s.t;
    for (const PrescribedCoordinate& c : scene.model.prescribed()) {
      ASSERT_EQ(s.q[c.coordinate], c.trajectory(s.t).q);  // every drive followed exactly (the phase: rate · t)
    }
    const double p = power(s);
    work += 0.5 * dt * (p + p_prev);
    p_prev = p;
    // the ball's centre (world) against the surface point of the net at (u, v) and the current phase
    sim.measure(s);
    const Vec3 centre = sim.data().bodies[0].world_T_body.p;
    const Vec3 on_net(net_value(*surface, 0, s.q[0], s.q[1], s.q[2]), net_value(*surface, 1, s.q[0], s.q[1], s.q[2]),
                      net_value(*surface, 2, s.q[0], s.q[1], s.q[2]));
    worst_surface = std::max(worst_surface, (centre - on_net).norm());
    EXPECT_NEAR(centre.x(), s.q[0], 1e-12);  // x = u: the net reproduces linear functions
    u_min = std::min(u_min, s.q[0]);
    u_max = std::max(u_max, s.q[0]);
    v_min = std::min(v_min, s.q[1]);
    v_max = std::max(v_max, s.q[1]);
  }
  const MechanicalState e1 = sim.measure(s);
  const double dE = (e1.kinetic + e1.potential) - (e0.kinetic + e0.potential);
  std::printf("deforming surface: %d steps of %g s, |centre − surface| ≤ %.2e m, u ∈ [%.3f, %.3f], v ∈ [%.3f, %.3f], "
              "drive work %.6f J, energy change %.6f J\n",
              steps, dt, worst_surface, u_min, u_max, v_min, v_max, work, dE);
  EXPECT_LT(worst_surface, 1e-12);
  EXPECT_GT(u_max - u_min, 0.3);  // the ball slides about the bowl
  EXPECT_GT(v_max - v_min, 0.1);
  // the moving surface does work on the ball; the trapezoid on 10 ms samples and rk4 agree to a few per mille
  EXPECT_GT(std::abs(work), 0.02);
  EXPECT_NEAR(work, dE, 0.01 * std::abs(work));
}

// the same point of the surface rises and falls as the phase runs: the net really moves.
TEST(DeformingSurfaceDemo, TheSurfaceMovesUnderAFixedPoint) {
  Scene scene = read_scene_file(kDemo);
  const auto& surface = dynamic_cast<const SplineSurfaceJoint&>(*scene.model.body(0).joint);
  double lo = 1e9, hi = -1e9;
  for (int k = 0; k < 16; ++k) {
    const double z = net_value(surface, 2, 0.1, -0.05, k / 16.0);
    lo = std::min(lo, z);
    hi = std::max(hi, z);
    // periodic in the phase: w and w + 1 are the same surface
    EXPECT_NEAR(z, net_value(surface, 2, 0.1, -0.05, k / 16.0 + 1.0), 1e-12);
  }
  EXPECT_GT(hi - lo, 0.04);
}

std::string drive_scene(const std::string& drive) {
  return R"({"format": "jointsmith.scene", "version": 1, "bodies": [{"name": "b", "mass": 1,
    "joint": {"kind": "planar", "dof": 3, "normal": [0, 0, 1], "coordinates": [{"name": "x"}, {"name": "y"}, {"name": "a"}]},
    "drive": )" + drive + "}]}";
}

void expect_drive_error(const std::string& drive, const std::string& needle) {
  try {
    read_scene_text(drive_scene(drive), "d.json");
    FAIL() << "no error for " << drive;
  } catch (const io::FileError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("d.json: /bodies/0/drive/", 0), 0u) << what;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
  }
}

TEST(SceneDrive, RateAndKeysPrescribeOneCoordinateOfAMultiDofJoint) {
  Scene s = read_scene_text(drive_scene(R"([{"coordinate": "a", "from": 0.5, "rate": 2},
                                            {"coordinate": "x", "keys": [{"t": 0, "q": 0}, {"t": 1, "q": 0.3}]}])"),
                            "d.json");
  ASSERT_EQ(s.model.prescribed().size(), 2u);
  EXPECT_TRUE(s.model.is_prescribed(2));
  EXPECT_TRUE(s.model.is_prescribed(0));
  EXPECT_FALSE(s.model.is_prescribed(1));
  const PrescribedSample a = s.model.prescribed()[0].trajectory(0.25);
  EXPECT_DOUBLE_EQ(a.q, 1.0);
  EXPECT_DOUBLE_EQ(a.qd, 2.0);
  EXPECT_EQ(a.qdd, 0.0);
  EXPECT_DOUBLE_EQ(s.model.prescribed()[1].trajectory(1.0).q, 0.3);
  EXPECT_EQ(s.model.prescribed()[1].trajectory(1.0).qd, 0.0);  // at rest at the last key
}

TEST(SceneDrive, ErrorsNameTheMember) {
  expect_drive_error(R"([{"coordinate": "z", "rate": 1}])", "no coordinate \"z\" in this body's joint (known: x, y, a)");
  expect_drive_error(R"([{"coordinate": "a"}])", "exactly one of \"rate\" and \"keys\"");
  expect_drive_error(R"([{"coordinate": "a", "rate": 1, "keys": []}])", "exactly one of \"rate\" and \"keys\"");
  expect_drive_error(R"([{"coordinate": "a", "rate": 1}, {"coordinate": "a", "rate": 2}])", "already driven");
  expect_drive_error(R"([{"coordinate": "a", "rate": 1, "speed": 2}])", "speed");
  expect_drive_error(R"([{"coordinate": "a", "from": 1, "keys": [{"t": 0, "q": 0}, {"t": 1, "q": 1}]}])",
                     "\"from\" goes with \"rate\"");
  expect_drive_error(R"([{"coordinate": "a", "keys": [{"t": 1, "q": 0}, {"t": 0, "q": 1}]}])", "");
}

}  // namespace
}  // namespace js::scene
