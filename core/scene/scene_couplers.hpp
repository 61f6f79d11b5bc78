// the "couplers" member of a scene file: coordinates that follow others, q_d = scale · f(q_i…)
// (core/dynamics/coordinate_coupler.hpp; opensim's CoordinateCouplerConstraint). schema: docs/scene-file.md,
// "Coordinate couplers".
#pragma once

#include "core/dynamics/loop_constraint.hpp"
#include "core/io/json_cursor.hpp"
#include "core/scene/scene_file.hpp"

namespace js::scene {

// reads the array a (the scene's "couplers") into scene.loops, then puts the initial state on them: each
// coupled coordinate's q and q̇ follow from its independents, couplers in file order. throws io::FileError
// naming the member that is wrong (unknown coordinate, a function of the wrong number of inputs, a coordinate
// coupled twice or to itself, a driven coordinate).
void read_couplers(const io::JsonCursor& a, Scene& scene);

}  // namespace js::scene
