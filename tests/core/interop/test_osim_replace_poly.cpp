// replacing a 2- or 3-dof joint of a whole OpenSim model by MultivariatePolynomialFunctions: the coefficient order
// and the unscaling, the scapulothoracic round trip the issue asks for (model → grid → surface fit → replace → save →
// read back → the joint as OpenSim evaluates it against the fitted one), a 3-dof ellipsoid, and the refusals.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/fit/cross_validation.hpp"
#include "core/fit/surface_fit.hpp"
#include "core/interop/osim_grid.hpp"
#include "core/interop/osim_model.hpp"
#include "core/interop/osim_polynomial.hpp"
#include "core/interop/osim_replace.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "core/lie/so3.hpp"
#include "tests/support/test_files.hpp"

namespace js::interop {
namespace {

namespace fs = std::filesystem;
using js::test::kDeg;

// a thorax welded to ground and a scapula on a ScapulothoracicJoint, as opensim-core documents the joint
// (ScapulothoracicJoint.h: an ellipsoid mobilizer with radii thoracic_ellipsoid_radii_x_y_z for abduction,
// elevation and upward rotation, then winging about an axis through scapula_winging_axis_origin turned by
// scapula_winging_axis_direction; coordinates in that order). the numbers are of an adult thorax. a
// CoordinateActuator still names the winging coordinate, and a MarkerSet holds markers on both bodies.
const char* kScapulaModel = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
	<Model name="thoracoscapular">
		<gravity>0 -9.8066499999999994 0</gravity>
		<Ground name="ground" />
		<BodySet name="bodyset">
			<objects>
				<Body name="thorax">
					<mass>20</mass>
					<mass_center>-0.03 -0.15 0</mass_center>
					<inertia>1.4 0.33 1.3 0 0 0</inertia>
				</Body>
				<Body name="scapula_r">
					<mass>0.7</mass>
					<mass_center>-0.05 -0.03 -0.03</mass_center>
					<inertia>0.001 0.001 0.001 0 0 0</inertia>
				</Body>
			</objects>
		</BodySet>
		<JointSet name="jointset">
			<objects>
				<WeldJoint name="ground_thorax">
					<socket_parent_frame>/ground</socket_parent_frame>
					<socket_child_frame>/bodyset/thorax</socket_child_frame>
				</WeldJoint>
				<ScapulothoracicJoint name="scapulothoracic_r">
					<socket_parent_frame>thorax_offset</socket_parent_frame>
					<socket_child_frame>scapula_r_offset</socket_child_frame>
					<coordinates>
						<Coordinate name="scapula_abduction">
							<default_value>-0.1</default_value>
							<range>-0.6 0.3</range>
							<clamped>true</clamped>
							<locked>false</locked>
						</Coordinate>
						<Coordinate name="scapula_elevation">
							<default_value>0.1</default_value>
							<range>-0.2 0.5</range>
							<clamped>true</clamped>
							<locked>false</locked>
						</Coordinate>
						<Coordinate name="scapula_upward_rot">
							<default_value>0.2</default_value>
							<range>-0.3 0.9</range>
						</Coordinate>
						<Coordinate name="scapula_winging">
							<default_value>0.1</default_value>
							<range>-0.2 0.5</range>
						</Coordinate>
					</coordinates>
					<frames>
						<PhysicalOffsetFrame name="thorax_offset">
							<socket_parent>/bodyset/thorax</socket_parent>
							<translation>-0.03 -0.12 0.075</translation>
							<orientation>0 0 0</orientation>
						</PhysicalOffsetFrame>
						<PhysicalOffsetFrame name="scapula_r_offset">
							<socket_parent>/bodyset/scapula_r</socket_parent>
							<translation>-0.07 -0.04 0.02</translation>
							<orientation>0.1 -0.3 0.2</orientation>
						</PhysicalOffsetFrame>
					</frames>
					<thoracic_ellipsoid_radii_x_y_z>0.07 0.15 0.08</thoracic_ellipsoid_radii_x_y_z>
					<scapula_winging_axis_origin>-0.02 0.03</scapula_winging_axis_origin>
					<scapula_winging_axis_direction>0.4</scapula_winging_axis_direction>
				</ScapulothoracicJoint>
			</objects>
		</JointSet>
		<ForceSet name="forceset">
			<objects>
				<CoordinateActuator name="winging_torque">
					<coordinate>scapula_winging</coordinate>
					<optimal_force>10</optimal_force>
				</CoordinateActuator>
			</objects>
		</ForceSet>
		<MarkerSet name="markerset">
			<objects>
				<Marker name="C7">
					<socket_parent_frame>/bodyset/thorax</socket_parent_frame>
					<location>-0.08 0.05 0</location>
				</Marker>
				<Marker name="AA">
					<socket_parent_frame>/bodyset/scapula_r</socket_parent_frame>
					<location>-0.06 0 -0.01</location>
				</Marker>
			</objects>
		</MarkerSet>
	</Model>
</OpenSimDocument>
)";

using js::test::temp_dir;

using js::test::slurp;

// the surface fit of a grid over abduction × elevation (as `import-osim --grid` then `jointsmith-cli fit`)
SplineSurfaceJoint fitted_scapula(std::pair<double, double> abduction, std::pair<double, double> elevation) {
  const OsimModel model = read_osim_model_text(kScapulaModel, "scapula.osim");
  const fit::SampleSet samples =
      sample_osim_model_grid(model, "scapulothoracic_r", "scapula_abduction", "scapula_elevation", abduction, elevation, 21, 21, "grid");
  fit::SurfaceFitOptions options;
  options.net = {8};
  const fit::SurfaceFitResult r = fit::fit_spline_surface(samples, options);
  return r.joint();
}

// the largest differences between two joints at n random points of a box (a: ours, b: the model's, q_b = q_a[slot])
std::pair<double, double> random_difference(const JointModel& a, const JointModel& b, const std::vector<int>& slot,
                                            const std::vector<std::pair<double, double>>& box, int n) {
  std::mt19937 rng(3);
  JointData da(a.dof()), db(b.dof());
  JointVector qa(a.dof()), qb(b.dof());
  double dp = 0.0, dr = 0.0;
  for (int k = 0; k < n; ++k) {
    for (int d = 0; d < a.dof(); ++d) qa[d] = std::uniform_real_distribution<double>(box[static_cast<std::size_t>(d)].first, box[static_cast<std::size_t>(d)].second)(rng);
    for (int d = 0; d < b.dof(); ++d) qb[d] = qa[slot[static_cast<std::size_t>(d)]];
    a.evaluate(qa, da, EvalLevel::Transform);
    b.evaluate(qb, db, EvalLevel::Transform);
    dp = std::max(dp, (da.G.p - db.G.p).norm());
    dr = std::max(dr, so3_log(da.G.R.transpose() * db.G.R).norm());
  }
  return {dp, dr};
}

const OsimModelJoint& joint_named(const OsimModel& m, const std::string& name) {
  for (const OsimModelJoint& j : m.joints) {
    if (j.name == name) return j;
  }
  throw std::runtime_error("no joint " + name);
}

TEST(OsimPolynomial, UnscaledCoefficientsEvaluateAsTheScaledPolynomialInOpenSimsOrder) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int dim : {1, 2, 3}) {
    for (int order : {0, 1, 3, 6}) {
      const std::vector<int> e = polynomial_exponents(dim, order);
      const std::size_t terms = e.size() / static_cast<std::size_t>(dim);
      std::vector<double> scaled(terms), centre(static_cast<std::size_t>(dim)), half(static_cast<std::size_t>(dim));
      for (double& c : scaled) c = u(rng);
      for (int d = 0; d < dim; ++d) {
        centre[static_cast<std::size_t>(d)] = 0.7 * u(rng);
        half[static_cast<std::size_t>(d)] = 0.5 + std::abs(u(rng));
      }
      const AxisFunction raw = AxisFunction::multivariate_polynomial(dim, order, unscale_polynomial(dim, order, scaled, centre, half));
      for (int k = 0; k < 20; ++k) {
        double q[3], expected = 0.0, got = 0.0;
        for (int d = 0; d < dim; ++d) q[d] = centre[static_cast<std::size_t>(d)] + half[static_cast<std::size_t>(d)] * u(rng);
        for (std::size_t t = 0; t < terms; ++t) {
          double v = scaled[t];
          for (int d = 0; d < dim; ++d) v *= std::pow((q[d] - centre[static_cast<std::size_t>(d)]) / half[static_cast<std::size_t>(d)], e[t * static_cast<std::size_t>(dim) + static_cast<std::size_t>(d)]);
          expected += v;
        }
        raw.evaluate(q, got, nullptr, nullptr);
        EXPECT_NEAR(got, expected, 1e-11) << "dim " << dim << " order " << order;
      }
    }
  }
  // opensim-core's order: the last variable's exponent runs fastest
  EXPECT_EQ(polynomial_exponents(2, 2), (std::vector<int>{0, 0, 0, 1, 0, 2, 1, 0, 1, 1, 2, 0}));
}

