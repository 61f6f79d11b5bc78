// cpu ray picking against the bodies' meshes and the samples' ghosts (möller–trumbore per triangle,
// bounding sphere first).
#pragma once

#include <optional>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_data.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/camera.hpp"

namespace js::ui {

// distance along the ray (in the mesh's frame, which shares the world's scale) to the nearest hit
std::optional<double> intersect_mesh(const MeshData& mesh, const Ray& ray_in_mesh);

struct PickHit {
  BodyId body = 0;         // the body hit, or the child a hit ghost shows
  double distance = 0.0;   // m along the world ray
  Vec3 point = Vec3::Zero();
  JointId joint = 0;       // a ghost: the joint whose sample it shows (0 for a body)
  int sample = -1;         // a ghost: the sample's index in that joint (−1 for a body)
  bool ghost() const { return sample >= 0; }
};

// the body whose mesh the world ray meets first
std::optional<PickHit> pick_body(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray);

// the sample ghost the world ray meets first: the child's mesh at world_T_parent · sample.parent_T_child,
// as the scene builder draws them (scene_builder.hpp)
std::optional<PickHit> pick_ghost(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray);

// what a click selects: the nearest of the body and (with ghosts drawn) the ghost hits. a ghost wins only
// when it is nearer by more than kGhostTieDistance, so a sample captured where its body stands picks the body.
inline constexpr double kGhostTieDistance = 1e-4;  // m
std::optional<PickHit> pick(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray, bool ghosts);

}  // namespace js::ui
