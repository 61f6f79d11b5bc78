#include "core/scene/trajectory_csv.hpp"

#include <cstdio>

namespace js::scene {

void write_trajectory_header(std::ostream& csv, const Scene& scene, bool reactions) {
  const std::vector<std::string> names = scene.model.coordinate_names();
  csv << "t";
  for (const std::string& n : names) csv << ",q:" << n;
  for (const std::string& n : names) csv << ",qd:" << n;
  csv << ",kinetic,potential,px,py,pz,Lx,Ly,Lz";
  for (const PrescribedCoordinate& p : scene.model.prescribed()) csv << ",drive:" << names[static_cast<std::size_t>(p.coordinate)];
  if (!scene.loops.empty()) csv << ",loop_position_error,loop_velocity_error";
  if (reactions) {
    for (const Body& b : scene.model.bodies()) {
      for (const char* c : {"mx", "my", "mz", "fx", "fy", "fz"}) csv << ",reaction:" << b.name << ':' << c;
    }
  }
  csv << "\n";
}

void write_csv_number(std::ostream& csv, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, ",%.17g", x);
  csv << buf;
}

void write_trajectory_values(std::ostream& csv, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                             const MechanicalState& m) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", t);
  csv << buf;
  for (int k = 0; k < q.size(); ++k) write_csv_number(csv, q[k]);
  for (int k = 0; k < qd.size(); ++k) write_csv_number(csv, qd[k]);
  write_csv_number(csv, m.kinetic);
  write_csv_number(csv, m.potential);
  for (int k = 0; k < 3; ++k) write_csv_number(csv, m.linear_momentum[k]);
  for (int k = 0; k < 3; ++k) write_csv_number(csv, m.angular_momentum[k]);
}

}  // namespace js::scene
