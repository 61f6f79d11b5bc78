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
  // the knee's q is an angle: the text says degrees, the report keeps radians
  const std::size_t worst = r.out.find("worst samples:\n    line ");
  EXPECT_NE(r.out.find("°): ", worst), std::string::npos) << r.out;
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

// --baseline: the best hinge and ball for the same samples, printed beside the spline and in the report; on
// the demo knee's rolling–sliding samples both lower pairs are worse than the spline
TEST(CliFit, BaselinePrintsHingeAndBallBesideTheSpline) {
  const auto joint = temp("knee_base.json"), report = temp("report_base.json");
  const CliRun r = cli("fit resources/samples/knee.csv -o '" + joint.string() + "' --baseline --report '" +
                       report.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* line : {"    spline: rms ", "    hinge : rms ", "    ball  : rms "})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_NE(r.out.find(" mm at q = "), std::string::npos) << r.out;
  const std::size_t at = r.out.find("    hinge : rms ");
  EXPECT_NE(r.out.find("°", at), std::string::npos) << r.out;  // the knee's q in degrees
  const nlohmann::json j = nlohmann::json::parse(slurp(report));
  const nlohmann::json& b = j.at("baselines");
  const double hinge = b.at("hinge").at("rms_translation_m").get<double>();
  const double ball = b.at("ball").at("rms_translation_m").get<double>();
  EXPECT_GT(hinge, j["rms_translation_m"].get<double>());
  EXPECT_GT(ball, j["rms_translation_m"].get<double>());
  EXPECT_EQ(b.at("ball").at("max_rotation_rad").get<double>(), 0.0);
  EXPECT_EQ(b.at("hinge").at("axis_in_parent").size(), 3u);
  EXPECT_LT(b.at("hinge").at("max_translation_index").get<int>(), 43);
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

// issue 19: a sample file declaring an absurd number of coordinates (no q to back it) segfaulted in fit
TEST(CliFit, AbsurdDofIsRefusedNotACrash) {
  const auto samples = temp("absurd_dof.json"), joint = temp("absurd_joint.json");
  {
    std::ofstream f(samples);
    f << R"({"format": "jointsmith-samples", "version": 1, "dof": 1000000, "samples": [
      {"R": [1,0,0, 0,1,0, 0,0,1], "p": [0, 0, 0]}, {"R": [1,0,0, 0,1,0, 0,0,1], "p": [0.01, 0, 0]}]})";
  }
  const CliRun r = cli("fit '" + samples.string() + "' -o '" + joint.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("n-dof fitting supports 1 to 3 coordinates"), std::string::npos) << r.err;
  // the json sample reader names the field by its json pointer (issue 13's one located error)
  EXPECT_NE(r.err.find(samples.filename().string() + ": /dof:"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(joint));
  std::filesystem::remove(samples);
}

// issue 19: fits that would write a joint `check` rejects are refused before writing, saying why
TEST(CliFit, DegenerateSamplesAreRefusedBeforeWriting) {
  const auto joint = temp("degenerate_joint.json");
  auto refused = [&](const std::string& name, const fit::SampleSet& set, const std::string& args, const std::string& why) {
    const auto path = temp(name);
    fit::write_samples(set, path.string());
    const CliRun r = cli("fit '" + path.string() + "' -o '" + joint.string() + "' " + args);
    EXPECT_EQ(r.exit_code, 1) << name << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << name << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(joint)) << name;
    std::filesystem::remove(path);
  };
  // every sample the same pose, without q: nothing moves
  fit::SampleSet same = fit::motions::sample_motion(fit::motions::knee, 30, 1.0, 1.0);
  same.has_q = false;
  refused("same_pose.csv", same, "", "are the same pose");
  // the same q for every sample
  refused("same_q.csv", fit::motions::sample_motion(fit::motions::knee, 30, 1.0, 1.0), "--frames 6 --smooth 0",
          "span no range of q");
  // the same pose at 30 values of q: the fitted joint does not move, `check` finds S = 0
  for (fit::Sample& s : same.samples) s.q = JointVector::Constant(1, s.line);
  same.has_q = true;
  refused("same_pose_q.csv", same, "--frames 6 --smooth 0", "fails `check`: S vanishes");
  // 20 samples in [0, 0.5] and one at 2: the frames over (0.5, 2) have no sample of their own
  fit::SampleSet gap = fit::motions::sample_motion(fit::motions::knee, 20, 0.0, 0.5);
  gap.samples.push_back(fit::motions::sample_motion(fit::motions::knee, 2, 0.0, 2.0).samples.back());
  refused("one_sample_range.csv", gap, "--frames 12 --smooth 0", "has no sample of its own");
  // 2-dof samples whose q lie on one line
  fit::SampleSet line = fit::motions::sample_grid(fit::motions::ellipsoid, 12, 12, -0.6, 0.6, -0.9, 0.9);
  for (fit::Sample& s : line.samples) s.q[1] = 1.5 * s.q[0];
  refused("collinear_q.csv", line, "--frames 5", "lie on one line");
}

// issue 13: the report says how each fit ended: converged, or stalled (no step lowered F)
TEST(CliFit, ReportSaysStalledApartFromConverged) {
  const auto joint = temp("stall.json"), report = temp("stall_report.json");
  const CliRun r = cli("fit resources/samples/knee.csv -o '" + joint.string() + "' --frames 10 --smooth 0 --report '" +
                       report.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(report));
  ASSERT_TRUE(j.contains("stalled"));
  EXPECT_FALSE(j["converged"].get<bool>() && j["stalled"].get<bool>());
  EXPECT_EQ(j["check"], "passed");
  EXPECT_FALSE(j["dead_stop"].get<bool>());
  std::filesystem::remove(joint);
  std::filesystem::remove(report);
}

// issue 13: noiseless samples of a real OpenSim knee (25 over the range): the automatic frame count goes
// past the 10 it used to stop at, and the report says when the choice is the edge of the search
TEST(CliFit, RealKneeFrameSearchGoesOnWhileTheScoreFalls) {
  const std::string model = std::string(JS_SOURCE_DIR) + "/../shared/data/opensim/leg6dof9musc.osim";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << "no shared OpenSim data at " << model;
  const auto samples = temp("real_knee.csv"), joint = temp("real_knee.json"), report = temp("real_knee_report.json");
  const CliRun imported = cli("import-osim '" + model + "' --joint knee_r -o '" + samples.string() + "'");
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  const CliRun r = cli("fit '" + samples.string() + "' -o '" + joint.string() + "' --report '" + report.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(report));
  EXPECT_GT(j["frames"].get<int>(), 10) << r.out;
  EXPECT_GT(j["frames_curve"].back()["value"].get<double>(), 12.0);
  ASSERT_TRUE(j.contains("frames_at_edge"));
  if (j["frames_at_edge"].get<bool>()) {
    EXPECT_NE(r.out.find("edge of the search"), std::string::npos) << r.out;
  }
  std::filesystem::remove(samples);
  std::filesystem::remove(joint);
  std::filesystem::remove(report);
}

}  // namespace
}  // namespace js::test
