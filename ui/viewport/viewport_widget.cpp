#include "ui/viewport/viewport_widget.hpp"

#include <QCoreApplication>
#include <QCursor>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>
#include <QOpenGLWindow>
#include <QTimer>
#include <QToolTip>
#include <QUrl>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <cmath>

#include "ui/document/operations.hpp"
#include "ui/viewport/gl_format.hpp"
#include "ui/viewport/lod_select.hpp"
#include "ui/joint/live_refit.hpp"
#include "ui/viewport/picking.hpp"

namespace js::ui {

// the native window the view draws in: straight into its back buffer (no partial updates, so no extra
// framebuffer), handing its input to the widget
class ViewportWidget::GlWindow : public QOpenGLWindow {
 public:
  explicit GlWindow(ViewportWidget& view) : QOpenGLWindow(QOpenGLWindow::NoPartialUpdate), view_(view) {
    // keyboard focus stays with the widget, so shortcuts and key handling work as for any widget
    setFlag(Qt::WindowDoesNotAcceptFocus);
    // Qt shows widget tooltips only for events that reach widgets from the window system: show the
    // widget's tooltip here after the mouse rests
    tooltip_.setSingleShot(true);
    tooltip_.setInterval(700);
    QObject::connect(&tooltip_, &QTimer::timeout, &view_, [this] {
      QToolTip::showText(QCursor::pos(), view_.toolTip(), &view_);
    });
  }

 protected:
  void initializeGL() override { view_.initialize_gl(); }
  void paintGL() override {
    const qreal dpr = devicePixelRatio();
    view_.paint_gl(qRound(width() * dpr), qRound(height() * dpr));
  }
  bool event(QEvent* e) override {
    switch (e->type()) {
      case QEvent::MouseMove:
        if (static_cast<QMouseEvent*>(e)->buttons() == Qt::NoButton) tooltip_.start();
        return QCoreApplication::sendEvent(&view_, e);
      case QEvent::Leave:
        tooltip_.stop();
        return QOpenGLWindow::event(e);
      case QEvent::MouseButtonPress:
      case QEvent::MouseButtonDblClick:
        tooltip_.stop();
        QToolTip::hideText();
        view_.setFocus(Qt::MouseFocusReason);
        [[fallthrough]];
      case QEvent::MouseButtonRelease:
      case QEvent::Wheel:
      case QEvent::KeyPress:
      case QEvent::KeyRelease:
      case QEvent::DragEnter:
      case QEvent::DragMove:
      case QEvent::DragLeave:
      case QEvent::Drop:
        // the window fills the widget, so positions carry over as they are
        return QCoreApplication::sendEvent(&view_, e);
      default:
        return QOpenGLWindow::event(e);
    }
  }

 private:
  ViewportWidget& view_;
  QTimer tooltip_;
};

ViewportWidget::ViewportWidget(Document& doc, MeshLibrary& meshes, QWidget* parent)
    : QWidget(parent), doc_(doc), meshes_(meshes) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setAcceptDrops(true);
  setMinimumSize(320, 240);
  setAttribute(Qt::WA_OpaquePaintEvent);
  gl_window_ = new GlWindow(*this);
  // multisampling where it is cheap (gl_format.hpp)
  QSurfaceFormat f = QSurfaceFormat::defaultFormat();
  msaa_samples_ = viewport_msaa_samples();
  f.setSamples(msaa_samples_);
  gl_window_->setFormat(f);
  connect(gl_window_, &QOpenGLWindow::frameSwapped, this, &ViewportWidget::frame_swapped);
  container_ = QWidget::createWindowContainer(gl_window_, this);
  container_->setFocusPolicy(Qt::NoFocus);
  container_->setMouseTracking(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(container_);
  setToolTip(tr("Left-drag: orbit or drag a gizmo handle · right/middle-drag: pan · wheel: zoom · click: select a body "
                "or a sample's ghost · "
                "F: frame selection"));
  connect(&doc_, &Document::changed, this, &ViewportWidget::request_frame);
  connect(&doc_, &Document::selection_changed, this, &ViewportWidget::request_frame);
  lod_enabled_ = qEnvironmentVariable("JS_LOD") != QLatin1String("0");
  // a chain finished on the worker thread: draw again with it (queued to this thread; dropped if the
  // widget is gone)
  lod_cache_.set_on_ready([this] { QMetaObject::invokeMethod(this, &ViewportWidget::request_frame, Qt::QueuedConnection); });
}

ViewportWidget::~ViewportWidget() {
  // GL objects must be freed with the window's context current, and the window must go before what it draws
  if (gl_window_->isValid()) {
    disconnect(gl_window_->context(), nullptr, this, nullptr);
    gl_window_->makeCurrent();
    renderer_.release();
    gl_window_->doneCurrent();
  }
  delete container_;
}

void ViewportWidget::initialize_gl() {
  gl_error_ = renderer_.initialize();
  if (!gl_error_.isEmpty()) emit status_message(gl_error_);
  connect(gl_window_->context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] {
    gl_window_->makeCurrent();
    renderer_.release();
    gl_window_->doneCurrent();
  });
}