TEST(OsimPolynomial, ANonFinitePoseIsAnInfiniteErrorNotNone) {
  // a joint whose pose is NaN everywhere must not pass as a perfect fit
  std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(4, 4, 0.0, 1.0), spline::KnotVector::clamped(4, 4, 0.0, 1.0)};
  std::array<std::vector<double>, 6> c;
  for (auto& v : c) v.assign(16, std::nan(""));
  const SplineSurfaceJoint broken(SE3{}, knots, c);
  OsimPolynomialOptions o;
  o.ranges = {{0.0, 1.0}, {0.0, 1.0}};
  o.max_degree = 2;
  const OsimPolynomialExport ex = export_osim_polynomial(broken, o);
  EXPECT_FALSE(ex.within_tolerance);
  EXPECT_TRUE(std::isinf(ex.fidelity.max_position_error_m));
  EXPECT_EQ(ex.fidelity.worst_position_q.size(), 2u);
}

TEST(OsimReplacePoly, ScapulothoracicRoundTripThroughMultivariatePolynomials) {
  const std::string text = kScapulaModel;
  const SplineSurfaceJoint fitted = fitted_scapula({-0.6, 0.3}, {-0.2, 0.5});
  const fs::path dir = temp_dir("scapula");
  const fs::path model_path = dir / "scapula.osim";
  { std::ofstream(model_path, std::ios::binary) << text; }
  OsimReplaceOptions options;
  options.output_path = (dir / "scapula_poly.osim").string();
  options.coordinates = {"scapula_abduction", "scapula_elevation"};
  const OsimReplaceResult r = replace_osim_joint(text, model_path.string(), "scapulothoracic_r", fitted, options);

  // the fidelity report: within the default tolerance (0.1 mm, 0.05°), over the model's ranges, and said where
  EXPECT_TRUE(r.fidelity.within_tolerance);
  EXPECT_LE(r.fidelity.max_position_error_m, 1e-4);
  EXPECT_LE(r.fidelity.max_angle_error_rad, 0.05 * kDeg);
  EXPECT_GT(r.fidelity.max_position_error_m, 0.0);
  EXPECT_EQ(r.fidelity.points, 101 * 101);
  EXPECT_GE(r.fidelity.degree, 1);
  ASSERT_EQ(r.fidelity.worst_position_at.size(), 2u);
  EXPECT_GE(r.fidelity.worst_position_at[0], -0.6);
  EXPECT_LE(r.fidelity.worst_position_at[0], 0.3);
  EXPECT_EQ(r.coordinates, (std::vector<std::string>{"scapula_abduction", "scapula_elevation"}));
  EXPECT_EQ(r.ranges[1], (std::pair<double, double>{-0.2, 0.5}));
  EXPECT_EQ(r.removed_coordinates, (std::vector<std::string>{"scapula_upward_rot", "scapula_winging"}));
  EXPECT_FALSE(r.degrees_tried.empty());
  EXPECT_EQ(r.degrees_tried.back().first, r.fidelity.degree);
  const std::string summary = replace_summary(r, options);
  EXPECT_NE(summary.find("MultivariatePolynomialFunction of degree " + std::to_string(r.fidelity.degree)), std::string::npos) << summary;
  EXPECT_NE(summary.find("(scapula_abduction, scapula_elevation) = ("), std::string::npos) << summary;
  EXPECT_NE(summary.find(": met"), std::string::npos) << summary;
  EXPECT_NE(summary.find("'scapula_winging' removed"), std::string::npos) << summary;
  EXPECT_NE(summary.find("line(s) 72"), std::string::npos) << "the CoordinateActuator's reference:\n" << summary;
  EXPECT_NE(summary.find("'scapula_abduction' was rotational and is now coupled"), std::string::npos) << summary;

  // every byte outside the joint's element is unchanged
  EXPECT_EQ(r.text.substr(0, r.new_begin), text.substr(0, r.old_begin));
  EXPECT_EQ(r.text.substr(r.new_end), text.substr(r.old_end));
  const std::string element = r.text.substr(r.new_begin, r.new_end - r.new_begin);
  EXPECT_EQ(element.rfind("<CustomJoint name=\"scapulothoracic_r\">", 0), 0u) << element;
  EXPECT_EQ(element.find("thoracic_ellipsoid_radii"), std::string::npos) << element;
  EXPECT_EQ(element.find("scapula_upward_rot"), std::string::npos) << element;
  EXPECT_NE(element.find("\t\t\t\t\t\t\t<default_value>-0.1</default_value>"), std::string::npos) << "kept as written";
  EXPECT_NE(element.find("<coordinates>scapula_abduction scapula_elevation</coordinates>"), std::string::npos) << element;
  EXPECT_NE(element.find("<dimension>2</dimension>"), std::string::npos) << element;

  // saved, read back from the file by the project's reader, and evaluated as OpenSim does
  save_osim_model(r, options.output_path);
  EXPECT_EQ(slurp(options.output_path), r.text);
  const OsimModel back = read_osim_model(options.output_path);
  EXPECT_TRUE(back.issues.empty()) << back.issues.front().message();
  const OsimModelJoint& j = joint_named(back, "scapulothoracic_r");
  ASSERT_TRUE(j.joint);
  EXPECT_EQ(j.type, "CustomJoint");
  EXPECT_EQ(j.core_kind, "custom_axes");
  ASSERT_EQ(j.coordinates, (std::vector<std::string>{"scapula_abduction", "scapula_elevation"}));
  const auto [dp, da] = random_difference(fitted, *j.joint, {0, 1}, r.ranges, 2000);
  EXPECT_LE(dp, 1e-4) << "random points of the box stay within the tolerance";
  EXPECT_LE(da, 0.05 * kDeg);
  // and on the fidelity grid the differences are the ones reported
  JointData data(2);
  JointVector q(2);
  q << r.fidelity.worst_position_at[0], r.fidelity.worst_position_at[1];
  j.joint->evaluate(q, data, EvalLevel::Transform);
  const SE3 theirs = data.G;
  fitted.evaluate(q, data, EvalLevel::Transform);
  EXPECT_NEAR((theirs.p - data.G.p).norm(), r.fidelity.max_position_error_m, 1e-12);
  // the default pose of the new model is the fitted joint at the defaults of the coordinates it kept
  const int ab = back.find_coordinate("scapula_abduction");
  ASSERT_GE(ab, 0);
  EXPECT_DOUBLE_EQ(back.coordinates[static_cast<std::size_t>(ab)].default_value, -0.1);
  EXPECT_TRUE(back.coordinates[static_cast<std::size_t>(ab)].clamped);

  // for the record: how close the fitted surface is to the scapulothoracic joint it was sampled from
  const OsimModel original = read_osim_model_text(text, "scapula.osim");
  const OsimModelJoint& oj = joint_named(original, "scapulothoracic_r");
  JointData d4(4), d2(2);
  double fit_dp = 0.0;
  for (int k = 0; k <= 40; ++k) {
    JointVector q4(4), q2(2);
    q2 << -0.6 + 0.9 * k / 40.0, -0.2 + 0.7 * ((k * 7) % 41) / 40.0;
    q4 << q2[0], q2[1], 0.2, 0.1;
    oj.joint->evaluate(q4, d4, EvalLevel::Transform);
    fitted.evaluate(q2, d2, EvalLevel::Transform);
    fit_dp = std::max(fit_dp, (d4.G.p - d2.G.p).norm());
  }
  std::cout << "surface fit vs the ScapulothoracicJoint: " << fit_dp * 1e3 << " mm\n" << summary;
  EXPECT_LT(fit_dp, 1e-3);
  fs::remove_all(dir);
}

