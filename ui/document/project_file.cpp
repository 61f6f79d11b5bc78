#include "ui/document/project_file.hpp"

#include "core/dynamics/simulator.hpp"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <stdexcept>

#include "core/io/atomic_file.hpp"
#include "core/io/axis_function_json.hpp"
#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"
#include "core/io/json_cursor.hpp"
#include "core/io/json_text.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/document/scene_paths.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"
#include "ui/document/sample_angle_keys.hpp"

namespace js::ui {
namespace {

using json = nlohmann::json;

std::string str(const QString& s) { return s.toStdString(); }
QString qstr(const std::string& s) { return QString::fromStdString(s); }

json vec_json(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

json pose_json(const SE3& T) {
  json R = json::array();
  for (int r = 0; r < 3; ++r) R.push_back(json::array({T.R(r, 0), T.R(r, 1), T.R(r, 2)}));
  return json{{"R", R}, {"p", vec_json(T.p)}};
}

// optional members: the fallback when absent, else the typed value (errors located like the cursor's)
std::string project_optional_string(const io::JsonCursor& c, const char* key, const std::string& fallback) {
  return c.has(key) ? c.at(key).string() : fallback;
}
double project_optional_number(const io::JsonCursor& c, const char* key, double fallback) {
  return c.has(key) ? c.at(key).number() : fallback;
}
int project_optional_integer(const io::JsonCursor& c, const char* key, int fallback) {
  return c.has(key) ? c.at(key).integer() : fallback;
}
bool project_optional_boolean(const io::JsonCursor& c, const char* key, bool fallback) {
  return c.has(key) ? c.at(key).boolean() : fallback;
}

// {"R": 3×3 rows, "p": [x, y, z]}; R orthonormal with det +1 (io::kRotationTolerance)
SE3 project_pose(const io::JsonCursor& c) {
  SE3 T;
  T.R = c.at("R").rotation();
  T.p = c.at("p").vec3();
  return T;
}

// exactly n numbers
Eigen::VectorXd project_numbers(const io::JsonCursor& c, int n, const std::string& what) {
  c.expect_array_size(static_cast<std::size_t>(n), what.c_str());
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = c.element(static_cast<std::size_t>(i)).number();
  return v;
}

// exactly n booleans
std::vector<bool> project_booleans(const io::JsonCursor& c, int n) {
  c.expect_array_size(static_cast<std::size_t>(n), "booleans");
  std::vector<bool> out;
  for (std::size_t i = 0; i < c.size(); ++i) out.push_back(c.element(i).boolean());
  return out;
}

// a joint model stored as a joint file: its errors located inside the project (/joints/0/model/knots)
std::shared_ptr<const JointModel> project_model(const io::JsonCursor& c) {
  try {
    return model_from_json(c.json(), c.source());
  } catch (const io::FileError& e) {
    throw io::FileError(e.kind(), c.source(), c.path() + e.path(), e.problem());
  } catch (const std::exception& e) {
    c.fail(io::ErrorKind::InvalidValue, e.what());
  }
}

// "builtin:<name>" (demo bones) and "inline:<key>" (a scene's inline mesh) name no file
bool names_file(const QString& mesh_path) {
  return !mesh_path.isEmpty() && !mesh_path.startsWith(QLatin1String("builtin:")) &&
         !mesh_path.startsWith(QLatin1String("inline:"));
}

QString mesh_path_for_file(const QString& mesh_path, const QString& base_dir) {
  if (!names_file(mesh_path) || base_dir.isEmpty()) return mesh_path;
  return QDir(base_dir).relativeFilePath(mesh_path);
}

QString mesh_path_from_file(const QString& stored, const QString& base_dir) {
  if (!names_file(stored)) return stored;
  if (QFileInfo(stored).isAbsolute()) return QDir::cleanPath(stored);
  return QDir::cleanPath(QDir(base_dir).absoluteFilePath(stored));
}

// the file names kept from an opened scene (a body's joint file, loops[].joint, the scene's folder) are
// absolute in the app; a project names them relative to its own folder like its meshes, so a project made
// from a scene moves with the scene's files. an empty base_dir (the recovery file) keeps them absolute.
// scene_joint: {"joint": a file name or an inline joint, "joint_offsets": …} (scene_import.cpp)
json scene_joint_for_file(json scene_joint, const QString& base_dir) {
  if (!base_dir.isEmpty() && scene_joint.is_object() && scene_joint.contains("joint") && scene_joint["joint"].is_string())
    scene_joint["joint"] = relative_scene_path(base_dir, scene_joint["joint"].get<std::string>());
  return scene_joint;
}

json scene_joint_from_file(json scene_joint, const QString& base_dir) {
  if (scene_joint.is_object() && scene_joint.contains("joint") && scene_joint["joint"].is_string())
    scene_joint["joint"] = absolute_scene_path(base_dir, scene_joint["joint"].get<std::string>());
  return scene_joint;
}

json scene_keys_for_file(json keys, const QString& base_dir) {
  if (!base_dir.isEmpty()) make_scene_paths_relative(keys, base_dir);
  return keys;
}

json scene_keys_from_file(json keys, const QString& base_dir) {
  if (!keys.contains("loops") || !keys["loops"].is_array()) return keys;
  for (json& loop : keys["loops"]) {
    if (loop.is_object() && loop.contains("joint") && loop["joint"].is_string())
      loop["joint"] = absolute_scene_path(base_dir, loop["joint"].get<std::string>());
  }
  return keys;
}

QString write_json_atomically(const json& j, const QString& path) {
  // core's one atomic writer: fsynced, symlinks written through, permissions kept
  try {
    io::write_file_atomic(path.toStdString(), j.dump(2) + "\n");
  } catch (const std::exception& e) {
    return QObject::tr("Cannot save %1").arg(QString::fromUtf8(e.what()));
  }
  return {};
}

}  // namespace


namespace {

// an opensim model's source: its path, the file's text (a later save writes the model back from it), what the app
// lists of it and its couplers (the sliders and the simulation hold them)
json osim_json(const OsimDocumentSource& o) {
  json couplers = json::array();
  for (const OsimDocumentCoupler& c : o.coupler_list) {
    json independents = json::array();
    for (const auto& [joint, index] : c.independents) independents.push_back({{"joint", str(joint)}, {"index", index}});
    couplers.push_back({{"name", str(c.name)}, {"joint", str(c.dependent_joint)}, {"index", c.dependent_index},
                        {"independents", independents}, {"function", io::axis_function_to_json(c.function)},
                        {"scale", c.scale}});
  }
  const auto strings = [](const QStringList& l) {
    json a = json::array();
    for (const QString& x : l) a.push_back(str(x));
    return a;
  };
  return {{"path", str(o.path)}, {"version", o.version}, {"model_name", str(o.model_name)},
          {"not_simulated", strings(o.not_simulated)}, {"issues", strings(o.issues)},
          {"couplers_text", strings(o.couplers)}, {"couplers", couplers}, {"text", o.text}};
}

std::shared_ptr<const OsimDocumentSource> osim_from_json(const io::JsonCursor& j) {
  auto o = std::make_shared<OsimDocumentSource>();
  const auto strings = [&](const char* key) {
    QStringList out;
    if (!j.has(key)) return out;
    const io::JsonCursor list = j.at(key);
    for (std::size_t i = 0; i < list.size(); ++i) out << qstr(list.element(i).string());
    return out;
  };
  o->path = qstr(j.at("path").string());
  o->text = j.at("text").string();
  o->model_name = qstr(j.at("model_name").string());
  o->version = j.at("version").integer();
  o->not_simulated = strings("not_simulated");
  o->issues = strings("issues");
  o->couplers = strings("couplers_text");
  const io::JsonCursor couplers = j.at("couplers");
  for (std::size_t i = 0; i < couplers.size(); ++i) {
    const io::JsonCursor c = couplers.element(i);
    OsimDocumentCoupler dc;
    dc.name = qstr(c.at("name").string());
    dc.dependent_joint = qstr(c.at("joint").string());
    dc.dependent_index = c.at("index").integer();
    const io::JsonCursor ind = c.at("independents");
    if (ind.size() == 0) ind.fail(io::ErrorKind::CountMismatch, "expected at least one {\"joint\": name, \"index\": integer}");
    for (std::size_t k = 0; k < ind.size(); ++k)
      dc.independents.emplace_back(qstr(ind.element(k).at("joint").string()), ind.element(k).at("index").integer());
    const io::JsonCursor function = c.at("function");
    dc.function = io::read_axis_function(function);
    if (dc.function.inputs() != static_cast<int>(dc.independents.size()))
      function.fail(io::ErrorKind::CountMismatch, "the function's inputs are not the coupler's independents");
    dc.scale = c.at("scale").number();
    o->coupler_list.push_back(std::move(dc));
  }
  return o;
}

// the timeline dock's keys (document_data.hpp JointTimeline): {"mode": "q" or "arc_length", "coordinate": k,
// "continuity": "c2" or "c1", "keys": [{"t": s, "q": value} or {"t": s, "s": arc length}, …]}
json timeline_to_project(const JointTimeline& tl) {
  const char* value_key = tl.mode == TimelineMode::arc_length ? "s" : "q";
  json keys = json::array();
  for (const TimelineKey& k : tl.keys) keys.push_back({{"t", k.t}, {value_key, k.value}});
  return {{"mode", str(timeline_mode_text(tl.mode))},
          {"coordinate", tl.coordinate},
          {"continuity", tl.continuity == TimingContinuity::c1 ? "c1" : "c2"},
          {"keys", std::move(keys)}};
}

}  // namespace

json project_to_json(const DocumentData& d, const QString& base_dir) {
  json bodies = json::array();
  for (const Body& b : d.bodies) {
    bodies.push_back({{"id", b.id},
                      {"name", str(b.name)},
                      {"mesh", str(mesh_path_for_file(b.mesh_path, base_dir))},
                      {"units", b.units == LengthUnit::millimetres ? "mm" : "m"},
                      {"colour", str(b.colour.name(QColor::HexRgb))},
                      {"mass", b.mass},
                      {"com", vec_json(b.com)},
                      {"inertia", vec_json(b.inertia_diag)},
                      {"pose", pose_json(b.pose)}});
    json& out = bodies.back();
    if (b.frame_only) out["frame_only"] = true;
    // an opensim body's meshes: files relative to the project like "mesh", each with its scale and frame
    if (!b.mesh_parts.empty()) {
      json parts = json::array();
      for (const MeshPart& p : b.mesh_parts)
        parts.push_back({{"file", str(mesh_path_for_file(p.path, base_dir))}, {"scale", vec_json(p.scale)},
                         {"body_T_mesh", pose_json(p.body_T_mesh)}});
      out["mesh_parts"] = std::move(parts);
    }
    if (!b.scene_keys.is_null()) {
      // its mesh file moves with the project like "mesh" (an empty base_dir, the recovery file, keeps it absolute)
      json keys = b.scene_keys;
      if (!base_dir.isEmpty()) make_scene_body_paths_relative(keys, base_dir);
      out["scene_keys"] = std::move(keys);
      out["scene_mass"] = std::vector<double>(b.scene_mass, b.scene_mass + 7);
    }
  }
  json joints = json::array();
  for (const Joint& jt : d.joints) {
    json samples = json::array();
    for (const Sample& s : jt.samples)
    {
      json sj{{"q", std::vector<double>(s.q.data(), s.q.data() + s.q.size())}, {"parent_T_child", pose_json(s.parent_T_child)}};
      if (s.marker_rms >= 0.0) sj["marker_rms"] = s.marker_rms;
      samples.push_back(std::move(sj));
    }
    json joint{{"id", jt.id},
               {"name", str(jt.name)},
               {"parent", jt.parent},
               {"child", jt.child},
               {"kind", joint_kind_name(jt.kind)},
               {"q", std::vector<double>(jt.q.data(), jt.q.data() + jt.q.size())},
               {"samples", samples}};
    // the model exactly as a joint file stores it (docs/joint-file.md)
    if (jt.model) joint["model"] = model_to_json(*jt.model);
    if (!jt.osim_joint.isEmpty()) joint["osim_joint"] = str(jt.osim_joint);
    if (jt.candidate) joint["candidate"] = model_to_json(*jt.candidate);
    if (jt.original) joint["original"] = model_to_json(*jt.original);
    if (!jt.degrees.empty()) joint["degrees"] = jt.degrees;
    // the coordinate editor's settings (older projects have none: SI units, default 0, the model's names)
    if (!jt.millimetres.empty()) joint["millimetres"] = jt.millimetres;
    if (jt.default_q.size() > 0) joint["default_q"] = std::vector<double>(jt.default_q.data(), jt.default_q.data() + jt.default_q.size());
    if (!jt.user_coordinates.empty()) {
      json coords = json::array();
      for (const Coordinate& c : jt.user_coordinates) {
        json cj = json::object();
        if (!c.name.empty()) cj["name"] = c.name;
        if (c.has_lower_limit()) cj["min"] = c.min;
        if (c.has_upper_limit()) cj["max"] = c.max;
        coords.push_back(std::move(cj));
      }
      joint["user_coordinates"] = std::move(coords);
    }
    if (!jt.sample_angles.isEmpty()) joint["sample_angles"] = str(jt.sample_angles);
    if (!jt.scene_joint.is_null()) joint["scene_joint"] = scene_joint_for_file(jt.scene_joint, base_dir);
    if (!jt.last_fit.empty())
      joint["fit"] = {{"history", jt.last_fit.history}, {"seconds", jt.last_fit.seconds},
                      {"smoothing", jt.last_fit.smoothing}};
    if (!(jt.timeline == JointTimeline{})) joint["timeline"] = timeline_to_project(jt.timeline);
    joints.push_back(joint);
  }
  const FitSettings& f = d.fit;
  const CameraState& c = d.camera;
  json out{{"format", kProjectFormat},
              {"version", kProjectVersion},
              {"units", "SI: metres, radians, kilograms"},
              {"next_id", d.next_id},
              {"bodies", bodies},
              {"joints", joints},
              {"fit",
               {{"frames", f.frames},
                {"order", f.order},
                {"closed", f.closed},
                {"auto_smoothing", f.auto_smoothing},
                {"smoothing", f.smoothing},
                {"method", str(fit_method_text(f.method))},
                {"length_scale", f.length_scale}}},
              {"simulation",
               {{"dt", d.simulation.dt},
                {"integrator", integrator_name(d.simulation.integrator)},
                {"gravity", d.simulation.gravity},
                {"damping", d.simulation.damping},
                {"solver", d.simulation.maximal_solver ? "maximal" : "reduced"},
                {"follow_timeline", d.simulation.follow_timeline},
                {"energy_projection", d.simulation.energy_projection}}},
              {"camera",
               {{"target", vec_json(c.target)},
                {"distance", c.distance},
                {"yaw", c.yaw},
                {"pitch", c.pitch},
                {"fov_y", c.fov_y},
                {"z_up", c.z_up},
                {"orthographic", c.orthographic},
                {"facing", c.facing}}}};
  if (d.osim) out["osim"] = osim_json(*d.osim);
  // opened from a scene file: what the scene export writes back verbatim
  if (!d.scene_keys.is_null()) {
    const std::string dir = str(d.scene_dir);
    out["scene"] = {{"keys", scene_keys_for_file(d.scene_keys, base_dir)},
                    {"dir", base_dir.isEmpty() || dir.empty() ? dir : relative_scene_path(base_dir, dir)}};
  }
  return out;
}

namespace {

Body body_from_project(const io::JsonCursor& b, const QString& base_dir) {
  Body body;
  body.name = qstr(b.at("name").string());
  body.mesh_path = mesh_path_from_file(qstr(project_optional_string(b, "mesh", std::string())), base_dir);
  const std::string units = project_optional_string(b, "units", "m");
  if (units != "m" && units != "mm") b.at("units").fail(io::ErrorKind::InvalidValue, "expected \"m\" or \"mm\", got \"" + units + "\"");
  body.units = units == "mm" ? LengthUnit::millimetres : LengthUnit::metres;
  const QColor colour(qstr(project_optional_string(b, "colour", "#e6dcc4")));
  if (!colour.isValid()) b.at("colour").fail(io::ErrorKind::InvalidValue, "not a colour");
  body.colour = colour;
  body.mass = project_optional_number(b, "mass", 1.0);
  if (b.has("com")) body.com = b.at("com").vec3();
  if (b.has("inertia")) body.inertia_diag = b.at("inertia").vec3();
  body.pose = project_pose(b.at("pose"));
  body.frame_only = project_optional_boolean(b, "frame_only", false);
  if (b.has("mesh_parts")) {
    const io::JsonCursor parts = b.at("mesh_parts");
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const io::JsonCursor part = parts.element(k);
      MeshPart p;
      p.path = mesh_path_from_file(qstr(part.at("file").string()), base_dir);
      p.scale = part.at("scale").vec3();
      p.body_T_mesh = project_pose(part.at("body_T_mesh"));
      body.mesh_parts.push_back(p);
    }
  }
  if (b.has("scene_keys")) {
    const io::JsonCursor keys = b.at("scene_keys");
    if (!keys.json().is_object()) keys.fail(io::ErrorKind::WrongType, std::string("expected an object, got ") + keys.json().type_name());
    body.scene_keys = keys.json();
    make_scene_body_paths_absolute(body.scene_keys, base_dir);
    const Eigen::VectorXd m = project_numbers(b.at("scene_mass"), 7, "numbers (mass, com, inertia)");
    for (int k = 0; k < 7; ++k) body.scene_mass[k] = m[k];
  }
  return body;
}

// the timeline dock's keys, written by timeline_to_project
JointTimeline timeline_from_project(const io::JsonCursor& c, const Joint& jt, int dof) {
  c.expect_only_keys({"mode", "coordinate", "continuity", "keys"});
  JointTimeline tl;
  const std::string mode = project_optional_string(c, "mode", "q");
  if (mode == "arc_length") {
    tl.mode = TimelineMode::arc_length;
    if (!jt.model || jt.model->dof() != 1)
      c.at("mode").fail(io::ErrorKind::InvalidValue, "arc length keys need a 1-dof joint with a model");
  } else if (mode != "q") {
    c.at("mode").fail(io::ErrorKind::InvalidValue, "expected \"q\" or \"arc_length\", got \"" + mode + "\"");
  }
  tl.coordinate = project_optional_integer(c, "coordinate", 0);
  if (tl.coordinate < 0 || tl.coordinate >= dof || (tl.mode == TimelineMode::arc_length && tl.coordinate != 0))
    c.at("coordinate").fail(io::ErrorKind::InvalidValue, tl.mode == TimelineMode::arc_length
                                                            ? "arc length keys drive coordinate 0"
                                                            : "expected a coordinate index in [0, " + std::to_string(dof) + ")");
  const std::string continuity = project_optional_string(c, "continuity", "c2");
  if (continuity == "c1") {
    tl.continuity = TimingContinuity::c1;
  } else if (continuity != "c2") {
    c.at("continuity").fail(io::ErrorKind::InvalidValue, "expected \"c2\" or \"c1\", got \"" + continuity + "\"");
  }
  const char* value_key = tl.mode == TimelineMode::arc_length ? "s" : "q";
  const io::JsonCursor keys = c.at("keys");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const io::JsonCursor k = keys.element(i);
    k.expect_only_keys({"t", value_key});
    TimelineKey key{k.at("t").number(), k.at(value_key).number()};
    if (!(key.t >= 0.0)) k.at("t").fail(io::ErrorKind::InvalidValue, "expected a time ≥ 0 s");
    if (!tl.keys.empty() && !(key.t > tl.keys.back().t))
      k.at("t").fail(io::ErrorKind::InvalidValue, "key times must increase: " + std::to_string(key.t) + " s follows " +
                                                      std::to_string(tl.keys.back().t) + " s");
    if (tl.mode == TimelineMode::arc_length && !(key.value >= 0.0))
      k.at(value_key).fail(io::ErrorKind::InvalidValue, "expected an arc length ≥ 0");
    tl.keys.push_back(key);
  }
  return tl;
}

// a joint's per-coordinate and fit keys (the coordinate editor's settings, a re-authored joint's models)
void joint_extras_from_project(const io::JsonCursor& jj, Joint& jt, int dof) {
  // a re-authored joint's fitted candidate (the joint's coordinates) and the model a replacement took the place of
  if (jj.has("candidate")) {
    const io::JsonCursor c = jj.at("candidate");
    jt.candidate = project_model(c);
    if (jt.candidate->dof() != dof)
      c.fail(io::ErrorKind::CountMismatch, "is a " + std::to_string(jt.candidate->dof()) + "-dof joint, but the joint has " +
                                               std::to_string(dof) + " coordinate(s)");
  }
  // the original may be of another dof (a joint file or a kind change took its place)
  if (jj.has("original")) jt.original = project_model(jj.at("original"));
  if (jj.has("degrees")) jt.degrees = project_booleans(jj.at("degrees"), dof);
  if (jj.has("millimetres")) jt.millimetres = project_booleans(jj.at("millimetres"), dof);
  if (jj.has("default_q")) jt.default_q = project_numbers(jj.at("default_q"), dof, "number(s), one per coordinate");
  if (jj.has("user_coordinates")) {
    const io::JsonCursor uc = jj.at("user_coordinates");
    uc.expect_array_size(static_cast<std::size_t>(dof), "coordinate(s) {name, min, max}");
    for (std::size_t c = 0; c < uc.size(); ++c) {
      const io::JsonCursor e = uc.element(c);
      Coordinate coord;
      if (e.has("name")) coord.name = e.at("name").string();
      if (e.has("min")) coord.min = e.at("min").limit();
      if (e.has("max")) coord.max = e.at("max").limit();
      if (!(coord.min < coord.max)) e.fail(io::ErrorKind::InvalidValue, "expected min < max");
      jt.user_coordinates.push_back(coord);
    }
  }
  if (jj.has("sample_angles")) {
    const io::JsonCursor sa = jj.at("sample_angles");
    const QString key = qstr(sa.string());
    if (!is_sample_angle_key(key))
      sa.fail(io::ErrorKind::InvalidValue, "expected one of " + str(sample_angle_keys().join(QStringLiteral(", "))));
    jt.sample_angles = key;
  }
  if (jj.has("fit")) {
    const io::JsonCursor f = jj.at("fit");
    for (double x : f.at("history").numbers()) jt.last_fit.history.push_back(x);
    jt.last_fit.seconds = f.at("seconds").number();
    jt.last_fit.smoothing = project_optional_number(f, "smoothing", 0.0);
  }
  if (jj.has("timeline")) jt.timeline = timeline_from_project(jj.at("timeline"), jt, dof);
}

Joint joint_from_project(const io::JsonCursor& jj, const DocumentData& d, const QString& base_dir) {
  Joint jt;
  jt.id = jj.at("id").integer();
  if (jt.id <= 0 || d.body(jt.id) || d.joint(jt.id)) jj.at("id").fail(io::ErrorKind::InvalidValue, "must be a positive id not used before");
  jt.name = qstr(jj.at("name").string());
  jt.parent = jj.at("parent").integer();
  jt.child = jj.at("child").integer();
  if (!d.body(jt.parent)) jj.at("parent").fail(io::ErrorKind::InvalidValue, "no body with id " + std::to_string(jt.parent));
  if (!d.body(jt.child)) jj.at("child").fail(io::ErrorKind::InvalidValue, "no body with id " + std::to_string(jt.child));
  if (d.joint_of_child(jt.child))
    jj.at("child").fail(io::ErrorKind::InvalidValue, "body " + std::to_string(jt.child) + " has two parent joints");
  const io::JsonCursor kind_at = jj.at("kind");
  const std::string kind = kind_at.string();
  // a joint opened from a scene may be of any kind the core reads (fixed, helical, elliptic, ...); without a
  // model, one the app creates
  const auto& creatable = joint_kinds();
  if (!joint_kind_from_name(kind, jt.kind) ||
      (!jj.has("model") && std::find(creatable.begin(), creatable.end(), jt.kind) == creatable.end()))
    kind_at.fail(io::ErrorKind::UnknownKind, "unknown joint kind \"" + kind + "\"");
  if (jj.has("model")) jt.model = project_model(jj.at("model"));
  const int dof = joint_q_size(jt);
  const std::string for_kind = "number(s) for a " + kind + " joint";
  jt.q = jj.has("q") ? project_numbers(jj.at("q"), dof, for_kind) : Eigen::VectorXd::Zero(dof);
  if (jt.model && (jt.model->kind() != jt.kind || jt.model->dof() != dof))
    jj.at("model").fail(io::ErrorKind::CountMismatch, "is a " + std::to_string(jt.model->dof()) + "-dof " +
                                                          joint_kind_name(jt.model->kind()) + " joint, but the joint is a " + kind);
  const io::JsonCursor samples = jj.at("samples");
  for (std::size_t k = 0; k < samples.size(); ++k) {
    const io::JsonCursor sample = samples.element(k);
    Sample s;
    s.q = project_numbers(sample.at("q"), dof, for_kind);
    s.parent_T_child = project_pose(sample.at("parent_T_child"));
    if (sample.has("marker_rms")) {
      s.marker_rms = sample.at("marker_rms").number();
      if (!(s.marker_rms >= 0.0)) sample.at("marker_rms").fail(io::ErrorKind::InvalidValue, "expected a residual ≥ 0 (m)");
    }
    jt.samples.push_back(s);
  }
  if (jj.has("scene_joint")) jt.scene_joint = scene_joint_from_file(jj.at("scene_joint").json(), base_dir);
  if (jj.has("osim_joint")) jt.osim_joint = qstr(jj.at("osim_joint").string());
  joint_extras_from_project(jj, jt, dof);
  return jt;
}

void settings_from_project(const io::JsonCursor& j, DocumentData& d) {
  if (j.has("fit")) {
    const io::JsonCursor f = j.at("fit");
    d.fit.frames = project_optional_integer(f, "frames", d.fit.frames);
    d.fit.order = project_optional_integer(f, "order", d.fit.order);
    d.fit.closed = project_optional_boolean(f, "closed", d.fit.closed);
    d.fit.auto_smoothing = project_optional_boolean(f, "auto_smoothing", d.fit.auto_smoothing);
    d.fit.smoothing = project_optional_number(f, "smoothing", d.fit.smoothing);
    // early projects named the exact method after its damping (fit_method_from_text reads that too)
    const std::string method = project_optional_string(f, "method", str(fit_method_text(d.fit.method)));
    if (!fit_method_from_text(qstr(method), d.fit.method))
      f.at("method").fail(io::ErrorKind::InvalidValue, "expected \"gauss_newton\" or \"paper\", got \"" + method + "\"");
    d.fit.length_scale = project_optional_number(f, "length_scale", d.fit.length_scale);
  }
  // projects from before the settings were saved open with the defaults
  if (j.has("simulation")) {
    const io::JsonCursor s = j.at("simulation");
    SimulationSettings& sim = d.simulation;
    sim.dt = project_optional_number(s, "dt", sim.dt);
    if (!(sim.dt > 0.0)) s.at("dt").fail(io::ErrorKind::InvalidValue, "expected a positive time step");
    const std::string integrator = project_optional_string(s, "integrator", integrator_name(sim.integrator));
    if (!integrator_from_name(integrator, sim.integrator))
      s.at("integrator").fail(io::ErrorKind::InvalidValue,
                              "expected one of " + integrator_names() + ", got \"" + integrator + "\"");
    sim.gravity = project_optional_boolean(s, "gravity", sim.gravity);
    sim.damping = project_optional_number(s, "damping", sim.damping);
    if (!(sim.damping >= 0.0)) s.at("damping").fail(io::ErrorKind::InvalidValue, "expected zero or a positive number");
    const std::string solver = project_optional_string(s, "solver", "reduced");
    if (solver != "reduced" && solver != "maximal")
      s.at("solver").fail(io::ErrorKind::InvalidValue, "expected \"reduced\" or \"maximal\", got \"" + solver + "\"");
    sim.maximal_solver = solver == "maximal";
    sim.follow_timeline = project_optional_boolean(s, "follow_timeline", sim.follow_timeline);
    sim.energy_projection = project_optional_boolean(s, "energy_projection", sim.energy_projection);
  }
  if (j.has("camera")) {
    const io::JsonCursor c = j.at("camera");
    if (c.has("target")) d.camera.target = c.at("target").vec3();
    d.camera.distance = project_optional_number(c, "distance", d.camera.distance);
    d.camera.yaw = project_optional_number(c, "yaw", d.camera.yaw);
    d.camera.pitch = project_optional_number(c, "pitch", d.camera.pitch);
    d.camera.fov_y = project_optional_number(c, "fov_y", d.camera.fov_y);
    d.camera.z_up = project_optional_boolean(c, "z_up", d.camera.z_up);
    d.camera.orthographic = project_optional_boolean(c, "orthographic", d.camera.orthographic);
    d.camera.facing = project_optional_number(c, "facing", d.camera.facing);
  }
}

}  // namespace

