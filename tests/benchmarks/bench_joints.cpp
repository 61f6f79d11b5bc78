// per-call cost of JointModel::evaluate at each level. revolute is the baseline; multi-axis lower pairs go
// through the product-of-exponentials recursion (eq. 27–31). to add a joint, write a factory and append
// register_joint(...) lines in register_all() — nothing else changes.
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/joints/custom_axes_joint.hpp"
#include "core/joints/elliptic_joint.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/natural_parameterization.hpp"
#include "core/joints/restricted_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"

namespace js {
namespace {

using JointFactory = std::function<std::unique_ptr<JointModel>()>;

// 256 pre-drawn q inside [lo, hi], cycled so the optimiser cannot fold a constant input.
std::vector<JointVector> draw_qs(int dof, double lo, double hi) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<JointVector> qs(256, JointVector(dof));
  for (JointVector& q : qs) {
    for (int i = 0; i < dof; ++i) q[i] = u(rng);
  }
  return qs;
}

void bench_evaluate(benchmark::State& state, const JointFactory& make, EvalLevel level, double lo, double hi) {
  const std::unique_ptr<JointModel> joint = make();
  const std::vector<JointVector> qs = draw_qs(joint->dof(), lo, hi);
  JointData data(joint->dof());
  std::size_t k = 0;
  for (auto _ : state) {
    joint->evaluate(qs[k++ & 255], data, level);
    benchmark::DoNotOptimize(data.G);
    benchmark::DoNotOptimize(data.S.data());
    benchmark::DoNotOptimize(data.dS.data());
    benchmark::ClobberMemory();
  }
}

// registers "<name>/G", "<name>/G+S", "<name>/G+S+dS" for the levels asked for.
void register_joint(const std::string& name, JointFactory make, std::initializer_list<EvalLevel> levels,
                    double lo = -2.0, double hi = 2.0) {
  for (EvalLevel level : levels) {
    const char* suffix = level == EvalLevel::Transform ? "/G" : level == EvalLevel::Jacobian ? "/G+S" : "/G+S+dS";
    benchmark::RegisterBenchmark((name + suffix).c_str(),
                                 [make, level, lo, hi](benchmark::State& s) { bench_evaluate(s, make, level, lo, hi); });
  }
}

template <class T, class... Args>
JointFactory factory(Args... args) {
  return [=] { return std::unique_ptr<JointModel>(std::make_unique<T>(args...)); };
}

constexpr auto kAllLevels = {EvalLevel::Transform, EvalLevel::Jacobian, EvalLevel::Hessian};

int register_all() {
  const Vec3 tilted = Vec3(0.3, -0.7, 0.5);
  // baseline
  register_joint("revolute", factory<RevoluteJoint>(tilted), kAllLevels);
  // poe recursion, 2 and 3 factors
  register_joint("universal", factory<UniversalJoint>(Vec3(Vec3::UnitX()), Vec3(Vec3::UnitY())), kAllLevels);
  register_joint("spherical_zyx", factory<SphericalJoint>(std::string("zyx")), kAllLevels);
  register_joint("elliptic", factory<EllipticJoint>(2.0, 0.5, Vec3(Vec3::UnitZ())), {EvalLevel::Hessian});
  // with a child offset: the Ad_{C⁻¹} transform of S and ∇S in JointModel::evaluate
  register_joint("spherical_zyx_offsets", [] {
    auto j = std::make_unique<SphericalJoint>("zyx");
    j->set_offsets(SE3::translation(Vec3(0.1, 0.0, 0.0)), SE3{so3_exp(Vec3(0.2, 0.1, 0.0)), Vec3(0.0, 0.3, 0.0)});
    return std::unique_ptr<JointModel>(std::move(j));
  }, {EvalLevel::Hessian});
  // spline joints: a cubic curve through 12 frames (k − 1 = 3 exponentials per call, eq. 24) and a
  // 2-dof joint of six bicubic 8×8 splines (6 exponentials, eq. 25)
  const auto curve = [] {
    std::mt19937 rng(5);
    std::normal_distribution<double> n(0.0, 0.3);
    std::vector<SE3> frames;
    SE3 T;
    for (int i = 0; i < 12; ++i) {
      Twist t;
      for (int k = 0; k < 6; ++k) t[k] = n(rng);
      T = T * se3_exp(t);
      frames.push_back(T);
    }
    return frames;
  }();
  register_joint("spline_curve_cubic", [curve] {
    return std::unique_ptr<JointModel>(std::make_unique<SplineCurveJoint>(make_natural_spline_curve(curve)));
  }, kAllLevels, 0.0, 2.0);
  register_joint("spline_curve_cubic_closed", [curve] {
    return std::unique_ptr<JointModel>(std::make_unique<SplineCurveJoint>(make_natural_spline_curve(curve, 4, true)));
  }, {EvalLevel::Hessian}, 0.0, 2.0);
  // issue 17's out-of-range policy: q drawn a quarter past both ends, the curve's own extrapolation against a clamp
  register_joint("spline_curve_cubic_past_ends", [curve] {
    return std::unique_ptr<JointModel>(std::make_unique<SplineCurveJoint>(make_natural_spline_curve(curve)));
  }, {EvalLevel::Hessian}, -0.5, 2.5);
  register_joint("spline_curve_cubic_clamped", [curve] {
    auto joint = std::make_unique<SplineCurveJoint>(make_natural_spline_curve(curve));
    joint->set_out_of_range(OutOfRange::Clamp);
    return std::unique_ptr<JointModel>(std::move(joint));
  }, {EvalLevel::Hessian}, -0.5, 2.5);
  register_joint("spline_surface_2dof", [] {
    std::mt19937 rng(6);
    std::normal_distribution<double> n(0.0, 0.3);
    std::array<std::vector<double>, 6> c;
    for (auto& v : c) {
      v.resize(64);
      for (double& x : v) x = n(rng);
    }
    std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(8, 4, -1.0, 1.0),
                                          spline::KnotVector::clamped(8, 4, -1.0, 1.0)};
    return std::unique_ptr<JointModel>(std::make_unique<SplineSurfaceJoint>(SE3::identity(), knots, c));
  }, kAllLevels, -1.0, 1.0);
  // leg39's knee as the app re-authors it: a 3-coordinate custom-axes joint (rotation by the flexion, two
  // translations) seen through the flexion, the translations set by spline couplers (restricted_joint.hpp); the
  // same joint with all three coordinates is the baseline of the chain rule's cost
  const auto knee_axes = [] {
    auto lin = [](const Vec3& a, int c) {
      CustomAxis x;
      x.axis = a;
      x.coordinates = {c};
      x.function = AxisFunction::linear(1.0, 0.0);
      return x;
    };
    CustomAxis none;
    return std::make_unique<CustomAxesJoint>(std::vector<Coordinate>{{"knee_angle"}, {"tib_tx"}, {"tib_ty"}},
                                             std::array<CustomAxis, 6>{lin(Vec3::UnitZ(), 0), none, none, lin(Vec3::UnitX(), 1), lin(Vec3::UnitY(), 2), none});
  };
  register_joint("custom_axes_knee_3dof", [knee_axes] { return std::unique_ptr<JointModel>(knee_axes()); }, {EvalLevel::Hessian});
  register_joint("restricted_knee_coupled", [knee_axes] {
    const AxisFunction spline = AxisFunction::spline(AxisFunctionKind::SimmSpline, {-2.0944, -1.22173, -0.523599, 0.0, 0.174533, 2.0944},
                                                     {-0.0032, 0.00179, 0.00411, 0.00212, -0.001, -0.005227});
    std::vector<RestrictedCoordinate> map(3);
    map[0].kind = RestrictedCoordinate::Kind::Free;
    for (int k = 1; k < 3; ++k) {
      map[static_cast<std::size_t>(k)].kind = RestrictedCoordinate::Kind::Coupled;
      map[static_cast<std::size_t>(k)].target = k;
      map[static_cast<std::size_t>(k)].inputs = {0};
      map[static_cast<std::size_t>(k)].function = spline;
    }
    return std::unique_ptr<JointModel>(std::make_unique<RestrictedJoint>(knee_axes(), std::move(map)));
  }, kAllLevels);
  return 0;
}

const int registered = register_all();

}  // namespace
}  // namespace js
