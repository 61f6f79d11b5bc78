// whether a joint's coordinate turns the child (an angle, shown in degrees) or only slides it (a length, shown in
// metres or mm): what the cli's text reports and the fit summary print q in. the files and json reports keep SI.
#pragma once

#include <string>
#include <vector>

#include "core/joints/joint.hpp"

namespace js::fit {

// true when coordinate i's column of S (eq. 13) has a rotation ω at either end or the middle of its range (the
// others mid-range, or 0 when unbounded; an unbounded coordinate is probed at −1, 0, 1). a pure slide: false.
bool coordinate_rotates(const JointModel& joint, int i);
// coordinate_rotates of every coordinate
std::vector<bool> rotating_coordinates(const JointModel& joint);

// a coordinate value for people: "68.75°" when it rotates, "0.0125 m" otherwise (precision significant digits)
std::string coordinate_value_text(double q, bool rotates, int precision = 4);

}  // namespace js::fit