void ViewportWidget::request_frame() { gl_window_->update(); }

void ViewportWidget::paintEvent(QPaintEvent*) {
  // update() on this widget (the window covers it, nothing to paint here): a new frame
  request_frame();
}

BodyId ViewportWidget::gizmo_body() const {
  const Selection& s = doc_.selection();
  if (s.body && doc_.data().body(s.body)) return s.body;
  if (const Joint* j = doc_.data().joint(s.joint); j && s.sample < 0) return j->child;
  return 0;
}

std::optional<GizmoFrame> ViewportWidget::current_gizmo() const {
  const Selection& s = doc_.selection();
  // a selected sample: the gizmo moves its ghost (live_refit.hpp)
  if (const Joint* j = doc_.data().joint(s.joint); j && s.sample >= 0 && s.sample < static_cast<int>(j->samples.size()))
    return make_sample_gizmo_frame(doc_.data(), *j, s.sample, doc_.data().camera);
  const BodyId b = gizmo_body();
  if (!b) return std::nullopt;
  return make_gizmo_frame(doc_.data(), b, doc_.data().camera);
}

void ViewportWidget::paint_gl(int width_px, int height_px) {
  frame_timer_.start();
  SceneOptions opt = options_;
  opt.surface_cache = &surfaces_;
  opt.loop_cache = &loops_;
  opt.gizmo = ik_mode_ || measure_.active() ? std::nullopt : current_gizmo();
  if (drag_ == Drag::ik && ik_.active()) opt.ik_target = std::pair{ik_.grabbed_point(doc_.data()), ik_.target()};
  if (measure_.active()) opt.measure_points = measure_.world_points(doc_.data());
  opt.gizmo_hovered = drag_ == Drag::gizmo ? gizmo_drag_.handle() : hovered_;
  const CameraState& cam = doc_.data().camera;
  Scene scene = build_scene(doc_.data(), doc_.selection(), meshes_, cam, opt);
  if (lod_enabled_) apply_lod(scene, lod_cache_, lod_projection(cam, width_px, height_px));
  const double aspect = static_cast<double>(width_px) / std::max(1, height_px);
  const Eigen::Matrix4f clip_T_world = projection_matrix(cam, aspect) * view_matrix(cam);
  QOpenGLFunctions* gl = QOpenGLContext::currentContext()->functions();
  gl->glViewport(0, 0, width_px, height_px);
  renderer_.draw(scene, clip_T_world, camera_eye(cam).cast<float>());
  // wait for the GPU so the number is the real frame cost, not the submission cost (the swap follows)
  if (show_frame_time_) gl->glFinish();
}

void ViewportWidget::frame_swapped() {
  // the frame is on screen: its time runs from building the scene to the end of the swap
  if (!show_frame_time_ || !frame_timer_.isValid()) return;
  const double ms = static_cast<double>(frame_timer_.nsecsElapsed()) * 1e-6;
  frame_timer_.invalidate();
  last_frame_ms_ = ms;
  frame_ms_ = frame_ms_ > 0.0 ? 0.8 * frame_ms_ + 0.2 * ms : ms;
  emit frame_time_measured(frame_ms_);
}

