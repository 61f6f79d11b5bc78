// the whole-model reader of osim_model.hpp: bodies, joints (osim_model_joints.cpp), coordinates, couplers, meshes,
// the kept-but-not-simulated list, and the multibody tree built from ground outwards.
#include "core/interop/osim_model.hpp"

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <Eigen/Eigenvalues>

#include "core/interop/euler.hpp"
#include "core/interop/osim_model_parts.hpp"

namespace js::interop {

using detail::ElementError;
using detail::element_tag;
using detail::element_text;
using tinyxml2::XMLElement;
namespace fs = std::filesystem;

std::string OsimIssue::message() const {
  return file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " +
         (element.empty() ? std::string() : element + ": ") + reason;
}

const char* osim_motion_name(OsimMotion motion) {
  switch (motion) {
    case OsimMotion::Rotational: return "rotational";
    case OsimMotion::Translational: return "translational";
    case OsimMotion::Coupled: return "coupled";
  }
  return "?";
}

int OsimModel::find_coordinate(const std::string& coordinate_name) const {
  for (std::size_t i = 0; i < coordinates.size(); ++i) {
    if (coordinates[i].name == coordinate_name) return static_cast<int>(i);
  }
  return -1;
}

int OsimModel::meshes_found() const {
  return static_cast<int>(std::count_if(meshes.begin(), meshes.end(), [](const OsimMesh& m) { return m.found(); }));
}

void OsimModel::apply_couplers(Eigen::VectorXd& q) const {
  double x[kMaxAxisFunctionInputs];
  for (const OsimCoupler& c : couplers) {
    for (std::size_t k = 0; k < c.independent_indices.size(); ++k) x[k] = q[c.independent_indices[k]];
    double f = 0.0;
    c.function.evaluate(x, f, nullptr, nullptr);
    q[c.dependent_index] = c.scale * f;
  }
}

namespace {

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

}  // namespace

std::string find_osim_mesh(const std::string& file, const std::string& model_dir,
                           const std::vector<std::string>& search_paths, std::vector<std::string>& tried) {
  std::vector<fs::path> dirs;
  const fs::path given(file);
  if (given.is_absolute()) {
    dirs.push_back(given.parent_path());
  } else {
    const fs::path base = model_dir.empty() ? fs::path(".") : fs::path(model_dir);
    dirs.push_back(base);
    dirs.push_back(base / "Geometry");
    for (const std::string& p : search_paths) {
      if (!p.empty()) dirs.push_back(fs::path(p));
    }
  }
  const fs::path leaf = given.is_absolute() ? given.filename() : given;
  for (const fs::path& d : dirs) {
    const fs::path exact = d / leaf;
    tried.push_back(exact.lexically_normal().string());
    std::error_code ec;
    if (fs::is_regular_file(exact, ec)) return exact.lexically_normal().string();
    // the same name in another letter case (models written on case-insensitive disks)
    const fs::path folder = exact.parent_path();
    const std::string want = lower(exact.filename().string());
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      if (lower(it->path().filename().string()) == want && it->is_regular_file(ec)) return it->path().lexically_normal().string();
    }
  }
  return {};
}

namespace {

// true when I's principal moments are positive and obey the triangle inequality (a rigid body's). otherwise
// raises them as little as that needs (the two smaller ones share what the triangle lacks), keeps the principal
// axes, and says what it did in why.
bool physical_inertia(Mat3& I, std::string& why) {
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(I);
  Vec3 l = eig.eigenvalues();  // ascending
  const double floor = 1e-9 * std::max(l[2], 1e-9);
  if (l[0] > 0.0 && l[0] + l[1] >= l[2] * (1.0 - 1e-9)) return true;
  const Vec3 was = l;
  l[0] = std::max(l[0], floor);
  l[1] = std::max(l[1], floor);
  l[2] = std::max(l[2], floor);
  if (const double lack = l[2] - l[0] - l[1]; lack > 0.0) {
    l[0] += 0.5 * lack;
    l[1] += 0.5 * lack;
  }
  I = eig.eigenvectors() * l.asDiagonal() * eig.eigenvectors().transpose();
  char buf[256];
  std::snprintf(buf, sizeof buf, "inertia with principal moments (%.6g, %.6g, %.6g) kg m^2 is not a rigid body's "
                "(they must be positive and obey the triangle inequality): raised to (%.6g, %.6g, %.6g)",
                was[0], was[1], was[2], l[0], l[1], l[2]);
  why = buf;
  return false;
}

// the model-reading state: the document, the issues found so far, and lookups by name
struct ModelReader {
  OsimModel& m;
  const OsimReadOptions& options;
  const XMLElement* model = nullptr;
  std::map<std::string, const XMLElement*> bodies;  // name → <Body>
  std::set<const XMLElement*> consumed;  // elements mapped (not reported as kept)

