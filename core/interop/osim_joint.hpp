// an OpenSim CustomJoint as a model we can evaluate: coordinates, the parent and child offset frames and
// the six TransformAxis functions of its SpatialTransform.
//
//   parent_T_child(q) = parent_T_pframe · X_FM(q) · (child_T_cframe)⁻¹
//   X_FM(q) = (R_1(r_1) R_2(r_2) R_3(r_3),  t_1 a_4 + t_2 a_5 + t_3 a_6)
//
// rotation1..3 turn about their unit axes a_1..a_3 in sequence, each about the frame left by the previous
// one (body-fixed); translation1..3 move along a_4..a_6 in the parent offset frame, unrotated. r_i and t_i
// are each axis's function of its coordinate (docs/opensim.md).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/interop/osim_function.hpp"
#include "core/lie/se3.hpp"

namespace js::interop {

struct OsimCoordinate {
  std::string name;
  double min = 0.0;            // range (rad or m), when has_range
  double max = 0.0;
  bool has_range = false;      // false: the file gave no <range> (the coordinate cannot be sampled)
  double default_value = 0.0;  // where the coordinate sits when another one is sampled
  bool clamped = false;        // <clamped>: OpenSim keeps the value inside the range
  bool locked = false;         // <locked>: OpenSim holds the value at its default
  int line = 0;                // line of its <Coordinate> element (0: not from a file)
};

struct OsimTransformAxis {
  std::string name;        // rotation1 … translation3
  Vec3 axis = Vec3::UnitX();  // unit direction
  int coordinate = -1;     // index into OsimCustomJoint::coordinates; −1: none (a Constant)
  OsimFunction function;
};

// a CoordinateCouplerConstraint that sets one of the joint's coordinates from one coordinate elsewhere in the
// model: q[dependent] = scale · function(q_independent) (opensim-core CoordinateCouplerConstraint.cpp builds the
// constraint scale·f(q_i) − q_d = 0).
struct OsimCoupling {
  std::string constraint;          // the constraint's name
  int dependent = -1;              // index into OsimCustomJoint::coordinates
  OsimCoordinate independent;      // the driving coordinate as the model declares it (name, range, default)
  bool independent_found = false;  // false: no <Coordinate> of that name in the model (no range to take)
  OsimFunction function;
  double scale = 1.0;

  // the dependent coordinate's value when the independent one is x
  double dependent_value(double x) const { return scale * function(x); }
};

struct OsimCustomJoint {
  std::string name;
  std::string type = "CustomJoint";    // the element read: CustomJoint, or PinJoint / SliderJoint as their CustomJoint
  std::vector<std::string> notes;      // what the reader noticed that the numbers do not show (coupler constraints …)
  std::string parent_body = "parent";  // body (or frame path) the parent offset frame hangs on
  std::string child_body = "child";
  std::vector<OsimCoordinate> coordinates;
  SE3 parent_T_pframe;  // parent offset frame in the parent body
  SE3 child_T_cframe;   // child offset frame in the child body
  std::array<OsimTransformAxis, 6> axes;  // rotation1..3, translation1..3
  std::vector<OsimCoupling> couplings;    // coupler constraints of one independent coordinate that set one of ours

  // X_FM: the child offset frame in the parent offset frame at coordinates q (size coordinates.size()).
  SE3 pframe_T_cframe(const std::vector<double>& q) const;
  // the child body in the parent body.
  SE3 parent_T_child(const std::vector<double>& q) const;
  // the default values of every coordinate.
  std::vector<double> default_q() const;
  // the coordinates along a 1-dof path at x: the defaults with coordinate `coordinate` = x and the coordinates
  // that couplings set from it following, or, with a drive, with coordinate drive->dependent =
  // drive->dependent_value(x) (x then being the independent coordinate).
  std::vector<double> path_q(int coordinate, const OsimCoupling* drive, double x) const;
  // the coupling whose dependent coordinate is `coordinate`, nullptr if none.
  const OsimCoupling* coupling_of(int coordinate) const;
  // index of the coordinate called name, −1 if none.
  int find_coordinate(const std::string& name) const;
};

// samples parent_T_child at `count` evenly spaced values of coordinate `coordinate` over its range, the other
// coordinates at their defaults, as a 1-dof sample set (q set) for the fitter. source names it in messages.
// throws std::invalid_argument for a coordinate without a range.
// true for a range OpenSim writes for an unbounded coordinate (|min| or |max| ≥ 1e4, e.g. ±99999.9): nothing to
// sample over.
bool osim_range_is_unbounded(double min, double max);

// warnings about sampling coordinate `coordinate` over [min, max]: where the range runs past the knots of a spline
// of that coordinate (by more than 1e-4 of the knot span) (OpenSim continues along the end tangent there) and, for a coordinate that turns an axis,
// a range past ±2π (radians expected; such numbers may be degrees). one sentence each.
std::vector<std::string> osim_range_notes(const OsimCustomJoint& joint, int coordinate, double min, double max);

fit::SampleSet sample_osim_joint(const OsimCustomJoint& joint, int coordinate, int count, const std::string& source);
// samples parent_T_child at `count` evenly spaced x in [min, max] along path_q(coordinate, drive, x) (drive may be
// null); the samples' q is x. throws std::invalid_argument for count < 2 or min ≥ max.
fit::SampleSet sample_osim_path(const OsimCustomJoint& joint, int coordinate, const OsimCoupling* drive, double min,
                                double max, int count, const std::string& source);

}  // namespace js::interop
