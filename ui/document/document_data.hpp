// the plain data of a project: bodies, joints with their samples, fit settings and camera.
// no qt widgets and no undo here; Document (document.hpp) owns one of these and edits it through commands.
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <Eigen/Core>
#include <nlohmann/json.hpp>
#include <memory>
#include <optional>
#include <vector>

#include "core/joints/joint.hpp"
#include "core/lie/se3.hpp"
#include "core/motion/timing_curve.hpp"

// core's enums, declared here without their headers: core/dynamics/simulator.hpp would bring core's js::Body beside
// js::ui::Body into every file that includes the document. code naming their values includes those headers.
namespace js {
enum class Integrator;  // core/dynamics/simulator.hpp
namespace fit {
enum class FitMethod;  // core/fit/curve_fit.hpp
}  // namespace fit
}  // namespace js

namespace js::ui {

struct OsimDocumentSource;  // ui/document/osim_source.hpp

// one mesh file drawn with a body (an OpenSim body may have several, each scaled and on an offset frame)
struct MeshPart {
  QString path;              // absolute
  Vec3 scale = Vec3::Ones();  // scale_factors, applied in the mesh's own frame
  SE3 body_T_mesh;           // the frame the mesh hangs on, in the body
};

// stable ids: survive removal, undo and reorder. 0 means "none".
using BodyId = int;
using JointId = int;

enum class LengthUnit { metres, millimetres };

// metres per file unit.
inline double unit_scale(LengthUnit u) { return u == LengthUnit::millimetres ? 1e-3 : 1.0; }

struct Body {
  BodyId id = 0;
  QString name;
  // absolute path, or "builtin:<name>" for the procedural demo meshes; saved relative to the project file
  QString mesh_path;
  LengthUnit units = LengthUnit::metres;
  QColor colour = QColor(230, 220, 196);
  double mass = 1.0;                      // kg
  Vec3 com = Vec3::Zero();                // centre of mass in the body frame, m
  Vec3 inertia_diag = Vec3(1e-3, 1e-3, 1e-3);  // principal moments about the com, kg m²
  // world_T_body for a root body; parent_T_body when the body is the child of a joint
  SE3 pose;
  // a massless reference frame (a scene file's root frame): not simulated, drawn as axes only
  bool frame_only = false;
  // opened from a scene file: the body's scene keys the document does not model (mesh and density, a full
  // inertia, motion, ...), written back verbatim by the scene export (ui/export/scene_import.hpp). the mass
  // keys among them are written only while mass, com and inertia_diag still equal scene_mass (as read).
  nlohmann::json scene_keys;
  double scene_mass[7] = {0, 0, 0, 0, 0, 0, 0};  // mass, com, inertia_diag as read from the scene
  // opened from an OpenSim model: every mesh of the body (drawn instead of mesh_path when not empty)
  std::vector<MeshPart> mesh_parts;
};

// one captured pose of the child relative to the parent.
struct Sample {
  Eigen::VectorXd q;
  SE3 parent_T_child;
  // from motion-capture markers: the larger of the two clusters' rms marker residual after the rigid fit (m);
  // negative for a sample that did not come from markers
  double marker_rms = -1.0;
};

// what the app keeps of the fit that made a joint's model: the objective before and after each iteration
// of the final fit (the fit dock's convergence plot), the wall time of one fit (s; a cross-validated fit's
// total divided by its fits), which decides whether a sample drag refits live (live_refit.hpp), and the
// smoothing weight it used (chosen by cross-validation when automatic).
struct FitRecord {
  std::vector<double> history;
  double seconds = 0.0;
  double smoothing = 0.0;
  bool empty() const { return history.empty(); }
};

// an animator's keyed timing of one coordinate (the timeline dock; ui/document/timeline.hpp, docs/app.md "Timeline"):
// keys (t, value) with strictly increasing t. value is q itself (rad or m) in q mode — the monotone timing curve of
// docs/motion.md applied to q, as a scene's keyed drive — or the arc length s along the coordinate's range in
// arc_length mode (a 1-dof joint with a model; core/motion's metric at the child origin, ℓ = 1 m per rad), q(t) =
// q(s(t)) as a scene's scripted motion. one key holds its value; none: the joint is not animated.
enum class TimelineMode { q, arc_length };
// "q" and "arc_length", as the project file names the modes (here beside the enum: the project reader, which the
// fuzz target compiles without timeline.cpp, writes them)
QString timeline_mode_text(TimelineMode mode);

struct TimelineKey {
  double t = 0.0;      // s
  double value = 0.0;  // q (rad or m) or s (metric units)
  bool operator==(const TimelineKey&) const = default;
};

struct JointTimeline {
  TimelineMode mode = TimelineMode::q;
  int coordinate = 0;  // which of the joint's coordinates the keys drive (0 in arc_length mode)
  TimingContinuity continuity = TimingContinuity::c2;
  std::vector<TimelineKey> keys;  // t strictly increasing
  bool operator==(const JointTimeline&) const = default;
};

struct Joint {
  JointId id = 0;
  QString name;
  BodyId parent = 0;
  BodyId child = 0;
  // a spline curve (1 dof), a spline surface (2 dof), a lower pair, or any kind a scene or model file brings
  // (then with a model); files spell it as core's joint_kind_name ("spline_curve", "revolute", …)
  JointKind kind = JointKind::SplineCurve;
  // the core joint model (core/joints): a lower pair made at creation, a fitted spline, or one read from a
  // joint file; null for a spline joint not fitted yet. immutable, so undo copies share it.
  std::shared_ptr<const JointModel> model;
  // the coordinates the playback sliders show (size joint_dof(kind)); the child sits at G(q) after a
  // slider move or a fit, and wherever the gizmo puts it while posing samples
  Eigen::VectorXd q;
  std::vector<Sample> samples;
  // opened from a scene file: the body's "joint" (a joint file path made absolute, or inline) and
  // "joint_offsets" keys as read, written back verbatim while the model is the one read; null otherwise
  // (any new model clears it)
  nlohmann::json scene_joint;
  // the fit that made the model (empty for a model that was not fitted here)
  FitRecord last_fit;
  // opened from an OpenSim model: the joint element's name as read (empty otherwise), and per coordinate
  // whether the sliders show it in degrees (a rotational coordinate; empty: q as stored)
  QString osim_joint;
  std::vector<bool> degrees;
  // set in the coordinate editor (ui/panels/coordinate_editor), per coordinate: a translation shown in millimetres
  // (else metres; empty: metres)
  std::vector<bool> millimetres;
  // where the sliders' Reset puts the coordinates and where a new model starts (rad or m, size dof); empty: an
  // opened OpenSim model's defaults are its q, others start at 0 (ui/document/coordinate_units.hpp)
  Eigen::VectorXd default_q;
  // the names and ranges the user gave the coordinates (an empty name or an open bound: not set). a model's own
  // coordinates are edited in a clone of the model; a fit (fit_job.hpp) names its spline's coordinates and sets
  // their ranges from these, so a joint not fitted yet keeps them for its fit. empty when never edited.
  std::vector<Coordinate> user_coordinates;
  // how the samples table shows rotations (ui/joint/sample_angles.hpp): "grood_suntay" (axes from the motion; also
  // ""), "grood_suntay_xy" … (named axes), "xyz" … (body-fixed sequence) or "axis_angle"
  QString sample_angles;
  // re-authoring a joint that has a model of its own (an opensim joint, a lower pair): a fit of its samples
  // gives `candidate`, overlaid and compared but not yet the joint's model; Replace in Model makes it the model
  // and keeps the model it replaced as `original` (overlaid for comparison; Save As .osim writes the
  // replacement). both null otherwise; both immutable and shared like model.
  std::shared_ptr<const JointModel> candidate;
  std::shared_ptr<const JointModel> original;
  // the timeline dock's keys (default: none)
  JointTimeline timeline;
};

// the size of q: the model's dof, else that of the kind.
int joint_q_size(const Joint& joint);

// degrees of freedom of a joint kind without a model (the kinds a file brings with a model count as one).
int joint_dof(JointKind kind);
// the kinds the ui creates, in menu order.
const std::vector<JointKind>& joint_kinds();
bool is_spline_kind(JointKind kind);
// the names files and the ui use: core's joint_kind_name and integrator_name, and for the fit method "gauss_newton"
// or "paper" (the cli's core name is "gauss-newton": projects keep the spelling they always had)
QString joint_kind_text(JointKind kind);
QString integrator_text(Integrator integrator);
QString fit_method_text(fit::FitMethod method);
// the method or integrator of such a name ("levenberg_marquardt", as early projects named the exact method, is
// gauss_newton); false otherwise
bool fit_method_from_text(const QString& name, fit::FitMethod& method);
bool integrator_from_text(const QString& name, Integrator& integrator);
// the defaults of new documents: gauss_newton and rk4
fit::FitMethod default_fit_method();
Integrator default_integrator();
// the names of joint_kinds(), in menu order
QStringList joint_kind_texts();

struct FitSettings {
  int frames = 8;               // number of control frames
  int order = 4;                // b-spline order k as in core/spline (4 = cubic, the lowest that is C², paper §5)
  bool closed = false;          // periodic curve
  bool auto_smoothing = true;   // pick the smoothing weight by cross-validation
  double smoothing = 1e-3;      // weight of the Hessian smoothing term when not automatic
  fit::FitMethod method = default_fit_method();
  double length_scale = 0.05;   // m; scales translations in the twist metric
  bool operator==(const FitSettings&) const = default;
};

// how Simulate runs the document (saved with it; New and the demos start from these defaults, an opened scene
// brings its own "settings.dt", "settings.integrator" and "forces.joint_damping")
struct SimulationSettings {
  double dt = 1e-3;                            // step (s), > 0
  Integrator integrator = default_integrator();
  bool gravity = true;                         // −9.81 m/s² along −y for a project
  double damping = 0.0;                        // viscous damping on every coordinate (N m s/rad), ≥ 0
  // hakenberg's maximal-coordinate skeleton (core/scene/maximal_run.hpp, hinges and ball joints only) instead
  // of the reduced-coordinate simulator; its own semi-implicit step, so the integrator is not used
  bool maximal_solver = false;
  // joints with timeline keys (Joint::timeline) follow their keyed q(t) as prescribed coordinates while the others
  // are simulated (ui/joint/dynamics_player.hpp); off: every joint is simulated. no effect without keys
  bool follow_timeline = true;
  // the reduced solver's energy projection (core SimulatorOptions::energy_projection): for large steps
  bool energy_projection = false;
  bool operator==(const SimulationSettings&) const = default;
};

// an orbit camera: looks at target from distance along (yaw, pitch); y is up.
struct CameraState {
  Vec3 target = Vec3::Zero();
  double distance = 1.5;  // m
  double yaw = 0.6;       // rad about +y
  double pitch = 0.35;    // rad above the horizon
  double fov_y = 0.7;     // rad
  bool z_up = false;      // the world's up is +z (a scene with gravity along −z), else +y
  // parallel projection: the view spans what the perspective one shows at the target's distance
  bool orthographic = false;
  // which way the bodies face: the yaw (rad, about the up axis) from the orbit's +x to their anterior side, so the
  // anatomical views (ui/viewport/standard_views.hpp) know front from side; 0 is OpenSim's x anterior
  double facing = 0.0;
};

struct DocumentData {
  std::vector<Body> bodies;
  std::vector<Joint> joints;
  FitSettings fit;
  SimulationSettings simulation;
  CameraState camera;
  int next_id = 1;  // shared by bodies and joints
  // opened from a scene file: its top-level keys the document does not model (description, settings, root,
  // forces, initial_state.qd, and any other), written back verbatim by the scene export; null otherwise
  nlohmann::json scene_keys;
  // the folder of that scene file: relative file names in scene_keys resolve against it
  QString scene_dir;
  // opened from an OpenSim model: its path, text and what was not simulated (shared, immutable); null otherwise
  std::shared_ptr<const OsimDocumentSource> osim;

  const Body* body(BodyId id) const;
  Body* body(BodyId id);
  const Joint* joint(JointId id) const;
  Joint* joint(JointId id);
  // the joint whose child is `child`, if any
  const Joint* joint_of_child(BodyId child) const;
  // world_T_body by walking joint parents up to a root; cycles stop at the first repeat
  SE3 world_T_body(BodyId id) const;
  // world_T_parent for a body (identity for roots)
  SE3 world_T_parent(BodyId id) const;
};

}  // namespace js::ui
