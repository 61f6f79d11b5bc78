// runs the built jointsmith-cli fit on the shipped knee samples: a joint file the library reads back, a
// json report with the fields of issue 3, a summary in mm and degrees; bad samples: one located line.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/io/joint_file.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("js_fit_" + std::to_string(::getpid()) + "_" + name);
}

TEST(CliFit, KneeWithDefaults) {
  const auto joint = temp("knee.json"), report = temp("report.json");
  const CliRun r = cli("fit resources/samples/knee.csv -o '" + joint.string() + "' --report '" + report.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("translation error: rms"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" mm"), std::string::npos);
  EXPECT_NE(r.out.find(" deg"), std::string::npos);
  EXPECT_NE(r.out.find("worst samples:\n    line "), std::string::npos) << r.out;
  const auto model = io::read_joint_file(joint.string());
  EXPECT_EQ(model->kind(), JointKind::SplineCurve);
  const nlohmann::json j = nlohmann::json::parse(slurp(report));
  for (const char* key : {"rms_translation_m", "max_translation_m", "rms_rotation_rad", "max_rotation_rad", "per_sample",
                          "iterations", "objective_history", "seconds", "smoothing_weight", "frames",
                          "min_jacobian_norm"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  // the samples carry ≈ 0.5 mm / 0.5° noise per axis: a good fit leaves about that
  EXPECT_LT(j["rms_translation_m"].get<double>(), 1.5e-3);
  EXPECT_LT(j["rms_rotation_rad"].get<double>(), 0.03);
  EXPECT_GT(j["min_jacobian_norm"].get<double>(), 0.1);
  EXPECT_EQ(j["per_sample"].size(), 43u);
  EXPECT_FALSE(j["smoothing_curve"].empty());
  std::filesystem::remove(joint);
  std::filesystem::remove(report);
}

TEST(CliFit, PaperMethodWithFixedFramesAndSmoothing) {
  const auto joint = temp("knee_paper.json");
  const CliRun r = cli("fit resources/samples/knee.csv -o '" + joint.string() +
                       "' --frames 8 --smooth 1e-5 --method paper --length-scale 0.1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("8 control frames, order 4, method paper"), std::string::npos) << r.out;
  std::filesystem::remove(joint);
}

TEST(CliFit, MalformedSamplesGiveOneLocatedLine) {
  const auto bad = temp("bad.csv");
  {
    std::ofstream out(bad);
    out << "q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n0,1,0,0,0,1,0,0,0,1,0,0,0\n0.1,1,0,0,0,1,0,0,0,1,0,inf,0\n";
  }
  const CliRun r = cli("fit '" + bad.string() + "' -o '" + temp("never.json").string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "jointsmith-cli: error: " + bad.string() + ":3:12: non-finite py\n");
  EXPECT_FALSE(std::filesystem::exists(temp("never.json")));
  std::filesystem::remove(bad);
}

}  // namespace
}  // namespace js::test
