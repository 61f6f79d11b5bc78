// small procedural shape builders: lofted tubes through elliptical rings (the demo bones), ellipsoids (a body
// without a mesh drawn as its inertia), tubes, and flat-capped cylinders and boxes (a joint's shaft or bar).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "ui/mesh/mesh_data.hpp"

namespace js::ui::shapes {

// one cross-section of a loft: an ellipse in the plane spanned by u and w around centre.
struct Ring {
  Eigen::Vector3f centre;
  float ru;  // radius along u
  float rw;  // radius along w
  Eigen::Vector3f u = Eigen::Vector3f::UnitX();
  Eigen::Vector3f w = Eigen::Vector3f::UnitZ();
  // bulge of a triangular cross-section (tibial shaft): r(φ) = 1 + tri·cos(3(φ − tri_phase))
  float tri = 0.0f;
  float tri_phase = 0.0f;
};

// a closed tube through the rings (caps at both ends), `segments` vertices per ring.
// rings are ordered so that u × w points from one ring to the next (outward normals).
MeshData loft(const std::vector<Ring>& rings, int segments = 48);

// an ellipsoid with semi-axes radii along the columns of `axes`.
MeshData ellipsoid(const Eigen::Vector3f& centre, const Eigen::Vector3f& radii,
                   const Eigen::Matrix3f& axes = Eigen::Matrix3f::Identity(), int slices = 32, int stacks = 20);

// a round tube from a to b, radius r0 at a and r1 at b, with caps.
MeshData tube(const Eigen::Vector3f& a, const Eigen::Vector3f& b, float r0, float r1, int segments = 32);

// a cylinder of radius 1 along z from −0.5 to 0.5 with flat caps (their own vertices, so the rims stay sharp and
// a scale diag(r, r, l) keeps every normal's direction)
MeshData unit_cylinder(int segments = 24);

// the box [−0.5, 0.5]³ with a normal per face (any axis-aligned scale keeps them)
MeshData unit_box();

}  // namespace js::ui::shapes
