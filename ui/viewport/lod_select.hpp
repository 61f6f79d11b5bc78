// which level of detail (mesh_lod.hpp) each drawn mesh uses this frame: the coarsest whose error, seen
// from the camera at the nearest point of the mesh's bounding sphere, stays under a fraction of a pixel.
// no GL: unit-tested (tests/ui/test_lod_select.cpp).
#pragma once

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_lod.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

class MeshLodCache;

// the default bound on a level's error on screen: half a pixel moves a silhouette by at most one pixel
inline constexpr double kLodMaxErrorPx = 0.5;
// the bound for the translucent sample ghosts: a ghost of opacity a (0.07–0.16) moved by e px changes a band of e px
// by at most a of the contrast, so 2 px of a ghost change the picture less than half a pixel of an opaque body does
// (tested: ViewportGuiTest::ghost_levels_change_no_visible_pixel)
inline constexpr double kLodGhostMaxErrorPx = 2.0;
// opaque bodies under this many triangles are drawn in full: they cost little, and a small mesh's first levels can
// shade visibly differently where a tube meets its cap (the demo femur's neck showed a dark ring). ghosts, faint and
// drawn a dozen times, use the levels the cache builds from 4000 triangles (mesh_lod_cache.hpp)
inline constexpr std::size_t kLodMinOpaqueTriangles = 20000;

// what the error projection needs from the camera and the view's size
struct LodProjection {
  Vec3 eye = Vec3::Zero();
  Vec3 forward = -Vec3::UnitZ();  // unit, the view direction
  // pixels per unit of (lateral offset / depth) at the centre of the view: height / (2 tan(fov_y / 2))
  double pixels_per_slope = 1.0;
  // off the view's axis a displacement can project up to sqrt(1 + |x/z|² + |y/z|²) times larger; this is
  // that factor at the view's corners, so the bound holds anywhere in it
  double corner_gain = 1.0;
  double near = 1e-4;  // m, the camera's near plane
  Vec3 right = Vec3::UnitX(), up = Vec3::UnitY();  // unit, the view's axes
  double half_width_slope = 1.0, half_height_slope = 1.0;  // tan of the half field of view, across and up
  Eigen::Matrix4f clip_T_world = Eigen::Matrix4f::Identity();  // projection · view, for culling clusters
};

// width_px × height_px: the view's size in pixels (≥ 1)
LodProjection lod_projection(const CameraState& camera, int width_px, int height_px);

// pixels an error of error_m metres can span at the nearest point of the sphere (centre, radius), world
// frame; +inf when that sphere reaches the near plane (the eye close to or inside the mesh)
double projected_error_px(const LodProjection& p, const Vec3& centre, double radius, double error_m);

// the depth (m along the view direction) of the nearest point of mesh drawn at world_T_mesh: the larger
// of two lower bounds, its bounding sphere's nearest depth and its bounding box's nearest corner (the box
// is far tighter along a flat bone's thin axis)
double nearest_depth(const LodProjection& p, const MeshData& mesh, const Eigen::Matrix4f& world_T_mesh);

// the off-axis gain sqrt(1 + |x/z|² + |y/z|²) bounded over mesh's bounding box at world_T_mesh (x/z and y/z
// of a box take their extremes at its corners when it lies in front of the eye), never beyond the view's
// corners: a mesh near the view's centre gets ~1 instead of corner_gain
double box_gain(const LodProjection& p, const MeshData& mesh, const Eigen::Matrix4f& world_T_mesh);

// the coarsest level of `lod` whose error is at most max_error_px on screen for the mesh drawn at
// world_T_mesh (its scale, if any, taken into the error), measured at nearest_depth with box_gain; 0
// (full detail) when none is, or when that depth reaches the near plane
int choose_lod_level(const MeshLod& lod, const Eigen::Matrix4f& world_T_mesh, const LodProjection& p,
                     double max_error_px = kLodMaxErrorPx);

// sets each mesh item's drawn level (MeshItem::lod_mesh) from the cache's finished chains; items whose
// chain is not ready, or small meshes, stay in full detail. an item drawn in full detail draws only its
// clusters that can show (cluster_cull.hpp; facing away is tested for opaque, outward-wound, unmirrored
// items, whose back faces the renderer culls)
void apply_lod(Scene& scene, MeshLodCache& cache, const LodProjection& p, double max_error_px = kLodMaxErrorPx,
               double ghost_error_px = kLodGhostMaxErrorPx);

}  // namespace js::ui
