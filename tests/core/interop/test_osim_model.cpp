// reading whole OpenSim models: every joint type against OpenSim's documented definition on small models the
// test writes, the three shared models (counts, meshes, the wrong-case mesh), and bad input (one located issue,
// the rest still opens).
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "core/interop/osim_file.hpp"
#include "core/interop/osim_model.hpp"
#include "tests/core/interop/osim_model_fixture.hpp"

namespace js::test {

namespace {

using interop::OsimModel;

Mat3 rot(const Vec3& axis, double angle) { return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(); }

const interop::OsimModelJoint& joint_named(const OsimModel& m, const std::string& name) {
  for (const auto& j : m.joints) {
    if (j.name == name) return j;
  }
  throw std::runtime_error("no joint " + name);
}

std::string issues(const OsimModel& m) {
  std::string s;
  for (const auto& i : m.issues) s += i.message() + "\n";
  return s;
}

// X_FM of each joint type at q as simbody defines the mobilizer opensim wraps (docs/opensim.md)
SE3 documented(const std::string& type, const Eigen::VectorXd& q) {
  SE3 X;
  const Vec3 x = Vec3::UnitX(), y = Vec3::UnitY(), z = Vec3::UnitZ();
  if (type == "PinJoint") X.R = rot(z, q[0]);
  if (type == "SliderJoint") X.p = q[0] * x;
  if (type == "UniversalJoint") X.R = rot(x, q[0]) * rot(y, q[1]);
  if (type == "BallJoint" || type == "GimbalJoint") X.R = rot(x, q[0]) * rot(y, q[1]) * rot(z, q[2]);
  if (type == "FreeJoint") {
    X.R = rot(x, q[0]) * rot(y, q[1]) * rot(z, q[2]);
    X.p = Vec3(q[3], q[4], q[5]);
  }
  if (type == "PlanarJoint") {
    X.R = rot(z, q[0]);
    X.p = Vec3(q[1], q[2], 0.0);
  }
  return X;
}

// simbody Ellipsoid: R = x-y-z body-fixed, origin at (r_x n_x, r_y n_y, r_z n_z), n = R's z column
SE3 ellipsoid(const Vec3& r, double a, double b, double c) {
  SE3 X;
  X.R = rot(Vec3::UnitX(), a) * rot(Vec3::UnitY(), b) * rot(Vec3::UnitZ(), c);
  X.p = r.cwiseProduct(X.R.col(2));
  return X;
}

// opensim ScapulothoracicJoint: R_z(π/2) · Ellipsoid(r_y, r_x, r_z) · R_z(−π/2) · winging about
// (−sin d, cos d, 0) through (o_x, o_y, 0)
SE3 scapulothoracic(const Vec3& r, double ox, double oy, double d, const Eigen::VectorXd& q) {
  SE3 quarter, back, wing;
  quarter.R = rot(Vec3::UnitZ(), 1.5707963267948966);
  back.R = quarter.R.transpose();
  const Vec3 o(ox, oy, 0.0);
  wing.R = rot(Vec3(-std::sin(d), std::cos(d), 0.0), q[3]);
  wing.p = o - wing.R * o;
  return quarter * ellipsoid(Vec3(r.y(), r.x(), r.z()), q[0], q[1], q[2]) * back * wing;
}

int dof_of(const std::string& type) {
  if (type == "WeldJoint") return 0;
  if (type == "PinJoint" || type == "SliderJoint") return 1;
  if (type == "UniversalJoint") return 2;
  if (type == "FreeJoint") return 6;
  return 3;
}

OsimOffset random_offset(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  return {Vec3(u(rng), u(rng), u(rng)) * 0.3, Vec3(u(rng), u(rng), u(rng)) * 1.5};
}

// the joint "j" of a model at q against parent_T_pframe · X_FM · child_T_cframe⁻¹
void expect_pose(const OsimModel& m, const OsimOffset& pa, const OsimOffset& ch, const Eigen::VectorXd& q, const SE3& X,
                 const std::string& what) {
  const auto& j = joint_named(m, "j");
  ASSERT_TRUE(j.joint) << what << "\n" << issues(m);
  JointData d(j.joint->dof());
  j.joint->evaluate(q, d, EvalLevel::Transform);
  const SE3 expected = osim_offset_transform(pa) * X * osim_offset_transform(ch).inverse();
  EXPECT_LT((d.G.R - expected.R).norm(), 1e-12) << what;
  EXPECT_LT((d.G.p - expected.p).norm(), 1e-12) << what;
}

std::filesystem::path shared_models() { return std::filesystem::path(JS_SOURCE_DIR "/../shared/data/opensim"); }

}  // namespace

TEST(OsimModel, EveryJointTypeMatchesItsDefinition) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1.4, 1.4);
  for (const std::string type : {"WeldJoint", "PinJoint", "SliderJoint", "UniversalJoint", "BallJoint", "GimbalJoint", "FreeJoint", "PlanarJoint"}) {
    const int n = dof_of(type);
    std::string coords;
    for (int k = 0; k < n; ++k) coords += osim_coordinate("c" + std::to_string(k));
    for (int trial = 0; trial < 5; ++trial) {
      const OsimOffset pa = random_offset(rng), ch = random_offset(rng);
      const OsimModel m = interop::read_osim_model_text(osim_two_body_model(type, coords, "", pa, ch), "mem.osim");
      EXPECT_TRUE(m.issues.empty()) << type << "\n" << issues(m);
      ASSERT_EQ(m.multibody.num_bodies(), 2) << type;
      for (int s = 0; s < 10; ++s) {
        Eigen::VectorXd q(n);
        for (int k = 0; k < n; ++k) q[k] = u(rng);
        expect_pose(m, pa, ch, q, documented(type, q), type);
      }
    }
  }
}