DocumentData project_from_json(const json& doc, const QString& base_dir, const std::string& source) {
  const io::JsonCursor j(doc, source);
  if (!doc.is_object()) j.fail(io::ErrorKind::WrongType, "the top level is not a json object");
  const io::JsonCursor format = j.at("format");
  if (!format.json().is_string() || format.json().get<std::string>() != kProjectFormat)
    format.fail(io::ErrorKind::UnsupportedVersion,
                "\"format\" is not \"" + std::string(kProjectFormat) + "\" (not a Jointsmith project)");
  const io::JsonCursor version = j.at("version");
  const int v = version.integer();
  if (v > kProjectVersion)
    version.fail(io::ErrorKind::UnsupportedVersion, "version " + std::to_string(v) +
                                                        " was written by a newer Jointsmith; this build reads up to version " +
                                                        std::to_string(kProjectVersion));
  if (v < 1) version.fail(io::ErrorKind::UnsupportedVersion, "must be at least 1");

  DocumentData d;
  int max_id = 0;
  const io::JsonCursor bodies = j.at("bodies");
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const io::JsonCursor b = bodies.element(i);
    const int id = b.at("id").integer();
    if (id <= 0 || d.body(id)) b.at("id").fail(io::ErrorKind::InvalidValue, "must be a positive id not used before");
    Body body = body_from_project(b, base_dir);
    body.id = id;
    max_id = std::max(max_id, body.id);
    d.bodies.push_back(std::move(body));
  }
  const io::JsonCursor joints = j.at("joints");
  for (std::size_t i = 0; i < joints.size(); ++i) {
    Joint jt = joint_from_project(joints.element(i), d, base_dir);
    max_id = std::max(max_id, jt.id);
    d.joints.push_back(std::move(jt));
  }
  settings_from_project(j, d);
  if (j.has("scene")) {
    const io::JsonCursor sc = j.at("scene");
    const io::JsonCursor keys = sc.at("keys");
    if (!keys.json().is_object()) keys.fail(io::ErrorKind::WrongType, std::string("expected an object, got ") + keys.json().type_name());
    d.scene_keys = scene_keys_from_file(keys.json(), base_dir);
    const std::string dir = project_optional_string(sc, "dir", std::string());
    d.scene_dir = qstr(dir.empty() ? dir : absolute_scene_path(base_dir, dir));
  }
  if (j.has("osim")) d.osim = osim_from_json(j.at("osim"));
  d.next_id = std::max(project_optional_integer(j, "next_id", 1), max_id + 1);
  return d;
}

