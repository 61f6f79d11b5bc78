#include "tests/core/interop/osim_model_fixture.hpp"

#include <Eigen/Geometry>
#include <sstream>

namespace js::test {

namespace {
std::string v3(const Vec3& v) {
  std::ostringstream o;
  o.precision(17);
  o << v.x() << " " << v.y() << " " << v.z();
  return o.str();
}

std::string frame(const std::string& name, const std::string& parent, const OsimOffset& o) {
  return "<PhysicalOffsetFrame name=\"" + name + "\"><socket_parent>" + parent + "</socket_parent><translation>" +
         v3(o.translation) + "</translation><orientation>" + v3(o.orientation) + "</orientation></PhysicalOffsetFrame>\n";
}
}  // namespace

std::string osim_coordinate(const std::string& name, double lo, double hi, double default_value) {
  std::ostringstream o;
  o.precision(17);
  o << "<Coordinate name=\"" << name << "\"><default_value>" << default_value << "</default_value><range>" << lo << " " << hi
    << "</range><clamped>true</clamped><locked>false</locked></Coordinate>\n";
  return o.str();
}

std::string osim_two_body_model(const std::string& joint_type, const std::string& coordinates_xml, const std::string& inner_xml,
                                const OsimOffset& parent, const OsimOffset& child, const std::string& extra_xml,
                                const std::string& joint_name) {
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<OpenSimDocument Version=\"40000\">\n<Model name=\"test\">\n";
  s += "<gravity>0 -9.80665 0</gravity>\n<Ground name=\"ground\"/>\n<BodySet name=\"bodyset\"><objects>\n";
  s += "<Body name=\"a\"><mass>2</mass><mass_center>0 0.1 0</mass_center><inertia>0.1 0.2 0.3 0 0 0</inertia></Body>\n";
  s += "<Body name=\"b\"><mass>1</mass><mass_center>0.05 0 0</mass_center><inertia>0.01 0.02 0.03 0 0 0</inertia></Body>\n";
  s += "</objects></BodySet>\n<JointSet name=\"jointset\"><objects>\n";
  s += "<WeldJoint name=\"weld\"><socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/a</socket_child_frame></WeldJoint>\n";
  s += "<" + joint_type + " name=\"" + joint_name + "\">\n<socket_parent_frame>a_offset</socket_parent_frame>\n<socket_child_frame>b_offset</socket_child_frame>\n";
  s += "<coordinates>\n" + coordinates_xml + "</coordinates>\n<frames>\n" + frame("a_offset", "/bodyset/a", parent) +
       frame("b_offset", "/bodyset/b", child) + "</frames>\n" + inner_xml + "</" + joint_type + ">\n";
  s += "</objects></JointSet>\n" + extra_xml + "</Model>\n</OpenSimDocument>\n";
  return s;
}

SE3 osim_offset_transform(const OsimOffset& o) {
  SE3 T;
  T.R = (Eigen::AngleAxisd(o.orientation.x(), Vec3::UnitX()) * Eigen::AngleAxisd(o.orientation.y(), Vec3::UnitY()) *
         Eigen::AngleAxisd(o.orientation.z(), Vec3::UnitZ()))
            .toRotationMatrix();
  T.p = o.translation;
  return T;
}

}  // namespace js::test
