#include "ui/viewport/renderer.hpp"

#include <QObject>
#include <QOpenGLContext>
#include <cstdint>

namespace js::ui {

Renderer::~Renderer() = default;

QString Renderer::initialize() {
  initializeOpenGLFunctions();
  auto build = [](const char* vert, const char* frag, QString& error) {
    auto p = std::make_unique<QOpenGLShaderProgram>();
    if (!p->addShaderFromSourceFile(QOpenGLShader::Vertex, QString::fromLatin1(vert)) ||
        !p->addShaderFromSourceFile(QOpenGLShader::Fragment, QString::fromLatin1(frag)) || !p->link()) {
      error = QObject::tr("Shader %1 / %2 failed: %3").arg(QString::fromLatin1(vert), QString::fromLatin1(frag), p->log());
      return std::unique_ptr<QOpenGLShaderProgram>();
    }
    return p;
  };
  QString error;
  mesh_program_ = build(":/shaders/mesh.vert", ":/shaders/mesh.frag", error);
  if (!mesh_program_) return error;
  line_program_ = build(":/shaders/line.vert", ":/shaders/line.frag", error);
  if (!line_program_) return error;
  loc_clip_T_world_ = mesh_program_->uniformLocation("u_clip_T_world");
  loc_eye_ = mesh_program_->uniformLocation("u_eye");
  loc_light_frame_ = mesh_program_->uniformLocation("u_light_frame");
  loc_world_T_mesh_ = mesh_program_->uniformLocation("u_world_T_mesh");
  loc_colour_ = mesh_program_->uniformLocation("u_colour");
  loc_highlight_ = mesh_program_->uniformLocation("u_highlight");
  loc_line_clip_T_world_ = line_program_->uniformLocation("u_clip_T_world");

  glGenVertexArrays(1, &line_vao_);
  glGenBuffers(1, &line_vbo_);
  glBindVertexArray(line_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
  glEnableVertexAttribArray(0);
  // position at float 0, colour at float 3 (LineVertex is packed)
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex), reinterpret_cast<void*>(3 * sizeof(float)));
  glBindVertexArray(0);
  // core since GL 1.4, not in Qt's ES-shaped function table
  multi_draw_elements_ = reinterpret_cast<MultiDrawElements>(
      QOpenGLContext::currentContext()->getProcAddress("glMultiDrawElements"));
  if (!multi_draw_elements_) return QObject::tr("glMultiDrawElements is missing");
  ready_ = true;
  return {};
}

void Renderer::release() {
  if (!ready_) return;
  for (auto& [key, m] : meshes_) {
    glDeleteVertexArrays(1, &m.vao);
    glDeleteBuffers(1, &m.vbo);
    glDeleteBuffers(1, &m.ibo);
  }
  meshes_.clear();
  glDeleteVertexArrays(1, &line_vao_);
  glDeleteBuffers(1, &line_vbo_);
  mesh_program_.reset();
  line_program_.reset();
  ready_ = false;
}

Renderer::GpuMesh& Renderer::upload(const std::shared_ptr<const MeshData>& mesh, std::optional<MeshWinding> winding) {
  auto it = meshes_.find(mesh.get());
  if (it != meshes_.end() && !it->second.owner.expired()) return it->second;
  GpuMesh g;
  g.owner = mesh;
  // interleaved position + normal
  std::vector<float> interleaved;
  interleaved.reserve(mesh->positions.size() * 6);
  for (std::size_t i = 0; i < mesh->positions.size(); ++i) {
    const auto& p = mesh->positions[i];
    const auto& n = mesh->normals[i];
    interleaved.insert(interleaved.end(), {p.x(), p.y(), p.z(), n.x(), n.y(), n.z()});
  }
  glGenVertexArrays(1, &g.vao);
  glGenBuffers(1, &g.vbo);
  glGenBuffers(1, &g.ibo);
  glBindVertexArray(g.vao);
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(interleaved.size() * sizeof(float)), interleaved.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(3 * sizeof(float)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g.ibo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh->indices.size() * sizeof(std::uint32_t)),
               mesh->indices.data(), GL_STATIC_DRAW);
  glBindVertexArray(0);
  g.index_count = static_cast<int>(mesh->indices.size());
  g.winding = winding ? *winding : closed_mesh_winding(*mesh);
  if (it != meshes_.end()) {
    // same address, new mesh: the old one expired
    glDeleteVertexArrays(1, &it->second.vao);
    glDeleteBuffers(1, &it->second.vbo);
    glDeleteBuffers(1, &it->second.ibo);
    it->second = g;
    return it->second;
  }
  return meshes_.emplace(mesh.get(), g).first->second;
}

void Renderer::purge_expired() {
  for (auto it = meshes_.begin(); it != meshes_.end();) {
    if (it->second.owner.expired()) {
      glDeleteVertexArrays(1, &it->second.vao);
      glDeleteBuffers(1, &it->second.vbo);
      glDeleteBuffers(1, &it->second.ibo);
      it = meshes_.erase(it);
    } else {
      ++it;
    }
  }
}