// the json library's message without its "[json.exception.parse_error.101] " prefix: users read the rest
static QString json_message(const std::exception& e) {
  static const QRegularExpression prefix(QStringLiteral("^\\[json\\.exception\\.[a-z_]+\\.[0-9]+\\] *"));
  return QString::fromUtf8(e.what()).remove(prefix);
}

ProjectLoad load_project(const QString& path) {
  ProjectLoad out;
  if (!QFileInfo::exists(path)) {
    out.error = QObject::tr("%1 does not exist").arg(path);
    return out;
  }
  std::string bytes;
  try {
    // regular files only, size capped, nesting depth capped (core/io)
    bytes = io::read_file_bytes(path.toStdString());
    io::check_json_depth(bytes, path.toStdString());
  } catch (const std::exception& e) {
    out.error = QString::fromUtf8(e.what());
    return out;
  }
  json j;
  try {
    j = json::parse(bytes);
  } catch (const json::parse_error& e) {
    // a file cut short (a crash while copying, a full disk) says so plainly
    out.error = e.byte >= static_cast<std::size_t>(bytes.size())
                    ? QObject::tr("%1 ends early (%2 bytes): the file is incomplete").arg(path).arg(bytes.size())
                    : QObject::tr("%1 is not valid JSON: %2").arg(path, json_message(e));
    return out;
  } catch (const json::out_of_range& e) {
    // a number too large for a double (1e999): core's parser finds its line and column
    out.error = QObject::tr("%1 is not valid JSON: %2").arg(path, json_message(e));
    try {
      (void)io::parse_json_text(bytes, path.toStdString());
    } catch (const io::FileError& located) {
      out.error = QString::fromUtf8(located.what());
    }
    return out;
  }
  try {
    out.data = project_from_json(j, QFileInfo(path).absolutePath(), path.toStdString());
  } catch (const io::FileError& e) {
    // "<path>: /joints/0/samples/3/q: expected 1 number(s) for a spline_curve joint, got 2"
    out.error = QString::fromUtf8(e.what());
    return out;
  } catch (const std::exception& e) {
    out.error = QObject::tr("%1: %2").arg(path, json_message(e));
    return out;
  }
  // the project still opens when a mesh is missing: the body keeps its data and draws nothing
  for (const Body& b : out.data->bodies) {
    if (!names_file(b.mesh_path)) continue;
    if (!QFileInfo::exists(b.mesh_path))
      out.warnings << QObject::tr("Mesh of body '%1' not found: %2").arg(b.name, b.mesh_path);
  }
  return out;
}

QString save_project(const DocumentData& data, const QString& path) {
  return write_json_atomically(project_to_json(data, QFileInfo(path).absolutePath()), path);
}

QString save_recovery(const DocumentData& data, const QString& recovery_path, const QString& original_path) {
  json j = project_to_json(data, QString());
  j["recovery_of"] = original_path.toStdString();
  QDir().mkpath(QFileInfo(recovery_path).absolutePath());
  return write_json_atomically(j, recovery_path);
}

QString recovery_original_path(const QString& recovery_path) {
  QFile f(recovery_path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QByteArray bytes = f.readAll();
  const json j = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
  if (!j.is_object()) return {};
  return QString::fromStdString(j.value("recovery_of", std::string()));
}

}  // namespace js::ui
