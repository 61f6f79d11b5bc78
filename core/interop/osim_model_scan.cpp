// scanning a whole OpenSim model: which joints it has, and the coordinate coupler constraints that concern one.
#include "core/interop/osim_model_scan.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace js::interop {

using tinyxml2::XMLElement;

namespace {
void collect_named(const XMLElement* e, const char* name, std::vector<const XMLElement*>& out) {
  for (const XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    if (std::strcmp(c->Name(), name) == 0) out.push_back(c);
    collect_named(c, name, out);
  }
}
}  // namespace

// every joint element of the model (any type), skipping the <defaults> templates
void collect_osim_joints(const XMLElement* e, std::vector<const XMLElement*>& out) {
  for (const XMLElement* c = e; c; c = c->NextSiblingElement()) {
    const std::string n = c->Name();
    if (n == "defaults") continue;
    const bool joint = n.size() > 5 && n.compare(n.size() - 5, 5, "Joint") == 0 && c->Attribute("name") &&
                       (c->FirstChildElement("socket_parent_frame") || c->FirstChildElement("parent_body") ||
                        c->FirstChildElement("SpatialTransform"));
    if (joint) out.push_back(c);
    if (c->FirstChildElement()) collect_osim_joints(c->FirstChildElement(), out);
  }
}

bool osim_joint_readable(const XMLElement* j) {
  const std::string n = j->Name();
  return n == "CustomJoint" || n == "PinJoint" || n == "SliderJoint";
}

// notes on the CoordinateCouplerConstraints that name one of the joint's coordinates
void add_osim_coupler_notes(const XMLElement* root, OsimCustomJoint& joint) {
  std::vector<const XMLElement*> couplers;
  collect_named(root, "CoordinateCouplerConstraint", couplers);
  for (const XMLElement* c : couplers) {
    const auto text_of = [&](const char* name) {
      const XMLElement* e = c->FirstChildElement(name);
      return e && e->GetText() ? std::string(e->GetText()) : std::string();
    };
    std::istringstream in(text_of("independent_coordinate_names"));
    std::vector<std::string> independent;
    for (std::string w; in >> w;) independent.push_back(w);
    std::istringstream dep_in(text_of("dependent_coordinate_name"));
    std::string dependent;
    dep_in >> dependent;
    std::string function = "a function";
    if (const XMLElement* f = c->FirstChildElement("coupled_coordinates_function"); f && f->FirstChildElement()) {
      function = std::string("a ") + f->FirstChildElement()->Name();
    }
    for (const XMLElement* f = c->FirstChildElement(); f; f = f->NextSiblingElement()) {
      if (f->Attribute("name") && std::strcmp(f->Attribute("name"), "coupled_coordinates_function") == 0) function = std::string("a ") + f->Name();
    }
    const bool off = text_of("isEnforced").find("false") != std::string::npos || text_of("isDisabled").find("true") != std::string::npos;
    std::string independents;
    for (const std::string& n : independent) independents += (independents.empty() ? "" : ", ") + n;
    const std::string what = std::string("CoordinateCouplerConstraint '") + (c->Attribute("name") ? c->Attribute("name") : "") + "'" +
                             (off ? " (not enforced)" : "");
    for (const OsimCoordinate& coord : joint.coordinates) {
      if (coord.name == dependent) {
        joint.notes.push_back("'" + coord.name + "' is the dependent coordinate of " + what + ": " + function + " of " +
                              independents + " sets it in the model; sampled on its own unless --driven");
      } else if (std::find(independent.begin(), independent.end(), coord.name) != independent.end()) {
        const bool own = std::any_of(joint.coordinates.begin(), joint.coordinates.end(), [&](const OsimCoordinate& o) { return o.name == dependent; });
        joint.notes.push_back("'" + coord.name + "' drives " + what + " (dependent coordinate '" + dependent + "'" +
                              (own ? ", a coordinate of this joint, which follows it when it is sampled)"
                                   : "); whatever that coordinate moves is not part of this joint"));
      }
    }
  }
}

}  // namespace js::interop
