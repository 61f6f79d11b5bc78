// small OpenSim 4 models written by the tests: two bodies and one joint of any type between offset frames.
#pragma once

#include <string>

#include "core/lie/se3.hpp"

namespace js::test {

// "<translation>…</translation><orientation>…</orientation>" of an offset frame
struct OsimOffset {
  Vec3 translation = Vec3::Zero();
  Vec3 orientation = Vec3::Zero();  // body-fixed x-y-z angles (rad)
};

// a model with ground, bodies "a" (on a WeldJoint to ground) and "b", joint `joint_name` of element type
// `joint_type` from a's offset frame to b's, with `coordinates_xml` (the <Coordinate> elements) and `inner_xml`
// (e.g. a <SpatialTransform>) inside the joint. extra_xml goes into the Model (constraints, sets).
std::string osim_two_body_model(const std::string& joint_type, const std::string& coordinates_xml, const std::string& inner_xml,
                                const OsimOffset& parent, const OsimOffset& child, const std::string& extra_xml = "",
                                const std::string& joint_name = "j");

// <Coordinate name="…"><default_value>…</default_value><range>lo hi</range></Coordinate>
std::string osim_coordinate(const std::string& name, double lo = -3.0, double hi = 3.0, double default_value = 0.0);

// parent_T_frame of an offset: (R_x(o0) R_y(o1) R_z(o2), t) built with Eigen's AngleAxis (independent of the reader)
SE3 osim_offset_transform(const OsimOffset& o);

}  // namespace js::test
