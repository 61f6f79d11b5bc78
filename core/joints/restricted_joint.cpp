#include "core/joints/restricted_joint.hpp"

#include <cmath>
#include <array>
#include <stdexcept>
#include <string>

namespace js {

namespace {

using Kind = RestrictedCoordinate::Kind;
using Square = Eigen::Matrix<double, kMaxJointDof, kMaxJointDof>;

const JointModel& checked_inner(const std::unique_ptr<JointModel>& inner) {
  if (!inner) throw std::invalid_argument("restricted joint: the inner joint is missing");
  return *inner;
}

std::vector<Coordinate> free_coordinates(const JointModel& inner, const std::vector<RestrictedCoordinate>& map) {
  const int n = inner.dof();
  if (static_cast<int>(map.size()) != n) {
    throw std::invalid_argument("restricted joint: " + std::to_string(map.size()) + " entries for an inner joint of " +
                                std::to_string(n) + " coordinates");
  }
  std::vector<bool> set(static_cast<std::size_t>(n), false);
  std::vector<Coordinate> coords;
  for (std::size_t e = 0; e < map.size(); ++e) {
    const RestrictedCoordinate& m = map[e];
    const std::string where = "restricted joint: entry " + std::to_string(e);
    if (m.target < 0 || m.target >= n) throw std::invalid_argument(where + " sets coordinate " + std::to_string(m.target) + ", not one of the inner joint's");
    if (set[static_cast<std::size_t>(m.target)]) throw std::invalid_argument(where + " sets coordinate " + std::to_string(m.target) + " a second time");
    if (m.kind == Kind::Free) {
      if (m.free_index != static_cast<int>(coords.size())) throw std::invalid_argument(where + ": free coordinates must be numbered 0, 1, … in order");
      coords.push_back(inner.coordinates()[static_cast<std::size_t>(m.target)]);
    } else if (m.kind == Kind::Coupled) {
      if (m.function.inputs() != static_cast<int>(m.inputs.size()) || m.inputs.empty())
        throw std::invalid_argument(where + ": the function takes " + std::to_string(m.function.inputs()) + " input(s), " +
                                    std::to_string(m.inputs.size()) + " given");
      for (int i : m.inputs)
        if (i < 0 || i >= n || !set[static_cast<std::size_t>(i)])
          throw std::invalid_argument(where + ": input " + std::to_string(i) + " is not set by an entry before it");
    } else if (!std::isfinite(m.value)) {
      throw std::invalid_argument(where + ": the fixed value is not finite");
    }
    set[static_cast<std::size_t>(m.target)] = true;
  }
  if (coords.empty()) throw std::invalid_argument("restricted joint: no free coordinate");
  return coords;
}

}  // namespace

RestrictedJoint::RestrictedJoint(std::unique_ptr<JointModel> inner, std::vector<RestrictedCoordinate> map)
    : JointModel(free_coordinates(checked_inner(inner), map), checked_inner(inner).range_policy()),
      inner_(std::move(inner)),
      map_(std::move(map)) {}

RestrictedJoint::RestrictedJoint(const RestrictedJoint& other) : JointModel(other), inner_(other.inner_->clone()), map_(other.map_) {}

int RestrictedJoint::free_index_of(int inner_index) const {
  for (const RestrictedCoordinate& m : map_)
    if (m.target == inner_index) return m.kind == Kind::Free ? m.free_index : -1;
  return -1;
}

void RestrictedJoint::inner_q(const ConstJointRef& p, JointVector& q) const {
  q.resize(inner_->dof());
  for (const RestrictedCoordinate& m : map_) {
    double v = m.value;
    if (m.kind == Kind::Free) {
      v = p[m.free_index];
    } else if (m.kind == Kind::Coupled) {
      double x[kMaxAxisFunctionInputs];
      for (std::size_t k = 0; k < m.inputs.size(); ++k) x[k] = q[m.inputs[k]];
      m.function.evaluate(x, v, nullptr, nullptr);
      v *= m.scale;
    }
    q[m.target] = v;
  }
}

void RestrictedJoint::evaluate_local(const ConstJointRef& p, JointData& data, EvalLevel level) const {
  const int N = inner_->dof(), n = dof();
  // φ(p), J = ∂φ/∂p (row per inner coordinate) and H_b = ∂²φ_b/∂p², forward through the entries
  JointVector q(N);
  Eigen::Matrix<double, kMaxJointDof, kMaxJointDof> J = Eigen::Matrix<double, kMaxJointDof, kMaxJointDof>::Zero();
  std::array<Square, kMaxJointDof> H;
  for (const RestrictedCoordinate& m : map_) {
    const int t = m.target;
    H[static_cast<std::size_t>(t)].setZero();
    if (m.kind == Kind::Free) {
      q[t] = p[m.free_index];
      J(t, m.free_index) = 1.0;
      continue;
    }
    if (m.kind == Kind::Fixed) {
      q[t] = m.value;
      continue;
    }
    const int k = static_cast<int>(m.inputs.size());
    double x[kMaxAxisFunctionInputs], df[kMaxAxisFunctionInputs], ddf[kMaxAxisFunctionInputs * kMaxAxisFunctionInputs];
    for (int a = 0; a < k; ++a) x[a] = q[m.inputs[static_cast<std::size_t>(a)]];
    double f = 0.0;
    m.function.evaluate(x, f, df, ddf);
    q[t] = m.scale * f;
    Square& h = H[static_cast<std::size_t>(t)];
    for (int a = 0; a < k; ++a) {
      const int ia = m.inputs[static_cast<std::size_t>(a)];
      J.row(t) += m.scale * df[a] * J.row(ia);
      h += m.scale * df[a] * H[static_cast<std::size_t>(ia)];
      for (int b = 0; b < k; ++b) {
        const int ib = m.inputs[static_cast<std::size_t>(b)];
        h += m.scale * ddf[a * k + b] * J.row(ia).transpose() * J.row(ib);
      }
    }
  }
  JointData in(N);
  inner_->evaluate(q, in, level);
  data.G = in.G;
  if (level == EvalLevel::Transform) return;
  data.S = in.S * J.topLeftCorner(N, n);
  if (level != EvalLevel::Hessian) return;
  // ∂s_i/∂p_j = Σ_{b,a} ∂S_b/∂q_a J_bi J_aj + Σ_b S_b (H_b)_ij
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      Twist d = Twist::Zero();
      for (int b = 0; b < N; ++b) {
        if (J(b, i) != 0.0)
          for (int a = 0; a < N; ++a)
            if (J(a, j) != 0.0) d += in.dS.col(b * N + a) * (J(b, i) * J(a, j));
        d += in.S.col(b) * H[static_cast<std::size_t>(b)](i, j);
      }
      data.dS.col(i * n + j) = d;
    }
  }
}

}  // namespace js