TEST(OsimModel, EllipsoidAndScapulothoracicMatchTheirDefinitions) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1.2, 1.2);
  const Vec3 r(0.07, 0.15, 0.08);
  for (int trial = 0; trial < 4; ++trial) {
    const OsimOffset pa = random_offset(rng), ch = random_offset(rng);
    const OsimModel e = interop::read_osim_model_text(
        osim_two_body_model("EllipsoidJoint", osim_coordinate("a") + osim_coordinate("b") + osim_coordinate("c"),
                            "<radii_x_y_z>0.07 0.15 0.08</radii_x_y_z>\n", pa, ch), "ell.osim");
    ASSERT_TRUE(e.issues.empty()) << issues(e);
    EXPECT_EQ(joint_named(e, "j").core_kind, "ellipsoid");
    const OsimModel s = interop::read_osim_model_text(
        osim_two_body_model("ScapulothoracicJoint",
                            osim_coordinate("abduction") + osim_coordinate("elevation") + osim_coordinate("upward_rotation") +
                                osim_coordinate("winging"),
                            "<thoracic_ellipsoid_radii_x_y_z>0.07 0.15 0.08</thoracic_ellipsoid_radii_x_y_z>\n"
                            "<scapula_winging_axis_origin>-0.02 0.03</scapula_winging_axis_origin>\n"
                            "<scapula_winging_axis_direction>0.4</scapula_winging_axis_direction>\n",
                            pa, ch),
        "st.osim");
    ASSERT_TRUE(s.issues.empty()) << issues(s);
    EXPECT_EQ(joint_named(s, "j").core_kind, "series");
    for (int k = 0; k < 10; ++k) {
      Eigen::VectorXd q3(3), q4(4);
      q4 << u(rng), u(rng), u(rng), u(rng);
      q3 = q4.head(3);
      expect_pose(e, pa, ch, q3, ellipsoid(r, q3[0], q3[1], q3[2]), "EllipsoidJoint");
      expect_pose(s, pa, ch, q4, scapulothoracic(r, -0.02, 0.03, 0.4, q4), "ScapulothoracicJoint");
    }
  }
}

