// opening Rajagopal2016 (22 bodies, 81 meshes; ../shared/data/opensim): the core reader, the document, and the
// document with every body's meshes loaded and combined — what the app does before its first frame (the frame
// itself is timed by test_ui_gui_osim under xvfb). baseline in the same run: tinyxml2 parsing the same text.
// target: open + first frame ≤ 1.5 s on the 2-core machine (docs/opensim.md).
#include <benchmark/benchmark.h>

#include <QFile>
#include <fstream>
#include <sstream>
#include <tinyxml2.h>

#include "core/interop/osim_model.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/mesh/mesh_library.hpp"

namespace {

const std::string kModel = JS_SOURCE_DIR "/../shared/data/opensim/Rajagopal2016.osim";

bool have_model(benchmark::State& state) {
  if (QFile::exists(QString::fromStdString(kModel))) return true;
  state.SkipWithError("shared data not found (../shared/data/opensim)");
  return false;
}

void BM_XmlParseBaseline(benchmark::State& state) {
  if (!have_model(state)) return;
  std::ifstream in(kModel);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  for (auto _ : state) {
    tinyxml2::XMLDocument doc;
    doc.Parse(text.c_str(), text.size());
    benchmark::DoNotOptimize(doc.RootElement());
  }
}
BENCHMARK(BM_XmlParseBaseline)->Unit(benchmark::kMillisecond);

void BM_ReadRajagopal(benchmark::State& state) {
  if (!have_model(state)) return;
  for (auto _ : state) {
    js::interop::OsimModel m = js::interop::read_osim_model(kModel);
    benchmark::DoNotOptimize(m.multibody.nq());
  }
}
BENCHMARK(BM_ReadRajagopal)->Unit(benchmark::kMillisecond);

void BM_RajagopalDocument(benchmark::State& state) {
  if (!have_model(state)) return;
  for (auto _ : state) {
    js::ui::OsimLoad load = js::ui::load_osim(QString::fromStdString(kModel), {});
    benchmark::DoNotOptimize(load.data->bodies.size());
  }
}
BENCHMARK(BM_RajagopalDocument)->Unit(benchmark::kMillisecond);

// the document and every body's combined mesh from a cold library (each .vtp read once)
void BM_RajagopalDocumentWithMeshes(benchmark::State& state) {
  if (!have_model(state)) return;
  std::size_t triangles = 0;
  for (auto _ : state) {
    js::ui::OsimLoad load = js::ui::load_osim(QString::fromStdString(kModel), {});
    js::ui::MeshLibrary library;
    triangles = 0;
    for (const js::ui::Body& b : load.data->bodies)
      if (auto m = library.mesh(b)) triangles += m->triangle_count();
    benchmark::DoNotOptimize(triangles);
  }
  state.counters["triangles"] = static_cast<double>(triangles);
}
BENCHMARK(BM_RajagopalDocumentWithMeshes)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
