#include "core/interop/osim_model_export.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <stdexcept>

#include <tinyxml2.h>

#include "core/dynamics/algorithms.hpp"
#include "core/fit/coordinate_rotation.hpp"
#include "core/interop/osim_model.hpp"
#include "core/interop/osim_xml_print.hpp"
#include "core/io/atomic_file.hpp"
#include "core/mesh/mesh_file.hpp"
#include "core/mesh/obj_write.hpp"
#include "core/scene/scene_file.hpp"

namespace js::interop {

namespace {

namespace fs = std::filesystem;
using detail::digits17;
using detail::print_element;

// an OpenSim object name: letters, digits, '_' and '-' (a '/' would break component paths), unique in the model
std::string osim_name(const std::string& wanted, std::set<std::string>& used) {
  std::string s;
  for (const char c : wanted) s += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '_';
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "_" + s;
  std::string name = s;
  for (int k = 2; used.count(name); ++k) name = s + "_" + std::to_string(k);
  used.insert(name);
  return name;
}


// a mesh file name as the model writes it: relative to the model's folder when there is one
std::string mesh_file_name(const fs::path& file, const fs::path& model_dir) {
  std::error_code ec;
  const fs::path abs = fs::absolute(file, ec);
  if (model_dir.empty()) return abs.string();
  const fs::path dir = fs::absolute(model_dir, ec);
  // relative when the two share a folder below the root (a project moved with its bones still finds them);
  // /tmp/a.osim naming /home/u/bone.vtp stays absolute
  const auto first = [](const fs::path& p) { return ++p.begin() == p.end() ? fs::path() : *++p.begin(); };
  if (first(abs) != first(dir)) return abs.generic_string();
  const fs::path rel = fs::relative(abs, dir, ec);
  return ec || rel.empty() ? abs.generic_string() : rel.generic_string();
}

// "#rrggbb" → "r g b" in [0, 1]; empty when it is not a colour
std::string osim_colour(const std::string& hex) {
  if (hex.size() != 7 || hex[0] != '#') return {};
  unsigned r = 0, g = 0, b = 0;
  if (std::sscanf(hex.c_str() + 1, "%2x%2x%2x", &r, &g, &b) != 3) return {};
  const double c[3] = {r / 255.0, g / 255.0, b / 255.0};
  return digits17(c, 3);
}

struct Geometry {
  std::string file;  // as written in <mesh_file>
  double scale = 1.0;
  std::string colour;
};

// what OpenSim draws for scene body i: its visual or mass mesh file when OpenSim reads the format, else the
// caller's triangles (or a file core reads) as Geometry/<body>.obj; nothing (and a note) when there is neither
class GeometryPlan {
 public:
  GeometryPlan(const std::string& base_dir, const std::string& output_path, const OsimModelExportOptions& options,
               OsimModelExport& out)
      : base_(base_dir), model_dir_(fs::path(output_path).parent_path()), options_(options), out_(out) {}

  std::vector<Geometry> of(const nlohmann::json& body, const std::string& scene_name, const std::string& osim_body) {
    const nlohmann::json* visual = body.contains("visual") && body["visual"].is_object() ? &body["visual"] : nullptr;
    const nlohmann::json* mass_mesh = body.contains("mesh") && body["mesh"].is_object() ? &body["mesh"] : nullptr;
    std::string file;
    double scale = 1.0;
    std::string colour;
    if (visual && visual->contains("file") && (*visual)["file"].is_string()) {
      file = (*visual)["file"].get<std::string>();
      scale = visual->value("units", std::string("m")) == "mm" ? 1e-3 : 1.0;
      if (visual->contains("colour") && (*visual)["colour"].is_string()) colour = osim_colour((*visual)["colour"].get<std::string>());
    } else if (mass_mesh && mass_mesh->contains("file") && (*mass_mesh)["file"].is_string()) {
      file = (*mass_mesh)["file"].get<std::string>();
    }
    const fs::path resolved = file.empty() ? fs::path() : (fs::path(file).is_absolute() ? fs::path(file) : base_ / file);
    if (!file.empty() && opensim_draws_mesh_file(file)) {
      return {{mesh_file_name(resolved, model_dir_), scale, colour}};
    }
    // triangles to write: the caller's, a file core reads (.vtk), or the scene's inline mass mesh
    mesh::TriangleMesh tri;
    if (const auto it = options_.body_meshes.find(scene_name); it != options_.body_meshes.end()) {
      tri = it->second;
      scale = 1.0;
    } else if (!file.empty() && mesh::is_core_mesh_path(file)) {
      tri = mesh::read_mesh_file(resolved.string());
      for (Vec3& v : tri.vertices) v *= scale;
      scale = 1.0;
    } else if (mass_mesh && mass_mesh->contains("vertices")) {
      for (const auto& v : (*mass_mesh)["vertices"]) tri.vertices.emplace_back(v.at(0).get<double>(), v.at(1).get<double>(), v.at(2).get<double>());
      for (const auto& t : (*mass_mesh)["triangles"]) tri.triangles.push_back({t.at(0).get<int>(), t.at(1).get<int>(), t.at(2).get<int>()});
    }
    if (tri.triangles.empty()) {
      out_.notes.push_back(file.empty() ? "body '" + osim_body + "' has no mesh file: it has no geometry in the model"
                                        : "body '" + osim_body + "': OpenSim draws .vtp, .stl and .obj meshes, not " + file +
                                              "; it has no geometry in the model (convert the mesh, or export from the app, which writes it as .obj)");
      return {};
    }
    const fs::path obj = model_dir_ / "Geometry" / (osim_body + ".obj");
    out_.geometry.emplace_back(obj.string(), mesh::obj_text(tri, "body " + osim_body + " (m), written by jointsmith"));
    return {{"Geometry/" + osim_body + ".obj", scale, colour}};
  }