  void issue(const XMLElement* e, const std::string& reason) {
    m.issues.push_back({m.source, e ? e->GetLineNum() : 0, e ? element_tag(e) : std::string(), reason});
  }
  void issue(const ElementError& err) { issue(err.element, err.reason); }

  static void collect(const XMLElement* e, const char* name, std::vector<const XMLElement*>& out) {
    for (const XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
      if (std::strcmp(c->Name(), name) == 0) out.push_back(c);
      collect(c, name, out);
    }
  }
  // the <objects> of a set (<BodySet><objects>…) or the set itself (opensim 4 writes both forms)
  static const XMLElement* objects(const XMLElement* set) {
    if (!set) return nullptr;
    const XMLElement* o = set->FirstChildElement("objects");
    return o ? o : set;
  }

  // --- frames: (body name, body_T_frame) of a Body, Ground or PhysicalOffsetFrame element
  bool frame_of(const XMLElement* e, std::string& body, SE3& body_T_frame, int depth = 0) const {
    const std::string n = e->Name();
    if (n == "Ground" || e == model) {
      body = "ground";
      body_T_frame = SE3::identity();
      return true;
    }
    if (n == "Body") {
      body = e->Attribute("name") ? e->Attribute("name") : "";
      body_T_frame = SE3::identity();
      return true;
    }
    if (n != "PhysicalOffsetFrame" || depth > 16) return false;
    const XMLElement* sp = e->FirstChildElement("socket_parent");
    if (!sp) throw ElementError{e, "an offset frame without <socket_parent>"};
    SE3 T;
    if (const XMLElement* t = e->FirstChildElement("translation")) T.p = detail::element_vec3(t);
    if (const XMLElement* o = e->FirstChildElement("orientation")) T.R = compose_body_fixed({0, 1, 2}, detail::element_vec3(o));
    const XMLElement* parent = named_frame(detail::last_path_part(element_text(sp)), e->Parent() ? e->Parent()->ToElement() : nullptr);
    if (!parent) throw ElementError{sp, "no frame called '" + element_text(sp) + "'"};
    std::string b;
    SE3 body_T_parent;
    if (!frame_of(parent, b, body_T_parent, depth + 1)) throw ElementError{sp, "'" + element_text(sp) + "' is not a physical frame"};
    body = b;
    body_T_frame = body_T_parent * T;
    return true;
  }
  // a frame by name: an offset frame among siblings (a joint's <frames>), a body, the ground, any offset frame
  const XMLElement* named_frame(const std::string& name, const XMLElement* siblings) const {
    if (siblings) {
      for (const XMLElement* f = siblings->FirstChildElement(); f; f = f->NextSiblingElement()) {
        if (f->Attribute("name") && name == f->Attribute("name")) return f;
      }
    }
    if (auto it = bodies.find(name); it != bodies.end()) return it->second;
    if (name == "ground") return model->FirstChildElement("Ground") ? model->FirstChildElement("Ground") : model;
    std::vector<const XMLElement*> frames;
    collect(model, "PhysicalOffsetFrame", frames);
    for (const XMLElement* f : frames) {
      if (f->Attribute("name") && name == f->Attribute("name")) return f;
    }
    return nullptr;
  }