TEST(OsimReplacePoly, AnUnreachableToleranceIsRefusedWithTheFidelityReached) {
  const SplineSurfaceJoint fitted = fitted_scapula({-0.6, 0.3}, {-0.2, 0.5});
  OsimReplaceOptions options;
  options.coordinates = {"scapula_abduction", "scapula_elevation"};
  options.polynomial.position_tolerance = 1e-9;
  options.polynomial.max_degree = 4;
  try {
    replace_osim_joint(kScapulaModel, "scapula.osim", "scapulothoracic_r", fitted, options);
    FAIL() << "expected a refusal";
  } catch (const OsimError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("scapula.osim:"), std::string::npos) << m;
    EXPECT_NE(m.find("<ScapulothoracicJoint name='scapulothoracic_r'>"), std::string::npos) << m;
    EXPECT_NE(m.find("degree "), std::string::npos) << m;
    EXPECT_NE(m.find(" mm at (scapula_abduction, scapula_elevation) = ("), std::string::npos) << m;
    EXPECT_NE(m.find("tolerance 1e-06 mm"), std::string::npos) << m;
    EXPECT_NE(m.find("highest degree tried 4"), std::string::npos) << m;
  }
}

TEST(OsimReplacePoly, ARangeTheSamplesDoNotCoverIsNamed) {
  // sampled over half the abduction range only
  const SplineSurfaceJoint fitted = fitted_scapula({-0.6, -0.15}, {-0.2, 0.5});
  OsimReplaceOptions options;
  options.coordinates = {"scapula_abduction", "scapula_elevation"};
  try {
    replace_osim_joint(kScapulaModel, "scapula.osim", "scapulothoracic_r", fitted, options);
    FAIL() << "expected a refusal";
  } catch (const OsimError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("<Coordinate name='scapula_abduction'>"), std::string::npos) << m;
    EXPECT_NE(m.find("range [-0.6, 0.3] is not covered by the fitted joint"), std::string::npos) << m;
    EXPECT_NE(m.find("spans [-0.6, -0.15]"), std::string::npos) << m;
  }
}

