// jointsmith-cli ik and simulate on the shipped leg scenes: the documented ik example converges, an
// off-plane target is reported unreachable with the nearest point, a scripted knee writes its drive torque.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

// the example of `jointsmith-cli ik --help` and docs/scene-file.md
TEST(CliIk, DocumentedLegExampleConverges) {
  const CliRun r = cli("ik resources/scenes/leg.json --body foot --point 0,-0.12,-0.08 --target 0.0015,-0.35,-0.75");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("converged in"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reached = 0.0015,-0.35"), std::string::npos) << r.out;
}

// x = 0.05 m is outside the slab the toe can reach (hip, knee and ankle all turn about x)
TEST(CliIk, OffPlaneTargetIsUnreachableWithTheNearestPoint) {
  const CliRun r = cli("ik resources/scenes/leg.json --body foot --point 0,-0.12,-0.08 --target 0.05,-0.35,-0.75");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("reached = "), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("unreachable"), std::string::npos) << r.err;
}

TEST(CliSimulate, ScriptedKneeWritesItsDriveTorque) {
  const auto csv = cli_temp("scripted.csv");
  const CliRun r = cli("simulate resources/scenes/scripted_knee.json --dt 0.01 --duration 1 -o '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = slurp(csv);
  EXPECT_NE(text.find(",drive:shank.flexion\n"), std::string::npos);
  EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace js::test