QImage ViewportWidget::grabFramebuffer() {
  if (!gl_window_->isValid()) return {};
  gl_window_->makeCurrent();
  const qreal dpr = gl_window_->devicePixelRatio();
  const QSize px(qRound(width() * dpr), qRound(height() * dpr));
  QOpenGLFramebufferObjectFormat format;
  format.setAttachment(QOpenGLFramebufferObject::Depth);
  format.setSamples(msaa_samples_);
  QOpenGLFramebufferObject fbo(px, format);
  QImage image;
  if (fbo.bind()) {
    const bool timing = std::exchange(show_frame_time_, false);
    paint_gl(px.width(), px.height());
    show_frame_time_ = timing;
    frame_timer_.invalidate();
    image = fbo.toImage();
    fbo.release();
  }
  gl_window_->doneCurrent();
  return image;
}

void ViewportWidget::set_lod_enabled(bool on) {
  lod_enabled_ = on;
  request_frame();
}

void ViewportWidget::set_ghosts_one_layer(bool on) {
  renderer_.set_ghosts_one_layer(on);
  request_frame();
}

void ViewportWidget::set_show_frame_time(bool on) {
  show_frame_time_ = on;
  frame_ms_ = 0.0;
  request_frame();
}

Ray ViewportWidget::ray_at(const QPointF& pos) const {
  return pixel_ray(doc_.data().camera, pos.x(), pos.y(), width(), height());
}

void ViewportWidget::set_camera(const CameraState& c) {
  doc_.set_camera(c);
  request_frame();
}

void ViewportWidget::frame_selection() {
  Vec3 centre;
  double radius = 0.0;
  if (!selection_bounds(doc_.data(), doc_.selection(), meshes_, centre, radius)) return;
  CameraState c = doc_.data().camera;
  frame_sphere(c, centre, radius);
  set_camera(c);
}

void ViewportWidget::set_ik_mode(bool on) {
  ik_mode_ = on;
  ik_.end();
  if (drag_ == Drag::ik) drag_ = Drag::none;
  emit status_message(on ? tr("IK mode: drag a body and the joints above it follow") : tr("IK mode off"));
  request_frame();
}

void ViewportWidget::set_measure_mode(bool on) {
  if (on == measure_.active()) return;
  measure_.set_active(on);
  emit measure_mode_changed(on);
  const QString text = on ? tr("Distance: click a point on a mesh, then another (Esc ends)") : tr("Distance tool off");
  emit measurement(on ? text : QString());
  emit status_message(text);
  request_frame();
}

void ViewportWidget::measure_click(const QPointF& pos) {
  const auto hit = pick_body(doc_.data(), meshes_, ray_at(pos));
  if (!hit) {
    emit status_message(tr("Distance: no mesh under the mouse; click on a body"));
    return;
  }
  measure_.add(doc_.data(), hit->body, hit->point);
  QString text;
  if (const auto d = measure_.distance(doc_.data())) {
    const std::vector<BodyId> b = measure_.bodies();
    text = tr("Distance %1 mm (%2 → %3)").arg(*d * 1e3, 0, 'f', 1).arg(doc_.data().body(b[0])->name, doc_.data().body(b[1])->name);
  } else {
    text = tr("Distance: first point on %1; click the second").arg(doc_.data().body(hit->body)->name);
  }
  emit measurement(text);
  emit status_message(text);
  request_frame();
}

void ViewportWidget::set_standard_view(StandardView view) {
  CameraState c = doc_.data().camera;
  // lateral and medial: from the side of the selected body (or of the target)
  const BodyId b = gizmo_body();
  const Vec3 where = b ? doc_.data().world_T_body(b).p : c.target;
  set_camera(standard_view(c, view, body_side(c, where)));
  emit status_message(tr("%1 view").arg(standard_view_name(view)));
}

void ViewportWidget::set_orthographic(bool on) {
  CameraState c = doc_.data().camera;
  c.orthographic = on;
  set_camera(c);
}

bool ViewportWidget::begin_ik_drag(const QPointF& pos) {
  const auto hit = pick_body(doc_.data(), meshes_, ray_at(pos));
  if (!hit) return false;
  QString error;
  if (!ik_.begin(doc_, hit->body, hit->point, error)) {
    emit status_message(error);
    return false;
  }
  ik_plane_point_ = hit->point;
  ik_plane_normal_ = (camera_eye(doc_.data().camera) - doc_.data().camera.target).normalized();
  drag_ = Drag::ik;
  return true;
}

