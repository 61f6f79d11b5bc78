// a body's mass, centre of mass and inertia from its mesh: the closed surface filled with one density
// (core inertia_from_mesh, as the scene reader does for "mesh": {"file", "density"}).
#pragma once

#include <QString>

#include "core/lie/se3.hpp"
#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

// kg/m³: cortical bone, the default for imported bones (editable at import)
inline constexpr double kBoneDensity = 1850.0;

struct MeshMass {
  bool ok = false;
  double mass = 0.0;             // kg
  Vec3 com = Vec3::Zero();       // body frame, m
  Vec3 inertia_diag = Vec3::Zero();  // about the com in body axes (the document keeps the diagonal), kg m²
  double volume = 0.0;           // m³
  QString why_not;               // an open or non-manifold mesh: what is wrong
};

// mesh in metres in the body frame; a mesh wound inside out counts with its orientation flipped
MeshMass mesh_mass(const MeshData& mesh, double density);

}  // namespace js::ui
