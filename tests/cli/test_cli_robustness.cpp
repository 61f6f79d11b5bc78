// hostile input and unsafe output through the cli (issue 19): outputs are written atomically and never over
// an input, a refused run leaves an existing output untouched, a diverging run fails with its step and
// time, and a path naming a device or FIFO is refused rather than read forever.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

namespace fs = std::filesystem;

void put(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// a command line the cli cannot use exits 2 (getopt's usage error), not cli11's own 105/106/109: a bad value,
// a value outside its choices, an unknown option, a missing argument (docs/cli.md, exit status)
TEST(CliRobustness, UsageErrorsExitTwo) {
  for (const char* args : {"simulate resources/scenes/leg.json --dt abc", "simulate resources/scenes/leg.json --dt -1",
                           "simulate resources/scenes/leg.json --integrator leapfrog", "fit --no-such-option x.csv",
                           "check", "no-such-command"}) {
    const CliRun r = cli(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
  }
  EXPECT_EQ(cli("--help").exit_code, 0);
  EXPECT_EQ(cli("simulate --help").exit_code, 0);
}

TEST(CliRobustness, ExportOntoItsInputIsRefusedAndTheInputKept) {
  const fs::path joint = cli_temp("self.json");
  fs::copy_file(fs::path(JS_SOURCE_DIR) / "resources/joints/knee.json", joint, fs::copy_options::overwrite_existing);
  const std::string before = slurp(joint);
  const CliRun r = cli("export '" + joint.string() + "' --format osim -o '" + joint.string() + "'");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("refusing to overwrite the input file"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(joint), before);
  fs::remove(joint);
}

TEST(CliRobustness, RefusedSimulationLeavesTheOldOutput) {
  // leg.json has a spline joint: the maximal solver refuses it, after which the old csv must be intact
  const fs::path out = cli_temp("refused.csv");
  put(out, "previous trajectory\n");
  const CliRun r = cli("simulate resources/scenes/leg.json --solver maximal -o '" + out.string() + "'");
  EXPECT_NE(r.exit_code, 0) << r.out;
  EXPECT_EQ(slurp(out), "previous trajectory\n");
  fs::remove(out);
}

TEST(CliRobustness, DivergenceFailsWithStepAndTime) {
  const fs::path out = cli_temp("diverged.csv");
  put(out, "previous trajectory\n");
  const CliRun r = cli("simulate resources/scenes/pendulum_chain.json --dt 10 --duration 1000 -o '" + out.string() + "'");
  EXPECT_NE(r.exit_code, 0) << r.out;
  EXPECT_NE(r.err.find("diverged at step"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("t = "), std::string::npos) << r.err;
  EXPECT_EQ(slurp(out), "previous trajectory\n");
  fs::remove(out);
}

TEST(CliRobustness, StepCountOverflowIsRefused) {
  const CliRun r = cli("simulate resources/scenes/pendulum_chain.json --dt 1e-6 --duration 1e7 -o /dev/null");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("more than the"), std::string::npos) << r.err;
}

TEST(CliRobustness, DevicesAndFifosAreRefused) {
  // a scene whose joint file is /dev/zero used to hang simulate forever
  const fs::path scene = cli_temp("zero_scene.json");
  std::string text = slurp(fs::path(JS_SOURCE_DIR) / "resources/scenes/double_spline.json");
  for (auto at = text.find("\"knee_joint.json\""); at != std::string::npos; at = text.find("\"knee_joint.json\"")) {
    text.replace(at, 17, "\"/dev/zero\"");
  }
  put(scene, text);
  const CliRun s = cli("simulate '" + scene.string() + "' --steps 10 -o /dev/null");
  EXPECT_NE(s.exit_code, 0);
  EXPECT_NE(s.err.find("/dev/zero"), std::string::npos) << s.err;
  EXPECT_NE(s.err.find("character device"), std::string::npos) << s.err;
  const fs::path fifo = cli_temp("fifo.json");
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const CliRun r = cli("check '" + fifo.string() + "'");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("FIFO"), std::string::npos) << r.err;
  const CliRun z = cli("eval /dev/zero --q 0");
  EXPECT_NE(z.exit_code, 0);
  EXPECT_NE(z.err.find("character device"), std::string::npos) << z.err;
  fs::remove(fifo);
  fs::remove(scene);
}

TEST(CliRobustness, OutputsGoThroughSymlinksAndKeepPermissions) {
  const fs::path real = cli_temp("real.csv"), link = cli_temp("link.csv");
  fs::remove(link);
  put(real, "old\n");
  ::chmod(real.c_str(), 0640);
  fs::create_symlink(real, link);
  const CliRun r = cli("simulate resources/scenes/pendulum_chain.json --steps 10 -o '" + link.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_NE(slurp(real).find("t,"), std::string::npos);
  struct stat st {};
  ASSERT_EQ(::stat(real.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  fs::remove(link);
  fs::remove(real);
}

}  // namespace
}  // namespace js::test