TEST(OsimReplacePoly, CoordinatesToDriveMustBeNamedWhenTheCountsDiffer) {
  const SplineSurfaceJoint fitted = fitted_scapula({-0.6, 0.3}, {-0.2, 0.5});
  OsimReplaceOptions options;
  try {
    replace_osim_joint(kScapulaModel, "scapula.osim", "scapulothoracic_r", fitted, options);
    FAIL() << "expected a refusal";
  } catch (const OsimError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("has 4 coordinates (scapula_abduction, scapula_elevation, scapula_upward_rot, scapula_winging)"), std::string::npos) << m;
    EXPECT_NE(m.find("--coordinates A,B"), std::string::npos) << m;
  }
  options.coordinates = {"scapula_abduction", "nope"};
  EXPECT_THROW(replace_osim_joint(kScapulaModel, "scapula.osim", "scapulothoracic_r", fitted, options), OsimError);
  options.coordinates = {"scapula_abduction", "scapula_elevation"};
  EXPECT_THROW(replace_osim_joint(kScapulaModel, "scapula.osim", "no_such_joint", fitted, options), OsimError);
}

TEST(OsimReplacePoly, ThreeDofSurfaceReplacesAnEllipsoidJointInFileOrder) {
  // a 3-dof spline surface joint whose coordinates come in another order than the model's
  std::vector<spline::KnotVector> knots;
  const double lo[3] = {-0.5, -0.4, -0.3}, hi[3] = {0.4, 0.6, 0.5};
  for (int d = 0; d < 3; ++d) knots.push_back(spline::KnotVector::clamped(4, 4, lo[d], hi[d]));
  std::array<std::vector<double>, 6> coefficients;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (std::size_t c = 0; c < 6; ++c) {
    for (int k = 0; k < 64; ++k) coefficients[c].push_back((c < 3 ? 0.02 : 0.3) * u(rng));
  }
  SplineSurfaceJoint surface(SE3{}, knots, coefficients, SplineSurfaceJoint::default_basis(), {"c", "a", "b"});
  const std::string model = std::string(R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="ell">
<Ground name="ground" />
<BodySet name="bodyset"><objects>
<Body name="a"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
<Body name="b"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
</objects></BodySet>
<JointSet name="jointset"><objects>
<WeldJoint name="w"><socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/a</socket_child_frame></WeldJoint>
<EllipsoidJoint name="e">
<socket_parent_frame>a_offset</socket_parent_frame>
<socket_child_frame>b_offset</socket_child_frame>
<coordinates>
<Coordinate name="a"><range>-0.4 0.6</range></Coordinate>
<Coordinate name="b"><range>-0.3 0.5</range></Coordinate>
<Coordinate name="c"><range>-0.5 0.4</range></Coordinate>
</coordinates>
<frames>
<PhysicalOffsetFrame name="a_offset"><socket_parent>/bodyset/a</socket_parent></PhysicalOffsetFrame>
<PhysicalOffsetFrame name="b_offset"><socket_parent>/bodyset/b</socket_parent></PhysicalOffsetFrame>
</frames>
<radii_x_y_z>0.1 0.2 0.3</radii_x_y_z>
</EllipsoidJoint>
</objects></JointSet>
</Model>
</OpenSimDocument>
)");
  OsimReplaceOptions options;
  const OsimReplaceResult r = replace_osim_joint(model, "ell.osim", "e", surface, options);
  EXPECT_TRUE(r.fidelity.within_tolerance);
  EXPECT_EQ(r.coordinates, (std::vector<std::string>{"c", "a", "b"}));
  EXPECT_TRUE(r.removed_coordinates.empty());
  EXPECT_NE(r.text.find("<coordinates>a b c</coordinates>"), std::string::npos) << "file order";
  EXPECT_NE(r.text.find("<dimension>3</dimension>"), std::string::npos);
  const OsimModel back = read_osim_model_text(r.text, "ell.osim");
  const OsimModelJoint& j = joint_named(back, "e");
  ASSERT_TRUE(j.joint);
  // back's q = (a, b, c) = surface q (1, 2, 0)
  const auto [dp, da] = random_difference(surface, *j.joint, {1, 2, 0}, r.ranges, 500);
  EXPECT_LE(dp, 1e-4);
  EXPECT_LE(da, 0.05 * kDeg);
  EXPECT_NE(replace_summary(r, options).find("(c, a, b) = ("), std::string::npos);
}

