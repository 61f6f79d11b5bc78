// what the viewport draws, built from a document without any GL (scene_builder.hpp); the renderer
// (renderer.hpp) only uploads and draws these lists.
#pragma once

#include <Eigen/Core>
#include <memory>
#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

struct MeshItem {
  enum class Role { body, ghost };
  std::shared_ptr<const MeshData> mesh;
  Eigen::Matrix4f world_T_mesh = Eigen::Matrix4f::Identity();
  Eigen::Vector4f colour = Eigen::Vector4f::Ones();  // rgba, alpha < 1 draws blended
  Role role = Role::body;
  BodyId body = 0;
  int sample = -1;           // the sample a ghost shows
  bool highlighted = false;  // selected: drawn with a rim glow
};

// packed (no alignment padding) so the array uploads as is: 7 floats per vertex
struct LineVertex {
  Eigen::Matrix<float, 3, 1, Eigen::DontAlign> position;
  Eigen::Matrix<float, 4, 1, Eigen::DontAlign> colour;
};
static_assert(sizeof(LineVertex) == 7 * sizeof(float));

struct Scene {
  std::vector<MeshItem> opaque;       // bodies
  std::vector<MeshItem> translucent;  // ghosts, sorted far to near
  std::vector<LineVertex> lines;      // depth-tested segments (pairs): grid, world axes, triads
  std::vector<LineVertex> overlay;    // drawn on top (pairs): the gizmo
  Eigen::Vector3f background = Eigen::Vector3f(0.16f, 0.17f, 0.19f);
};

}  // namespace js::ui