TEST(OsimModel, CustomJointMatchesItsDefinition) {
  // rotation1 about a tilted axis by a PiecewiseLinearFunction of c0, rotation2 by a MultivariatePolynomialFunction
  // of (c0, c1), rotation3 constant, translations: linear, polynomial, a multiplier of a constant
  const std::string st = R"(<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>c0</coordinates><axis>0.2 0.3 1</axis>
  <PiecewiseLinearFunction name="function"><x>-2 0 1 2</x><y>-1 0.5 0.2 0.9</y></PiecewiseLinearFunction></TransformAxis>
<TransformAxis name="rotation2"><coordinates>c0 c1</coordinates><axis>1 0 0</axis>
  <MultivariatePolynomialFunction name="function"><dimension>2</dimension><order>2</order><coefficients>0.1 0.2 0.3 0.4 0.5 0.6</coefficients></MultivariatePolynomialFunction></TransformAxis>
<TransformAxis name="rotation3"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0.3</value></Constant></TransformAxis>
<TransformAxis name="translation1"><coordinates>c1</coordinates><axis>1 0 0</axis><LinearFunction name="function"><coefficients>0.5 0.01</coefficients></LinearFunction></TransformAxis>
<TransformAxis name="translation2"><coordinates>c1</coordinates><axis>0 1 0.5</axis><PolynomialFunction name="function"><coefficients>0.1 -0.2 0.03</coefficients></PolynomialFunction></TransformAxis>
<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><MultiplierFunction name="function"><function><Constant><value>0.2</value></Constant></function><scale>-0.5</scale></MultiplierFunction></TransformAxis>
</SpatialTransform>
)";
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.9, 1.9);
  const OsimOffset pa = random_offset(rng), ch = random_offset(rng);
  const OsimModel m = interop::read_osim_model_text(
      osim_two_body_model("CustomJoint", osim_coordinate("c0") + osim_coordinate("c1"), st, pa, ch), "mem.osim");
  ASSERT_TRUE(m.issues.empty()) << issues(m);
  EXPECT_EQ(joint_named(m, "j").core_kind, "custom_axes");
  auto piecewise = [](double x) {
    const double xs[4] = {-2, 0, 1, 2}, ys[4] = {-1, 0.5, 0.2, 0.9};
    int k = x < xs[1] ? 0 : (x < xs[2] ? 1 : 2);
    return ys[k] + (x - xs[k]) * (ys[k + 1] - ys[k]) / (xs[k + 1] - xs[k]);
  };
  for (int s = 0; s < 20; ++s) {
    Eigen::VectorXd q(2);
    q << u(rng), u(rng);
    const double a = q[0], b = q[1];
    // opensim's monomial order for dimension 2, order 2: 1, b, b², a, a b, a²
    const double mv = 0.1 + 0.2 * b + 0.3 * b * b + 0.4 * a + 0.5 * a * b + 0.6 * a * a;
    SE3 X;
    X.R = rot(Vec3(0.2, 0.3, 1), piecewise(a)) * rot(Vec3::UnitX(), mv) * rot(Vec3::UnitY(), 0.3);
    X.p = (0.5 * b + 0.01) * Vec3::UnitX() + (0.1 * b * b - 0.2 * b + 0.03) * Vec3(0, 1, 0.5).normalized() - 0.1 * Vec3::UnitZ();
    expect_pose(m, pa, ch, q, X, "custom");
  }
}

TEST(OsimModel, CustomJointAgreesWithTheSingleJointReader) {
  // the import-osim reader (osim_read.cpp, OsimCustomJoint) is an independent implementation of the same rules
  const std::filesystem::path file = shared_models() / "leg6dof9musc.osim";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "shared data not found at " << file;
  const OsimModel m = interop::read_osim_model(file.string());
  const interop::OsimCustomJoint knee = interop::read_osim_joint(file.string(), "knee_r");
  const auto& j = joint_named(m, "knee_r");
  ASSERT_TRUE(j.joint);
  JointData d(j.joint->dof());
  for (double x = -2.0; x <= 0.1; x += 0.05) {
    Eigen::VectorXd q(1);
    q[0] = x;
    j.joint->evaluate(q, d, EvalLevel::Transform);
    const SE3 ref = knee.parent_T_child({x});
    EXPECT_LT((d.G.R - ref.R).norm(), 1e-12);
    EXPECT_LT((d.G.p - ref.p).norm(), 1e-12);
  }
}

