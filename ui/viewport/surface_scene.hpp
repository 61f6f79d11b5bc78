// the surface a body rides when its joint's coordinates are partly driven (a scene body's "drive",
// docs/scene-file.md) and exactly two stay free: the deforming surface of paper fig. 5d, a spline surface
// joint G(u, v, w) with its phase w driven. built without GL as a triangle mesh in the parent's frame over a
// grid of the two free coordinates' ranges at the driven coordinates' current values, and rebuilt only
// when those values (or the model, the child's mesh, the up direction) change.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

inline constexpr int kSurfaceSegments = 32;  // grid cells per free coordinate (33 × 33 joint evaluations)

// the indices of the joint model's coordinates named by the child's scene "drive" (ascending; unknown names
// are skipped); empty when the child has no drive or the joint no model.
std::vector<int> driven_coordinates(const DocumentData& d, const Joint& j);

// the contact surface of joint j with its driven coordinates at j.q: the point c (the child's mesh centre, its
// origin without a mesh) traced as parent_T_child(q) · c over a (segments + 1)² grid of the two free
// coordinates' ranges, each point moved down its surface normal by h, the child's extent below c towards
// −up_in_parent, posed at the middle of the free ranges (the radius of the demo's ball, whose centre the
// joint carries).
// the normal is ∂p/∂q_a × ∂p/∂q_b from the joint's jacobian (∂p/∂q_i = R (ω_i × c + v_i), s_i = [ω_i; v_i],
// paper eq. 13), turned to the up side. positions row-major, the second free coordinate varying fastest.
// null when j's model does not have exactly two free coordinates besides at least one driven one.
std::shared_ptr<const MeshData> build_driven_surface(const DocumentData& d, const Joint& j, const MeshData* child_mesh,
                                                     const Vec3& up_in_parent, int segments = kSurfaceSegments);

// the 2-dof spline surface joint that a 3-coordinate one (SplineSurfaceJoint, eq. 25) is with coordinate
// `fixed` (0–2) held at `value`: its control values contracted with that axis' basis at value (wrapped when
// periodic, the end piece continued past an open end, as the joint evaluates), the same base, basis twists,
// offsets and the other two coordinates' names and ranges. G and the two S columns equal the full joint's at
// (q with q_fixed = value); evaluating it costs a 2-dof surface's. null for any other model.
std::shared_ptr<const JointModel> slice_spline_surface(const JointModel& model, int fixed, double value);

// keeps each joint's surface while nothing it depends on changed, so a paused view or a moving camera does
// not rebuild it and the renderer keeps its upload (renderer.hpp caches meshes by address).
class DrivenSurfaceCache {
 public:
  std::shared_ptr<const MeshData> surface(const DocumentData& d, const Joint& j,
                                          const std::shared_ptr<const MeshData>& child_mesh, const Vec3& up_in_parent);
  // forgets the joints not asked for since the last call
  void prune();
  int rebuilds() const { return rebuilds_; }

 private:
  struct Entry {
    std::shared_ptr<const JointModel> model;  // held, so a new model never reuses the address
    std::shared_ptr<const MeshData> child_mesh;
    Eigen::VectorXd driven_q;
    Eigen::VectorXd ranges;  // [lo, hi] per coordinate, as drawn
    Vec3 up = Vec3::Zero();
    std::shared_ptr<const MeshData> mesh;
    bool used = false;
  };
  std::unordered_map<JointId, Entry> entries_;
  int rebuilds_ = 0;
};

// appends the surfaces of every partly driven joint to scene.opaque (MeshItem::Role::surface, world_T_mesh =
// world_T_parent), with every 4th grid line as a light wire on it (scene.lines). cache may be null: every
// call builds afresh.
void append_driven_surfaces(const DocumentData& d, MeshLibrary& meshes, const CameraState& cam,
                            DrivenSurfaceCache* cache, Scene& scene);

}  // namespace js::ui
