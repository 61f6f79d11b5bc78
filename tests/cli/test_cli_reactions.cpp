// jointsmith-cli simulate --reactions: the columns it adds come after the unchanged trajectory columns, six
// per body, and hold core's joint_reactions at the written state; the maximal solver refuses the option.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/dynamics/reaction_wrench.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

constexpr int kWrench = 6;  // mx my mz fx fy fz

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(CliSimulateReactions, AddsSixNamedColumnsPerJointAfterTheOthers) {
  const auto plain = cli_temp("knee_plain.csv"), with = cli_temp("knee_reactions.csv");
  const std::string run = "simulate resources/demos/knee.json --steps 20 ";
  const CliRun a = cli(run + "-o '" + plain.string() + "'");
  const CliRun b = cli(run + "--reactions -o '" + with.string() + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::string ta = slurp(plain), tb = slurp(with);
  std::string expected = first_line(ta);
  for (const char* body : {"femur", "tibia", "foot"}) {
    for (const char* c : {"mx", "my", "mz", "fx", "fy", "fz"}) expected += std::string(",reaction:") + body + ":" + c;
  }
  EXPECT_EQ(first_line(tb), expected);
  // the trajectory columns are the same numbers
  const std::vector<double> ra = last_row(ta), rb = last_row(tb);
  ASSERT_EQ(rb.size(), ra.size() + 3 * kWrench);
  for (std::size_t k = 0; k < ra.size(); ++k) EXPECT_EQ(ra[k], rb[k]) << "column " << k;
}

TEST(CliSimulateReactions, ColumnsHoldTheConstraintWrenchAtTheWrittenState) {
  const auto csv = cli_temp("knee_reaction_values.csv");
  const CliRun r = cli("simulate resources/demos/knee.json --steps 40 --reactions -o '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<double> row = last_row(slurp(csv));
  const scene::Scene sc = scene::read_scene_file(JS_SOURCE_DIR "/resources/demos/knee.json");
  const int nq = sc.model.nq(), nb = sc.model.num_bodies();
  ASSERT_EQ(row.size(), static_cast<std::size_t>(1 + 2 * nq + 8 + kWrench * nb));
  // the state as written (17 digits), its reactions in process
  SimulationState s{row[0], Eigen::VectorXd(nq), Eigen::VectorXd(nq)};
  for (int k = 0; k < nq; ++k) {
    s.q[k] = row[static_cast<std::size_t>(1 + k)];
    s.qd[k] = row[static_cast<std::size_t>(1 + nq + k)];
  }
  Simulator sim(sc.model, sc.forces);
  ReactionData out(sc.model);
  joint_reactions(sim, s, out);
  const std::size_t first = static_cast<std::size_t>(1 + 2 * nq + 8);
  double largest = 0.0;
  for (int i = 0; i < nb; ++i) {
    for (int c = 0; c < kWrench; ++c) {
      const double written = row[first + static_cast<std::size_t>(kWrench * i + c)];
      EXPECT_NEAR(written, out.joints[static_cast<std::size_t>(i)].constraint[c], 1e-9 * (1.0 + std::abs(written)))
          << sc.model.body(i).name << " component " << c;
      largest = std::max(largest, std::abs(written));
    }
  }
  // the knee's bodies weigh something: the columns are not all zero
  EXPECT_GT(largest, 1.0);
}

TEST(CliSimulateReactions, MaximalSolverRefusesTheOption) {
  const auto csv = cli_temp("maximal_reactions.csv");
  const CliRun r = cli("simulate resources/scenes/hinge_skeleton.json --solver maximal --steps 5 --reactions -o '" +
                       csv.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--reactions needs the reduced solver"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace js::test
