// the trajectory csv of `jointsmith-cli simulate`, shared by the reduced and the maximal-coordinate solver
// so their files compare column by column: t, q:<name>…, qd:<name>…, kinetic, potential, px, py, pz,
// Lx, Ly, Lz (then the reduced solver's optional drive: and loop columns). numbers with 17 digits.
#pragma once

#include <ostream>

#include "core/scene/scene_file.hpp"

namespace js::scene {

// writes the header line (with its newline) for scene: coordinate columns from scene.model, drive columns
// for its prescribed coordinates, loop error columns when it has loops and, with reactions (the reduced
// solver's `simulate --reactions`), six columns per joint named by its child body:
// reaction:<body>:mx,my,mz (N·m), reaction:<body>:fx,fy,fz (N), the constraint wrench in the joint's C frame.
void write_trajectory_header(std::ostream& csv, const Scene& scene, bool reactions = false);

// writes the common part of one row, without a newline: t, q (nq), q̇ (nq), kinetic, potential, linear
// momentum (3), angular momentum (3).
void write_trajectory_values(std::ostream& csv, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                             const MechanicalState& m);

// writes ",x" with 17 significant digits.
void write_csv_number(std::ostream& csv, double x);

}  // namespace js::scene
