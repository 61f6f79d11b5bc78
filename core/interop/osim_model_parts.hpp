// private to core/interop: the pieces of the whole-model reader (osim_model.cpp) — located xml access, OpenSim
// functions as AxisFunctions, and each OpenSim joint type as a core joint (osim_model_joints.cpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <tinyxml2.h>

#include "core/interop/osim_model.hpp"

namespace js::interop::detail {

using tinyxml2::XMLElement;

// a problem with one element; caught by the model reader and turned into an OsimIssue
struct ElementError {
  const XMLElement* element;
  std::string reason;
};

std::string element_tag(const XMLElement* e);
std::string element_text(const XMLElement* e);
// throws ElementError
std::vector<double> element_numbers(const XMLElement* e, int count);
double element_number(const XMLElement* e);
Vec3 element_vec3(const XMLElement* e);
bool element_flag(const XMLElement* e, const char* child);
const XMLElement* required_child(const XMLElement* e, const char* name);
std::vector<std::string> element_words(const XMLElement* e);
std::string last_path_part(const std::string& path);

// an OpenSim function element (Constant, SimmSpline, …, MultivariatePolynomialFunction); throws ElementError
AxisFunction read_osim_function(const XMLElement* e);

// a joint's coordinates as the model reader knows them (by name → index into its joint's coordinate list)
struct JointCoordinates {
  std::vector<std::string> names;
  std::vector<Coordinate> core;  // range and locked
};

// the core joint for a joint element of type e->Name() with coordinates c (without offsets); sets kind to the
// core kind name and motions to each coordinate's motion type. throws ElementError when the type is unknown
// or cannot be mapped.
std::unique_ptr<JointModel> map_osim_joint(const XMLElement* e, const JointCoordinates& c, std::vector<OsimMotion>& motions);

}  // namespace js::interop::detail
