// the desktop app's print-only options on a machine without a display: they print and exit 0 instead of
// aborting in QApplication (cli_runner's JS_CLI_PATH is the app here)
#include <gtest/gtest.h>

#include "cli_runner.hpp"

namespace {

js::test::CliRun headless(const std::string& args) {
  // no display of any kind, as on a build server or over ssh
  return js::test::cli(args);
}

class AppHeadless : public ::testing::Test {
 protected:
  void SetUp() override {
    ::unsetenv("DISPLAY");
    ::unsetenv("WAYLAND_DISPLAY");
    ::unsetenv("QT_QPA_PLATFORM");
  }
};

TEST_F(AppHeadless, HelpPrintsAndExits) {
  const auto r = headless("--help");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Usage:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--list-demos"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--demo"), std::string::npos) << r.out;
}

TEST_F(AppHeadless, VersionPrintsAndExits) {
  const auto r = headless("--version");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Jointsmith"), std::string::npos) << r.out;
}

TEST_F(AppHeadless, ListDemosPrintsAndExits) {
  const auto r = headless("--list-demos");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("demos"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(".json"), std::string::npos) << r.out;
}

TEST_F(AppHeadless, UnknownOptionIsOneMessage) {
  const auto r = headless("--no-such-option");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("no-such-option"), std::string::npos) << r.err;
}

}  // namespace
