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
  EXPECT_NE(r.out.find("reached = 0.01367,-0.092269,0.172948"), std::string::npos) << r.out;
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

TEST(CliStableStep, BadIntegratorIsRejected) {
  const CliRun r = cli("stable-step resources/demos/beads.json --integrator verlet");
  EXPECT_NE(r.exit_code, 0);
}

}  // namespace
}  // namespace js::test
