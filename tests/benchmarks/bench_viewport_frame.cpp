// the viewport's frame at the budget: 1280×800 with a closed 500k-triangle mesh, from a camera move to
// the frame on screen (scene built, GPU work finished, buffers swapped), with levels of detail and without them
// (the baseline, measured in the same run), from three distances. the time is wall time: with Mesa's software
// OpenGL the rasterizer's threads do most of the work. needs a display (Release build):
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/release/tests/benchmarks/bench_viewport_frame
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <cstdio>
#include <memory>

#include "ui/document/operations.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/mesh/shapes.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/gl_format.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace {

using namespace js;
using namespace js::ui;

// one window for every benchmark: made in main once the QApplication exists
struct FrameBench {
  Document doc;
  MeshLibrary meshes;
  std::unique_ptr<ViewportWidget> view;
  const QString key = QStringLiteral("bench:ellipsoid_500k");
};
FrameBench* g_frame_bench = nullptr;

// the closed ellipsoid of the frame-time budget, 0.5 m tall, as the only body
bool set_up_frame_bench(FrameBench& b) {
  b.meshes.insert(b.key, LengthUnit::metres,
                  std::make_shared<const MeshData>(shapes::ellipsoid(Eigen::Vector3f(0, 0.3f, 0),
                                                                     Eigen::Vector3f(0.1f, 0.25f, 0.08f),
                                                                     Eigen::Matrix3f::Identity(), 1000, 250)));
  js::ui::Body body;
  body.name = QStringLiteral("ellipsoid");
  body.mesh_path = b.key;
  add_body(b.doc, body);
  b.view = std::make_unique<ViewportWidget>(b.doc, b.meshes);
  b.view->resize(1280, 800);
  b.view->show();
  if (!QTest::qWaitForWindowExposed(b.view.get())) return false;
  b.view->set_show_frame_time(true);
  // the levels of detail are built on a worker thread: measure with them ready
  b.view->set_lod_enabled(true);
  b.view->grabFramebuffer();
  QElapsedTimer waited;
  waited.start();
  while (!b.view->lod_cache().idle() && waited.elapsed() < 120000) QTest::qWait(20);
  return b.view->lod_cache().idle() && b.view->gl_error().isEmpty();
}

// the camera of view 0 (the default: the mesh ~370 px tall), 1 (framed: it fills the view's height) or 2 (half
// that distance: the mesh overflows the view, its nearest point too near for any level)
CameraState bench_camera(FrameBench& b, int view) {
  CameraState c;
  if (view == 0) return c;
  const auto mesh = b.meshes.mesh(b.key, LengthUnit::metres);
  frame_sphere(c, mesh->centre().cast<double>(), mesh->radius());
  if (view == 2) c.distance *= 0.5;
  return c;
}

// what a mouse drag does: the camera moves, the document says so, the view asks for a frame; false after 10 s
bool orbit_one_frame(FrameBench& b, CameraState& c) {
  orbit(c, 10.0, 0.0);
  b.doc.set_camera(c);
  QSignalSpy swapped(b.view.get(), &ViewportWidget::frame_time_measured);
  b.view->request_frame();
  return swapped.wait(10000);
}

void frame_500k_triangles(benchmark::State& state) {
  FrameBench& b = *g_frame_bench;
  b.view->set_lod_enabled(state.range(0) != 0);
  CameraState c = bench_camera(b, static_cast<int>(state.range(1)));
  // the first frames after a change upload what they draw
  for (int i = 0; i < 3; ++i)
    if (!orbit_one_frame(b, c)) {
      state.SkipWithError("no frame within 10 s");
      return;
    }
  double build_to_swap_ms = 0.0;
  int frames = 0;
  for (auto _ : state) {
    if (!orbit_one_frame(b, c)) {
      state.SkipWithError("no frame within 10 s");
      break;
    }
    build_to_swap_ms += b.view->last_frame_ms();
    ++frames;
  }
  // the view's own measure (from building the scene to the swap); the time above also holds the event loop's part
  if (frames > 0) state.counters["build_to_swap_ms"] = build_to_swap_ms / frames;
  state.counters["triangles_drawn"] = static_cast<double>(b.view->triangles_drawn());
}
BENCHMARK(frame_500k_triangles)
    ->ArgsProduct({{0, 1}, {0, 1, 2}})
    ->ArgNames({"lod", "view"})
    ->Iterations(15)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  js::ui::set_default_gl_format();
  QApplication app(argc, argv);  // takes Qt's own arguments; the benchmark library reads the rest
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  FrameBench bench;
  if (!set_up_frame_bench(bench)) {
    std::fprintf(stderr, "bench_viewport_frame: no OpenGL view (%s); run it under xvfb-run\n",
                 qPrintable(bench.view ? bench.view->gl_error() : QStringLiteral("no window")));
    return 1;
  }
  g_frame_bench = &bench;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
