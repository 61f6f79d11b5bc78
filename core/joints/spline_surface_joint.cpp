#include "core/joints/spline_surface_joint.hpp"

#include <span>
#include <stdexcept>
#include <string>

#include "core/joints/poe.hpp"
#include "core/spline/tensor.hpp"

namespace js {

namespace {

std::vector<Coordinate> make_coordinates(const std::vector<spline::KnotVector>& knots,
                                         const std::vector<std::string>& names) {
  static const char* kDefault[] = {"u", "v", "w"};
  if (knots.empty() || knots.size() > 3) {
    throw std::invalid_argument("spline surface joint: " + std::to_string(knots.size()) +
                                " coordinates given, expected 1, 2 or 3");
  }
  if (!names.empty() && names.size() != knots.size()) {
    throw std::invalid_argument("spline surface joint: " + std::to_string(names.size()) + " names for " +
                                std::to_string(knots.size()) + " coordinates");
  }
  std::vector<Coordinate> coords;
  for (std::size_t d = 0; d < knots.size(); ++d) {
    Coordinate c;
    c.name = names.empty() ? kDefault[d] : names[d];
    c.min = knots[d].q_min();
    c.max = knots[d].q_max();
    coords.push_back(c);
  }
  return coords;
}

// basis of one axis at x. open axes continue their end polynomial pieces past the domain, so G stays
// C² there and S, ∇S remain the exact derivatives (RangePolicy::Extrapolate); periodic axes wrap.
void axis_basis(const spline::KnotVector& kv, double x, spline::BasisValues& out) {
  if (!kv.periodic() && x < kv.q_min()) {
    spline::evaluate_basis_in_span(kv, kv.find_span(kv.q_min()), x, out);
  } else if (!kv.periodic() && x > kv.q_max()) {
    spline::evaluate_basis_in_span(kv, kv.find_span(kv.q_max()), x, out);
  } else {
    spline::evaluate_basis(kv, x, out);
  }
}

}  // namespace

std::array<Twist, 6> SplineSurfaceJoint::default_basis() {
  std::array<Twist, 6> e;
  for (int j = 0; j < 6; ++j) {
    e[static_cast<std::size_t>(j)] = Twist::Zero();
    // translations occupy v (indices 3..5), rotations ω (0..2)
    e[static_cast<std::size_t>(j)][j < 3 ? j + 3 : j - 3] = 1.0;
  }
  return e;
}

SplineSurfaceJoint::SplineSurfaceJoint(const SE3& H, std::vector<spline::KnotVector> knots,
                                       std::array<std::vector<double>, 6> coefficients,
                                       const std::array<Twist, 6>& basis, const std::vector<std::string>& names)
    : JointModel(make_coordinates(knots, names), RangePolicy::Extrapolate),
      H_(H),
      knots_(std::move(knots)),
      coefficients_(std::move(coefficients)),
      basis_(basis) {
  std::size_t expected = 1;
  for (const auto& kv : knots_) expected *= static_cast<std::size_t>(kv.num_control());
  for (std::size_t j = 0; j < 6; ++j) {
    if (coefficients_[j].size() != expected) {
      throw std::invalid_argument("spline surface joint: coefficients of basis twist " + std::to_string(j) + " have " +
                                  std::to_string(coefficients_[j].size()) + " values, the knot vectors need " +
                                  std::to_string(expected));
    }
  }
}

void SplineSurfaceJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const int n = dof();
  std::array<PoeFactor, 6> f;
  for (std::size_t j = 0; j < 6; ++j) f[j].g = basis_[j];
  if (n == 1) {
    spline::BasisValues b;
    axis_basis(knots_[0], q[0], b);
    for (std::size_t j = 0; j < 6; ++j) {
      double v = 0.0, d1 = 0.0, d2 = 0.0;
      for (int r = 0; r < b.order; ++r) {
        const double c = coefficients_[j][static_cast<std::size_t>(knots_[0].control_index(b.first_index() + r))];
        v += b.value[static_cast<std::size_t>(r)] * c;
        d1 += b.d1[static_cast<std::size_t>(r)] * c;
        d2 += b.d2[static_cast<std::size_t>(r)] * c;
      }
      f[j].phi = v;
      f[j].dphi[0] = d1;
      f[j].ddphi[0] = d2;
    }
  } else if (n == 2) {
    spline::TensorBasis<2> tb;
    for (int a = 0; a < 2; ++a) {
      const auto s = static_cast<std::size_t>(a);
      axis_basis(knots_[s], q[a], tb.axis[s]);
      tb.num_control[s] = knots_[s].num_control();
      tb.periodic[s] = knots_[s].periodic();
    }
    spline::SplineJet<2> jet;
    for (std::size_t j = 0; j < 6; ++j) {
      spline::evaluate_scalar_spline(tb, std::span<const double>(coefficients_[j]), jet);
      f[j].phi = jet.value;
      for (int a = 0; a < 2; ++a) {
        f[j].dphi[static_cast<std::size_t>(a)] = jet.gradient[a];
        for (int b = 0; b < 2; ++b) f[j].ddphi[static_cast<std::size_t>(a * 2 + b)] = jet.hessian(a, b);
      }
    }
  } else {
    spline::TensorBasis<3> tb;
    for (int a = 0; a < 3; ++a) {
      const auto s = static_cast<std::size_t>(a);
      axis_basis(knots_[s], q[a], tb.axis[s]);
      tb.num_control[s] = knots_[s].num_control();
      tb.periodic[s] = knots_[s].periodic();
    }
    spline::SplineJet<3> jet;
    for (std::size_t j = 0; j < 6; ++j) {
      spline::evaluate_scalar_spline(tb, std::span<const double>(coefficients_[j]), jet);
      f[j].phi = jet.value;
      for (int a = 0; a < 3; ++a) {
        f[j].dphi[static_cast<std::size_t>(a)] = jet.gradient[a];
        for (int b = 0; b < 3; ++b) f[j].ddphi[static_cast<std::size_t>(a * 3 + b)] = jet.hessian(a, b);
      }
    }
  }
  // eq. (25) evaluated through the shared recursion (eq. 27–31)
  poe_evaluate(H_, f.data(), 6, n, level, data);
}

}  // namespace js
