// jointsmith-cli eval: reads a joint file and prints, for each --q, the transform G(q), the jacobian S(q)
// and the hessian ∇S(q) as json (layout in kEvalFooter and docs/joint-file.md).
#include <charconv>
#include <cmath>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/commands.hpp"
#include "core/io/joint_file.hpp"
#include "core/io/json_text.hpp"

namespace js::cli {

namespace {

using nlohmann::ordered_json;

constexpr const char* kEvalFooter = R"(Output: one JSON object on stdout
  {"joint": FILE, "kind": KIND, "dof": n, "coordinates": [names],
   "evaluations": [ one object per --q, in order:
     {"q":         [q_0, ..., q_{n-1}],
      "transform": 16 numbers, parent_T_child(q) as a 4x4 matrix in row-major order
                   (offsets included: parent_T_joint * G(q) * moving_T_child),
      "jacobian":  6 rows of n numbers, the 6xn matrix S(q) row-major; column i is the
                   twist s_i = (G^-1 dG/dq_i)^v (paper eq. 13) in the child frame,
      "hessian":   n x n twists: hessian[i][j] = d s_i / d q_j as 6 numbers}]}
Twists are [w; v]: angular part first (paper eq. 1). Units: metres, radians.
Coordinates outside a joint's range follow its range policy (docs/joints.md).
Example: jointsmith-cli eval resources/joints/knee.json --q 0 --q 0.5 --q 1.0)";

struct EvalOptions {
  std::string joint;
  std::vector<std::string> q;
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// one --q value: n comma-separated finite numbers.
Eigen::VectorXd parse_q(const std::string& text, int dof, const std::string& joint) {
  std::vector<double> values;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string token = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    double v = 0.0;
    const char* first = token.data();
    const char* last = token.data() + token.size();
    if (!token.empty() && *first == '+') ++first;
    const auto [ptr, ec] = std::from_chars(first, last, v);
    if (token.empty() || ec != std::errc() || ptr != last) {
      throw std::runtime_error("eval: --q '" + text + "': '" + token + "' is not a number");
    }
    if (!std::isfinite(v)) throw std::runtime_error("eval: --q '" + text + "': '" + token + "' is not finite");
    values.push_back(v);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (static_cast<int>(values.size()) != dof) {
    throw std::runtime_error("eval: --q '" + text + "': " + std::to_string(values.size()) + " value" +
                             (values.size() == 1 ? "" : "s") + " for the " + std::to_string(dof) + "-dof joint " +
                             joint + (dof > 1 ? " (write n-dof coordinates as --q q0,q1)" : ""));
  }
  return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

ordered_json evaluation_to_json(const Eigen::VectorXd& q, const JointData& d, int n) {
  ordered_json e;
  e["q"] = std::vector<double>(q.data(), q.data() + q.size());
  const Mat4 T = d.G.matrix();
  ordered_json transform = ordered_json::array();
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) transform.push_back(T(r, c));
  }
  e["transform"] = std::move(transform);
  ordered_json jacobian = ordered_json::array();
  for (int r = 0; r < 6; ++r) {
    ordered_json row = ordered_json::array();
    for (int c = 0; c < n; ++c) row.push_back(d.S(r, c));
    jacobian.push_back(std::move(row));
  }
  e["jacobian"] = std::move(jacobian);
  // ∇S column i·n + j is ∂s_i/∂q_j (core/joints/joint.hpp)
  ordered_json hessian = ordered_json::array();
  for (int i = 0; i < n; ++i) {
    ordered_json row = ordered_json::array();
    for (int j = 0; j < n; ++j) {
      ordered_json twist = ordered_json::array();
      for (int k = 0; k < 6; ++k) twist.push_back(d.dS(k, i * n + j));
      row.push_back(std::move(twist));
    }
    hessian.push_back(std::move(row));
  }
  e["hessian"] = std::move(hessian);
  return e;
}

void run_eval(const EvalOptions& options) {
  if (options.q.empty()) throw std::runtime_error("eval: give at least one --q (see jointsmith-cli eval --help)");
  const std::unique_ptr<JointModel> model = io::read_joint_file(options.joint);
  const int n = model->dof();
  // parse every q before printing anything, so bad input leaves stdout empty
  std::vector<Eigen::VectorXd> qs;
  for (const std::string& text : options.q) qs.push_back(parse_q(text, n, options.joint));

  ordered_json out;
  out["joint"] = options.joint;
  out["kind"] = joint_kind_name(model->kind());
  out["dof"] = n;
  ordered_json names = ordered_json::array();
  for (const Coordinate& c : model->coordinates()) names.push_back(c.name);
  out["coordinates"] = std::move(names);
  ordered_json evaluations = ordered_json::array();
  JointData data(n);
  for (const Eigen::VectorXd& q : qs) {
    model->evaluate(q, data, EvalLevel::Hessian);
    evaluations.push_back(evaluation_to_json(q, data, n));
  }
  out["evaluations"] = std::move(evaluations);
  std::cout << io::dump_json_text(out, "eval output");
}

}  // namespace

void add_eval_command(CLI::App& app) {
  auto options = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "evaluate a joint file: transform, jacobian and hessian at each --q");
  cmd->add_option("joint", options->joint, "joint file (format: docs/joint-file.md)")->required();
  cmd->add_option("--q", options->q,
                  "joint coordinates, repeatable: --q 0.5 for a 1-dof joint, --q q0,q1 for n dof")
      ->expected(1)
      ->take_all();
  cmd->footer(kEvalFooter);
  cmd->callback([options] { run_eval(*options); });
}

}  // namespace js::cli
