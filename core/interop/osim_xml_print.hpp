// the pieces of an OpenSim 4 document that both writers print (osim_write.cpp: a joint fragment;
// osim_model_export.cpp: a whole model): numbers with 17 significant digits (they read back bit-identical),
// offset frames and a CustomJoint element.
#pragma once

#include <string>
#include <vector>

#include <tinyxml2.h>

#include "core/interop/osim_joint.hpp"

namespace js::interop::detail {

std::string digits17(const double* v, std::size_t n);
std::string digits17(const std::vector<double>& v);
std::string digits17(const Vec3& v);

// <name>text</name>
void print_element(tinyxml2::XMLPrinter& p, const char* name, const std::string& text);
// the path of a body's frame in a model: "/ground" for the ground, else "/bodyset/<body>"
std::string osim_body_path(const std::string& body);
// a PhysicalOffsetFrame on body at body_T_frame (orientation as body-fixed x-y-z angles)
void print_offset_frame(tinyxml2::XMLPrinter& p, const std::string& name, const std::string& body, const SE3& body_T_frame);
// a CustomJoint element: coordinates, the two offset frames (<parent>_offset, <child>_offset), the SpatialTransform
void print_custom_joint(tinyxml2::XMLPrinter& p, const OsimCustomJoint& joint);

}  // namespace js::interop::detail