  void read_bodies() {
    std::vector<const XMLElement*> all;
    collect(model, "Body", all);
    for (const XMLElement* b : all) {
      if (!b->Attribute("name")) continue;
      const std::string name = b->Attribute("name");
      if (name == "ground") continue;  // opensim 3's ground body
      if (bodies.count(name)) {
        issue(b, "a second body called '" + name + "' (left out)");
        continue;
      }
      bodies[name] = b;
      OsimModelBody body;
      body.name = name;
      body.line = b->GetLineNum();
      try {
        if (const XMLElement* mass = b->FirstChildElement("mass")) body.mass = detail::element_number(mass);
        if (const XMLElement* com = b->FirstChildElement("mass_center")) body.com = detail::element_vec3(com);
        if (const XMLElement* in = b->FirstChildElement("inertia")) {
          const std::vector<double> v = detail::element_numbers(in, 6);  // xx yy zz xy xz yz
          body.inertia << v[0], v[3], v[4], v[3], v[1], v[5], v[4], v[5], v[2];
        } else if (b->FirstChildElement("inertia_xx")) {
          // opensim 3
          auto get = [&](const char* n) { return b->FirstChildElement(n) ? detail::element_number(b->FirstChildElement(n)) : 0.0; };
          body.inertia << get("inertia_xx"), get("inertia_xy"), get("inertia_xz"), get("inertia_xy"), get("inertia_yy"),
              get("inertia_yz"), get("inertia_xz"), get("inertia_yz"), get("inertia_zz");
        }
      } catch (const ElementError& err) {
        issue(err);
      }
      m.bodies.push_back(body);
    }
  }

  // every joint element: children of a JointSet (opensim 4) or of a body's <Joint> (opensim 3)
  std::vector<const XMLElement*> joint_elements() const {
    std::vector<const XMLElement*> out;
    std::vector<const XMLElement*> sets;
    collect(model, "JointSet", sets);
    for (const XMLElement* s : sets) {
      for (const XMLElement* j = objects(s)->FirstChildElement(); j; j = j->NextSiblingElement()) out.push_back(j);
    }
    std::vector<const XMLElement*> holders;
    collect(model, "Joint", holders);
    for (const XMLElement* h : holders) {
      for (const XMLElement* j = h->FirstChildElement(); j; j = j->NextSiblingElement()) out.push_back(j);
    }
    return out;
  }

  std::vector<OsimMotion> motion_of_v3(const std::vector<const XMLElement*>& coords) const {
    std::vector<OsimMotion> out;
    for (const XMLElement* c : coords) {
      const XMLElement* mt = c->FirstChildElement("motion_type");
      out.push_back(mt && element_text(mt).find("translational") != std::string::npos ? OsimMotion::Translational
                                                                                        : OsimMotion::Rotational);
    }
    return out;
  }

  struct PendingJoint {
    const XMLElement* e;
    std::size_t index;  // into m.joints
  };

