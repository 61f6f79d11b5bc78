// a joint's coordinates as people read them: a name, a unit (degrees or radians for a rotation, mm or m for a
// translation; Joint::degrees and Joint::millimetres), a range and a default (Joint::default_q). q is stored in
// SI units (rad, m) everywhere; these say how the sliders, the samples table and the summaries show it.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "ui/document/document_data.hpp"

namespace js::ui {

enum class CoordinateUnit { radians, degrees, metres, millimetres };

// whether coordinate i of the joint is a translation: with a model, its column of S (eq. 13) has no rotation at
// either end and the middle of the range (a slide); without one, the samples all share one rotation and move. a
// spline's q otherwise reads as an angle, as auto q measures it (operations.hpp next_sample_q).
bool coordinate_translational(const Joint& joint, int i);
// the unit coordinate i shows in
CoordinateUnit coordinate_unit(const Joint& joint, int i);
bool unit_translational(CoordinateUnit u);
// shown value per stored (SI) value: 180/π, 1, 1000 or 1
double unit_factor(CoordinateUnit u);
// appended to a shown value: "°", " rad", " mm", " m"
QString unit_suffix(CoordinateUnit u);
// "degrees", "radians", "millimetres", "metres"
QString unit_name(CoordinateUnit u);

// coordinate i's name: the model's, else the one the user gave it (Joint::user_coordinates), else "q<i>"
QString coordinate_name(const Joint& joint, int i);
// the range of coordinate i as set (the model's, else the user's); an open bound is nullopt
std::optional<double> coordinate_min(const Joint& joint, int i);
std::optional<double> coordinate_max(const Joint& joint, int i);

// a stored value of coordinate i as shown: "68.8°", "1.2 rad", "12.5 mm", "0.0125 m"
QString coordinate_value_text(const Joint& joint, int i, double value);
// "[0°, 120°]", "[0 mm, …)", "unbounded"
QString coordinate_range_text(const Joint& joint, int i);

// q in the joint's units, comma separated ("60°, 12 mm"); radians and metres print as plain numbers, as stored
QString joint_q_text(const Joint& joint, const Eigen::VectorXd& q);
// the unit of every coordinate, and q in those units: for many rows (the samples table) the units are found once
std::vector<CoordinateUnit> coordinate_units(const Joint& joint);
QString joint_q_text(const std::vector<CoordinateUnit>& units, const Eigen::VectorXd& q);
// one value as typed ("30°", "0.5 rad", "12 mm", "0.2"): in `unit` unless it says its own ("°", "deg", "rad", "mm",
// "m"); si is the value in rad or m. false: not a finite number, or a typed unit of the other kind (an angle for a
// slide is a mistake, not a conversion).
bool parse_coordinate_value(QString text, CoordinateUnit unit, double& si);
// q as typed (commas, semicolons or spaces between values). a value without a unit is in its coordinate's
// unit; a typed "°", "deg", "rad", "mm" or "m" says its own. false on anything else or a count other than dof.
bool parse_joint_q(const QString& text, const Joint& joint, Eigen::VectorXd& q);

// the default q: Joint::default_q when it has the joint's size, else zeros; clamped into the range
Eigen::VectorXd joint_default_q(const Joint& joint);

// the joint after a model change of dof: the per-coordinate settings (units, default, names, ranges) no longer
// describe its coordinates, so they go
void clear_coordinate_settings(Joint& joint);

}  // namespace js::ui
