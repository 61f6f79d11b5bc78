#include "ui/document/project_file.hpp"

#include "core/dynamics/simulator.hpp"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QFileInfo>
#include <QObject>
#include <stdexcept>

#include "core/io/atomic_file.hpp"
#include "core/io/axis_function_json.hpp"
#include "core/io/file_read.hpp"
#include "core/io/json_text.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/export/scene_paths.hpp"
#include "ui/joint/joint_model.hpp"

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

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw std::runtime_error(where + ": " + what);
}

const json& field(const json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) bad(where, std::string("missing field \"") + key + "\"");
  return j.at(key);
}

double number(const json& j, const std::string& where) {
  if (!j.is_number()) bad(where, "expected a number");
  return j.get<double>();
}

Vec3 vec_from(const json& j, const std::string& where) {
  if (!j.is_array() || j.size() != 3) bad(where, "expected an array of 3 numbers");
  return Vec3(number(j[0], where), number(j[1], where), number(j[2], where));
}

SE3 pose_from(const json& j, const std::string& where) {
  SE3 T;
  const json& R = field(j, "R", where);
  if (!R.is_array() || R.size() != 3) bad(where + ".R", "expected 3 rows");
  for (int r = 0; r < 3; ++r) T.R.row(r) = vec_from(R[static_cast<std::size_t>(r)], where + ".R").transpose();
  T.p = vec_from(field(j, "p", where), where + ".p");
  // a hand-edited or low-precision rotation: reject what is clearly not a rotation
  if ((T.R.transpose() * T.R - Mat3::Identity()).cwiseAbs().maxCoeff() > 1e-6 || T.R.determinant() < 0)
    bad(where + ".R", "is not a rotation matrix");
  return T;
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

std::shared_ptr<const OsimDocumentSource> osim_from_json(const json& j) {
  if (!j.is_object()) bad("osim", "expected an object");
  auto o = std::make_shared<OsimDocumentSource>();
  const auto text = [&](const char* key) {
    const json& v = field(j, key, "osim");
    if (!v.is_string()) bad(std::string("osim.") + key, "expected a string");
    return v.get<std::string>();
  };
  const auto strings = [&](const char* key) {
    QStringList out;
    if (!j.contains(key)) return out;
    if (!j[key].is_array()) bad(std::string("osim.") + key, "expected an array of strings");
    for (const json& x : j[key]) {
      if (!x.is_string()) bad(std::string("osim.") + key, "expected an array of strings");
      out << qstr(x.get<std::string>());
    }
    return out;
  };
  o->path = qstr(text("path"));
  o->text = text("text");
  o->model_name = qstr(text("model_name"));
  const json& version = field(j, "version", "osim");
  if (!version.is_number_integer()) bad("osim.version", "expected an integer");
  o->version = version.get<int>();
  o->not_simulated = strings("not_simulated");
  o->issues = strings("issues");
  o->couplers = strings("couplers_text");
  const json& couplers = field(j, "couplers", "osim");
  if (!couplers.is_array()) bad("osim.couplers", "expected an array");
  for (std::size_t i = 0; i < couplers.size(); ++i) {
    const std::string w = "osim.couplers[" + std::to_string(i) + "]";
    const json& c = couplers[i];
    OsimDocumentCoupler dc;
    const json& name = field(c, "name", w);
    const json& joint = field(c, "joint", w);
    const json& index = field(c, "index", w);
    if (!name.is_string() || !joint.is_string() || !index.is_number_integer()) bad(w, "name, joint and index are a string, a string and an integer");
    dc.name = qstr(name.get<std::string>());
    dc.dependent_joint = qstr(joint.get<std::string>());
    dc.dependent_index = index.get<int>();
    const json& ind = field(c, "independents", w);
    if (!ind.is_array() || ind.empty()) bad(w + ".independents", "expected a non-empty array");
    for (const json& k : ind) {
      if (!k.is_object() || !k.contains("joint") || !k["joint"].is_string() || !k.contains("index") || !k["index"].is_number_integer())
        bad(w + ".independents", "expected {\"joint\": name, \"index\": integer} entries");
      dc.independents.emplace_back(qstr(k["joint"].get<std::string>()), k["index"].get<int>());
    }
    try {
      dc.function = io::read_axis_function(io::JsonCursor(field(c, "function", w), "project", "/" + w));
    } catch (const std::exception& e) {
      bad(w + ".function", e.what());
    }
    if (dc.function.inputs() != static_cast<int>(dc.independents.size())) bad(w, "the function's inputs are not its independents");
    dc.scale = number(field(c, "scale", w), w + ".scale");
    o->coupler_list.push_back(std::move(dc));
  }
  return o;
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
      out["scene_keys"] = b.scene_keys;
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
               {"kind", str(jt.kind)},
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
    if (!jt.scene_joint.is_null()) joint["scene_joint"] = scene_joint_for_file(jt.scene_joint, base_dir);
    if (!jt.last_fit.empty())
      joint["fit"] = {{"history", jt.last_fit.history}, {"seconds", jt.last_fit.seconds},
                      {"smoothing", jt.last_fit.smoothing}};
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
                {"method", str(f.method)},
                {"length_scale", f.length_scale}}},
              {"simulation",
               {{"dt", d.simulation.dt},
                {"integrator", str(d.simulation.integrator)},
                {"gravity", d.simulation.gravity},
                {"damping", d.simulation.damping}}},
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

