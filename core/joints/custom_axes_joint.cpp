#include "core/joints/custom_axes_joint.hpp"

#include <stdexcept>
#include <string>

#include "core/joints/poe.hpp"

namespace js {

CustomAxesJoint::CustomAxesJoint(std::vector<Coordinate> coordinates, std::array<CustomAxis, 6> axes)
    : JointModel(std::move(coordinates), RangePolicy::Natural), axes_(std::move(axes)) {
  const int n = dof();
  for (std::size_t i = 0; i < 6; ++i) {
    CustomAxis& a = axes_[i];
    const std::string which = (i < 3 ? "rotation" : "translation") + std::to_string(i % 3 + 1);
    if (!(a.axis.norm() > 1e-12) || !a.axis.allFinite()) throw std::invalid_argument(which + ": the axis is zero");
    a.axis.normalize();
    for (int c : a.coordinates) {
      if (c < 0 || c >= n) throw std::invalid_argument(which + ": coordinate index " + std::to_string(c) + " out of range");
    }
    if (a.coordinates.empty()) {
      if (!a.function.is_constant()) throw std::invalid_argument(which + ": a non-constant function without a coordinate");
    } else if (static_cast<int>(a.coordinates.size()) != a.function.inputs()) {
      throw std::invalid_argument(which + ": " + std::to_string(a.coordinates.size()) + " coordinates for a function of " +
                                  std::to_string(a.function.inputs()) + " inputs");
    }
  }
  // translations first: exp of parallel-frame translations commute and sit left of the rotations, so the
  // product is (R_1 R_2 R_3, Σ t_j a_j) as OpenSim's SpatialTransform
  for (std::size_t i : {3u, 4u, 5u, 0u, 1u, 2u}) {
    const CustomAxis& a = axes_[i];
    if (a.coordinates.empty() && a.function.value() == 0.0 && a.function.kind() == AxisFunctionKind::Constant) continue;
    order_[static_cast<std::size_t>(factors_++)] = static_cast<int>(i);
  }
}

void CustomAxesJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const int n = dof();
  std::array<PoeFactor, 6> f;
  double x[kMaxAxisFunctionInputs];
  double df[kMaxAxisFunctionInputs];
  double ddf[kMaxAxisFunctionInputs * kMaxAxisFunctionInputs];
  for (int k = 0; k < factors_; ++k) {
    const std::size_t i = static_cast<std::size_t>(order_[static_cast<std::size_t>(k)]);
    const CustomAxis& a = axes_[i];
    PoeFactor& p = f[static_cast<std::size_t>(k)];
    if (i < 3) {
      p.g << a.axis, Vec3::Zero();
    } else {
      p.g << Vec3::Zero(), a.axis;
    }
    const int m = static_cast<int>(a.coordinates.size());
    if (m == 0) {
      p.phi = a.function.value();
      if (a.function.kind() != AxisFunctionKind::Constant) p.phi = a.function(0.0);
      continue;
    }
    for (int d = 0; d < m; ++d) x[d] = q[a.coordinates[static_cast<std::size_t>(d)]];
    a.function.evaluate(x, p.phi, level == EvalLevel::Transform ? nullptr : df,
                        level == EvalLevel::Hessian ? ddf : nullptr);
    if (level == EvalLevel::Transform) continue;
    // chain rule onto the joint's coordinates (a coordinate may appear once per function)
    for (int d = 0; d < m; ++d) p.dphi[static_cast<std::size_t>(a.coordinates[static_cast<std::size_t>(d)])] += df[d];
    if (level != EvalLevel::Hessian) continue;
    for (int d = 0; d < m; ++d) {
      for (int e = 0; e < m; ++e) {
        const int ci = a.coordinates[static_cast<std::size_t>(d)], cj = a.coordinates[static_cast<std::size_t>(e)];
        p.ddphi[static_cast<std::size_t>(ci * n + cj)] += ddf[d * m + e];
      }
    }
  }
  poe_evaluate(SE3::identity(), f.data(), factors_, n, level, data);
}

}  // namespace js
