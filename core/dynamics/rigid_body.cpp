#include "core/dynamics/rigid_body.hpp"

#include <stdexcept>
#include <string>

namespace js {

BodyInertia BodyInertia::box(double mass, const Vec3& h, const Vec3& com) {
  BodyInertia b;
  b.mass = mass;
  b.com = com;
  const Vec3 s = h.cwiseProduct(h);
  b.inertia_com = (mass / 3.0 * Vec3(s.y() + s.z(), s.x() + s.z(), s.x() + s.y())).asDiagonal();
  return b;
}

BodyInertia BodyInertia::sphere(double mass, double radius, const Vec3& com) {
  BodyInertia b;
  b.mass = mass;
  b.com = com;
  b.inertia_com = Mat3::Identity() * (0.4 * mass * radius * radius);
  return b;
}

BodyInertia inertia_from_mesh(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                              double density) {
  if (!(density > 0.0)) throw std::invalid_argument("inertia_from_mesh: density must be > 0");
  const int nv = static_cast<int>(vertices.size());
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  // second moments ∫ x xᵀ dV about the origin
  Mat3 second = Mat3::Zero();
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    for (int k = 0; k < 3; ++k) {
      if (triangles[t][static_cast<std::size_t>(k)] < 0 || triangles[t][static_cast<std::size_t>(k)] >= nv) {
        throw std::invalid_argument("inertia_from_mesh: triangle " + std::to_string(t) + " has vertex index " +
                                    std::to_string(triangles[t][static_cast<std::size_t>(k)]) + " outside [0, " +
                                    std::to_string(nv) + ")");
      }
    }
    const Vec3& a = vertices[static_cast<std::size_t>(triangles[t][0])];
    const Vec3& b = vertices[static_cast<std::size_t>(triangles[t][1])];
    const Vec3& c = vertices[static_cast<std::size_t>(triangles[t][2])];
    // signed tetrahedron (0, a, b, c)
    const double v6 = a.dot(b.cross(c));
    volume += v6 / 6.0;
    first += v6 / 24.0 * (a + b + c);
    // ∫ x xᵀ over the tetrahedron = v6/120 (Σ x_i x_iᵀ + (Σ x_i)(Σ x_i)ᵀ)
    const Vec3 s = a + b + c;
    second += v6 / 120.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  if (!(volume > 0.0)) {
    throw std::invalid_argument("inertia_from_mesh: enclosed volume " + std::to_string(volume) +
                                " m³ is not positive (mesh open or normals pointing inwards)");
  }
  BodyInertia out;
  out.mass = density * volume;
  out.com = first / volume;
  // I_o = tr(Σ)·1 − Σ, then shift to the centre of mass
  const Mat3 sigma = density * second;
  const Mat3 inertia_origin = sigma.trace() * Mat3::Identity() - sigma;
  const Mat3 C = hat3(out.com);
  out.inertia_com = inertia_origin - out.mass * C * C.transpose();
  out.inertia_com = 0.5 * (out.inertia_com + out.inertia_com.transpose()).eval();
  return out;
}

}  // namespace js
