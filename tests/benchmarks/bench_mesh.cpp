// reading vtk meshes: the ascii OpenSim femur (the baseline) against the same femur in each encoding vtk
// writes, and every mesh of the shared Geometry/ folder (Rajagopal2016's 81 among them) in one pass.
// needs ../shared/data/opensim; without it the benchmarks report an error and skip.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/mesh/vtk_mesh.hpp"

namespace {

namespace fs = std::filesystem;
const fs::path kOpenSim = fs::path(JS_SOURCE_DIR) / ".." / "shared" / "data" / "opensim";

void read_one(benchmark::State& state, const fs::path& path) {
  if (!fs::exists(path)) {
    state.SkipWithError(("no shared data: " + path.string()).c_str());
    return;
  }
  std::size_t triangles = 0;
  for (auto _ : state) {
    const js::mesh::TriangleMesh m = js::mesh::read_vtk_mesh(path.string());
    triangles = m.triangles.size();
    benchmark::DoNotOptimize(m.vertices.data());
  }
  state.counters["triangles"] = static_cast<double>(triangles);
  state.counters["bytes"] = static_cast<double>(fs::file_size(path));
}

void BM_AllGeometry(benchmark::State& state) {
  std::vector<std::string> files;
  if (fs::exists(kOpenSim / "Geometry"))
    for (const auto& e : fs::directory_iterator(kOpenSim / "Geometry"))
      if (js::mesh::is_vtk_mesh_path(e.path().string())) files.push_back(e.path().string());
  if (files.empty()) {
    state.SkipWithError("no shared data: ../shared/data/opensim/Geometry");
    return;
  }
  std::sort(files.begin(), files.end());
  std::size_t triangles = 0;
  for (auto _ : state) {
    triangles = 0;
    for (const auto& f : files) triangles += js::mesh::read_vtk_mesh(f).triangles.size();
  }
  state.counters["files"] = static_cast<double>(files.size());
  state.counters["triangles"] = static_cast<double>(triangles);
}

const int kRegistered = [] {
  benchmark::RegisterBenchmark("BM_Femur/ascii (baseline)", read_one, kOpenSim / "Geometry" / "femur_r.vtp")
      ->Unit(benchmark::kMicrosecond);
  for (const char* name : {"binary-raw.vtp", "binary-zlib.vtp", "binary-lz4.vtp", "appended-raw-zlib.vtp",
                           "appended-raw-uint64-header.vtp", "appended-base64-zlib.vtp", "strips-binary-zlib.vtp",
                           "legacy-ascii.vtk", "legacy-binary.vtk"})
    benchmark::RegisterBenchmark((std::string("BM_Femur/") + name).c_str(), read_one,
                                 kOpenSim / "vtp-encodings" / (std::string("femur_r.") + name))
        ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_AllGeometry", BM_AllGeometry)->Unit(benchmark::kMillisecond);
  return 0;
}();

}  // namespace
