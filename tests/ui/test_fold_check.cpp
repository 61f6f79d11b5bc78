// fold_check (issue 18, item 1): a path that turns back on itself is flagged — when it stops, when its velocity
// flips, and when it turns wide and runs back past the poses it had (the hairpin a capture at q = 3 on the fitted
// knee demo makes) — while a path that goes on, and a closed loop coming back to its start, pass. no window.
#include <gtest/gtest.h>

#include <numbers>
#include <vector>

#include "core/joints/spline_curve_joint.hpp"
#include "core/lie/so3.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/joint/fold_check.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/document/joint_model.hpp"

using namespace js;
using namespace js::ui;

namespace {

constexpr double kFoldLengthScale = 0.05;

// a cubic curve joint on [0, 2] through frames turned by flexion[k] about z and tilt[k] about x, the child's
// origin 0.1 m below the joint's as a tibia's
SplineCurveJoint fold_test_curve(const std::vector<double>& flexion, const std::vector<double>& tilt) {
  std::vector<SE3> frames;
  for (std::size_t k = 0; k < flexion.size(); ++k) {
    const Mat3 R = so3_exp(Vec3(0, 0, flexion[k])) * so3_exp(Vec3(tilt[k], 0, 0));
    frames.push_back(SE3{R, R * Vec3(0, -0.1, 0)});
  }
  const int n = static_cast<int>(frames.size());
  return SplineCurveJoint(frames, spline::KnotVector::clamped(n, 0.0, 2.0));
}

}  // namespace

TEST(FoldCheck, APathThatGoesOnPasses) {
  const SplineCurveJoint knee = fold_test_curve({0.0, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8}, {0, 0.02, 0.04, 0.05, 0.06, 0.07, 0.08});
  const FoldCheck f = check_fold(knee, kFoldLengthScale);
  EXPECT_FALSE(f.folds) << f.message.toStdString();
  EXPECT_FALSE(f.stops);
  EXPECT_FALSE(f.reverses);
  EXPECT_FALSE(f.retraces);
  EXPECT_TRUE(f.message.isEmpty());
  EXPECT_GT(f.min_speed, 0.5 * f.median_speed);
}

// out to 1.6 rad of flexion and back to 0.4 while tilting on about x: the velocity turns through the tilt axis,
// so the path neither stops nor flips between neighbouring grid points, yet it runs back past its own poses
TEST(FoldCheck, AHairpinThatKeepsItsSpeedIsSeen) {
  const SplineCurveJoint hairpin =
      fold_test_curve({0.0, 0.4, 0.8, 1.2, 1.6, 1.2, 0.8, 0.4}, {0.0, 0.0, 0.0, 0.05, 0.15, 0.25, 0.3, 0.35});
  const FoldCheck f = check_fold(hairpin, kFoldLengthScale);
  EXPECT_TRUE(f.folds);
  EXPECT_TRUE(f.retraces);
  EXPECT_FALSE(f.stops) << f.min_speed << " of " << f.median_speed;
  EXPECT_FALSE(f.reverses);
  // it comes back to where it was at a smaller q, and turns in between, near the 1.6 rad frame (q ≈ 1.1)
  EXPECT_LT(f.back_to, f.back_from);
  EXPECT_GT(f.q, f.back_to);
  EXPECT_LT(f.q, f.back_from);
  EXPECT_NEAR(f.q, 1.1, 0.25);
  EXPECT_LT(f.retrace_ratio, 0.25);
  EXPECT_NE(f.message.indexOf(QStringLiteral("folds back")), -1) << f.message.toStdString();
}

// out and straight back through the same frames: by symmetry the path stops at q = 1 (the speed test sees it)
TEST(FoldCheck, AnExactRetraceStops) {
  const SplineCurveJoint back = fold_test_curve({0.0, 0.4, 0.8, 1.2, 1.6, 1.2, 0.8, 0.4, 0.0}, std::vector<double>(9, 0.0));
  const FoldCheck f = check_fold(back, kFoldLengthScale);
  EXPECT_TRUE(f.folds);
  EXPECT_TRUE(f.stops);
  EXPECT_NEAR(f.q, 1.0, 0.01);
  EXPECT_TRUE(f.retraces);
  EXPECT_NEAR(f.back_to, 2.0 - f.back_from, 0.02);
}

// a closed curve comes back to its first pose moving the same way: a loop, not a fold
TEST(FoldCheck, AClosedLoopPasses) {
  std::vector<SE3> frames;
  for (int k = 0; k < 8; ++k) {
    const Mat3 R = so3_exp(Vec3(0, 0, 2.0 * std::numbers::pi * k / 8.0));
    frames.push_back(SE3{R, R * Vec3(0, -0.1, 0)});
  }
  const SplineCurveJoint loop(frames, spline::KnotVector::periodic(8, spline::kCubic, 0.0, 1.0));
  const FoldCheck f = check_fold(loop, kFoldLengthScale);
  EXPECT_FALSE(f.folds) << f.message.toStdString();
  EXPECT_FALSE(f.retraces);
}

// the path, without a window: the fitted knee demo, the tibia posed at q = 1 captured as q = 3, refitted
TEST(FoldCheck, TheKneeDemoRefittedThroughASampleOutOfOrderFolds) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const Joint knee = doc.data().joints.front();
  ASSERT_TRUE(knee.model);
  EXPECT_FALSE(check_fold(*knee.model, doc.data().fit.length_scale).folds);
  ASSERT_TRUE(set_joint_q(doc, knee.id, Eigen::VectorXd::Constant(1, 1.0)).ok());
  ASSERT_TRUE(capture_sample(doc, knee.id, Eigen::VectorXd::Constant(1, 3.0)).ok());
  const FitOutcome fitted = run_fit(*doc.data().joint(knee.id), doc.data().fit);
  ASSERT_TRUE(fitted.ok()) << fitted.error.toStdString();
  const FoldCheck f = check_fold(*fitted.model, doc.data().fit.length_scale);
  EXPECT_TRUE(f.folds);
  EXPECT_TRUE(f.retraces);
  // it turns after the demo's range (2.09) and comes back to poses from inside it
  EXPECT_GT(f.q, 1.8);
  EXPECT_LT(f.back_to, 2.1);
}

// issue 17: a refit keeps the user's out-of-range choice (fit_job.cpp name_coordinates)
TEST(FoldCheck, ARefitKeepsTheKneesClamp) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const Joint knee = doc.data().joints.front();
  ASSERT_TRUE(set_out_of_range(doc, knee.id, OutOfRange::Clamp).ok());
  const FitOutcome clamped = run_fit(*doc.data().joint(knee.id), doc.data().fit);
  ASSERT_TRUE(clamped.ok()) << clamped.error.toStdString();
  EXPECT_EQ(clamped.model->out_of_range(), OutOfRange::Clamp);
  EXPECT_TRUE(clamped.note.isEmpty());
  // and the choice is in the joint the fit writes (its json, as the project saves it)
  EXPECT_NE(model_to_json(*clamped.model).dump().find("\"out_of_range\":\"clamp\""), std::string::npos);
}
