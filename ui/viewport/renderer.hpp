// the thin GL 3.3 core renderer: uploads meshes once (cached by MeshData address, dropped when the mesh
// is gone), streams line vertices every frame, and draws a Scene. call everything with the context current.
#pragma once

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "ui/mesh/mesh_winding.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

class Renderer : protected QOpenGLExtraFunctions {
 public:
  Renderer() = default;
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // compiles the shaders from the qt resources; returns an error message or an empty string
  QString initialize();
  void draw(const Scene& scene, const Eigen::Matrix4f& clip_T_world, const Eigen::Vector3f& eye);
  // closed translucent meshes (ghosts) drawn as their front layer with the opacity of both (default), or both layers
  void set_ghosts_one_layer(bool on) { ghosts_one_layer_ = on; }
  // triangles submitted by the last draw (all mesh items, at the levels drawn)
  std::size_t triangles_drawn() const { return triangles_drawn_; }
  // frees GL objects; the context must be current
  void release();

 private:
  struct GpuMesh {
    std::weak_ptr<const MeshData> owner;
    unsigned vao = 0, vbo = 0, ibo = 0;
    int index_count = 0;
    MeshWinding winding = MeshWinding::two_sided;  // closed meshes draw one side (mesh_winding.hpp)
  };
  // winding: when known (a level of detail's, checked when it was built), else checked here once
  GpuMesh& upload(const std::shared_ptr<const MeshData>& mesh, std::optional<MeshWinding> winding = std::nullopt);
  // cull: skip the faces a closed mesh hides behind its front; translucent_one_layer: those culled items are drawn
  // with the opacity of their two layers together
  void draw_meshes(const std::vector<MeshItem>& items, const Eigen::Matrix4f& clip_T_world,
                   const Eigen::Vector3f& eye, bool cull, bool translucent_one_layer = false);
  void draw_lines(const std::vector<LineVertex>& lines, const Eigen::Matrix4f& clip_T_world);
  void purge_expired();

  bool ready_ = false;
  bool ghosts_one_layer_ = true;
  std::unique_ptr<QOpenGLShaderProgram> mesh_program_, line_program_;
  // uniform locations, looked up once
  int loc_clip_T_world_ = -1, loc_eye_ = -1, loc_world_T_mesh_ = -1, loc_colour_ = -1, loc_highlight_ = -1;
  int loc_light_frame_ = -1;
  Eigen::Matrix3f light_frame_ = Eigen::Matrix3f::Identity();  // the scene's, for draw_meshes
  int loc_line_clip_T_world_ = -1;
  std::unordered_map<const MeshData*, GpuMesh> meshes_;
  std::size_t triangles_drawn_ = 0;
  using MultiDrawElements = void(QOPENGLF_APIENTRYP)(GLenum, const GLsizei*, GLenum, const void* const*, GLsizei);
  MultiDrawElements multi_draw_elements_ = nullptr;
  std::vector<GLsizei> run_counts_;  // reused each frame: items drawn in runs (MeshItem::runs)
  std::vector<const void*> run_offsets_;
  unsigned line_vao_ = 0, line_vbo_ = 0;
  std::size_t line_capacity_ = 0;
};

}  // namespace js::ui