  void read_joint(const XMLElement* e, std::vector<PendingJoint>& pending) {
    OsimModelJoint j;
    j.name = e->Attribute("name") ? e->Attribute("name") : "";
    j.type = e->Name();
    j.line = e->GetLineNum();
    SE3 parent_T_pframe, child_T_cframe;
    detail::JointCoordinates jc;
    std::vector<const XMLElement*> coords;
    try {
      if (const XMLElement* r = e->FirstChildElement("reverse"); r && element_text(r).find("true") != std::string::npos) {
        throw ElementError{r, "<reverse>true</reverse> (a joint defined child-to-parent) is not supported"};
      }
      if (e->FirstChildElement("socket_parent_frame")) {
        const XMLElement* frames = e->FirstChildElement("frames");
        for (const char* socket : {"socket_parent_frame", "socket_child_frame"}) {
          const XMLElement* s = detail::required_child(e, socket);
          const std::string name = detail::last_path_part(element_text(s));
          const XMLElement* f = named_frame(name, frames);
          if (!f) throw ElementError{s, "no frame called '" + element_text(s) + "'"};
          std::string body;
          SE3 T;
          if (!frame_of(f, body, T)) throw ElementError{s, "'" + element_text(s) + "' is not a physical frame"};
          if (socket[7] == 'p') {
            j.parent_body = body;
            parent_T_pframe = T;
          } else {
            j.child_body = body;
            child_T_cframe = T;
          }
        }
      } else {
        // opensim 3: the joint sits in its child body; offsets on the joint itself
        const XMLElement* holder = e->Parent() ? e->Parent()->ToElement() : nullptr;
        const XMLElement* body = holder && holder->Parent() ? holder->Parent()->ToElement() : nullptr;
        j.child_body = body && body->Attribute("name") ? body->Attribute("name") : "";
        j.parent_body = element_text(detail::required_child(e, "parent_body"));
        auto frame = [&](const char* t, const char* o) {
          SE3 T;
          if (const XMLElement* x = e->FirstChildElement(t)) T.p = detail::element_vec3(x);
          if (const XMLElement* x = e->FirstChildElement(o)) T.R = compose_body_fixed({0, 1, 2}, detail::element_vec3(x));
          return T;
        };
        parent_T_pframe = frame("location_in_parent", "orientation_in_parent");
        child_T_cframe = frame("location", "orientation");
      }
      collect(e, "Coordinate", coords);
      for (const XMLElement* c : coords) {
        if (!c->Attribute("name")) throw ElementError{c, "a coordinate needs a name"};
        OsimModelCoordinate oc;
        oc.name = c->Attribute("name");
        oc.joint = j.name;
        oc.line = c->GetLineNum();
        if (const XMLElement* range = c->FirstChildElement("range")) {
          const std::vector<double> r = detail::element_numbers(range, 2);
          if (!(r[0] <= r[1])) throw ElementError{range, "range minimum above its maximum"};
          oc.min = r[0];
          oc.max = r[1];
          oc.has_range = true;
        }
        if (const XMLElement* d = c->FirstChildElement("default_value")) oc.default_value = detail::element_number(d);
        oc.locked = detail::element_flag(c, "locked");
        oc.clamped = detail::element_flag(c, "clamped");
        jc.names.push_back(oc.name);
        Coordinate core{oc.name};
        if (oc.has_range) {
          core.min = oc.min;
          core.max = oc.max;
        }
        core.locked = oc.locked;
        jc.core.push_back(core);
      }
      std::vector<OsimMotion> motions;
      std::unique_ptr<JointModel> model_joint = detail::map_osim_joint(e, jc, motions);
      if (!e->FirstChildElement("socket_parent_frame")) motions = motion_of_v3(coords);
      model_joint->set_offsets(parent_T_pframe, child_T_cframe.inverse());
      j.core_kind = joint_kind_name(model_joint->kind());
      j.joint = std::move(model_joint);
      j.coordinates = jc.names;
      for (std::size_t k = 0; k < coords.size(); ++k) {
        OsimModelCoordinate oc;
        oc.name = jc.names[k];
        oc.joint = j.name;
        oc.line = coords[k]->GetLineNum();
        oc.motion = motions[k];
        oc.min = jc.core[k].min;
        oc.max = jc.core[k].max;
        oc.has_range = coords[k]->FirstChildElement("range") != nullptr;
        oc.locked = jc.core[k].locked;
        oc.clamped = detail::element_flag(coords[k], "clamped");
        oc.default_value = coords[k]->FirstChildElement("default_value") ? detail::element_number(coords[k]->FirstChildElement("default_value")) : 0.0;
        m.coordinates.push_back(oc);
      }
      pending.push_back({e, m.joints.size()});
    } catch (const ElementError& err) {
      issue(err);
      // its coordinates still exist by name (so couplers name them clearly), but move nothing
      for (const XMLElement* c : coords) {
        if (!c->Attribute("name")) continue;
        OsimModelCoordinate oc;
        oc.name = c->Attribute("name");
        oc.joint = j.name;
        oc.line = c->GetLineNum();
        m.coordinates.push_back(oc);
      }
    }
    m.joints.push_back(std::move(j));
  }