TEST(OsimModel, SharedModelsOpen) {
  if (!std::filesystem::exists(shared_models())) GTEST_SKIP() << "shared data not found at " << shared_models();
  struct Expect {
    const char* file;
    int bodies, joints, coordinates, meshes, couplers;
  };
  for (const Expect e : {Expect{"leg6dof9musc.osim", 7, 7, 7, 10, 1}, Expect{"leg39.osim", 7, 7, 14, 10, 5},
                         Expect{"Rajagopal2016.osim", 22, 22, 39, 81, 2}}) {
    const OsimModel m = interop::read_osim_model((shared_models() / e.file).string());
    EXPECT_EQ(m.version, 40000) << e.file;
    EXPECT_EQ(static_cast<int>(m.bodies.size()), e.bodies) << e.file;
    EXPECT_EQ(m.multibody.num_bodies(), e.bodies) << e.file;
    EXPECT_EQ(static_cast<int>(m.joints.size()), e.joints) << e.file;
    EXPECT_EQ(static_cast<int>(m.coordinates.size()), e.coordinates) << e.file;
    EXPECT_EQ(m.multibody.nq(), e.coordinates) << e.file;
    EXPECT_EQ(static_cast<int>(m.meshes.size()), e.meshes) << e.file;
    EXPECT_EQ(m.meshes_found(), e.meshes) << e.file << "\n" << issues(m);
    EXPECT_EQ(static_cast<int>(m.couplers.size()), e.couplers) << e.file << "\n" << issues(m);
    // the only issues: bodies whose inertia is no rigid body's (leg39's toes: 0 0 0.0009), raised to simulate
    for (const auto& i : m.issues) {
      EXPECT_NE(i.message().find("is not a rigid body's"), std::string::npos) << e.file << "\n" << i.message();
    }
    for (int b = 0; b < m.multibody.num_bodies(); ++b) {
      const Eigen::SelfAdjointEigenSolver<Mat3> eig(m.multibody.body(b).inertia.inertia_com);
      const Vec3 l = eig.eigenvalues();
      EXPECT_TRUE(l[0] > 0.0 && l[0] + l[1] >= l[2] * (1.0 - 1e-9)) << e.file << " " << m.multibody.body(b).name;
    }
    EXPECT_FALSE(m.kept.empty()) << e.file;  // muscles, markers: kept, not simulated
    for (const auto& c : m.coordinates) EXPECT_GE(c.model_index, 0) << e.file << " " << c.name;
  }
}

TEST(OsimModel, WrongCaseMeshFoundByTheFallback) {
  const std::filesystem::path file = shared_models() / "leg39.osim";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "shared data not found at " << file;
  const OsimModel m = interop::read_osim_model(file.string());
  bool seen = false;
  for (const auto& mesh : m.meshes) {
    if (mesh.file != "fibula_R.vtp") continue;
    seen = true;
    ASSERT_TRUE(mesh.found());
    EXPECT_EQ(std::filesystem::path(mesh.path).filename().string(), "fibula_r.vtp");
  }
  EXPECT_TRUE(seen);
}

TEST(OsimModel, CouplersDriveTheirCoordinates) {
  const std::filesystem::path file = shared_models() / "leg39.osim";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "shared data not found at " << file;
  const OsimModel m = interop::read_osim_model(file.string());
  Eigen::VectorXd q = m.default_q;
  for (const auto& c : m.couplers) q[c.independent_indices[0]] = -0.7;
  m.apply_couplers(q);
  for (const auto& c : m.couplers) {
    double f = 0.0;
    const double x = q[c.independent_indices[0]];
    c.function.evaluate(&x, f, nullptr, nullptr);
    EXPECT_DOUBLE_EQ(q[c.dependent_index], c.scale * f) << c.name;
  }
}

// ---------------------------------------------------------------- bad input