TEST(OsimReplacePoly, ChannelsThatDoNotMoveStayConstantSoRotationsStayRotational) {
  // a 2-dof rotation (no translation): its coordinates must read back Rotational, not Coupled
  std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(4, 4, -0.5, 0.5), spline::KnotVector::clamped(4, 4, -0.4, 0.4)};
  std::array<std::vector<double>, 6> c;
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(-0.3, 0.3);
  for (std::size_t k = 0; k < 6; ++k) {
    for (int i = 0; i < 16; ++i) c[k].push_back(k < 3 ? 0.0 : u(rng));
  }
  const SplineSurfaceJoint wrist(SE3{Mat3::Identity(), Vec3(0.0, -0.2, 0.0)}, knots, c, SplineSurfaceJoint::default_basis(), {"flex", "dev"});
  const std::string model = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="arm">
<Ground name="ground" />
<BodySet name="bodyset"><objects>
<Body name="radius"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
<Body name="hand"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
</objects></BodySet>
<JointSet name="jointset"><objects>
<WeldJoint name="w"><socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/radius</socket_child_frame></WeldJoint>
<UniversalJoint name="wrist">
<socket_parent_frame>radius_offset</socket_parent_frame>
<socket_child_frame>hand_offset</socket_child_frame>
<coordinates>
<Coordinate name="flex"><range>-0.5 0.5</range></Coordinate>
<Coordinate name="dev"><range>-0.4 0.4</range></Coordinate>
</coordinates>
<frames>
<PhysicalOffsetFrame name="radius_offset"><socket_parent>/bodyset/radius</socket_parent></PhysicalOffsetFrame>
<PhysicalOffsetFrame name="hand_offset"><socket_parent>/bodyset/hand</socket_parent></PhysicalOffsetFrame>
</frames>
</UniversalJoint>
</objects></JointSet>
</Model>
</OpenSimDocument>
)";
  OsimReplaceOptions options;
  const OsimReplaceResult r = replace_osim_joint(model, "arm.osim", "wrist", wrist, options);
  EXPECT_TRUE(r.fidelity.within_tolerance);
  std::size_t constants = 0;
  for (std::size_t at = r.text.find("<Constant name=\"function\">"); at != std::string::npos; at = r.text.find("<Constant name=\"function\">", at + 1)) ++constants;
  EXPECT_EQ(constants, 3u) << r.text;
  const OsimModel back = read_osim_model_text(r.text, "arm.osim");
  EXPECT_TRUE(back.issues.empty());
  for (const char* name : {"flex", "dev"}) {
    const int k = back.find_coordinate(name);
    ASSERT_GE(k, 0);
    EXPECT_EQ(back.coordinates[static_cast<std::size_t>(k)].motion, OsimMotion::Rotational) << name;
  }
}