  // the tree from ground outwards: a joint is added once its parent body is in the multibody
  void build_tree(const std::vector<PendingJoint>& pending) {
    std::map<std::string, int> index;  // body name → multibody index; ground → −1
    index["ground"] = -1;
    std::vector<bool> done(pending.size(), false);
    std::map<std::string, int> body_of;  // name → m.bodies index
    for (std::size_t i = 0; i < m.bodies.size(); ++i) body_of[m.bodies[i].name] = static_cast<int>(i);
    for (bool progress = true; progress;) {
      progress = false;
      for (std::size_t p = 0; p < pending.size(); ++p) {
        if (done[p]) continue;
        OsimModelJoint& j = m.joints[pending[p].index];
        auto parent = index.find(j.parent_body);
        if (parent == index.end()) continue;
        done[p] = progress = true;
        const auto child = body_of.find(j.child_body);
        if (child == body_of.end()) {
          issue(pending[p].e, "its child '" + j.child_body + "' is not a body of the model (left out)");
          j.joint.reset();
          continue;
        }
        if (index.count(j.child_body)) {
          issue(pending[p].e, "body '" + j.child_body + "' already has a joint: a closed loop, which is not supported (left out)");
          j.joint.reset();
          continue;
        }
        OsimModelBody& b = m.bodies[static_cast<std::size_t>(child->second)];
        BodyInertia inertia;
        inertia.mass = b.mass;
        inertia.com = b.com;
        inertia.inertia_com = b.inertia;
        if (!(b.mass > 0.0)) {
          // massless bodies (a frame for a marker, a patella placeholder) still move; they need some mass to simulate
          issue(bodies[b.name], "mass " + std::to_string(b.mass) + " kg: given 1e-6 kg and 1e-12 kg m² so the tree can be simulated");
          inertia.mass = 1e-6;
          inertia.inertia_com = Mat3::Identity() * 1e-12;
        } else if (b.inertia.isZero()) {
          inertia.inertia_com = Mat3::Identity() * 1e-12;
        } else if (std::string why; !physical_inertia(inertia.inertia_com, why)) {
          // opensim loads such bodies (toes with zero moments); the dynamics needs a rigid body's inertia
          issue(bodies[b.name], why + " so the tree can be simulated (the file keeps its values)");
        }
        try {
          b.model_index = m.multibody.add_body(b.name, parent->second, j.joint, inertia);
        } catch (const std::invalid_argument& err) {
          issue(pending[p].e, err.what());
          j.joint.reset();
          continue;
        }
        index[b.name] = b.model_index;
      }
    }
    for (std::size_t p = 0; p < pending.size(); ++p) {
      if (done[p]) continue;
      OsimModelJoint& j = m.joints[pending[p].index];
      issue(pending[p].e, "its parent '" + j.parent_body + "' is not connected to the ground (left out)");
      j.joint.reset();
    }
    for (OsimModelJoint& j : m.joints) {
      if (!j.joint) j.core_kind.clear();
    }
    // coordinates' q indices, from the joints that made it into the tree
    for (int b = 0; b < m.multibody.num_bodies(); ++b) {
      const Body& body = m.multibody.body(b);
      for (int k = 0; k < body.dof; ++k) {
        const int c = m.find_coordinate(body.joint->coordinates()[static_cast<std::size_t>(k)].name);
        if (c >= 0) m.coordinates[static_cast<std::size_t>(c)].model_index = body.q_index + k;
      }
    }
    for (const OsimModelBody& b : m.bodies) {
      if (b.model_index < 0 && !index.count(b.name)) {
        bool has_joint = false;
        for (const OsimModelJoint& j : m.joints) has_joint = has_joint || j.child_body == b.name;
        if (!has_joint) issue(bodies[b.name], "no joint connects this body (left out)");
      }
    }
  }

  // the independent coordinates' function with a name; opensim writes it as <coupled_coordinates_function> or as
  // a function element named so
  static const XMLElement* coupler_function(const XMLElement* c) {
    if (const XMLElement* f = c->FirstChildElement("coupled_coordinates_function")) return f->FirstChildElement();
    for (const XMLElement* f = c->FirstChildElement(); f; f = f->NextSiblingElement()) {
      if (f->Attribute("name") && std::strcmp(f->Attribute("name"), "coupled_coordinates_function") == 0) return f;
    }
    return nullptr;
  }

