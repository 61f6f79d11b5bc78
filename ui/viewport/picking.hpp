// cpu ray picking against the bodies' meshes (möller–trumbore per triangle, bounding sphere first).
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
  BodyId body = 0;
  double distance = 0.0;  // m along the world ray
  Vec3 point = Vec3::Zero();
};

// the body whose mesh the world ray meets first
std::optional<PickHit> pick_body(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray);

}  // namespace js::ui