TEST(OsimGrid, AGridFollowsCouplerConstraintsAndRefusesACoupledCoordinate) {
  // c (a slide along x) is set from a by a coupler: c = 2 · 0.05 · a; a turns about z, b about x
  const std::string model = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="m">
<Ground name="ground" />
<BodySet name="bodyset"><objects>
<Body name="p"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
<Body name="c"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
</objects></BodySet>
<JointSet name="jointset"><objects>
<WeldJoint name="w"><socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/p</socket_child_frame></WeldJoint>
<CustomJoint name="j">
<socket_parent_frame>p_offset</socket_parent_frame>
<socket_child_frame>c_offset</socket_child_frame>
<coordinates>
<Coordinate name="a"><range>-1 1</range></Coordinate>
<Coordinate name="b"><range>-0.5 0.5</range></Coordinate>
<Coordinate name="s"><range>-1 1</range></Coordinate>
</coordinates>
<frames>
<PhysicalOffsetFrame name="p_offset"><socket_parent>/bodyset/p</socket_parent></PhysicalOffsetFrame>
<PhysicalOffsetFrame name="c_offset"><socket_parent>/bodyset/c</socket_parent></PhysicalOffsetFrame>
</frames>
<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>a</coordinates><axis>0 0 1</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
<TransformAxis name="rotation2"><coordinates>b</coordinates><axis>1 0 0</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
<TransformAxis name="rotation3"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
<TransformAxis name="translation1"><coordinates>s</coordinates><axis>1 0 0</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
<TransformAxis name="translation2"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
</SpatialTransform>
</CustomJoint>
</objects></JointSet>
<ConstraintSet name="constraintset"><objects>
<CoordinateCouplerConstraint name="slide">
<coupled_coordinates_function><LinearFunction><coefficients>0.05 0</coefficients></LinearFunction></coupled_coordinates_function>
<independent_coordinate_names>a</independent_coordinate_names>
<dependent_coordinate_name>s</dependent_coordinate_name>
<scale_factor>2</scale_factor>
</CoordinateCouplerConstraint>
</objects></ConstraintSet>
</Model>
</OpenSimDocument>
)";
  const OsimModel m = read_osim_model_text(model, "coupled.osim");
  ASSERT_TRUE(m.issues.empty()) << m.issues.front().message();
  const fit::SampleSet g = sample_osim_model_grid(m, "j", "a", "b", {-1.0, 1.0}, {-0.5, 0.5}, 5, 3, "grid");
  ASSERT_EQ(g.size(), 15);
  for (const fit::Sample& s : g.samples) EXPECT_NEAR(s.parent_T_child.p.x(), 0.1 * s.q[0], 1e-15) << "the slide follows a";
  try {
    sample_osim_model_grid(m, "j", "a", "s", {-1.0, 1.0}, {-1.0, 1.0}, 3, 3, "grid");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "coupled.osim: coordinate 's' is set by the coupler constraint 'slide' from a; sample the independent coordinate instead");
  }
}

