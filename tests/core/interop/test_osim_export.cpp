// OpenSim export of the knee: the fidelity report is honest (an independent check agrees), the file reads
// back to the same CustomJoint, and export → import → refit comes back within the export tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

#include "core/fit/curve_fit.hpp"
#include "core/interop/osim_export.hpp"
#include "core/interop/osim_file.hpp"
#include "core/io/joint_file.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/lie/so3.hpp"

namespace js::interop {
namespace {

std::unique_ptr<JointModel> knee() { return io::read_joint_file(std::string(JS_SOURCE_DIR) + "/resources/joints/knee.json"); }

SE3 eval(const JointModel& j, double q) {
  JointData d(1);
  j.evaluate(JointVector::Constant(1, q), d, EvalLevel::Transform);
  return d.G;
}

// largest errors between a joint and a CustomJoint at random coordinate values
std::pair<double, double> random_check(const JointModel& j, const OsimCustomJoint& o, double q0, double q1) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(q0, q1);
  double dp = 0.0, da = 0.0;
  for (int k = 0; k < 500; ++k) {
    const double q = u(rng);
    const SE3 a = eval(j, q), b = o.parent_T_child({q});
    dp = std::max(dp, (a.p - b.p).norm());
    da = std::max(da, so3_log(a.R.transpose() * b.R).norm());
  }
  return {dp, da};
}

TEST(OsimExport, KneeMeetsTheToleranceAndTheReportAgreesWithAnIndependentCheck) {
  const auto j = knee();
  OsimExportOptions o;
  o.position_tolerance = 1e-5;
  o.angle_tolerance = 1e-4;
  o.initial_knots = 4;
  const OsimExport e = export_osim(*j, o);
  std::cout << fidelity_summary(e.fidelity, o);
  EXPECT_TRUE(e.fidelity.within_tolerance);
  EXPECT_LE(e.fidelity.max_position_error_m, 1e-5);
  EXPECT_LE(e.fidelity.max_angle_error_rad, 1e-4);
  EXPECT_GT(e.fidelity.knots, 4);  // refinement happened
  EXPECT_GT(e.fidelity.min_gimbal_margin, 0.9);
  const auto [dp, da] = random_check(*j, e.joint, 0.0, 2.1);
  EXPECT_LE(dp, 1e-5 * 1.01);
  EXPECT_LE(da, 1e-4 * 1.01);
  // a tighter tolerance takes more knots and meets it too
  o.position_tolerance = 1e-7;
  o.angle_tolerance = 1e-6;
  const OsimExport tight = export_osim(*j, o);
  std::cout << fidelity_summary(tight.fidelity, o);
  EXPECT_TRUE(tight.fidelity.within_tolerance);
  EXPECT_GT(tight.fidelity.knots, e.fidelity.knots);
}

TEST(OsimExport, TheFileReadsBackToTheSameJoint) {
  const auto j = knee();
  OsimExportOptions o;
  o.joint_name = "knee_r";
  o.spline_kind = OsimFunctionKind::NaturalCubicSpline;
  const OsimExport e = export_osim(*j, o);
  const std::string text = osim_joint_to_text(e.joint, "test");
  const OsimCustomJoint back = read_osim_joint_text(text, "knee.osim", "knee_r");
  EXPECT_EQ(back.coordinates.at(0).name, "flexion");
  EXPECT_EQ(back.parent_body, "parent");
  EXPECT_EQ(back.axes[0].function.kind(), OsimFunctionKind::NaturalCubicSpline);
  for (double q : {0.0, 0.3, 1.05, 2.1}) {
    // 17 significant digits: the same numbers; the offsets pass through euler angles (round-off only)
    EXPECT_TRUE(back.parent_T_child({q}).is_approx(e.joint.parent_T_child({q}), 1e-14)) << q;
  }
}

TEST(OsimExport, OffsetsAndEveryOneDofKindAreHonoured) {
  // a helical joint placed with turned offsets: export must carry the offsets through the offset frames
  HelicalJoint h(Vec3(0.2, 1.0, 0.3), 0.05);
  h.coordinates()[0].min = -1.0;
  h.coordinates()[0].max = 2.5;
  h.set_offsets(SE3{so3_exp(Vec3(0.3, -0.2, 0.9)), Vec3(0.1, 0.0, -0.3)}, SE3{so3_exp(Vec3(-0.5, 0.4, 0.1)), Vec3(0.0, 0.02, 0.05)});
  const OsimExport e = export_osim(h);
  EXPECT_TRUE(e.fidelity.within_tolerance);
  const auto [dp, da] = random_check(h, e.joint, -1.0, 2.5);
  EXPECT_LE(dp, 1e-5 * 1.01);
  EXPECT_LE(da, 1e-4 * 1.01);
}

TEST(OsimExport, RejectsWhatItCannotExport) {
  RevoluteJoint unbounded(Vec3::UnitZ());
  EXPECT_THROW(export_osim(unbounded), std::invalid_argument);
  OsimExportOptions o;
  o.range = std::make_pair(-1.0, 1.0);
  EXPECT_TRUE(export_osim(unbounded, o).fidelity.within_tolerance);
  o.position_tolerance = 0.0;
  EXPECT_THROW(export_osim(unbounded, o), std::invalid_argument);
}

TEST(OsimExport, ANonFinitePoseIsAnInfiniteErrorNotNone) {
  // an OpenSim joint whose rotation is NaN must not report a perfect match (it did: NaN > max is false)
  RevoluteJoint hinge(Vec3::UnitZ());
  hinge.coordinates()[0].min = -1.0;
  hinge.coordinates()[0].max = 1.0;
  const OsimExport ex = export_osim(hinge);
  OsimCustomJoint broken = ex.joint;
  broken.axes[0].function = OsimFunction::constant(std::nan(""));
  const OsimFidelity f = measure_osim_fidelity(hinge, broken, 0, -1.0, 1.0, 11);
  EXPECT_TRUE(std::isinf(f.max_position_error_m));
  EXPECT_TRUE(std::isinf(f.max_angle_error_rad));
  EXPECT_DOUBLE_EQ(f.worst_angle_q, -1.0);
}

TEST(OsimExport, ExportImportRefitRoundTripWithinTheReportedTolerance) {
  const auto j = knee();
  OsimExportOptions o;
  const OsimExport e = export_osim(*j, o);
  const OsimCustomJoint imported = read_osim_joint_text(osim_joint_to_text(e.joint), "knee.osim", "");
  const fit::SampleSet samples = sample_osim_joint(imported, 0, 101, "knee.osim");
  // refit on the knee's own knots: the exact joint is in the fitted family, so what remains is the export error
  const auto& spline = dynamic_cast<const SplineCurveJoint&>(*j);
  fit::CurveFitOptions f;
  f.knots = spline.knots();
  const fit::CurveFitResult r = fit::fit_spline_curve(samples, f);
  SplineCurveJoint refit = r.joint("flexion");
  refit.set_offsets(SE3::identity(), SE3::identity());  // the samples already hold parent_T_child
  double dp = 0.0, da = 0.0;
  for (int k = 0; k <= 400; ++k) {
    const double q = 2.1 * k / 400.0;
    const SE3 a = eval(*j, q), b = eval(refit, q);
    dp = std::max(dp, (a.p - b.p).norm());
    da = std::max(da, so3_log(a.R.transpose() * b.R).norm());
  }
  EXPECT_LE(dp, o.position_tolerance);
  EXPECT_LE(da, o.angle_tolerance);
  // and the import-side report measures the same difference
  const OsimFidelity d = measure_osim_fidelity(refit, imported, 0, 0.0, 2.1, 2001);
  EXPECT_LE(d.max_position_error_m, o.position_tolerance);
  EXPECT_LE(d.max_angle_error_rad, o.angle_tolerance);
}

}  // namespace
}  // namespace js::interop
