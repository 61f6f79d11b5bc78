// jointsmith-cli info MODEL.osim: what the model reader makes of an OpenSim model — bodies, joints with the core
// joint each maps to, coordinates (units, ranges, defaults; degrees for rotational ones), coupler constraints,
// meshes found or missing with the paths tried, what is kept but not simulated, and every problem with its line.
// exit 0 when the model opens. docs/opensim.md.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "app/cli/commands.hpp"
#include "core/interop/osim_model.hpp"

namespace js::cli {

namespace {

constexpr double kDeg = 57.29577951308232;

std::string fmt(double v, int precision = 4) {
  std::ostringstream o;
  o.precision(precision);
  o << v;
  return o.str();
}

std::string value_text(const interop::OsimModelCoordinate& c, double v) {
  return c.motion == interop::OsimMotion::Translational ? fmt(v) + " m" : fmt(v * kDeg) + "°";
}

void print_model(const interop::OsimModel& m, std::ostream& out) {
  out << "model: " << (m.name.empty() ? "(unnamed)" : m.name) << " (" << m.source << ", OpenSim file version "
      << m.version << ")\n";
  out << "gravity: " << fmt(m.gravity.x()) << " " << fmt(m.gravity.y()) << " " << fmt(m.gravity.z()) << " m/s²\n";
  out << "\nbodies (" << m.bodies.size() << "):\n";
  for (const interop::OsimModelBody& b : m.bodies) {
    out << "  " << b.name << ": " << fmt(b.mass) << " kg, com " << fmt(b.com.x()) << " " << fmt(b.com.y()) << " "
        << fmt(b.com.z()) << " m, inertia (xx yy zz) " << fmt(b.inertia(0, 0)) << " " << fmt(b.inertia(1, 1)) << " "
        << fmt(b.inertia(2, 2)) << " kg m²" << (b.model_index < 0 ? "  [not in the tree]" : "") << "\n";
  }
  out << "\njoints (" << m.joints.size() << "):\n";
  for (const interop::OsimModelJoint& j : m.joints) {
    out << "  " << j.name << ": " << j.type << " -> " << (j.core_kind.empty() ? "(not mapped)" : j.core_kind) << ", "
        << j.parent_body << " -> " << j.child_body;
    if (!j.coordinates.empty()) {
      out << ", coordinates:";
      for (const std::string& c : j.coordinates) out << " " << c;
    }
    out << "\n";
  }
  out << "\ncoordinates (" << m.coordinates.size() << "; rotational in degrees, translational in metres):\n";
  for (const interop::OsimModelCoordinate& c : m.coordinates) {
    out << "  " << c.name << " (" << c.joint << "): " << interop::osim_motion_name(c.motion);
    if (c.has_range) out << ", range [" << value_text(c, c.min) << ", " << value_text(c, c.max) << "]";
    out << ", default " << value_text(c, c.default_value);
    if (c.clamped) out << ", clamped";
    if (c.locked) out << ", locked";
    for (const interop::OsimCoupler& k : m.couplers) {
      if (k.dependent == c.name) out << ", driven by " << k.name;
    }
    if (c.model_index < 0) out << "  [not in the tree]";
    out << "\n";
  }
  out << "\nconstraints (" << m.couplers.size() << " coordinate couplers, as driven coordinates):\n";
  for (const interop::OsimCoupler& k : m.couplers) {
    out << "  " << k.name << ": " << k.dependent << " = " << (k.scale != 1.0 ? fmt(k.scale) + " · " : "")
        << axis_function_element(k.function.kind()) << "(";
    for (std::size_t i = 0; i < k.independents.size(); ++i) out << (i ? ", " : "") << k.independents[i];
    out << ")\n";
  }
  out << "\nmeshes: " << m.meshes_found() << " found, " << m.meshes.size() - static_cast<std::size_t>(m.meshes_found())
      << " missing\n";
  for (const interop::OsimMesh& mesh : m.meshes) {
    out << "  " << mesh.file << " (" << mesh.body;
    if (mesh.scale != Vec3::Ones()) out << ", scale " << fmt(mesh.scale.x()) << " " << fmt(mesh.scale.y()) << " " << fmt(mesh.scale.z());
    out << "): ";
    if (mesh.found()) {
      out << mesh.path << "\n";
    } else {
      out << "MISSING, tried";
      for (const std::string& t : mesh.tried) out << " " << t;
      out << "\n";
    }
  }
  out << "\nkept, not simulated (written back unchanged):";
  if (m.kept.empty()) out << " nothing";
  for (std::size_t i = 0; i < m.kept.size(); ++i) out << (i ? ", " : " ") << m.kept[i].type << " ×" << m.kept[i].count;
  out << "\n";
  out << "\nproblems (" << m.issues.size() << "):\n";
  for (const interop::OsimIssue& i : m.issues) out << "  " << i.message() << "\n";
}

}  // namespace

void add_info_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("info", "what an OpenSim model holds and how it maps onto core joints");
  auto path = std::make_shared<std::string>();
  auto search = std::make_shared<std::vector<std::string>>();
  cmd->add_option("model", *path, "OpenSim model (.osim, file version 30000–40000+)")->required();
  cmd->add_option("--geometry-path", *search, "another folder to look for meshes in (after the model's folder and its Geometry/)");
  cmd->footer("Exit 0 when the model opens (its problems are listed with file and line); 1 when it cannot be read.\n"
              "Example: jointsmith-cli info Rajagopal2016.osim");
  cmd->callback([path, search] {
    interop::OsimReadOptions options;
    options.geometry_paths = *search;
    const interop::OsimModel m = interop::read_osim_model(*path, options);
    print_model(m, std::cout);
  });
}

}  // namespace js::cli