TEST(OsimReplace, Leg39KneeOverItsFlexionDropsTheCoupledTranslations) {
  // leg39's knee_r has the flexion and two tibia translations that CoordinateCouplerConstraints set from it: a
  // 1-dof fit over the flexion, couplers followed, replaces the joint; the translations and their couplers go
  const fs::path path = fs::path(JS_SOURCE_DIR) / ".." / "shared" / "data" / "opensim" / "leg39.osim";
  if (!fs::exists(path)) GTEST_SKIP() << "no shared OpenSim data at " << path.parent_path() << " (tests that need it skip)";
  const std::string text = slurp(path);
  const OsimModel model = read_osim_model_text(text, path.string());
  const int knee = model.find_coordinate("knee_angle_r");
  ASSERT_GE(knee, 0);
  const OsimModelCoordinate& kc = model.coordinates[static_cast<std::size_t>(knee)];
  const fit::SampleSet samples = sample_osim_model_box(model, "knee_r", {"knee_angle_r"}, {{kc.min, kc.max}}, {121}, "leg39 knee");
  ASSERT_EQ(samples.dof, 1);
  fit::CurveFitOptions fo;
  fo.num_frames = 20;
  fit::AutoFitOptions automatic;
  automatic.auto_smoothing = false;
  const SplineCurveJoint joint = fit::fit_spline_curve_auto(samples, fo, automatic).fit.joint("knee_angle_r");

  const fs::path dir = temp_dir("leg39_knee");
  OsimReplaceOptions options;
  options.output_path = (dir / "leg39.osim").string();
  options.meshes = OsimMeshPaths::Keep;
  const OsimReplaceResult r = replace_osim_joint(text, path.string(), "knee_r", joint, options);
  EXPECT_EQ(r.removed_coordinates, (std::vector<std::string>{"tib_tx_r", "tib_ty_r"}));
  EXPECT_TRUE(r.fidelity.within_tolerance) << replace_summary(r, options);
  std::string notes;
  for (const std::string& n : r.notes) notes += n + "\n";
  EXPECT_NE(notes.find("CoordinateCouplerConstraint 'knee_tx_r' removed"), std::string::npos) << notes;
  EXPECT_NE(notes.find("CoordinateCouplerConstraint 'knee_ty_r' removed"), std::string::npos) << notes;
  EXPECT_NE(notes.find("coordinate 'tib_tx_r' removed (the fitted joint does not drive it); nothing else in the model names it"), std::string::npos) << notes;
  // the text before the joint is the file's; after it, only the two constraints are gone
  EXPECT_EQ(r.text.substr(0, r.new_begin), text.substr(0, r.old_begin));
  EXPECT_EQ(r.text.find("knee_tx_r"), std::string::npos);
  EXPECT_NE(r.text.find("<CoordinateCouplerConstraint name=\"pat_angle_r\">"), std::string::npos) << "the patella's couplers stay";

  // the saved model reads back whole: the knee has one coordinate and follows the old knee with its couplers
  const OsimModel back = read_osim_model_text(r.text, path.string());  // beside the file, where its meshes are
  // nothing new to say about it (leg39's toes have a degenerate inertia, in the file and the copy alike)
  EXPECT_EQ(back.issues.size(), model.issues.size()) << back.issues.back().message();
  EXPECT_EQ(back.couplers.size(), model.couplers.size() - 2);
  EXPECT_LT(back.find_coordinate("tib_tx_r"), 0);
  const OsimModelJoint* bj = nullptr;
  for (const OsimModelJoint& j : back.joints)
    if (j.name == "knee_r") bj = &j;
  ASSERT_TRUE(bj && bj->joint);
  ASSERT_EQ(bj->joint->dof(), 1);
  const fit::SampleSet again = sample_osim_model_box(model, "knee_r", {"knee_angle_r"}, {{kc.min, kc.max}}, {37}, "leg39 knee");
  JointData d(1);
  double worst_mm = 0.0, worst_deg = 0.0;
  for (const fit::Sample& s : again.samples) {
    bj->joint->evaluate(s.q, d, EvalLevel::Transform);
    worst_mm = std::max(worst_mm, (d.G.p - s.parent_T_child.p).norm() * 1e3);
    worst_deg = std::max(worst_deg, so3_log(d.G.R.transpose() * s.parent_T_child.R).norm() / kDeg);
  }
  EXPECT_LT(worst_mm, 0.01);
  EXPECT_LT(worst_deg, 0.01);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace js::interop