TEST(OsimModelErrors, InertiaThatIsNoRigidBodysIsRaisedAndNamed) {
  std::string text = osim_two_body_model("PinJoint", osim_coordinate("c0"), "", {}, {});
  const std::string good = "<inertia>0.01 0.02 0.03 0 0 0</inertia>";
  text.replace(text.find(good), good.size(), "<inertia>0 0 0.0009 0 0 0</inertia>");
  const OsimModel m = interop::read_osim_model_text(text, "toes.osim");
  ASSERT_EQ(m.issues.size(), 1u) << issues(m);
  const std::string msg = m.issues[0].message();
  EXPECT_NE(msg.find("toes.osim:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("<Body name='b'>"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(0, 0, 0.0009)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("raised to (0.00045, 0.00045, 0.0009)"), std::string::npos) << msg;
  const int b = m.multibody.find_body("b");
  ASSERT_GE(b, 0);
  EXPECT_TRUE(m.multibody.body(b).inertia.inertia_com.isApprox(Vec3(0.00045, 0.00045, 0.0009).asDiagonal().toDenseMatrix(), 1e-6));
}

TEST(OsimModelErrors, MalformedXmlNamesTheLine) {
  try {
    interop::read_osim_model_text("<OpenSimDocument Version=\"40000\">\n<Model name=\"x\">\n<BodySet>\n</Model>", "bad.osim");
    FAIL() << "no error";
  } catch (const interop::OsimError& e) {
    EXPECT_EQ(e.kind(), interop::OsimErrorKind::Syntax);
    EXPECT_GT(e.line(), 0);
    EXPECT_NE(std::string(e.what()).find("bad.osim:"), std::string::npos) << e.what();
  }
}

TEST(OsimModelErrors, UnknownJointTypeIsOneIssueAndTheRestOpens) {
  const OsimModel m = interop::read_osim_model_text(osim_two_body_model("FancyJoint", osim_coordinate("c0"), "", {}, {}), "fancy.osim");
  ASSERT_EQ(m.issues.size(), 1u) << issues(m);
  EXPECT_NE(m.issues[0].message().find("fancy.osim:"), std::string::npos);
  EXPECT_NE(m.issues[0].message().find("FancyJoint"), std::string::npos) << m.issues[0].message();
  EXPECT_GT(m.issues[0].line, 0);
  EXPECT_EQ(m.multibody.num_bodies(), 1);  // a, on its weld
  EXPECT_EQ(joint_named(m, "weld").core_kind, "fixed");
}

TEST(OsimModelErrors, UnknownFunctionTypeIsOneIssue) {
  const std::string st = R"(<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>c0</coordinates><axis>0 0 1</axis><FooFunction name="function"><a>1</a></FooFunction></TransformAxis>
<TransformAxis name="rotation2"><axis>1 0 0</axis></TransformAxis><TransformAxis name="rotation3"><axis>0 1 0</axis></TransformAxis>
<TransformAxis name="translation1"><axis>1 0 0</axis></TransformAxis><TransformAxis name="translation2"><axis>0 1 0</axis></TransformAxis>
<TransformAxis name="translation3"><axis>0 0 1</axis></TransformAxis></SpatialTransform>
)";
  const OsimModel m = interop::read_osim_model_text(osim_two_body_model("CustomJoint", osim_coordinate("c0"), st, {}, {}), "fn.osim");
  ASSERT_EQ(m.issues.size(), 1u) << issues(m);
  EXPECT_NE(m.issues[0].message().find("FooFunction"), std::string::npos) << m.issues[0].message();
  EXPECT_EQ(m.issues[0].line, 23);  // <FooFunction>: line 2 of the transform, which the fixture starts on line 22
  EXPECT_EQ(m.multibody.num_bodies(), 1);
}

TEST(OsimModelErrors, UndefinedCoordinateIsOneIssue) {
  const std::string st = R"(<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>nope</coordinates><axis>0 0 1</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
</SpatialTransform>
)";
  const OsimModel m = interop::read_osim_model_text(osim_two_body_model("CustomJoint", osim_coordinate("c0"), st, {}, {}), "coord.osim");
  ASSERT_EQ(m.issues.size(), 1u) << issues(m);
  EXPECT_NE(m.issues[0].message().find("'nope'"), std::string::npos) << m.issues[0].message();
  // a coupler naming an undefined coordinate
  const std::string coupler = R"(<ConstraintSet><objects><CoordinateCouplerConstraint name="cc">
<independent_coordinate_names>ghost</independent_coordinate_names><dependent_coordinate_name>c0</dependent_coordinate_name>
<coupled_coordinates_function><LinearFunction><coefficients>1 0</coefficients></LinearFunction></coupled_coordinates_function>
</CoordinateCouplerConstraint></objects></ConstraintSet>
)";
  const OsimModel m2 = interop::read_osim_model_text(osim_two_body_model("PinJoint", osim_coordinate("c0"), "", {}, {}, coupler), "cc.osim");
  ASSERT_EQ(m2.issues.size(), 1u) << issues(m2);
  EXPECT_NE(m2.issues[0].message().find("'ghost' is referenced but not defined"), std::string::npos) << m2.issues[0].message();
  EXPECT_EQ(m2.multibody.num_bodies(), 2);
}

