// jointsmith-cli check: the paper's two requirements for a joint file (§5): C² continuity across every
// knot and S(q) ≠ 0 over the range, plus how far ‖s(q)‖ is from 1 (natural parameterization, §6.1).
#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/commands.hpp"
#include "core/fit/coordinate_rotation.hpp"
#include "core/io/joint_file.hpp"
#include "core/joints/spline_checks.hpp"
#include "core/joints/spline_curve_joint.hpp"

namespace js::cli {

namespace {

struct CheckOptions {
  std::string joint;
  double length_scale = 1.0;
  int samples = 2000;
  double dead_stop = 1e-6;
};

void run_check(const CheckOptions& o) {
  const std::unique_ptr<JointModel> joint = io::read_joint_file(o.joint);
  const int n = joint->dof();
  nlohmann::ordered_json out;
  out["joint"] = o.joint;
  out["kind"] = joint_kind_name(joint->kind());
  out["dof"] = n;
  bool c2 = true;
  nlohmann::ordered_json continuity = nlohmann::ordered_json::array();
  // other coordinates sit mid-range while one is swept across its knots
  Eigen::VectorXd mid(n);
  for (int i = 0; i < n; ++i) {
    const Coordinate& c = joint->coordinates()[static_cast<std::size_t>(i)];
    mid[i] = c.is_bounded() ? 0.5 * (c.min + c.max) : 0.0;
  }
  // a curve's deliberate corners (paper §8: knots repeated k − 1 times) are C⁰ by design: the simulator applies the
  // corner impulse there, so they are listed apart and not held against C²
  std::vector<double> corners;
  if (const auto* curve = dynamic_cast<const SplineCurveJoint*>(joint.get())) corners = curve->corners();
  for (int axis = 0; axis < n; ++axis) {
    std::vector<double> knots = joint_knots(*joint, axis);
    std::erase_if(knots, [&](double k) {
      return std::any_of(corners.begin(), corners.end(), [k](double c) { return std::abs(c - k) <= 1e-12 * (1.0 + std::abs(c)); });
    });
    if (knots.empty()) continue;
    const ContinuityReport r = check_c2_across_knots(*joint, knots, axis, mid);
    c2 = c2 && r.c2;
    continuity.push_back({{"coordinate", joint->coordinates()[static_cast<std::size_t>(axis)].name},
                          {"knots_checked", r.knots_checked},
                          {"max_jump_transform", r.max_jump_transform},
                          {"max_jump_jacobian", r.max_jump_jacobian},
                          {"max_jump_hessian", r.max_jump_hessian},
                          {"worst_knot", r.worst_knot},
                          {"c2", r.c2}});
  }
  const int per_axis = n <= 1 ? o.samples : (n == 2 ? 120 : 30);
  const JacobianNormReport s = check_jacobian_norm(*joint, per_axis, o.length_scale);
  // the minimum per knot span (knots and critical points), not on the grid: a dead stop at a knot is found
  const DeadStopReport dead = find_dead_stop(*joint, o.length_scale, o.dead_stop);
  out["c2"] = c2;
  out["corners"] = corners;
  out["continuity"] = continuity;
  out["min_jacobian_norm"] = dead.min_norm;
  out["min_jacobian_norm_at"] = std::vector<double>(dead.where.data(), dead.where.data() + dead.where.size());
  out["min_jacobian_norm_coordinate"] = joint->coordinates()[static_cast<std::size_t>(dead.coordinate)].name;
  out["jacobian_norm_scale"] = dead.scale;
  out["min_jacobian_norm_relative"] = dead.relative;
  out["dead_stop"] = dead.dead;
  out["length_scale"] = o.length_scale;
  out["max_speed_deviation"] = s.max_speed_deviation;
  out["rms_speed_deviation"] = s.rms_speed_deviation;
  std::cout << out.dump(2) << "\n";
  std::cerr << o.joint << ": " << (c2 ? "C2 across every knot" : "NOT C2 (see continuity)");
  if (!corners.empty())
    std::cerr << " but " << corners.size() << " deliberate corner(s) (paper §8: the simulator applies the corner "
              << "impulse there)";
  std::cerr << "; min |S| = "
            << dead.min_norm << " (" << dead.relative << " of its rms " << dead.scale << ")";
  if (dead.dead) {
    // people read a turning coordinate in degrees (the json keeps radians)
    const std::vector<bool> turns = fit::rotating_coordinates(*joint);
    std::cerr << ": S vanishes at " << out["min_jacobian_norm_coordinate"].get<std::string>() << " =";
    for (int i = 0; i < dead.where.size(); ++i)
      std::cerr << (i > 0 ? "," : " ") << fit::coordinate_value_text(dead.where[i], turns[static_cast<std::size_t>(i)], 6);
    std::cerr << ", the joint stops there";
  }
  std::cerr << "\n";
  if (!c2 || dead.dead) throw ExitCode{3};  // a requirement failed: scripts can test the status
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check", "check a joint's C2 continuity across knots and that S(q) never vanishes (paper §5)");
  cmd->add_option("joint", opts->joint, "joint file (JSON)")->required();
  cmd->add_option("--length-scale", opts->length_scale, "metric |w|^2 + |v/l|^2 for |S| (metres)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--samples", opts->samples, "samples over the range of a 1-dof joint (speed deviation)")
      ->check(CLI::Range(10, 1000000));
  cmd->add_option("--dead-stop", opts->dead_stop, "min |S| below this fraction of its rms over the range is a dead stop")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->footer(
      "Output: JSON on stdout with c2, continuity (per coordinate: jumps of G, S and dS across knots),\n"
      "min_jacobian_norm (found per knot span: at the knots and the critical points between them), where\n"
      "(min_jacobian_norm_at: q in SI units, radians or metres, as every json report and file),\n"
      "its ratio to the rms |S| (dead_stop when below --dead-stop), and the deviation of |s(q)| from 1;\n"
      "a one-line summary on stderr (q of a rotational coordinate in degrees). Exit status 0 when the joint is C2 and S never vanishes, 3 otherwise.");
  cmd->callback([opts] { run_check(*opts); });
}

}  // namespace js::cli
