// mass properties of one rigid body: given directly or integrated from a closed triangle mesh.
#pragma once

#include <array>
#include <vector>

#include "core/lie/inertia.hpp"

namespace js {

// mass, centre of mass and rotational inertia about the centre of mass, all in the body frame.
struct BodyInertia {
  double mass = 1.0;                        // kg, > 0
  Vec3 com = Vec3::Zero();                  // m, body frame
  Mat3 inertia_com = Mat3::Identity() * 1e-3;  // kg m², about com in body axes, symmetric positive definite

  // the 6×6 generalized inertia J of eq. (8) about the body origin.
  Mat6 generalized() const { return generalized_inertia(mass, com, inertia_com); }

  // a solid box of half-extents h (m) centred at com, axes aligned with the body frame.
  static BodyInertia box(double mass, const Vec3& half_extents, const Vec3& com = Vec3::Zero());
  // a solid sphere of radius r (m).
  static BodyInertia sphere(double mass, double radius, const Vec3& com = Vec3::Zero());
};

// integrates a closed, consistently oriented (outward normals, counter-clockwise seen from outside)
// triangle mesh of uniform density (kg/m³) by signed tetrahedra from the origin.
// vertices: body-frame points (m); triangles: vertex index triples.
// throws std::invalid_argument for a bad index, a non-positive density or a non-positive volume (an
// open or inside-out mesh); the message says which.
BodyInertia inertia_from_mesh(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                              double density);

}  // namespace js
