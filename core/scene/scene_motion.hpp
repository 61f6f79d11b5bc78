// the "motion" member of a scene body: a scripted motion (core/motion) that drives the body's 1-dof joint
// as a prescribed coordinate. schema: docs/scene-file.md, "Scripted motion".
#pragma once

#include "core/dynamics/multibody.hpp"
#include "core/io/json_cursor.hpp"
#include "core/motion/timing_curve.hpp"

namespace js::scene {

// reads m (the body's "motion" object) and prescribes the joint coordinate of body `body` of model.
// throws io::FileError naming the member that is wrong.
void read_body_motion(const io::JsonCursor& m, MultibodyModel& model, int body);

// the optional "continuity" member of a motion or keyed drive: "c2" (the default) or "c1" (docs/motion.md).
TimingContinuity read_continuity(const io::JsonCursor& parent);

}  // namespace js::scene
