#include "ui/mesh/shapes.hpp"

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

namespace js::ui::shapes {

MeshData loft(const std::vector<Ring>& rings, int segments) {
  MeshData m;
  const float two_pi = 2.0f * std::numbers::pi_v<float>;
  const auto n = static_cast<std::uint32_t>(segments);
  for (const Ring& r : rings) {
    for (int s = 0; s < segments; ++s) {
      const float phi = two_pi * static_cast<float>(s) / static_cast<float>(segments);
      const float k = 1.0f + r.tri * std::cos(3.0f * (phi - r.tri_phase));
      m.positions.push_back(r.centre + k * (r.ru * std::cos(phi) * r.u + r.rw * std::sin(phi) * r.w));
    }
  }
  // side quads; u × w is the loft direction, so (ring i, ring i+1) wound this way faces outward
  for (std::uint32_t i = 0; i + 1 < rings.size(); ++i) {
    for (std::uint32_t s = 0; s < n; ++s) {
      const std::uint32_t a = i * n + s, b = i * n + (s + 1) % n;
      const std::uint32_t c = a + n, d = b + n;
      m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
    }
  }
  // caps: fans around each end ring's centre
  const auto first = static_cast<std::uint32_t>(m.positions.size());
  m.positions.push_back(rings.front().centre);
  for (std::uint32_t s = 0; s < n; ++s) m.indices.insert(m.indices.end(), {first, (s + 1) % n, s});
  const auto last = static_cast<std::uint32_t>(m.positions.size());
  m.positions.push_back(rings.back().centre);
  const std::uint32_t base = static_cast<std::uint32_t>(rings.size() - 1) * n;
  for (std::uint32_t s = 0; s < n; ++s) m.indices.insert(m.indices.end(), {last, base + s, base + (s + 1) % n});
  m.compute_normals();
  m.update_bounds();
  return m;
}

MeshData ellipsoid(const Eigen::Vector3f& centre, const Eigen::Vector3f& radii, const Eigen::Matrix3f& axes,
                   int slices, int stacks) {
  MeshData m;
  const float pi = std::numbers::pi_v<float>;
  for (int i = 0; i <= stacks; ++i) {
    const float v = pi * static_cast<float>(i) / static_cast<float>(stacks);  // 0 at +y pole
    for (int j = 0; j <= slices; ++j) {
      const float u = 2.0f * pi * static_cast<float>(j) / static_cast<float>(slices);
      const Eigen::Vector3f unit(std::sin(v) * std::cos(u), std::cos(v), std::sin(v) * std::sin(u));
      m.positions.push_back(centre + axes * unit.cwiseProduct(radii));
      // the normal of an ellipsoid is the unit direction divided by the radii
      m.normals.push_back((axes * unit.cwiseQuotient(radii)).normalized());
    }
  }
  const auto row = static_cast<std::uint32_t>(slices + 1);
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(stacks); ++i) {
    for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(slices); ++j) {
      const std::uint32_t a = i * row + j, b = a + 1, c = a + row, d = c + 1;
      m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
    }
  }
  m.update_bounds();
  return m;
}

MeshData tube(const Eigen::Vector3f& a, const Eigen::Vector3f& b, float r0, float r1, int segments) {
  const Eigen::Vector3f axis = (b - a).normalized();
  // u × w must equal the axis
  Eigen::Vector3f u = axis.unitOrthogonal();
  Eigen::Vector3f w = axis.cross(u);
  std::vector<Ring> rings;
  const int steps = 6;
  for (int i = 0; i <= steps; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(steps);
    const float r = r0 + (r1 - r0) * t;
    rings.push_back(Ring{a + t * (b - a), r, r, u, w});
  }
  return loft(rings, segments);
}

MeshData unit_cylinder(int segments) {
  MeshData m;
  const float two_pi = 2.0f * std::numbers::pi_v<float>;
  const auto n = static_cast<std::uint32_t>(segments);
  // side: a ring at each end with radial normals
  for (float z : {-0.5f, 0.5f})
    for (std::uint32_t s = 0; s < n; ++s) {
      const float phi = two_pi * static_cast<float>(s) / static_cast<float>(n);
      m.positions.emplace_back(std::cos(phi), std::sin(phi), z);
      m.normals.emplace_back(std::cos(phi), std::sin(phi), 0.0f);
    }
  for (std::uint32_t s = 0; s < n; ++s) {
    const std::uint32_t a = s, b = (s + 1) % n, c = a + n, d = b + n;
    m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
  }
  // caps: a fan around each end's centre, facing out along z
  for (float z : {-0.5f, 0.5f}) {
    const auto centre = static_cast<std::uint32_t>(m.positions.size());
    m.positions.emplace_back(0.0f, 0.0f, z);
    m.normals.emplace_back(0.0f, 0.0f, z > 0.0f ? 1.0f : -1.0f);
    for (std::uint32_t s = 0; s < n; ++s) {
      const float phi = two_pi * static_cast<float>(s) / static_cast<float>(n);
      m.positions.emplace_back(std::cos(phi), std::sin(phi), z);
      m.normals.push_back(m.normals[centre]);
    }
    for (std::uint32_t s = 0; s < n; ++s) {
      const std::uint32_t a = centre + 1 + s, b = centre + 1 + (s + 1) % n;
      if (z > 0.0f)
        m.indices.insert(m.indices.end(), {centre, a, b});
      else
        m.indices.insert(m.indices.end(), {centre, b, a});
    }
  }
  m.update_bounds();
  return m;
}

MeshData unit_box() {
  MeshData m;
  for (int axis = 0; axis < 3; ++axis)
    for (float side : {-1.0f, 1.0f}) {
      // the face's two in-plane directions, ordered so u × v is the outward normal
      const Eigen::Vector3f normal = side * Eigen::Vector3f::Unit(axis);
      const Eigen::Vector3f u = Eigen::Vector3f::Unit((axis + 1) % 3);
      const Eigen::Vector3f v = normal.cross(u);
      const auto first = static_cast<std::uint32_t>(m.positions.size());
      for (const auto& [a, b] : {std::pair{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}}) {
        m.positions.push_back(0.5f * (normal + a * u + b * v));
        m.normals.push_back(normal);
      }
      m.indices.insert(m.indices.end(), {first, first + 1, first + 2, first, first + 2, first + 3});
    }
  m.update_bounds();
  return m;
}

}  // namespace js::ui::shapes
