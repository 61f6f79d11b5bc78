#include "ui/document/data_compare.hpp"

#include <algorithm>
#include <iterator>

#include "core/joints/joint.hpp"

namespace js::ui {
namespace {

template <class T, class Same>
bool same_lists(const std::vector<T>& a, const std::vector<T>& b, Same same) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), same);
}

bool same_mesh_part(const MeshPart& a, const MeshPart& b) {
  return a.path == b.path && a.scale == b.scale && same_pose(a.body_T_mesh, b.body_T_mesh);
}

bool same_sample(const Sample& a, const Sample& b) {
  return same_vector(a.q, b.q) && same_pose(a.parent_T_child, b.parent_T_child) && a.marker_rms == b.marker_rms;
}

bool same_coordinate(const Coordinate& a, const Coordinate& b) {
  return a.name == b.name && a.min == b.min && a.max == b.max && a.locked == b.locked;
}

bool same_fit_record(const FitRecord& a, const FitRecord& b) {
  return a.history == b.history && a.seconds == b.seconds && a.smoothing == b.smoothing;
}

}  // namespace

bool same_pose(const SE3& a, const SE3& b) { return a.R == b.R && a.p == b.p; }

// eigen's == needs equal sizes
bool same_vector(const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return a.size() == b.size() && a == b; }

bool same_body(const Body& a, const Body& b) {
  return a.id == b.id && a.name == b.name && a.mesh_path == b.mesh_path && a.units == b.units &&
         a.colour == b.colour && a.mass == b.mass && a.com == b.com && a.inertia_diag == b.inertia_diag &&
         same_pose(a.pose, b.pose) && a.frame_only == b.frame_only && a.scene_keys == b.scene_keys &&
         std::equal(std::begin(a.scene_mass), std::end(a.scene_mass), std::begin(b.scene_mass)) &&
         same_lists(a.mesh_parts, b.mesh_parts, same_mesh_part);
}

bool same_joint(const Joint& a, const Joint& b) {
  return a.id == b.id && a.name == b.name && a.parent == b.parent && a.child == b.child && a.kind == b.kind &&
         a.model == b.model && same_vector(a.q, b.q) && same_lists(a.samples, b.samples, same_sample) &&
         a.scene_joint == b.scene_joint && same_fit_record(a.last_fit, b.last_fit) && a.osim_joint == b.osim_joint &&
         a.degrees == b.degrees && a.millimetres == b.millimetres && same_vector(a.default_q, b.default_q) &&
         same_lists(a.user_coordinates, b.user_coordinates, same_coordinate) && a.candidate == b.candidate &&
         a.original == b.original && a.sample_angles == b.sample_angles && a.timeline == b.timeline;
}

}  // namespace js::ui
