// the central 3-d view: a widget holding a native OpenGL window that builds a Scene from the document each
// frame and hands it to the Renderer. mouse: left-drag orbits (or drags a gizmo handle), right/middle or
// shift-drag pans, wheel zooms, click selects (a body, or a sample by its ghost; with the distance tool, picks a
// point). keys: arrows orbit, shift+arrows pan, +/− zoom, Esc ends the distance tool.
// why a window and not a QOpenGLWidget: a QOpenGLWidget draws into a texture that Qt then composes with the
// rest of the main window on every flush, two full-window textured quads; under a software rasterizer that
// costs about as much as drawing 250k triangles (docs/app.md, "Frame time"). the window draws straight into
// its own back buffer and the main window stays plain raster. its input events are handed to this widget.
#pragma once

#include <QElapsedTimer>
#include <QImage>
#include <QWidget>
#include <QPoint>
#include <optional>

#include "ui/document/document.hpp"
#include "ui/joint/ik_drag.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/mesh/mesh_lod_cache.hpp"
#include "ui/viewport/gizmo.hpp"
#include "ui/viewport/measure_tool.hpp"
#include "ui/viewport/renderer.hpp"
#include "ui/viewport/scene_builder.hpp"
#include "ui/viewport/standard_views.hpp"

namespace js::ui {

class ViewportWidget : public QWidget {
  Q_OBJECT
 public:
  ViewportWidget(Document& doc, MeshLibrary& meshes, QWidget* parent = nullptr);
  ~ViewportWidget() override;

  SceneOptions& options() { return options_; }
  // the body the gizmo poses: the selected body, else the selected joint's child; 0 for none
  BodyId gizmo_body() const;
  void set_show_frame_time(bool on);
  // ik mode: a left-drag on a body moves the point under the mouse and the joints above it follow (ik_drag.hpp)
  void set_ik_mode(bool on);
  bool ik_mode() const { return ik_mode_; }
  // the distance tool (measure_tool.hpp): clicks pick points on the meshes instead of selecting; Esc ends it
  void set_measure_mode(bool on);
  const MeasureTool& measure() const { return measure_; }
  // an anatomical view of the camera's target (standard_views.hpp; lateral and medial from the side of the
  // selected body), and the parallel projection: view state saved with the camera, not undoable edits
  void set_standard_view(StandardView view);
  void set_orthographic(bool on);
  bool show_frame_time() const { return show_frame_time_; }
  // last measured frame time, ms (only while shown): from the start of building the scene to the frame on
  // screen (GPU work finished and the buffers swapped), smoothed
  double frame_time_ms() const { return frame_ms_; }
  // the same for the last frame alone, not smoothed
  double last_frame_ms() const { return last_frame_ms_; }
  // schedules a frame; update() does too (it repaints this widget, which asks the GL window for a frame)
  void request_frame();
  // draws one frame now into an offscreen buffer of the view's size: what the view shows; null before the
  // view was first shown
  QImage grabFramebuffer();
  // levels of detail (lod_select.hpp): far meshes drawn simpler, off with JS_LOD=0 in the environment
  void set_lod_enabled(bool on);
  // ghosts of closed meshes drawn as one layer with both layers' opacity (the default), or as both layers
  void set_ghosts_one_layer(bool on);
  bool lod_enabled() const { return lod_enabled_; }
  // the chains built so far (on a worker thread; the view asks for a frame when one is ready)
  const MeshLodCache& lod_cache() const { return lod_cache_; }
  // triangles the last frame drew
  std::size_t triangles_drawn() const { return renderer_.triangles_drawn(); }
  // the multisampling the view's window asked for (gl_format.hpp)
  int msaa_samples() const { return msaa_samples_; }
  // the error of GL setup, empty when the renderer is ready
  const QString& gl_error() const { return gl_error_; }

 public slots:
  void frame_selection();

 signals:
  void frame_time_measured(double ms);
  void files_dropped(const QStringList& paths);
  void status_message(const QString& text);
  // the distance tool turned itself off (Esc) or on
  void measure_mode_changed(bool on);
  // the tool's reading: "Distance 42.3 mm (Femur → Tibia)", or what to pick next
  void measurement(const QString& text);

 protected:
  void paintEvent(QPaintEvent* e) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;
  void wheelEvent(QWheelEvent* e) override;
  void keyPressEvent(QKeyEvent* e) override;
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dropEvent(QDropEvent* e) override;

 private:
  class GlWindow;
  void initialize_gl();
  // draws the frame into the bound framebuffer, pixels in size
  void paint_gl(int width_px, int height_px);
  void frame_swapped();
  std::optional<GizmoFrame> current_gizmo() const;
  Ray ray_at(const QPointF& pos) const;
  void set_camera(const CameraState& c);
  void click_select(const QPointF& pos);

  Document& doc_;
  MeshLibrary& meshes_;
  Renderer renderer_;
  GlWindow* gl_window_ = nullptr;    // owned by container_
  QWidget* container_ = nullptr;     // child of this widget, fills it
  int msaa_samples_ = 0;
  SceneOptions options_;
  DrivenSurfaceCache surfaces_;
  LoopSceneCache loops_;
  QString gl_error_;

  bool begin_ik_drag(const QPointF& pos);

  enum class Drag { none, orbit, pan, gizmo, ik };
  Drag drag_ = Drag::none;
  QPointF press_pos_, last_pos_;
  bool moved_ = false;
  GizmoDrag gizmo_drag_;
  BodyId gizmo_drag_body_ = 0;
  JointId gizmo_drag_joint_ = 0;  // with gizmo_drag_sample_ ≥ 0: the drag moves that sample
  int gizmo_drag_sample_ = -1;
  int gizmo_merge_key_ = 0;
  GizmoHandle hovered_ = GizmoHandle::none;

  bool ik_mode_ = false;
  MeasureTool measure_;
  void measure_click(const QPointF& pos);
  IkDrag ik_;
  Vec3 ik_plane_point_ = Vec3::Zero();   // the drag plane: through the grabbed point, facing the camera
  Vec3 ik_plane_normal_ = Vec3::UnitZ();

  bool show_frame_time_ = false;
  QElapsedTimer frame_timer_;  // started when a frame begins, read when it is on screen
  double frame_ms_ = 0.0, last_frame_ms_ = 0.0;

  bool lod_enabled_ = true;
  // last member: destroyed first, so its worker has stopped before the rest of the widget goes
  MeshLodCache lod_cache_;
};

}  // namespace js::ui
