// the "drive" member of a scene body: prescribes chosen coordinates of its joint (any dof) by a constant
// rate or by keyed values, leaving the joint's other coordinates free — e.g. the time coordinate of a
// surface joint G(u, v, w) that deforms as w runs. schema: docs/scene-file.md.
#pragma once

#include "core/dynamics/multibody.hpp"
#include "core/io/json_cursor.hpp"

namespace js::scene {

// reads d (the body's "drive" array) and prescribes the named coordinates of body `body` of model.
// throws io::FileError naming the member that is wrong.
void read_body_drive(const io::JsonCursor& d, MultibodyModel& model, int body);

}  // namespace js::scene
