// the per-frame cost of choosing levels of detail (ui/viewport/lod_select.hpp): a scene of two bodies and
// 24 ghosts sharing one mesh whose chain is ready, the camera orbiting; and of culling a full-detail mesh's
// clusters (ui/viewport/cluster_cull.hpp).
#include <benchmark/benchmark.h>

#include <chrono>
#include <thread>

#include "ui/mesh/shapes.hpp"
#include "ui/mesh/mesh_lod_cache.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/cluster_cull.hpp"
#include "ui/viewport/lod_select.hpp"

namespace {

using namespace js::ui;

void apply_lod_26_items(benchmark::State& state) {
  MeshLodCache cache;
  const auto mesh = std::make_shared<const MeshData>(shapes::ellipsoid(
      Eigen::Vector3f(0, 0.3f, 0), Eigen::Vector3f(0.1f, 0.25f, 0.08f), Eigen::Matrix3f::Identity(), 200, 100));
  cache.find(mesh);
  while (!cache.idle()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  Scene scene;
  for (int i = 0; i < 26; ++i) {
    MeshItem item;
    item.mesh = mesh;
    item.world_T_mesh.topRightCorner<3, 1>() = Eigen::Vector3f(0.02f * static_cast<float>(i), 0.0f, 0.0f);
    (i < 2 ? scene.opaque : scene.translucent).push_back(item);
  }
  CameraState camera;
  int frame = 0;
  for (auto _ : state) {
    camera.yaw = 0.01 * (frame++ % 600);
    apply_lod(scene, cache, lod_projection(camera, 1280, 800));
    benchmark::DoNotOptimize(scene.opaque.front().lod_level);
  }
}
BENCHMARK(apply_lod_26_items);

// the clusters of a 500k-triangle mesh culled for one frame, close up (the mesh overflows the view)
void visible_runs_500k(benchmark::State& state) {
  const MeshData mesh = shapes::ellipsoid(Eigen::Vector3f(0, 0.3f, 0), Eigen::Vector3f(0.1f, 0.25f, 0.08f),
                                          Eigen::Matrix3f::Identity(), 1000, 250);
  const MeshClusters clusters = build_mesh_clusters(mesh);
  CameraState camera;
  camera.target = mesh.centre().cast<double>();
  camera.distance = 0.45;
  const Eigen::Matrix4f world_T_mesh = Eigen::Matrix4f::Identity();
  std::vector<IndexRun> runs;
  int frame = 0;
  std::size_t drawn = 0;
  for (auto _ : state) {
    camera.yaw = 0.01 * (frame++ % 600);
    const Eigen::Matrix4f clip_T_world = projection_matrix(camera, 1.6) * view_matrix(camera);
    visible_runs(clusters, world_T_mesh, clip_T_world, camera_eye(camera), true, runs);
    drawn = 0;
    for (const IndexRun& r : runs) drawn += r.count;
    benchmark::DoNotOptimize(drawn);
  }
  state.counters["clusters"] = static_cast<double>(clusters.clusters.size());
  state.counters["runs"] = static_cast<double>(runs.size());
  state.counters["drawn_share"] = static_cast<double>(drawn) / static_cast<double>(mesh.indices.size());
}
BENCHMARK(visible_runs_500k);

}  // namespace
