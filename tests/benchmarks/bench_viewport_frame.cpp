// the viewport's frame at the budget: 1280×800 with a closed 500k-triangle mesh, from a camera move to
// the frame on screen (scene built, GPU work finished, buffers swapped), with levels of detail and without them
// (the baseline, measured in the same run), from three distances. and the knee demo in the app's window at
// 1400×900 with its 12 sample ghosts shown and hidden (the baseline), the camera orbiting or the knee's q moving
// as its slider does, and with every joint's frames and shapes drawn (issue 17; the knee's scene alone too). the time
// is wall time: with Mesa's software OpenGL the rasterizer's threads do most of the
// work. needs a display (Release build):
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/release/tests/benchmarks/bench_viewport_frame
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstdio>
#include <memory>

#include "ui/app/main_window.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/joint/joint_operations.hpp"
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

// the knee demo as the app opens it, in its window at 1400×900 (the viewport gets what the docks leave)
struct KneeBench {
  QTemporaryDir recovery;
  std::unique_ptr<MainWindow> window;
};
KneeBench* g_knee_bench = nullptr;

bool set_up_knee_bench(KneeBench& b) {
  b.window = std::make_unique<MainWindow>(nullptr, b.recovery.path());
  b.window->set_interactive(false);
  b.window->load_demo();
  b.window->resize(1400, 900);
  b.window->show();
  if (!QTest::qWaitForWindowExposed(b.window.get())) return false;
  QTest::qWait(300);  // the docks take their sizes
  b.window->viewport()->set_show_frame_time(true);
  return b.window->viewport()->gl_error().isEmpty();
}

// one frame after a camera orbit step (motion 0) or a change of the knee's q (motion 1, the slider's edit)
bool knee_one_frame(KneeBench& b, int motion, int i) {
  Document& doc = b.window->document();
  ViewportWidget* view = b.window->viewport();
  QSignalSpy swapped(view, &ViewportWidget::frame_time_measured);
  if (motion == 0) {
    CameraState c = doc.data().camera;
    orbit(c, 4.0, 0.0);
    doc.set_camera(c);
  } else {
    const Joint& knee = doc.data().joints.front();
    Eigen::VectorXd q = knee.q;
    q[0] = 0.35 + 0.6 * (0.5 + 0.5 * std::sin(0.3 * i));  // rad, inside the demo's 0–120°
    set_joint_q(doc, knee.id, q, 7);
  }
  view->request_frame();
  return swapped.wait(10000);
}

void knee_demo_frame(benchmark::State& state) {
  KneeBench& b = *g_knee_bench;
  ViewportWidget* view = b.window->viewport();
  view->options().ghosts = state.range(0) != 0;
  const int motion = static_cast<int>(state.range(1));
  // View ▸ Show Joint Frames and Show Joint Shapes (issue 17), both on or both off
  view->options().joint_frames = view->options().joint_shapes = state.range(2) != 0;
  int i = 0;
  for (int w = 0; w < 3; ++w)
    if (!knee_one_frame(b, motion, i++)) {
      state.SkipWithError("no frame within 10 s");
      return;
    }
  // the levels of detail the first frames asked for are built on a worker thread: measure with them ready
  QElapsedTimer waited;
  waited.start();
  while (!view->lod_cache().idle() && waited.elapsed() < 60000) QTest::qWait(20);
  double build_to_swap_ms = 0.0;
  int frames = 0;
  for (auto _ : state) {
    if (!knee_one_frame(b, motion, i++)) {
      state.SkipWithError("no frame within 10 s");
      break;
    }
    build_to_swap_ms += view->last_frame_ms();
    ++frames;
  }
  if (frames > 0) state.counters["build_to_swap_ms"] = build_to_swap_ms / frames;
  state.counters["triangles_drawn"] = static_cast<double>(view->triangles_drawn());
  state.counters["view_w"] = view->width();
  state.counters["view_h"] = view->height();
}
BENCHMARK(knee_demo_frame)
    ->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})
    ->ArgNames({"ghosts", "motion", "joints"})
    ->Iterations(30)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// the knee demo's scene built alone (no GL), View ▸ Show Joint Frames and Shapes off (the baseline) and on: what
// the joints' frames and shapes add to the frame's cpu side
void knee_demo_scene(benchmark::State& state) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  SceneOptions opt;
  opt.joint_frames = opt.joint_shapes = state.range(0) != 0;
  const Joint& knee = d.joints.front();
  const Selection selection{knee.child, knee.id, -1};
  for (auto _ : state) benchmark::DoNotOptimize(build_scene(d, selection, meshes, d.camera, opt));
}
BENCHMARK(knee_demo_scene)->ArgName("joints")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

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
  // the app's window keeps its settings apart from the user's, and lays out its docks as on a first start
  QCoreApplication::setOrganizationName(QStringLiteral("jointsmith_bench"));
  QCoreApplication::setApplicationName(QStringLiteral("bench_viewport_frame"));
  QStandardPaths::setTestModeEnabled(true);
  QSettings().clear();
  KneeBench knee;
  if (!set_up_knee_bench(knee)) {
    std::fprintf(stderr, "bench_viewport_frame: the knee demo's window did not open\n");
    return 1;
  }
  g_knee_bench = &knee;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