void Renderer::draw_meshes(const std::vector<MeshItem>& items, const Eigen::Matrix4f& clip_T_world,
                           const Eigen::Vector3f& eye, bool cull, bool translucent_one_layer) {
  if (items.empty()) return;
  mesh_program_->bind();
  glUniformMatrix4fv(loc_clip_T_world_, 1, GL_FALSE, clip_T_world.data());
  glUniform3fv(loc_eye_, 1, eye.data());
  glUniformMatrix3fv(loc_light_frame_, 1, GL_FALSE, light_frame_.data());
  GLenum culled = GL_NONE;  // the face being culled, GL_NONE for none
  for (const MeshItem& item : items) {
    if (!item.mesh || item.mesh->indices.empty()) continue;
    const GpuMesh& g = item.lod_mesh ? upload(item.lod_mesh, item.lod_winding) : upload(item.mesh);
    // closed meshes: only the faces turned to the eye can show (a mirroring transform swaps which those are)
    GLenum face = GL_NONE;
    if (cull && g.winding != MeshWinding::two_sided) {
      const bool mirrored = item.world_T_mesh.topLeftCorner<3, 3>().determinant() < 0.0f;
      face = (g.winding == MeshWinding::outward) != mirrored ? GL_BACK : GL_FRONT;
    }
    if (face != culled) {
      if (face == GL_NONE) {
        glDisable(GL_CULL_FACE);
      } else {
        if (culled == GL_NONE) glEnable(GL_CULL_FACE);
        glCullFace(face);
      }
      culled = face;
    }
    glUniformMatrix4fv(loc_world_T_mesh_, 1, GL_FALSE, item.world_T_mesh.data());
    if (translucent_one_layer && face != GL_NONE) {
      // the front layer alone, as opaque as the two layers it stands for: 1 − (1 − a)²
      Eigen::Vector4f c = item.colour;
      c.w() = 1.0f - (1.0f - c.w()) * (1.0f - c.w());
      glUniform4fv(loc_colour_, 1, c.data());
    } else {
      glUniform4fv(loc_colour_, 1, item.colour.data());
    }
    glUniform1f(loc_highlight_, item.highlighted ? 1.0f : 0.0f);
    glBindVertexArray(g.vao);
    if (item.runs_only) {
      // the clusters that can show, one draw
      run_counts_.clear();
      run_offsets_.clear();
      for (const IndexRun& r : item.runs) {
        run_counts_.push_back(static_cast<GLsizei>(r.count));
        run_offsets_.push_back(reinterpret_cast<const void*>(static_cast<std::uintptr_t>(r.first) * sizeof(std::uint32_t)));
        triangles_drawn_ += r.count / 3;
      }
      if (!run_counts_.empty())
        multi_draw_elements_(GL_TRIANGLES, run_counts_.data(), GL_UNSIGNED_INT, run_offsets_.data(),
                             static_cast<GLsizei>(run_counts_.size()));
      continue;
    }
    glDrawElements(GL_TRIANGLES, g.index_count, GL_UNSIGNED_INT, nullptr);
    triangles_drawn_ += static_cast<std::size_t>(g.index_count / 3);
  }
  if (culled != GL_NONE) glDisable(GL_CULL_FACE);
  glBindVertexArray(0);
}

void Renderer::draw_lines(const std::vector<LineVertex>& lines, const Eigen::Matrix4f& clip_T_world) {
  if (lines.empty()) return;
  line_program_->bind();
  glUniformMatrix4fv(loc_line_clip_T_world_, 1, GL_FALSE, clip_T_world.data());
  glBindVertexArray(line_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
  const auto bytes = static_cast<GLsizeiptr>(lines.size() * sizeof(LineVertex));
  if (lines.size() > line_capacity_) {
    glBufferData(GL_ARRAY_BUFFER, bytes, lines.data(), GL_STREAM_DRAW);
    line_capacity_ = lines.size();
  } else {
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, lines.data());
  }
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lines.size()));
  glBindVertexArray(0);
}

void Renderer::draw(const Scene& scene, const Eigen::Matrix4f& clip_T_world, const Eigen::Vector3f& eye) {
  glClearColor(scene.background.x(), scene.background.y(), scene.background.z(), 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  triangles_drawn_ = 0;
  if (!ready_) return;
  purge_expired();
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  light_frame_ = scene.light_frame;
  draw_meshes(scene.opaque, clip_T_world, eye, true);
  draw_lines(scene.lines, clip_T_world);
  // ghosts: blended, tested against the bodies but not hiding each other. a closed ghost draws its front layer
  // only, as opaque as its two layers together: the back layer doubled the fill, which bounds a frame of a dozen
  // ghosts under a software rasterizer (docs/app.md, "The knee demo with its ghosts")
  glEnable(GL_BLEND);
  // colour blends; the framebuffer's alpha stays 1 so the widget composes opaque onto the window
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  glDepthMask(GL_FALSE);
  draw_meshes(scene.translucent, clip_T_world, eye, ghosts_one_layer_, ghosts_one_layer_);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  // the gizmo stays visible through the bones
  glDisable(GL_DEPTH_TEST);
  draw_lines(scene.overlay, clip_T_world);
  glEnable(GL_DEPTH_TEST);
}

}  // namespace js::ui
