// the closed loops of an opened scene in the viewport (docs/scene-file.md "Closed loops"), built without GL.
// a loop says a_T_b lies on a joint's motion: a_T_b = parent_T_joint · G(s) · moving_T_child for some s
// (core/dynamics/loop_constraint.hpp; a point loop is a spherical joint between frame_a and frame_b). drawn
// per loop: the joint frame on body a and the joint's moving frame as body b carries it, as axis triads;
// where the loop puts that moving frame (a's frame moved by G(s*), the core's projection) as a small star;
// and the gap from there to b's frame as a line. star and gap are cyan while the loop is closed and red when
// its closure error ‖δ‖ (the simulator's, over the loop's constrained rows) exceeds kLoopGapTolerance. the
// loops are those of the scene export, the ones Simulate and the ik drag close, at the document's q.
#pragma once

#include <memory>
#include <string>

#include "ui/document/document_data.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

inline constexpr double kLoopGapTolerance = 1e-4;  // m for linear rows, rad for rotary ones

struct DocumentLoops;  // the document's multibody with a loop solver that measures it (loop_scene.cpp)

// keeps the document's multibody between frames: rebuilt (the scene export read back by the core) only when
// the kept loops or the bodies and joints it is built from change, not when q moves; the loop projections
// warm start from the last frame's.
class LoopSceneCache {
 public:
  LoopSceneCache();
  ~LoopSceneCache();
  LoopSceneCache(const LoopSceneCache&) = delete;
  LoopSceneCache& operator=(const LoopSceneCache&) = delete;
  // the loops of d, or null when it has none or its multibody cannot be built (a joint without a model)
  DocumentLoops* loops(const DocumentData& d);
  int rebuilds() const { return rebuilds_; }

 private:
  std::string key_;
  std::unique_ptr<DocumentLoops> loops_;
  int rebuilds_ = 0;
};

// appends every kept loop of d: its LoopOverlay to scene.loops and its lines to scene.overlay (drawn on top:
// a pin usually sits inside the bodies it joins). triads and the star scale with the camera distance, so
// they read at any zoom. cache may be null: every call builds afresh.
void append_loop_closures(const DocumentData& d, const CameraState& cam, LoopSceneCache* cache, Scene& scene);

}  // namespace js::ui
