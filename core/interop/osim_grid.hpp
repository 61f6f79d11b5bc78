// sampling a joint of an OpenSim model over two of its coordinates: an n0 × n1 grid, the other coordinates at
// their default values, as 2-dof samples for a spline surface fit (docs/samples.md: columns q0, q1).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/interop/osim_joint.hpp"
#include "core/interop/osim_model.hpp"

namespace js::interop {

// parent_T_child at q[c0] = r0.first + (r0.second − r0.first)·i/(n0 − 1), q[c1] likewise with j, for i < n0 (outer)
// and j < n1 (inner); sample q = (q[c0], q[c1]). throws std::invalid_argument for c0 == c1, a size below 2, an
// empty range.
fit::SampleSet sample_osim_grid(const OsimCustomJoint& joint, int c0, int c1, std::pair<double, double> r0,
                                std::pair<double, double> r1, int n0, int n1, const std::string& source);

// the same for joint `joint` of a whole model (any joint type the model reader maps: a ScapulothoracicJoint, an
// EllipsoidJoint …), its coordinates named; the joint's other coordinates at their default values, or set by the
// model's coupler constraints from the sampled ones (a grid coordinate that a coupler sets is refused). throws
// std::invalid_argument naming what is wrong (no such joint, the joint not mapped — with the reader's reason —,
// a coordinate not of this joint, …).
fit::SampleSet sample_osim_model_grid(const OsimModel& model, const std::string& joint, const std::string& c0, const std::string& c1,
                                      std::pair<double, double> r0, std::pair<double, double> r1, int n0, int n1,
                                      const std::string& source);

// the same over 1 to 3 coordinates (n0 values, or an n0 × n1 [× n2] box, the last coordinate fastest): samples of
// that dof.
fit::SampleSet sample_osim_model_box(const OsimModel& model, const std::string& joint, const std::vector<std::string>& coordinates,
                                     const std::vector<std::pair<double, double>>& ranges, const std::vector<int>& counts,
                                     const std::string& source);

}  // namespace js::interop
