#include "ui/export/gltf_save.hpp"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <exception>
#include <string>
#include <vector>

#include "core/dynamics/coordinate_coupler.hpp"
#include "core/interop/gltf_export.hpp"
#include "core/interop/gltf_keys.hpp"
#include "core/interop/scene_motion.hpp"
#include "ui/joint/document_multibody.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"
#include "ui/mesh/mesh_library.hpp"

namespace js::ui {
namespace {

// a body that draws a mesh of its own (not the ellipsoid the view makes up for a body without one)
bool gltf_body_has_mesh(const Body& b) { return !b.mesh_parts.empty() || !b.mesh_path.isEmpty(); }

// the scene body's name of each joint coordinate the multibody holds, "body.coordinate"
QString gltf_coordinate_name(const DocumentMultibody& mb, int k) {
  return QString::fromStdString(mb.scene.model.coordinate_names()[static_cast<std::size_t>(k)]);
}

// each scene body with the mesh the view draws, in body coordinates (metres); else the box of its inertia (named in
// boxes when it has a mesh that did not load)
std::vector<scene::TriangleMesh> gltf_body_meshes(const DocumentData& d, const DocumentMultibody& mb, MeshLibrary* meshes,
                                                  QStringList& boxes) {
  MeshLibrary own;
  MeshLibrary& library = meshes ? *meshes : own;
  std::vector<scene::TriangleMesh> body_meshes;
  for (std::size_t i = 0; i < mb.bodies.size(); ++i) {
    const Body* b = d.body(mb.bodies[i]);
    std::shared_ptr<const MeshData> m = b && gltf_body_has_mesh(*b) ? library.mesh(*b) : nullptr;
    if (m && m->triangle_count() > 0) {
      body_meshes.push_back(m->triangle_mesh());
    } else {
      if (b && gltf_body_has_mesh(*b)) boxes << b->name;
      body_meshes.push_back(interop::inertia_box(mb.scene.model.body(static_cast<int>(i)).inertia));
    }
  }
  return body_meshes;
}

}  // namespace

QStringList gltf_sweep_coordinates(const DocumentData& d, JointId preferred, QString* error) {
  DocumentMultibody mb;
  const QString err = build_document_multibody(d, mb);
  if (error) *error = err;
  if (!err.isEmpty()) return {};
  QStringList first, rest;
  for (const DocumentMultibody::Link& link : mb.links)
    for (int k : link.coordinates)
      if (k >= 0 && mb.scene.model.coordinate_info(k).has_range() &&
          std::none_of(mb.scene.loops.couplers().begin(), mb.scene.loops.couplers().end(),
                       [k](const CoordinateCoupler& c) { return c.dependent == k; }))
        (link.joint == preferred ? first : rest) << gltf_coordinate_name(mb, k);
  return first + rest;
}

GltfSaveResult save_gltf(const DocumentData& d, const GltfSaveOptions& options, const QString& path, MeshLibrary* meshes) {
  GltfSaveResult r;
  if (!(options.duration > 0.0) || !std::isfinite(options.duration))
    return {QObject::tr("The duration must be more than 0 s"), {}};
  if (!(options.fps > 0.0) || !std::isfinite(options.fps)) return {QObject::tr("Frames per second must be more than 0"), {}};
  if (!(options.key_tolerance >= 0.0)) return {QObject::tr("The key tolerance must be 0 or more"), {}};
  DocumentMultibody mb;
  if (QString err = build_document_multibody(d, mb); !err.isEmpty()) return {err, {}};
  scene::Scene& scene = mb.scene;
  // gravity switched off in the app runs without it, as Simulate does
  if (!d.simulation.gravity) scene.model.gravity = Vec3::Zero();
  interop::SceneMotion motion;
  try {
    if (options.sweep.isEmpty()) {
      motion = interop::simulated_motion(scene, options.duration, 1);
    } else {
      const int frames = std::max(2, static_cast<int>(std::ceil(options.duration * options.fps)) + 1);
      motion = interop::sweep_motion(scene, options.sweep.toStdString(), options.duration, frames);
    }
  } catch (const std::exception& e) {
    return {options.sweep.isEmpty() ? QObject::tr("The simulation for the glTF export failed: %1").arg(QString::fromUtf8(e.what()))
                                    : QObject::tr("Cannot sweep %1: %2").arg(options.sweep, QString::fromUtf8(e.what())),
            {}};
  }
  QStringList boxes;
  const std::vector<scene::TriangleMesh> body_meshes = gltf_body_meshes(d, mb, meshes, boxes);
  const std::vector<std::size_t> keys = interop::linear_keys(motion, {options.key_tolerance, options.key_tolerance});
  const interop::KeyError key_error = interop::linear_key_error(motion, keys);
  interop::GltfOptions gltf;
  // glTF is y-up: only a z-up world needs turning
  gltf.y_up = d.camera.z_up;
  try {
    interop::write_glb(path.toStdString(), scene.model, body_meshes, interop::select_frames(motion, keys),
                       options.sweep.isEmpty() ? "simulation" : "sweep " + options.sweep.toStdString(), gltf);
  } catch (const std::exception& e) {
    return {QObject::tr("Cannot write %1: %2").arg(path, QString::fromUtf8(e.what())), {}};
  }
  r.summary = QObject::tr("%1 bodies, %2 keys of %3 frames over %4 s (%5); linear interpolation within %6 m and %7 rad")
                  .arg(scene.model.num_bodies())
                  .arg(keys.size())
                  .arg(motion.times.size())
                  .arg(motion.times.back() - motion.times.front(), 0, 'g', 4)
                  .arg(options.sweep.isEmpty() ? QObject::tr("simulated") : QObject::tr("%1 swept").arg(options.sweep))
                  .arg(key_error.position, 0, 'g', 2)
                  .arg(key_error.angle, 0, 'g', 2);
  if (!boxes.isEmpty())
    r.summary += QObject::tr("; meshes not loaded, written as inertia boxes: %1").arg(boxes.join(QStringLiteral(", ")));
  return r;
}

GltfSaveResult save_timeline_gltf(const DocumentData& d, double fps, const QString& path, MeshLibrary* meshes) {
  if (!(fps > 0.0) || !std::isfinite(fps)) return {QObject::tr("Frames per second must be more than 0"), {}};
  // the keyed joints' curves, each with where its coordinate sits in the multibody's q
  DocumentMultibody mb;
  if (QString err = build_document_multibody(d, mb); !err.isEmpty()) return {err, {}};
  std::vector<std::pair<int, TimelineCurve>> curves;
  QStringList names;
  for (const DocumentMultibody::Link& link : mb.links) {
    const Joint* j = d.joint(link.joint);
    if (!j || j->timeline.keys.empty()) continue;
    QString why;
    std::optional<TimelineCurve> curve = TimelineCurve::make(*j, &why);
    if (!curve) return {why, {}};
    const int k = link.coordinates.at(static_cast<std::size_t>(curve->coordinate()));
    if (k < 0) return {QObject::tr("%1's keyed coordinate is not simulated: it cannot be exported").arg(j->name), {}};
    curves.emplace_back(k, *curve);
    names << j->name;
  }
  if (curves.empty()) return {QObject::tr("No joint has timeline keys: nothing to animate"), {}};
  const double end = timeline_duration(d);
  const int frames = std::max(2, static_cast<int>(std::ceil(end * fps - 1e-9)) + 1);
  const Eigen::VectorXd rest = mb.q_of(d);
  std::vector<double> times;
  std::vector<Eigen::VectorXd> qs;
  for (int f = 0; f < frames; ++f) {
    const double t = std::min(end, f / fps);
    if (!times.empty() && !(t > times.back())) break;
    Eigen::VectorXd q = rest;
    for (const auto& [k, curve] : curves) q[k] = curve.at(t).q;
    times.push_back(t);
    qs.push_back(std::move(q));
  }
  interop::SceneMotion motion;
  try {
    motion = interop::keyed_motion(mb.scene, times, qs);
  } catch (const std::exception& e) {
    return {QObject::tr("Cannot sample the timeline: %1").arg(QString::fromUtf8(e.what())), {}};
  }
  QStringList boxes;
  const std::vector<scene::TriangleMesh> body_meshes = gltf_body_meshes(d, mb, meshes, boxes);
  interop::GltfOptions gltf;
  gltf.y_up = d.camera.z_up;
  try {
    interop::write_glb(path.toStdString(), mb.scene.model, body_meshes, motion, "timeline", gltf);
  } catch (const std::exception& e) {
    return {QObject::tr("Cannot write %1: %2").arg(path, QString::fromUtf8(e.what())), {}};
  }
  GltfSaveResult r;
  r.summary = QObject::tr("%1 bodies, %2 frames at %3 fps over %4 s; keyed: %5")
                  .arg(mb.scene.model.num_bodies())
                  .arg(motion.times.size())
                  .arg(fps, 0, 'g', 4)
                  .arg(end, 0, 'g', 4)
                  .arg(names.join(QStringLiteral(", ")));
  if (!boxes.isEmpty())
    r.summary += QObject::tr("; meshes not loaded, written as inertia boxes: %1").arg(boxes.join(QStringLiteral(", ")));
  return r;
}

}  // namespace js::ui