 private:
  fs::path base_, model_dir_;
  const OsimModelExportOptions& options_;
  OsimModelExport& out_;
};

void print_body(tinyxml2::XMLPrinter& p, const std::string& name, const BodyInertia& inertia, const std::vector<Geometry>& geometry) {
  p.OpenElement("Body");
  p.PushAttribute("name", name.c_str());
  if (!geometry.empty()) {
    p.OpenElement("attached_geometry");
    for (std::size_t k = 0; k < geometry.size(); ++k) {
      const Geometry& g = geometry[k];
      p.OpenElement("Mesh");
      p.PushAttribute("name", (name + "_geom_" + std::to_string(k + 1)).c_str());
      print_element(p, "socket_frame", "..");
      const Vec3 s = Vec3::Constant(g.scale);
      print_element(p, "scale_factors", digits17(s));
      if (!g.colour.empty()) {
        p.OpenElement("Appearance");
        print_element(p, "color", g.colour);
        p.CloseElement();
      }
      print_element(p, "mesh_file", g.file);
      p.CloseElement();
    }
    p.CloseElement();
  }
  print_element(p, "mass", digits17(&inertia.mass, 1));
  print_element(p, "mass_center", digits17(inertia.com));
  const Mat3& I = inertia.inertia_com;
  const double six[6] = {I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2)};  // xx yy zz xy xz yz
  print_element(p, "inertia", digits17(six, 6));
  p.CloseElement();
}

void print_weld_joint(tinyxml2::XMLPrinter& p, const std::string& name, const std::string& parent, const std::string& child,
                      const SE3& parent_T_child) {
  p.OpenElement("WeldJoint");
  p.PushAttribute("name", name.c_str());
  print_element(p, "socket_parent_frame", parent + "_offset");
  print_element(p, "socket_child_frame", child + "_offset");
  p.OpenElement("frames");
  detail::print_offset_frame(p, parent + "_offset", parent, parent_T_child);
  detail::print_offset_frame(p, child + "_offset", child, SE3::identity());
  p.CloseElement();
  p.CloseElement();
}

// a CustomJoint holding the coordinates (names, ranges, defaults) and identity frames: replace_osim_joint then
// gives it the offsets and functions of the joint
OsimCustomJoint placeholder_joint(const std::string& name, const std::string& parent, const std::string& child,
                                  const JointModel& joint, const std::vector<double>& defaults) {
  OsimCustomJoint c;
  c.name = name;
  c.parent_body = parent;
  c.child_body = child;
  for (int k = 0; k < joint.dof(); ++k) {
    const Coordinate& jc = joint.coordinates()[static_cast<std::size_t>(k)];
    OsimCoordinate oc;
    oc.name = jc.name;
    oc.has_range = true;
    oc.min = jc.min;
    oc.max = jc.max;
    oc.default_value = defaults[static_cast<std::size_t>(k)];
    c.coordinates.push_back(oc);
  }
  const char* names[6] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
  for (int a = 0; a < 6; ++a) {
    OsimTransformAxis& axis = c.axes[static_cast<std::size_t>(a)];
    axis.name = names[a];
    axis.axis = Vec3::Unit(a % 3);
    if (a < joint.dof()) {
      axis.coordinate = a;
      axis.function = OsimFunction::linear(1.0, 0.0);
    }
  }
  return c;
}

// the scene's keys that this export does not carry into the model, one note each
void note_what_is_left_out(const nlohmann::json& scene, const scene::Scene& sc, OsimModelExport& out) {
  if (scene.contains("loops") && !scene["loops"].empty())
    out.notes.push_back("the scene's loop-closing joints are not exported (OpenSim would need constraints for them)");
  if (scene.contains("couplers") && !scene["couplers"].empty())
    out.notes.push_back("the scene's coordinate couplers are not exported (OpenSim CoordinateCouplerConstraints)");
  if (scene.contains("forces") && !scene["forces"].empty())
    out.notes.push_back("the scene's forces (springs, dampers, motors) are not exported");
  if (!sc.model.root_is_fixed()) out.notes.push_back("the root frame's scripted motion is not exported: ground is fixed");
  if (!sc.model.prescribed().empty()) out.notes.push_back("prescribed (scripted) coordinates are exported as free coordinates");
}

// the scene's default q, clamped into each coordinate's range (OpenSim clamps defaults the same way)
std::vector<double> joint_defaults(const scene::Scene& sc, const Body& b) {
  std::vector<double> d;
  for (int k = 0; k < b.dof; ++k) {
    const Coordinate& c = b.joint->coordinates()[static_cast<std::size_t>(k)];
    d.push_back(std::clamp(sc.initial.q[b.q_index + k], c.min, c.max));
  }
  return d;
}

// a copy of body b's joint with the model's coordinate names, a range for every coordinate, and (under ground)
// the root frame folded into its parent offset
std::unique_ptr<JointModel> joint_for_model(const scene::Scene& sc, const Body& b, const std::string& joint_name,
                                            std::set<std::string>& used_coordinates, OsimModelExport& out) {
  std::unique_ptr<JointModel> j = b.joint->clone();
  if (j->dof() > 3) throw std::invalid_argument("joint '" + joint_name + "' has " + std::to_string(j->dof()) + " coordinates; OpenSim's CustomJoint holds at most 3 here");
  if (b.parent < 0 && !(sc.model.world_T_root.R == Mat3::Identity() && sc.model.world_T_root.p.isZero(0.0)))
    j->set_offsets(sc.model.world_T_root * j->parent_T_joint(), j->moving_T_child());
  const std::vector<bool> rotates = fit::rotating_coordinates(*j);
  for (int k = 0; k < j->dof(); ++k) {
    Coordinate& c = j->coordinates()[static_cast<std::size_t>(k)];
    const std::string name = osim_name(c.name, used_coordinates);
    if (name != c.name) out.notes.push_back("coordinate '" + c.name + "' of joint '" + joint_name + "' is '" + name + "' in the model (names are unique there)");
    c.name = name;
    if (c.has_range()) continue;
    if (j->dof() > 1)
      throw std::invalid_argument("joint '" + joint_name + "': coordinate '" + name + "' has no range; OpenSim's polynomial functions of " +
                                  std::to_string(j->dof()) + " coordinates hold over a range of each (give it one)");
    const bool r = rotates[static_cast<std::size_t>(k)];
    c.min = r ? -kPi : -1.0;
    c.max = r ? kPi : 1.0;
    out.notes.push_back("coordinate '" + name + "' of joint '" + joint_name + "' has no range; exported over " +
                        (r ? "[-180°, 180°]" : "[-1 m, 1 m]"));
  }
  return j;
}

// the model read back by the project's reader: every body's pose at the defaults against the scene's
void compare_read_back(const std::string& path, const scene::Scene& sc, const std::vector<std::string>& body_names,
                       const std::vector<std::vector<double>>& defaults, OsimModelExport& result) {
  const OsimModel back = read_osim_model_text(result.text, path);
  // the meshes written to Geometry/ on save are not there yet: the reader's "not found" for them is expected
  const auto planned = [&](const std::string& reason) {
    return std::any_of(result.geometry.begin(), result.geometry.end(), [&](const auto& g) {
      return reason.find("'Geometry/" + fs::path(g.first).filename().string() + "'") != std::string::npos;
    });
  };
  for (const OsimIssue& issue : back.issues)
    if (!planned(issue.reason)) result.notes.push_back("read back: " + issue.message());
  for (const OsimMesh& m : back.meshes)
    if (!m.found() && std::none_of(result.geometry.begin(), result.geometry.end(), [&](const auto& g) { return g.first.ends_with(m.file); }))
      result.notes.push_back("mesh " + m.file + " of body '" + m.body + "' is not found from the model's folder");
  Eigen::VectorXd q_ours = sc.initial.q;
  for (int i = 0; i < sc.model.num_bodies(); ++i)
    for (int k = 0; k < sc.model.body(i).dof; ++k) q_ours[sc.model.body(i).q_index + k] = defaults[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
  MultibodyData ours(sc.model), theirs(back.multibody);
  forward_kinematics(sc.model, ours, 0.0, q_ours);
  forward_kinematics(back.multibody, theirs, 0.0, back.default_q);
  for (int i = 0; i < sc.model.num_bodies(); ++i) {
    const int k = back.multibody.find_body(body_names[static_cast<std::size_t>(i)]);
    if (k < 0) throw std::logic_error("the model read back has no body '" + body_names[static_cast<std::size_t>(i)] + "'");
    const SE3& a = ours.bodies[static_cast<std::size_t>(i)].world_T_body;
    const SE3& b = theirs.bodies[static_cast<std::size_t>(k)].world_T_body;
    result.max_pose_error_m = std::max(result.max_pose_error_m, (a.p - b.p).norm());
    const double c = std::clamp(((a.R.transpose() * b.R).trace() - 1.0) / 2.0, -1.0, 1.0);
    result.max_pose_error_rad = std::max(result.max_pose_error_rad, std::acos(c));
  }
}

}  // namespace

bool opensim_draws_mesh_file(const std::string& file) {
  std::string e = fs::path(file).extension().string();
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e == ".vtp" || e == ".stl" || e == ".obj";
}

OsimModelExport export_osim_model(const nlohmann::json& scene, const std::string& source, const std::string& base_dir,
                                  const OsimModelExportOptions& options) {
  const scene::Scene sc = scene::read_scene_json(scene, source, base_dir);
  OsimModelExport out;
  note_what_is_left_out(scene, sc, out);
  const std::string path = options.output_path.empty() ? "model.osim" : options.output_path;
  GeometryPlan geometry(base_dir, path, options, out);

  std::set<std::string> used_bodies{"ground"}, used_joints, used_coordinates;
  std::vector<std::string> body_names;
  for (const Body& b : sc.model.bodies()) {
    body_names.push_back(osim_name(b.name, used_bodies));
    if (body_names.back() != b.name) out.notes.push_back("body '" + b.name + "' is '" + body_names.back() + "' in the model");
  }
  // joints first named by the scene ("joint_name"), else parent_child
  std::vector<std::unique_ptr<JointModel>> joints;
  std::vector<std::vector<double>> defaults;
  tinyxml2::XMLPrinter p;
  p.PushHeader(false, true);
  p.PushComment(" exported by jointsmith from a scene: bodies, meshes and joints; each CustomJoint says in a comment how closely its functions follow the joint ");
  p.OpenElement("OpenSimDocument");
  p.PushAttribute("Version", "40000");
  p.OpenElement("Model");
  std::set<std::string> no_names;
  p.PushAttribute("name", osim_name(options.model_name, no_names).c_str());
  print_element(p, "gravity", digits17(sc.model.gravity));
  p.OpenElement("BodySet");
  p.PushAttribute("name", "bodyset");
  p.OpenElement("objects");
  for (int i = 0; i < sc.model.num_bodies(); ++i) {
    const nlohmann::json& jb = scene.at("bodies").at(static_cast<std::size_t>(i));
    const std::string& name = body_names[static_cast<std::size_t>(i)];
    const std::vector<Geometry> g = geometry.of(jb, sc.model.body(i).name, name);
    for (const Geometry& x : g) out.meshes.push_back(x.file);
    print_body(p, name, sc.model.body(i).inertia, g);
  }
  p.CloseElement();
  p.CloseElement();
  p.OpenElement("JointSet");
  p.PushAttribute("name", "jointset");
  p.OpenElement("objects");
  for (int i = 0; i < sc.model.num_bodies(); ++i) {
    const Body& b = sc.model.body(i);
    const nlohmann::json& jb = scene.at("bodies").at(static_cast<std::size_t>(i));
    const std::string parent = b.parent < 0 ? "ground" : body_names[static_cast<std::size_t>(b.parent)];
    const std::string& child = body_names[static_cast<std::size_t>(i)];
    const std::string wanted = jb.contains("joint_name") && jb["joint_name"].is_string() ? jb["joint_name"].get<std::string>() : parent + "_" + child;
    OsimModelJointReport report;
    report.name = osim_name(wanted, used_joints);
    report.child = child;
    defaults.push_back(joint_defaults(sc, b));
    if (b.dof == 0) {
      report.type = "WeldJoint";
      JointData data(0);
      b.joint->evaluate(Eigen::VectorXd(), data, EvalLevel::Transform);
      print_weld_joint(p, report.name, parent, child, (b.parent < 0 ? sc.model.world_T_root : SE3::identity()) * data.G);
      joints.push_back(nullptr);
    } else {
      report.type = "CustomJoint";
      joints.push_back(joint_for_model(sc, b, report.name, used_coordinates, out));
      for (std::size_t k = 0; k < joints.back()->coordinates().size(); ++k) {
        const Coordinate& c = joints.back()->coordinates()[k];
        report.coordinates.push_back(c.name);
        defaults.back()[k] = std::clamp(defaults.back()[k], c.min, c.max);  // inside a range given on export
      }
      detail::print_custom_joint(p, placeholder_joint(report.name, parent, child, *joints.back(), defaults.back()));
    }
    out.joints.push_back(report);
  }
  p.CloseElement();
  p.CloseElement();
  p.CloseElement();  // Model
  p.CloseElement();  // OpenSimDocument
  out.text = p.CStr();

  // each moving joint's functions, written and read back by the replacement of issue 15
  for (std::size_t i = 0; i < joints.size(); ++i) {
    if (!joints[i]) continue;
    OsimModelJointReport& report = out.joints[i];
    OsimReplaceOptions ro;
    ro.fit = options.fit;
    ro.polynomial = options.polynomial;
    ro.output_path = path;
    ro.meshes = OsimMeshPaths::Keep;
    ro.coordinates = report.coordinates;
    const OsimReplaceResult r = replace_osim_joint(out.text, path, report.name, *joints[i], ro);
    report.fidelity = r.fidelity;
    report.has_fidelity = true;
    if (!r.fidelity.within_tolerance) {
      char buf[256];
      std::snprintf(buf, sizeof buf, "joint '%s': OpenSim's functions stay %.3g mm, %.3g° from the joint, over the tolerance; nothing written",
                    report.name.c_str(), r.fidelity.max_position_error_m * 1e3, r.fidelity.max_angle_error_rad * 180.0 / kPi);
      throw std::invalid_argument(buf);
    }
    out.text = r.text;
  }
  compare_read_back(path, sc, body_names, defaults, out);
  return out;
}

void save_osim_model_export(const OsimModelExport& model, const std::string& path) {
  // nothing is created outside the model's folder: it must exist
  const fs::path dir = fs::path(path).parent_path();
  if (!dir.empty() && !fs::is_directory(dir)) throw std::runtime_error(path + ": cannot write: the folder " + dir.string() + " does not exist");
  for (const auto& [file, text] : model.geometry) {
    std::error_code ec;
    fs::create_directories(fs::path(file).parent_path(), ec);
    io::write_file_atomic(file, text);
  }
  io::write_file_atomic(path, model.text);
}

std::string osim_model_summary(const OsimModelExport& m) {
  std::string s;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%zu bodies, %zu joints, %zu meshes (%zu written as .obj)\n", m.joints.size(), m.joints.size(),
                m.meshes.size(), m.geometry.size());
  s += buf;
  for (const OsimModelJointReport& j : m.joints) {
    std::string coords;
    for (const std::string& c : j.coordinates) coords += (coords.empty() ? "" : ", ") + c;
    if (j.has_fidelity) {
      std::snprintf(buf, sizeof buf, "  %s (%s of %s; %s): max %.3g mm, %.3g deg from the joint\n", j.name.c_str(), j.type.c_str(),
                    j.child.c_str(), coords.c_str(), j.fidelity.max_position_error_m * 1e3, j.fidelity.max_angle_error_rad * 180.0 / kPi);
    } else {
      std::snprintf(buf, sizeof buf, "  %s (%s of %s)\n", j.name.c_str(), j.type.c_str(), j.child.c_str());
    }
    s += buf;
  }
  std::snprintf(buf, sizeof buf, "read back: every body within %.3g mm, %.3g deg of the scene at the default pose\n",
                m.max_pose_error_m * 1e3, m.max_pose_error_rad * 180.0 / kPi);
  s += buf;
  for (const std::string& n : m.notes) s += "  note: " + n + "\n";
  return s;
}

}  // namespace js::interop
