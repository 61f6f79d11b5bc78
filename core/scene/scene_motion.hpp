// the "motion" member of a scene body: a scripted motion (core/motion) that drives the body's 1-dof joint
// as a prescribed coordinate. schema: docs/scene-file.md, "Scripted motion".
#pragma once

#include "core/dynamics/multibody.hpp"
#include "core/io/json_cursor.hpp"

namespace js::scene {

// reads m (the body's "motion" object) and prescribes the joint coordinate of body `body` of model.
// throws io::FileError naming the member that is wrong.
void read_body_motion(const io::JsonCursor& m, MultibodyModel& model, int body);

}  // namespace js::scene
