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

#include "core/fit/sample_io.hpp"
#include "core/io/joint_file.hpp"
#include "tests/core/fit/motions.hpp"
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

// two q columns: a spline surface joint with the net given per coordinate, the same report fields plus the
// coordinate-wise start's errors
TEST(CliFit, TwoDofSamplesFitASplineSurfaceJoint) {
  const auto samples = temp("ellipsoid.csv"), joint = temp("surface.json"), report = temp("surface_report.json");
  fit::write_samples(fit::motions::sample_grid(fit::motions::ellipsoid, 15, 13, -0.6, 0.6, -0.9, 0.9), samples.string());
  const CliRun r = cli("fit '" + samples.string() + "' -o '" + joint.string() + "' --frames 7x6 --report '" +
                       report.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("spline surface joint (2 dof)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("42 control values (7×6 net)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("coordinate-wise start: rms"), std::string::npos) << r.out;
  const auto model = io::read_joint_file(joint.string());
  EXPECT_EQ(model->kind(), JointKind::SplineSurface);
  EXPECT_EQ(model->dof(), 2);
  const nlohmann::json j = nlohmann::json::parse(slurp(report));
  for (const char* key : {"rms_translation_m", "max_translation_m", "rms_rotation_rad", "max_rotation_rad", "per_sample",
                          "iterations", "objective_history", "seconds", "smoothing_weight", "frames",
                          "min_jacobian_norm", "coordinatewise_rms_translation_m", "coordinatewise_rms_rotation_rad"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["net"], nlohmann::json::array({7, 6}));
  EXPECT_EQ(j["frames"].get<int>(), 42);
  EXPECT_EQ(j["dof"].get<int>(), 2);
  EXPECT_EQ(j["per_sample"].size(), 15u * 13u);
  EXPECT_EQ(j["per_sample"][0]["q"].size(), 2u);
  EXPECT_LT(j["max_translation_m"].get<double>(), 0.5e-3);
  EXPECT_LE(j["rms_translation_m"].get<double>(), j["coordinatewise_rms_translation_m"].get<double>() * 1.01);
  EXPECT_GT(j["iterations"].get<int>(), 0);
  EXPECT_EQ(j["objective_history"].size(), j["iterations"].get<std::size_t>() + 1);
  // one size for every axis; auto chooses per axis from the distinct q values
  const CliRun same = cli("fit '" + samples.string() + "' -o '" + joint.string() + "' --frames 6");
  ASSERT_EQ(same.exit_code, 0) << same.err;
  EXPECT_NE(same.out.find("36 control values (6×6 net)"), std::string::npos) << same.out;
  const CliRun automatic = cli("fit '" + samples.string() + "' -o '" + joint.string() + "'");
  ASSERT_EQ(automatic.exit_code, 0) << automatic.err;
  EXPECT_NE(automatic.out.find("42 control values (7×6 net)"), std::string::npos) << automatic.out;
  // options that do not apply to n-dof fits, and a net the samples cannot determine
  EXPECT_NE(cli("fit '" + samples.string() + "' -o '" + joint.string() + "' --method paper").err.find("n-dof fits use gauss-newton"),
            std::string::npos);
  EXPECT_NE(cli("fit '" + samples.string() + "' -o '" + joint.string() + "' --frames 8x6x5").err.find("3 sizes for 2 q columns"),
            std::string::npos);
  const CliRun too_fine = cli("fit '" + samples.string() + "' -o '" + joint.string() + "' --frames 20x6");
  EXPECT_EQ(too_fine.exit_code, 1);
  EXPECT_NE(too_fine.err.find("q0 takes 15 distinct values"), std::string::npos) << too_fine.err;
  std::filesystem::remove(samples);
  std::filesystem::remove(joint);
  std::filesystem::remove(report);
}

}  // namespace
}  // namespace js::test