void ViewportWidget::mousePressEvent(QMouseEvent* e) {
  press_pos_ = last_pos_ = e->position();
  moved_ = false;
  if (e->button() == Qt::LeftButton && !(e->modifiers() & Qt::ShiftModifier)) {
    if (ik_mode_ && begin_ik_drag(e->position())) return;
    // measuring: a click picks, a drag orbits; the gizmo stays out of the way
    if (measure_.active()) {
      drag_ = Drag::orbit;
      return;
    }
    if (auto g = ik_mode_ ? std::nullopt : current_gizmo()) {
      const GizmoHandle h = pick_gizmo(*g, doc_.data().camera, width(), height(),
                                       Eigen::Vector2d(e->position().x(), e->position().y()));
      const Selection& s = doc_.selection();
      const Joint* sj = doc_.data().joint(s.joint);
      if (sj && !(s.sample >= 0 && s.sample < static_cast<int>(sj->samples.size()))) sj = nullptr;
      const BodyId b = sj ? 0 : gizmo_body();
      const SE3 start = sj ? sj->samples[static_cast<std::size_t>(s.sample)].parent_T_child : doc_.data().body(b)->pose;
      if (h != GizmoHandle::none && gizmo_drag_.begin(*g, h, start, ray_at(e->position()))) {
        drag_ = Drag::gizmo;
        gizmo_drag_body_ = b;
        gizmo_drag_joint_ = sj ? sj->id : 0;
        gizmo_drag_sample_ = sj ? s.sample : -1;
        // every move of this drag merges into one undo step
        gizmo_merge_key_ = doc_.next_merge_key();
        return;
      }
    }
    drag_ = Drag::orbit;
  } else if (e->button() == Qt::RightButton || e->button() == Qt::MiddleButton || e->button() == Qt::LeftButton) {
    drag_ = Drag::pan;
  }
}

void ViewportWidget::mouseMoveEvent(QMouseEvent* e) {
  const QPointF d = e->position() - last_pos_;
  last_pos_ = e->position();
  if ((e->position() - press_pos_).manhattanLength() > 3.0) moved_ = true;
  switch (drag_) {
    case Drag::ik: {
      // the target: where the mouse ray meets the plane through the grabbed point facing the camera
      const Ray r = ray_at(e->position());
      const double denom = r.dir.dot(ik_plane_normal_);
      if (std::abs(denom) < 1e-9) return;
      const Vec3 target = r.origin + r.dir * ((ik_plane_point_ - r.origin).dot(ik_plane_normal_) / denom);
      const IkReport rep = ik_.move_to(doc_, target);
      emit status_message(rep.unreachable ? tr("IK: target out of reach, %1 mm away").arg(rep.residual * 1e3, 0, 'f', 1)
                                          : tr("IK: %1 mm from the target").arg(rep.residual * 1e3, 0, 'f', 2));
      request_frame();
      return;
    }
    case Drag::gizmo: {
      const SE3 pose = gizmo_drag_.update(ray_at(e->position()));
      if (gizmo_drag_sample_ >= 0) {
        const auto r = drag_sample(doc_, gizmo_drag_joint_, gizmo_drag_sample_, pose, gizmo_merge_key_);
        if (!r.ok()) emit status_message(r.error);
        else if (r.value)
          emit status_message(tr("Moving sample %1: refitted live in %2 ms")
                                  .arg(gizmo_drag_sample_ + 1)
                                  .arg(doc_.data().joint(gizmo_drag_joint_)->last_fit.seconds * 1e3, 0, 'f', 1));
      } else {
        set_body_pose(doc_, gizmo_drag_body_, pose, gizmo_merge_key_);
      }
      return;
    }
    case Drag::orbit: {
      if (!moved_) return;
      CameraState c = doc_.data().camera;
      orbit(c, d.x(), d.y());
      set_camera(c);
      return;
    }
    case Drag::pan: {
      CameraState c = doc_.data().camera;
      pan(c, d.x(), d.y(), height());
      set_camera(c);
      return;
    }
    case Drag::none: break;
  }
  // hovering: light up the handle under the mouse
  GizmoHandle h = GizmoHandle::none;
  if (auto g = current_gizmo())
    h = pick_gizmo(*g, doc_.data().camera, width(), height(), Eigen::Vector2d(e->position().x(), e->position().y()));
  if (h != hovered_) {
    hovered_ = h;
    request_frame();
  }
}

