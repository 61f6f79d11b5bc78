// the "loops" member of a scene file: loop-closing constraints between two bodies (core/dynamics/
// loop_constraint.hpp) and no-slip contacts, kind "rolling" (core/dynamics/rolling_contact.hpp). schema:
// docs/scene-file.md, "Closed loops" and "Rolling contact".
#pragma once

#include <functional>
#include <memory>

#include "core/dynamics/loop_constraint.hpp"
#include "core/io/json_cursor.hpp"

namespace js::scene {

// reads a joint member (a file name or an inline joint) the way bodies' "joint" is read.
using JointReader = std::function<std::unique_ptr<JointModel>(const io::JsonCursor& joint)>;

// reads the array a (the scene's "loops") into loops; bodies are looked up in model. throws io::FileError
// naming the member that is wrong (unknown body, kind or axis, bad compliance, axes that resist the joint).
void read_loops(const io::JsonCursor& a, const MultibodyModel& model, const JointReader& read_joint, LoopSet& loops);

}  // namespace js::scene
