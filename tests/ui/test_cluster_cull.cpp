// clusters of a mesh and culling them per frame: every triangle in exactly one cluster, and no cluster
// skipped that holds a triangle facing the eye inside the view.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <array>

#include "ui/mesh/shapes.hpp"
#include "ui/mesh/mesh_clusters.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/cluster_cull.hpp"

using namespace js::ui;
using js::Vec3;

namespace {

MeshData cull_body() {
  return shapes::ellipsoid(Eigen::Vector3f(0, 0.3f, 0), Eigen::Vector3f(0.1f, 0.25f, 0.08f), Eigen::Matrix3f::Identity(),
                           200, 100);
}

std::vector<std::array<std::uint32_t, 3>> cull_sorted_triangles(const std::vector<std::uint32_t>& indices) {
  std::vector<std::array<std::uint32_t, 3>> t;
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
    // rotated so the smallest index leads: the same triangle, the same winding
    std::array<std::uint32_t, 3> v{indices[i], indices[i + 1], indices[i + 2]};
    std::rotate(v.begin(), std::min_element(v.begin(), v.end()), v.end());
    t.push_back(v);
  }
  std::sort(t.begin(), t.end());
  return t;
}

}  // namespace

TEST(MeshClusters, EveryTriangleOnceAndTheSpheresHoldTheirVertices) {
  const MeshData body = cull_body();
  const MeshClusters c = build_mesh_clusters(body);
  ASSERT_NE(c.mesh, nullptr);
  EXPECT_EQ(cull_sorted_triangles(c.mesh->indices), cull_sorted_triangles(body.indices));
  EXPECT_EQ(c.mesh->positions, body.positions);
  std::uint32_t next = 0;
  for (const MeshCluster& k : c.clusters) {
    EXPECT_EQ(k.first_index, next);
    EXPECT_LE(k.index_count, 3u * 124u);
    next += k.index_count;
    for (std::uint32_t i = k.first_index; i < k.first_index + k.index_count; ++i)
      EXPECT_LE((c.mesh->positions[c.mesh->indices[i]] - k.centre).norm(), k.radius * 1.0001f + 1e-7f);
  }
  EXPECT_EQ(next, c.mesh->indices.size());
  EXPECT_GT(c.clusters.size(), 100u);
}

TEST(ClusterCull, NothingThatFacesTheEyeInTheViewIsSkipped) {
  const MeshData body = cull_body();
  const MeshClusters c = build_mesh_clusters(body);
  std::vector<IndexRun> runs;
  int tried = 0;
  for (double distance : {1.2, 0.4, 0.15})
    for (double yaw : {0.0, 1.3, 2.9}) {
      CameraState cam;
      cam.target = Vec3(0.02, 0.35, 0.0);
      cam.distance = distance;
      cam.yaw = yaw;
      cam.pitch = 0.3;
      const Eigen::Matrix4f clip_T_world = projection_matrix(cam, 1.6) * view_matrix(cam);
      Eigen::Matrix4f world_T_mesh = Eigen::Matrix4f::Identity();
      world_T_mesh.topLeftCorner<3, 3>() = Eigen::AngleAxisf(0.4f, Eigen::Vector3f::UnitX()).toRotationMatrix();
      world_T_mesh.topRightCorner<3, 1>() = Eigen::Vector3f(0.01f, -0.02f, 0.03f);
      const Vec3 eye = camera_eye(cam);
      for (bool cull_back : {true, false}) {
        visible_runs(c, world_T_mesh, clip_T_world, eye, cull_back, runs);
        std::vector<char> drawn(c.mesh->indices.size() / 3, 0);
        std::size_t total = 0;
        for (std::size_t r = 0; r < runs.size(); ++r) {
          if (r > 0) {
            EXPECT_GT(runs[r].first, runs[r - 1].first + runs[r - 1].count);  // merged when adjacent
          }
          for (std::uint32_t i = runs[r].first; i < runs[r].first + runs[r].count; i += 3) drawn[i / 3] = 1;
          total += runs[r].count;
        }
        // each triangle that faces the eye and has a corner inside the view is drawn
        const Eigen::Vector3f e = eye.cast<float>();
        for (std::size_t t = 0; t < drawn.size(); ++t) {
          Eigen::Vector3f p[3];
          bool inside = false;
          for (int k = 0; k < 3; ++k) {
            p[k] = (world_T_mesh * c.mesh->positions[c.mesh->indices[3 * t + k]].homogeneous()).head<3>();
            const Eigen::Vector4f clip = clip_T_world * p[k].homogeneous();
            inside = inside || (clip.head<3>().cwiseAbs().maxCoeff() < clip.w());
          }
          const float facing = (p[1] - p[0]).cross(p[2] - p[0]).dot(e - p[0]);
          if (inside && (facing > 0.0f || !cull_back)) {
            EXPECT_TRUE(drawn[t]) << "triangle " << t << " distance " << distance << " yaw " << yaw;
            ++tried;
          }
        }
        // and something is saved: far, half faces away; near, much is outside the view
        if (cull_back) {
          EXPECT_LT(total, c.mesh->indices.size() * 3 / 4) << distance << " " << yaw;
        }
      }
    }
  EXPECT_GT(tried, 1000);
}