void ViewportWidget::mouseReleaseEvent(QMouseEvent* e) {
  const Drag was = drag_;
  drag_ = Drag::none;
  if (was == Drag::ik) {
    ik_.end();
    request_frame();
    return;
  }
  if (was == Drag::gizmo && gizmo_drag_sample_ >= 0) {
    const Joint* j = doc_.data().joint(gizmo_drag_joint_);
    emit status_message(j && refits_live(*j) ? tr("Moved sample %1; the joint was refitted live").arg(gizmo_drag_sample_ + 1)
                                             : tr("Moved sample %1: press Fit to refit (live refit needs a fit under %2 ms)")
                                                   .arg(gizmo_drag_sample_ + 1).arg(kLiveRefitSeconds * 1e3));
    gizmo_drag_sample_ = -1;
    return;
  }
  if (was == Drag::gizmo) {
    emit status_message(tr("Moved %1").arg(doc_.data().body(gizmo_drag_body_) ? doc_.data().body(gizmo_drag_body_)->name
                                                                            : QString()));
    return;
  }
  if (e->button() == Qt::LeftButton && !moved_) {
    if (measure_.active()) measure_click(e->position());
    else click_select(e->position());
  }
}

void ViewportWidget::click_select(const QPointF& pos) {
  // the nearest hit along the ray: a body, or a sample's ghost while ghosts are drawn
  const auto hit = pick(doc_.data(), meshes_, ray_at(pos), options_.ghosts);
  Selection s;
  if (hit && hit->ghost()) {
    // as a row selected in the samples table: the sample of its joint, no live body (the gizmo moves the ghost)
    s.joint = hit->joint;
    s.sample = hit->sample;
    emit status_message(tr("Selected sample %1 of %2").arg(hit->sample + 1).arg(doc_.data().joint(hit->joint)->name));
  } else if (hit) {
    s.body = hit->body;
    if (const Joint* j = doc_.data().joint_of_child(hit->body)) s.joint = j->id;
    emit status_message(tr("Selected %1").arg(doc_.data().body(hit->body)->name));
  }
  doc_.set_selection(s);
}

void ViewportWidget::wheelEvent(QWheelEvent* e) {
  CameraState c = doc_.data().camera;
  zoom(c, std::pow(0.9, e->angleDelta().y() / 120.0));
  set_camera(c);
}

void ViewportWidget::keyPressEvent(QKeyEvent* e) {
  CameraState c = doc_.data().camera;
  const bool shift = e->modifiers() & Qt::ShiftModifier;
  const double step = 20.0;
  switch (e->key()) {
    case Qt::Key_Left: shift ? pan(c, step, 0, height()) : orbit(c, step, 0); break;
    case Qt::Key_Right: shift ? pan(c, -step, 0, height()) : orbit(c, -step, 0); break;
    case Qt::Key_Up: shift ? pan(c, 0, step, height()) : orbit(c, 0, step); break;
    case Qt::Key_Down: shift ? pan(c, 0, -step, height()) : orbit(c, 0, -step); break;
    case Qt::Key_Plus: case Qt::Key_Equal: case Qt::Key_PageUp: zoom(c, 0.85); break;
    case Qt::Key_Minus: case Qt::Key_PageDown: zoom(c, 1.0 / 0.85); break;
    case Qt::Key_Escape:
      if (!measure_.active()) {
        QWidget::keyPressEvent(e);
        return;
      }
      set_measure_mode(false);
      return;
    default: QWidget::keyPressEvent(e); return;
  }
  set_camera(c);
}

void ViewportWidget::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void ViewportWidget::dropEvent(QDropEvent* e) {
  QStringList paths;
  for (const QUrl& url : e->mimeData()->urls())
    if (url.isLocalFile()) paths << url.toLocalFile();
  if (!paths.isEmpty()) {
    e->acceptProposedAction();
    emit files_dropped(paths);
  }
}

}  // namespace js::ui