TEST(OsimModelErrors, CouplerCycleRefusedOthersApplied) {
  auto cc = [](const std::string& name, const std::string& ind, const std::string& dep) {
    return "<CoordinateCouplerConstraint name=\"" + name + "\"><independent_coordinate_names>" + ind +
           "</independent_coordinate_names><dependent_coordinate_name>" + dep +
           "</dependent_coordinate_name><coupled_coordinates_function><LinearFunction><coefficients>0.5 0.1</coefficients>"
           "</LinearFunction></coupled_coordinates_function></CoordinateCouplerConstraint>\n";
  };
  std::string coords;
  for (int k = 0; k < 6; ++k) coords += osim_coordinate("c" + std::to_string(k));
  const std::string set = "<ConstraintSet><objects>\n" + cc("ab", "c0", "c1") + cc("ba", "c1", "c0") + cc("ok", "c2", "c3") +
                          cc("chain", "c3", "c4") + "</objects></ConstraintSet>\n";
  const OsimModel m = interop::read_osim_model_text(osim_two_body_model("FreeJoint", coords, "", {}, {}, set), "cycle.osim");
  ASSERT_EQ(m.issues.size(), 2u) << issues(m);
  for (const auto& i : m.issues) EXPECT_NE(i.reason.find("cycle"), std::string::npos) << i.message();
  ASSERT_EQ(m.couplers.size(), 2u);
  EXPECT_EQ(m.couplers[0].name, "ok");  // before the coupler it drives
  EXPECT_EQ(m.couplers[1].name, "chain");
  Eigen::VectorXd q = Eigen::VectorXd::Zero(6);
  q[2] = 1.0;
  m.apply_couplers(q);
  EXPECT_DOUBLE_EQ(q[3], 0.6);
  EXPECT_DOUBLE_EQ(q[4], 0.4);
}

// a coupler switched off (opensim 4: isEnforced false; opensim 3: isDisabled true) is not applied
TEST(OsimModelErrors, SwitchedOffCouplersAreNotApplied) {
  auto cc = [](const std::string& name, const std::string& ind, const std::string& dep, const std::string& flag) {
    return "<CoordinateCouplerConstraint name=\"" + name + "\">" + flag + "<independent_coordinate_names>" + ind +
           "</independent_coordinate_names><dependent_coordinate_name>" + dep +
           "</dependent_coordinate_name><coupled_coordinates_function><LinearFunction><coefficients>0.5 0.1</coefficients>"
           "</LinearFunction></coupled_coordinates_function></CoordinateCouplerConstraint>\n";
  };
  std::string coords;
  for (int k = 0; k < 6; ++k) coords += osim_coordinate("c" + std::to_string(k));
  const std::string set = "<ConstraintSet><objects>\n" + cc("off4", "c0", "c1", "<isEnforced>false</isEnforced>") +
                          cc("off3", "c2", "c3", "<isDisabled>true</isDisabled>") +
                          cc("on", "c4", "c5", "<isDisabled>false</isDisabled>") + "</objects></ConstraintSet>\n";
  const OsimModel m = interop::read_osim_model_text(osim_two_body_model("FreeJoint", coords, "", {}, {}, set), "off.osim");
  EXPECT_TRUE(m.issues.empty()) << issues(m);
  ASSERT_EQ(m.couplers.size(), 1u);
  EXPECT_EQ(m.couplers[0].name, "on");
}

TEST(OsimModelErrors, MissingMeshReportedWithThePathsTried) {
  const std::string body_with_mesh =
      "<Body name=\"b\"><mass>1</mass><attached_geometry><Mesh name=\"m\"><socket_frame>..</socket_frame>"
      "<scale_factors>2 2 2</scale_factors><mesh_file>nothere.vtp</mesh_file></Mesh></attached_geometry></Body>";
  std::string text = osim_two_body_model("PinJoint", osim_coordinate("c0"), "", {}, {});
  const std::size_t at = text.find("<Body name=\"b\">");
  text.replace(at, text.find("</Body>", at) + 7 - at, body_with_mesh);
  const OsimModel m = interop::read_osim_model_text(text, "/nonexistent/dir/mesh.osim", {{"/also/not/here"}});
  ASSERT_EQ(m.meshes.size(), 1u);
  EXPECT_FALSE(m.meshes[0].found());
  EXPECT_EQ(m.meshes[0].scale, Vec3(2, 2, 2));
  ASSERT_EQ(m.meshes[0].tried.size(), 3u);
  EXPECT_EQ(m.meshes[0].tried[1], "/nonexistent/dir/Geometry/nothere.vtp");
  ASSERT_EQ(m.issues.size(), 1u) << issues(m);
  EXPECT_NE(m.issues[0].reason.find("/also/not/here/nothere.vtp"), std::string::npos) << m.issues[0].message();
  EXPECT_EQ(m.multibody.num_bodies(), 2);
}

}  // namespace js::test