DocumentData project_from_json(const json& j, const QString& base_dir) {
  if (!j.is_object()) bad("project", "the top level is not a json object");
  const json& format = field(j, "format", "project");
  if (!format.is_string() || format.get<std::string>() != kProjectFormat)
    bad("project", "\"format\" is not \"" + std::string(kProjectFormat) + "\" (not a Jointsmith project)");
  const json& version = field(j, "version", "project");
  if (!version.is_number_integer()) bad("project.version", "expected an integer");
  if (version.get<int>() > kProjectVersion)
    bad("project", "version " + std::to_string(version.get<int>()) +
                       " was written by a newer Jointsmith; this build reads up to version " +
                       std::to_string(kProjectVersion));
  if (version.get<int>() < 1) bad("project.version", "must be at least 1");

  DocumentData d;
  int max_id = 0;
  const json& bodies = field(j, "bodies", "project");
  if (!bodies.is_array()) bad("bodies", "expected an array");
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const json& b = bodies[i];
    const std::string w = "bodies[" + std::to_string(i) + "]";
    Body body;
    body.id = static_cast<int>(number(field(b, "id", w), w + ".id"));
    if (body.id <= 0 || d.body(body.id)) bad(w + ".id", "must be a positive id not used before");
    body.name = qstr(field(b, "name", w).get<std::string>());
    body.mesh_path = mesh_path_from_file(qstr(b.value("mesh", std::string())), base_dir);
    const std::string units = b.value("units", std::string("m"));
    if (units != "m" && units != "mm") bad(w + ".units", "expected \"m\" or \"mm\", got \"" + units + "\"");
    body.units = units == "mm" ? LengthUnit::millimetres : LengthUnit::metres;
    const QColor colour(qstr(b.value("colour", std::string("#e6dcc4"))));
    if (!colour.isValid()) bad(w + ".colour", "not a colour");
    body.colour = colour;
    body.mass = b.contains("mass") ? number(b["mass"], w + ".mass") : 1.0;
    if (b.contains("com")) body.com = vec_from(b["com"], w + ".com");
    if (b.contains("inertia")) body.inertia_diag = vec_from(b["inertia"], w + ".inertia");
    body.pose = pose_from(field(b, "pose", w), w + ".pose");
    body.frame_only = b.value("frame_only", false);
    if (b.contains("mesh_parts")) {
      const json& parts = b["mesh_parts"];
      if (!parts.is_array()) bad(w + ".mesh_parts", "expected an array");
      for (std::size_t k = 0; k < parts.size(); ++k) {
        const std::string wp = w + ".mesh_parts[" + std::to_string(k) + "]";
        MeshPart p;
        p.path = mesh_path_from_file(qstr(field(parts[k], "file", wp).get<std::string>()), base_dir);
        p.scale = vec_from(field(parts[k], "scale", wp), wp + ".scale");
        p.body_T_mesh = pose_from(field(parts[k], "body_T_mesh", wp), wp + ".body_T_mesh");
        body.mesh_parts.push_back(p);
      }
    }
    if (b.contains("scene_keys")) {
      if (!b["scene_keys"].is_object()) bad(w + ".scene_keys", "expected an object");
      body.scene_keys = b["scene_keys"];
      const json& m = field(b, "scene_mass", w);
      if (!m.is_array() || m.size() != 7) bad(w + ".scene_mass", "expected 7 numbers");
      for (std::size_t k = 0; k < 7; ++k) body.scene_mass[k] = number(m[k], w + ".scene_mass");
    }
    max_id = std::max(max_id, body.id);
    d.bodies.push_back(body);
  }
  const json& joints = field(j, "joints", "project");
  if (!joints.is_array()) bad("joints", "expected an array");
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const json& jj = joints[i];
    const std::string w = "joints[" + std::to_string(i) + "]";
    Joint jt;
    jt.id = static_cast<int>(number(field(jj, "id", w), w + ".id"));
    if (jt.id <= 0 || d.body(jt.id) || d.joint(jt.id)) bad(w + ".id", "must be a positive id not used before");
    jt.name = qstr(field(jj, "name", w).get<std::string>());
    jt.parent = static_cast<int>(number(field(jj, "parent", w), w + ".parent"));
    jt.child = static_cast<int>(number(field(jj, "child", w), w + ".child"));
    if (!d.body(jt.parent)) bad(w + ".parent", "no body with id " + std::to_string(jt.parent));
    if (!d.body(jt.child)) bad(w + ".child", "no body with id " + std::to_string(jt.child));
    if (d.joint_of_child(jt.child)) bad(w + ".child", "body " + std::to_string(jt.child) + " has two parent joints");
    jt.kind = qstr(field(jj, "kind", w).get<std::string>());
    // a joint opened from a scene may be of any kind the core reads (fixed, helical, elliptic, ...)
    if (!joint_kinds().contains(jt.kind) && !jj.contains("model"))
      bad(w + ".kind", "unknown joint kind \"" + str(jt.kind) + "\"");
    if (jj.contains("model")) jt.model = model_from_json(jj["model"], w + ".model");
    const int dof = joint_q_size(jt);
    jt.q = Eigen::VectorXd::Zero(dof);
    if (jj.contains("q")) {
      const json& q = jj["q"];
      if (!q.is_array() || static_cast<int>(q.size()) != dof)
        bad(w + ".q", "expected " + std::to_string(dof) + " number(s) for a " + str(jt.kind) + " joint");
      for (int c = 0; c < dof; ++c) jt.q[c] = number(q[static_cast<std::size_t>(c)], w + ".q");
    }
    if (jt.model) {
      if (model_kind_name(*jt.model) != jt.kind || jt.model->dof() != dof)
        bad(w + ".model", "is a " + std::to_string(jt.model->dof()) + "-dof " + str(model_kind_name(*jt.model)) +
                              " joint, but the joint is a " + str(jt.kind));
    }
    const json& samples = field(jj, "samples", w);
    if (!samples.is_array()) bad(w + ".samples", "expected an array");
    for (std::size_t k = 0; k < samples.size(); ++k) {
      const std::string ws = w + ".samples[" + std::to_string(k) + "]";
      const json& q = field(samples[k], "q", ws);
      if (!q.is_array() || static_cast<int>(q.size()) != dof)
        bad(ws + ".q", "expected " + std::to_string(dof) + " number(s) for a " + jt.kind.toStdString() + " joint");
      Sample s;
      s.q.resize(dof);
      for (int c = 0; c < dof; ++c) s.q[c] = number(q[static_cast<std::size_t>(c)], ws + ".q");
      s.parent_T_child = pose_from(field(samples[k], "parent_T_child", ws), ws + ".parent_T_child");
      if (samples[k].contains("marker_rms")) {
        s.marker_rms = number(samples[k]["marker_rms"], ws + ".marker_rms");
        if (!(s.marker_rms >= 0.0)) bad(ws + ".marker_rms", "expected a residual ≥ 0 (m)");
      }
      jt.samples.push_back(s);
    }
    if (jj.contains("scene_joint")) jt.scene_joint = scene_joint_from_file(jj["scene_joint"], base_dir);
    if (jj.contains("osim_joint")) jt.osim_joint = qstr(jj["osim_joint"].get<std::string>());
    // a re-authored joint's fitted candidate (the joint's coordinates) and the model a replacement took the place of
    for (const char* key : {"candidate", "original"}) {
      if (!jj.contains(key)) continue;
      auto m = model_from_json(jj[key], w + "." + key);
      // the original may be of another dof (a joint file or a kind change took its place); a candidate may not
      if (std::string(key) == "candidate" && m->dof() != dof) bad(w + "." + key, "is a " + std::to_string(m->dof()) + "-dof joint, but the joint has " + std::to_string(dof) + " coordinate(s)");
      (std::string(key) == "candidate" ? jt.candidate : jt.original) = std::move(m);
    }
    if (jj.contains("degrees")) {
      const json& deg = jj["degrees"];
      if (!deg.is_array() || static_cast<int>(deg.size()) != dof) bad(w + ".degrees", "expected " + std::to_string(dof) + " booleans");
      for (const json& x : deg) {
        if (!x.is_boolean()) bad(w + ".degrees", "expected booleans");
        jt.degrees.push_back(x.get<bool>());
      }
    }
    if (jj.contains("millimetres")) {
      const json& mm = jj["millimetres"];
      if (!mm.is_array() || static_cast<int>(mm.size()) != dof) bad(w + ".millimetres", "expected " + std::to_string(dof) + " booleans");
      for (const json& x : mm) {
        if (!x.is_boolean()) bad(w + ".millimetres", "expected booleans");
        jt.millimetres.push_back(x.get<bool>());
      }
    }
    if (jj.contains("default_q")) {
      const json& dq = jj["default_q"];
      if (!dq.is_array() || static_cast<int>(dq.size()) != dof) bad(w + ".default_q", "expected " + std::to_string(dof) + " number(s)");
      jt.default_q.resize(dof);
      for (int c = 0; c < dof; ++c) jt.default_q[c] = number(dq[static_cast<std::size_t>(c)], w + ".default_q");
    }
    if (jj.contains("user_coordinates")) {
      const json& uc = jj["user_coordinates"];
      if (!uc.is_array() || static_cast<int>(uc.size()) != dof)
        bad(w + ".user_coordinates", "expected " + std::to_string(dof) + " coordinate(s) {name, min, max}");
      for (std::size_t c = 0; c < uc.size(); ++c) {
        const std::string wc = w + ".user_coordinates[" + std::to_string(c) + "]";
        if (!uc[c].is_object()) bad(wc, "expected an object {name, min, max}");
        Coordinate coord;
        if (uc[c].contains("name")) {
          if (!uc[c]["name"].is_string()) bad(wc + ".name", "expected a string");
          coord.name = uc[c]["name"].get<std::string>();
        }
        if (uc[c].contains("min")) coord.min = number(uc[c]["min"], wc + ".min");
        if (uc[c].contains("max")) coord.max = number(uc[c]["max"], wc + ".max");
        if (!(coord.min < coord.max)) bad(wc, "expected min < max");
        jt.user_coordinates.push_back(coord);
      }
    }
    if (jj.contains("fit")) {
      const json& f = jj["fit"];
      const json& h = field(f, "history", w + ".fit");
      if (!h.is_array()) bad(w + ".fit.history", "expected an array of numbers");
      for (const json& x : h) jt.last_fit.history.push_back(number(x, w + ".fit.history"));
      jt.last_fit.seconds = number(field(f, "seconds", w + ".fit"), w + ".fit.seconds");
      jt.last_fit.smoothing = f.contains("smoothing") ? number(f["smoothing"], w + ".fit.smoothing") : 0.0;
    }
    max_id = std::max(max_id, jt.id);
    d.joints.push_back(jt);
  }
  if (j.contains("fit")) {
    const json& f = j["fit"];
    d.fit.frames = f.value("frames", d.fit.frames);
    d.fit.order = f.value("order", d.fit.order);
    d.fit.closed = f.value("closed", d.fit.closed);
    d.fit.auto_smoothing = f.value("auto_smoothing", d.fit.auto_smoothing);
    d.fit.smoothing = f.value("smoothing", d.fit.smoothing);
    d.fit.method = qstr(f.value("method", d.fit.method.toStdString()));
    // early projects named the exact method after its damping
    if (d.fit.method == QLatin1String("levenberg_marquardt")) d.fit.method = QStringLiteral("gauss_newton");
    if (d.fit.method != QLatin1String("gauss_newton") && d.fit.method != QLatin1String("paper"))
      bad("fit.method", "expected \"gauss_newton\" or \"paper\", got \"" + str(d.fit.method) + "\"");
    d.fit.length_scale = f.value("length_scale", d.fit.length_scale);
  }
  // projects from before the settings were saved open with the defaults
  if (j.contains("simulation")) {
    const json& s = j["simulation"];
    if (!s.is_object()) bad("simulation", "expected an object");
    SimulationSettings& sim = d.simulation;
    if (s.contains("dt")) sim.dt = number(s["dt"], "simulation.dt");
    if (!(sim.dt > 0.0)) bad("simulation.dt", "expected a positive time step");
    sim.integrator = qstr(s.value("integrator", str(sim.integrator)));
    if (Integrator known{}; !integrator_from_name(str(sim.integrator), known))
      bad("simulation.integrator", "expected one of " + integrator_names() + ", got \"" + str(sim.integrator) + "\"");
    sim.gravity = s.value("gravity", sim.gravity);
    if (s.contains("damping")) sim.damping = number(s["damping"], "simulation.damping");
    if (!(sim.damping >= 0.0)) bad("simulation.damping", "expected zero or a positive number");
  }
  if (j.contains("camera")) {
    const json& c = j["camera"];
    if (c.contains("target")) d.camera.target = vec_from(c["target"], "camera.target");
    d.camera.distance = c.value("distance", d.camera.distance);
    d.camera.yaw = c.value("yaw", d.camera.yaw);
    d.camera.pitch = c.value("pitch", d.camera.pitch);
    d.camera.fov_y = c.value("fov_y", d.camera.fov_y);
    d.camera.z_up = c.value("z_up", d.camera.z_up);
    d.camera.orthographic = c.value("orthographic", d.camera.orthographic);
    if (c.contains("facing")) d.camera.facing = number(c["facing"], "camera.facing");
  }
  if (j.contains("scene")) {
    const json& sc = j["scene"];
    if (!sc.is_object() || !sc.contains("keys") || !sc["keys"].is_object()) bad("scene", "expected {\"keys\": {…}, \"dir\": …}");
    d.scene_keys = scene_keys_from_file(sc["keys"], base_dir);
    const std::string dir = sc.value("dir", std::string());
    d.scene_dir = qstr(dir.empty() ? dir : absolute_scene_path(base_dir, dir));
  }
  if (j.contains("osim")) d.osim = osim_from_json(j["osim"]);
  d.next_id = std::max(j.value("next_id", 1), max_id + 1);
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
  try {
    const json j = json::parse(bytes);
    out.data = project_from_json(j, QFileInfo(path).absolutePath());
  } catch (const json::parse_error& e) {
    // a file cut short (a crash while copying, a full disk) says so plainly
    out.error = e.byte >= static_cast<std::size_t>(bytes.size())
                    ? QObject::tr("%1 ends early (%2 bytes): the file is incomplete").arg(path).arg(bytes.size())
                    : QObject::tr("%1 is not valid JSON: %2").arg(path, json_message(e));
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
