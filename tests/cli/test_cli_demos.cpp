// the demos from the command line (docs/demos.md): every demo simulates as stated, the knee demo's documented
// ik example converges, and stable-step explains itself and reports a bracketed step.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

TEST(CliDemos, EveryDemoSimulates) {
  for (const char* name : {"knee", "scapulothoracic", "beads", "globe"}) {
    SCOPED_TRACE(name);
    const auto csv = cli_temp(std::string(name) + ".csv");
    const CliRun r = cli(std::string("simulate resources/demos/") + name + ".json --every 50 -o '" + csv.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
    std::filesystem::remove(csv);
  }
}

// the example of docs/demos.md
TEST(CliDemos, DocumentedKneeIkExampleConverges) {
  const CliRun r = cli("ik resources/demos/knee.json --body foot --point 0,-0.15,-0.07 --target 0.013670,-0.092269,0.172948");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("converged in"), std::string::npos) << r.out;
  const std::vector<double> reached = numbers_after(r.out, "reached = ");
  ASSERT_EQ(reached.size(), 3u) << r.out;
  const double target[3] = {0.013670, -0.092269, 0.172948};
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(reached[static_cast<std::size_t>(i)], target[i], 1e-6) << r.out;
}

TEST(CliStableStep, HelpStatesTheDefinition) {
  const CliRun r = cli("stable-step --help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* word : {"finite", "energy", "reference", "--horizon", "--max-dt", "--integrator", "bisection"}) {
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
  }
}

TEST(CliStableStep, ReportsABracketedStep) {
  const CliRun r = cli("stable-step resources/demos/beads.json --integrator symplectic --duration 1 --verbose");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("symplectic: largest stable step "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(unstable at "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("driven scene"), std::string::npos) << r.out;  // the frame spins
}

// the implicit integrators by name (issue 17): simulate runs them and reports newton's work; stable-step
// measures them; a scene with a closed loop is refused with the reason, and `all` measures the rest
TEST(CliImplicit, SimulateAndStableStepByName) {
  const auto csv = cli_temp("knee_implicit.csv");
  const CliRun mid = cli("simulate resources/demos/knee.json --integrator implicit_midpoint --dt 0.02 -o '" + csv.string() + "'");
  ASSERT_EQ(mid.exit_code, 0) << mid.out << mid.err;
  EXPECT_NE(mid.out.find("(implicit_midpoint)"), std::string::npos) << mid.out;
  EXPECT_NE(mid.out.find("newton: "), std::string::npos) << mid.out;
  EXPECT_EQ(mid.out.find("warning"), std::string::npos) << mid.out;
  const CliRun euler = cli("simulate resources/demos/knee.json --integrator implicit_euler --dt 0.02 -o '" + csv.string() + "'");
  ASSERT_EQ(euler.exit_code, 0) << euler.out << euler.err;
  EXPECT_NE(euler.out.find("(implicit_euler)"), std::string::npos) << euler.out;
  std::filesystem::remove(csv);
  const CliRun step = cli("stable-step resources/demos/knee.json --integrator implicit_euler --duration 1");
  ASSERT_EQ(step.exit_code, 0) << step.out << step.err;
  EXPECT_NE(step.out.find("implicit_euler: largest stable step "), std::string::npos) << step.out;
}

// the implicit integrators hold closed loops inside their step (refused before session 18)
TEST(CliImplicit, LoopsAreSteppedByTheImplicitIntegrators) {
  const auto csv = cli_temp("four_bar_implicit.csv");
  const CliRun r = cli("simulate resources/scenes/four_bar.json --integrator implicit_midpoint --dt 0.005 --duration 1 -o '" + csv.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("200 steps of 0.005 s (implicit_midpoint)"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(csv));
  std::filesystem::remove(csv);
  const CliRun all = cli("stable-step resources/scenes/four_bar.json --integrator all --duration 0.2");
  EXPECT_EQ(all.exit_code, 0) << all.out << all.err;
  EXPECT_EQ(all.out.find("refused"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("implicit_midpoint: largest stable step"), std::string::npos) << all.out;
}

// session 19: --energy-projection on simulate and stable-step; implicit midpoint's halved steps are reported
// (the beads at 100 ms: newton cannot solve some whole steps), and a compliant loop refuses the projection
TEST(CliEnergyProjection, SimulateAndStableStepHoldTheEnergyAndReportHalvedSteps) {
  const auto csv = cli_temp("beads_projected.csv");
  const CliRun sim = cli("simulate resources/demos/beads.json --integrator implicit_midpoint --dt 0.1 --duration 2 "
                         "--energy-projection -o '" + csv.string() + "'");
  ASSERT_EQ(sim.exit_code, 0) << sim.out << sim.err;
  EXPECT_NE(sim.out.find("steps were solved in halves"), std::string::npos) << sim.out;
  EXPECT_EQ(sim.out.find("warning"), std::string::npos) << sim.out;
  std::filesystem::remove(csv);
  const CliRun step = cli("stable-step resources/demos/beads.json --integrator implicit_midpoint --start-dt 0.1 "
                          "--max-dt 0.1 --duration 2 --trajectory-tolerance 0 --energy-projection -v");
  ASSERT_EQ(step.exit_code, 0) << step.out << step.err;
  EXPECT_NE(step.out.find("the --max-dt cap, stable; newton: "), std::string::npos) << step.out;
  EXPECT_NE(step.out.find("steps in halves"), std::string::npos) << step.out;
  const CliRun plain = cli("stable-step resources/demos/beads.json --integrator implicit_midpoint --start-dt 0.1 "
                           "--max-dt 0.1 --duration 2 --trajectory-tolerance 0 -v");
  ASSERT_EQ(plain.exit_code, 0) << plain.out << plain.err;
  EXPECT_EQ(plain.out.find("the --max-dt cap, stable"), std::string::npos) << plain.out;  // energy without it
  const CliRun refused = cli("simulate resources/scenes/double_spline.json --energy-projection --duration 0.01 -o '" +
                             csv.string() + "'");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.err.find("compliant loops"), std::string::npos) << refused.err;
  EXPECT_FALSE(std::filesystem::exists(csv));
}

TEST(CliStableStep, BadIntegratorIsRejected) {
  const CliRun r = cli("stable-step resources/demos/beads.json --integrator verlet");
  EXPECT_NE(r.exit_code, 0);
}

}  // namespace
}  // namespace js::test
