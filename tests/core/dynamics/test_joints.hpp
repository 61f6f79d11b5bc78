// a stand-in joint for dynamics tests: G(q) = ∏_k exp(ĝ_k φ_k(q)) with quadratic φ_k, so S and ∇S depend
// on q in every direction (like a spline surface joint). evaluated through the shared poe recursion.
#pragma once

#include <random>
#include <vector>

#include "core/joints/joint.hpp"
#include "core/joints/poe.hpp"

namespace js::test {

class QuadraticPoeJoint final : public JointModel {
 public:
  struct Factor {
    Twist g = Twist::Zero();
    double a = 0.0;                        // φ = a + bᵀq + ½ qᵀ C q
    Eigen::Matrix<double, 3, 1> b = Eigen::Matrix<double, 3, 1>::Zero();
    Eigen::Matrix<double, 3, 3> C = Eigen::Matrix<double, 3, 3>::Zero();
  };

  QuadraticPoeJoint(int dof, std::vector<Factor> factors)
      : JointModel(make_coordinates(dof), RangePolicy::Natural), factors_(std::move(factors)) {}

  // random factors with O(1) coefficients; curvature scales the quadratic part (0 makes S constant).
  static std::unique_ptr<QuadraticPoeJoint> random(int dof, int num_factors, std::mt19937& rng, double curvature = 0.3) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<Factor> f(static_cast<std::size_t>(num_factors));
    for (auto& fk : f) {
      for (int r = 0; r < 6; ++r) fk.g[r] = u(rng) * (r < 3 ? 1.0 : 0.3);
      fk.a = 0.3 * u(rng);
      for (int i = 0; i < dof; ++i) {
        fk.b[i] = u(rng);
        for (int j = 0; j <= i; ++j) fk.C(i, j) = fk.C(j, i) = curvature * u(rng);
      }
    }
    return std::make_unique<QuadraticPoeJoint>(dof, std::move(f));
  }

  JointKind kind() const override { return JointKind::SplineSurface; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<QuadraticPoeJoint>(*this); }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override {
    const int n = dof();
    PoeFactor pf[kMaxPoeFactors];
    const int m = static_cast<int>(factors_.size());
    for (int k = 0; k < m; ++k) {
      const Factor& f = factors_[static_cast<std::size_t>(k)];
      pf[k].g = f.g;
      double phi = f.a;
      for (int i = 0; i < n; ++i) {
        phi += f.b[i] * q[i];
        double d = f.b[i];
        for (int j = 0; j < n; ++j) {
          phi += 0.5 * f.C(i, j) * q[i] * q[j];
          d += f.C(i, j) * q[j];
          pf[k].ddphi[static_cast<std::size_t>(i * n + j)] = f.C(i, j);
        }
        pf[k].dphi[static_cast<std::size_t>(i)] = d;
      }
      pf[k].phi = phi;
    }
    poe_evaluate(SE3::identity(), pf, m, n, level, data);
  }

 private:
  static std::vector<Coordinate> make_coordinates(int dof) {
    std::vector<Coordinate> c(static_cast<std::size_t>(dof));
    for (int i = 0; i < dof; ++i) c[static_cast<std::size_t>(i)].name = "q" + std::to_string(i);
    return c;
  }
  std::vector<Factor> factors_;
};

// a revolute stand-in: one factor [axis; 0] q.
inline std::unique_ptr<QuadraticPoeJoint> test_revolute(const Vec3& axis) {
  QuadraticPoeJoint::Factor f;
  f.g.head<3>() = axis.normalized();
  f.b[0] = 1.0;
  return std::make_unique<QuadraticPoeJoint>(1, std::vector<QuadraticPoeJoint::Factor>{f});
}

inline SE3 random_transform(std::mt19937& rng, double scale = 0.3) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Twist g;
  for (int r = 0; r < 6; ++r) g[r] = u(rng) * (r < 3 ? 1.0 : scale);
  return se3_exp(g);
}

}  // namespace js::test