  void read_couplers() {
    std::vector<const XMLElement*> all;
    collect(model, "CoordinateCouplerConstraint", all);
    std::vector<OsimCoupler> read;
    std::vector<const XMLElement*> where;
    for (const XMLElement* e : all) {
      consumed.insert(e);
      try {
        // switched off: opensim 4's isEnforced false, opensim 3's isDisabled true
        if (const XMLElement* en = e->FirstChildElement("isEnforced"); en && element_text(en).find("false") != std::string::npos) continue;
        if (const XMLElement* dis = e->FirstChildElement("isDisabled"); dis && element_text(dis).find("true") != std::string::npos) continue;
        OsimCoupler c;
        c.name = e->Attribute("name") ? e->Attribute("name") : "";
        c.line = e->GetLineNum();
        const XMLElement* dep = detail::required_child(e, "dependent_coordinate_name");
        const XMLElement* ind = detail::required_child(e, "independent_coordinate_names");
        c.dependent = element_text(dep);
        c.dependent.erase(std::remove_if(c.dependent.begin(), c.dependent.end(), ::isspace), c.dependent.end());
        c.independents = detail::element_words(ind);
        const XMLElement* fn = coupler_function(e);
        if (!fn) throw ElementError{e, "missing <coupled_coordinates_function>"};
        c.function = detail::read_osim_function(fn);
        if (const XMLElement* s = e->FirstChildElement("scale_factor")) c.scale = detail::element_number(s);
        if (static_cast<int>(c.independents.size()) != c.function.inputs()) {
          throw ElementError{ind, std::to_string(c.independents.size()) + " independent coordinates for a function of " +
                                      std::to_string(c.function.inputs()) + " input(s)"};
        }
        auto resolve = [&](const std::string& n, const XMLElement* at) {
          const int k = m.find_coordinate(n);
          if (k < 0) throw ElementError{at, "coordinate '" + n + "' is referenced but not defined in the model"};
          const int q = m.coordinates[static_cast<std::size_t>(k)].model_index;
          if (q < 0) throw ElementError{at, "coordinate '" + n + "' belongs to a joint that was left out"};
          return q;
        };
        c.dependent_index = resolve(c.dependent, dep);
        for (const std::string& n : c.independents) c.independent_indices.push_back(resolve(n, ind));
        for (const OsimCoupler& o : read) {
          if (o.dependent_index == c.dependent_index) throw ElementError{dep, "'" + c.dependent + "' is already driven by '" + o.name + "'"};
        }
        read.push_back(c);
        where.push_back(e);
      } catch (const ElementError& err) {
        issue(err);
      }
    }
    // evaluation order: a coupler after those that drive its independents; the ones left form cycles
    std::vector<bool> placed(read.size(), false);
    std::set<int> driven;
    for (const OsimCoupler& c : read) driven.insert(c.dependent_index);
    std::set<int> ready;  // dependents already evaluated
    for (bool progress = true; progress;) {
      progress = false;
      for (std::size_t i = 0; i < read.size(); ++i) {
        if (placed[i]) continue;
        bool ok = true;
        for (int q : read[i].independent_indices) ok = ok && (!driven.count(q) || ready.count(q));
        if (!ok) continue;
        placed[i] = progress = true;
        ready.insert(read[i].dependent_index);
        m.couplers.push_back(read[i]);
      }
    }
    for (std::size_t i = 0; i < read.size(); ++i) {
      if (!placed[i]) issue(where[i], "its coordinates form a cycle with other couplers ('" + read[i].dependent + "' depends on itself); not applied");
    }
  }

  void read_meshes() {
    const std::string dir = fs::path(m.source).parent_path().string();
    std::vector<const XMLElement*> v4, v3;
    collect(model, "Mesh", v4);
    collect(model, "geometry_file", v3);
    collect(model, "geometry_files", v3);
    for (const XMLElement* e : v4) {
      OsimMesh mesh;
      mesh.line = e->GetLineNum();
      try {
        mesh.file = element_text(detail::required_child(e, "mesh_file"));
        if (const XMLElement* s = e->FirstChildElement("scale_factors")) mesh.scale = detail::element_vec3(s);
        // the frame: socket_frame (".." is the frame owning the attached_geometry)
        const XMLElement* owner = e->Parent() ? e->Parent()->ToElement() : nullptr;  // <attached_geometry>
        owner = owner && owner->Parent() ? owner->Parent()->ToElement() : nullptr;
        const XMLElement* sf = e->FirstChildElement("socket_frame");
        const std::string sock = sf ? element_text(sf) : "..";
        const XMLElement* frame = sock == ".." || sock.empty() ? owner : named_frame(detail::last_path_part(sock), nullptr);
        if (!frame || !frame_of(frame, mesh.body, mesh.body_T_mesh)) throw ElementError{e, "its frame '" + sock + "' is not a physical frame"};
      } catch (const ElementError& err) {
        issue(err);
        continue;
      }
      mesh.path = find_osim_mesh(mesh.file, dir, options.geometry_paths, mesh.tried);
      m.meshes.push_back(mesh);
    }
    for (const XMLElement* e : v3) {
      // opensim 3: <VisibleObject> of a body, scale_factors on the VisibleObject
      const XMLElement* body = e;
      while (body && std::strcmp(body->Name(), "Body") != 0) body = body->Parent() ? body->Parent()->ToElement() : nullptr;
      if (!body || !body->Attribute("name")) continue;
      const XMLElement* vis = e;
      while (vis && std::strcmp(vis->Name(), "VisibleObject") != 0) vis = vis->Parent() ? vis->Parent()->ToElement() : nullptr;
      Vec3 scale = Vec3::Ones();
      try {
        if (vis && vis->FirstChildElement("scale_factors")) scale = detail::element_vec3(vis->FirstChildElement("scale_factors"));
      } catch (const ElementError& err) {
        issue(err);
      }
      for (const std::string& file : detail::element_words(e)) {
        OsimMesh mesh;
        mesh.line = e->GetLineNum();
        mesh.file = file;
        mesh.body = body->Attribute("name");
        mesh.scale = scale;
        mesh.path = find_osim_mesh(mesh.file, dir, options.geometry_paths, mesh.tried);
        m.meshes.push_back(mesh);
      }
    }
    for (const OsimMesh& mesh : m.meshes) {
      if (mesh.found()) continue;
      std::string tried;
      for (const std::string& t : mesh.tried) tried += (tried.empty() ? "" : ", ") + t;
      m.issues.push_back({m.source, mesh.line, "<Mesh>", "mesh '" + mesh.file + "' not found (tried " + tried + ")"});
    }
  }

  // what the model holds beyond bodies, joints, couplers and geometry: kept, not simulated, listed by type
  void read_kept() {
    static const std::set<std::string> kSets = {"ForceSet", "MarkerSet", "ContactGeometrySet", "ControllerSet",
                                                "ProbeSet", "ComponentSet", "ConstraintSet", "components"};
    std::map<std::string, OsimKept> kept;
    std::vector<std::string> order;
    for (const XMLElement* s = model->FirstChildElement(); s; s = s->NextSiblingElement()) {
      if (!kSets.count(s->Name())) continue;
      for (const XMLElement* c = objects(s)->FirstChildElement(); c; c = c->NextSiblingElement()) {
        if (consumed.count(c) || std::strcmp(c->Name(), "PhysicalOffsetFrame") == 0) continue;
        OsimKept& k = kept[c->Name()];
        if (k.count++ == 0) {
          k.type = c->Name();
          k.first_line = c->GetLineNum();
          order.push_back(c->Name());
        }
      }
    }
    for (const std::string& t : order) m.kept.push_back(kept[t]);
  }
};

}  // namespace

OsimModel read_osim_model_text(const std::string& text, const std::string& source, const OsimReadOptions& options) {
  OsimModel m;
  m.source = source;
  m.text = text;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS) {
    throw OsimError(OsimErrorKind::Syntax, source, doc.ErrorLineNum(), "", std::string("invalid XML: ") + doc.ErrorStr());
  }
  const XMLElement* root = doc.RootElement();
  const XMLElement* model = root && std::strcmp(root->Name(), "Model") == 0 ? root : (root ? root->FirstChildElement("Model") : nullptr);
  if (!model) throw OsimError(OsimErrorKind::MissingElement, source, root ? root->GetLineNum() : 0, root ? element_tag(root) : "", "no <Model> element");
  if (root != model && root->Attribute("Version")) m.version = root->IntAttribute("Version");
  m.name = model->Attribute("name") ? model->Attribute("name") : "";
  ModelReader r{m, options, model, {}, {}};
  if (const XMLElement* g = model->FirstChildElement("gravity")) {
    try {
      m.gravity = detail::element_vec3(g);
    } catch (const ElementError& err) {
      r.issue(err);
    }
  }
  m.multibody.gravity = m.gravity;
  r.read_bodies();
  std::vector<ModelReader::PendingJoint> pending;
  for (const XMLElement* j : r.joint_elements()) r.read_joint(j, pending);
  r.build_tree(pending);
  r.read_couplers();
  r.read_meshes();
  r.read_kept();
  m.default_q = Eigen::VectorXd::Zero(m.multibody.nq());
  for (const OsimModelCoordinate& c : m.coordinates) {
    if (c.model_index >= 0) m.default_q[c.model_index] = c.default_value;
  }
  m.apply_couplers(m.default_q);
  return m;
}

OsimModel read_osim_model(const std::string& path, const OsimReadOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OsimError(OsimErrorKind::Io, path, 0, "", "cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return read_osim_model_text(ss.str(), path, options);
}

}  // namespace js::interop
