// letter meshes from font outlines (ui/demo/letter_mesh.hpp) and the outline frames of the letters demo:
// closed and outward oriented, positive volume, sane inertia, holes clockwise; frames orthonormal with the
// outward normal as x; the generator's scene reads back as a valid scene.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>

#include <Eigen/Eigenvalues>
#include <QGuiApplication>

#include "core/dynamics/rigid_body.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/demo/letter_mesh.hpp"
#include "ui/demo/letter_scene.hpp"

namespace js::ui {
namespace {

// fonts need a gui application (no display: the offscreen platform)
const QFont& font() {
  static int argc = 1;
  static char name[] = "test_letter_mesh";
  static char* argv[] = {name, nullptr};
  static QGuiApplication* app = [] {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    return new QGuiApplication(argc, argv);
  }();
  static const QFont f = (static_cast<void>(app), letter_font());
  return f;
}

TEST(LetterMesh, OutlinesAreCentredWithCounterClockwiseOutsidesAndClockwiseHoles) {
  const LetterOutline o = letter_outline('O', font(), 0.3);
  ASSERT_EQ(o.contours.size(), 2u);  // the ring and its hole
  EXPECT_GT(signed_area(o.contours[static_cast<std::size_t>(o.outer)]), 0.0);
  EXPECT_LT(signed_area(o.contours[static_cast<std::size_t>(1 - o.outer)]), 0.0);
  double lo = 1e9, hi = -1e9;
  for (const Vec2& p : o.contours[static_cast<std::size_t>(o.outer)]) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  EXPECT_NEAR(hi - lo, 0.3, 1e-9);
  EXPECT_NEAR(hi + lo, 0.0, 1e-9);
  EXPECT_THROW(letter_outline(' ', font(), 0.3), std::invalid_argument);
}

TEST(LetterMesh, ExtrudedLettersAreClosedOrientedAndHaveSaneInertia) {
  for (const char c : std::string("JOINTSGRAPH")) {
    const LetterOutline o = letter_outline(QChar(c), font(), 0.3);
    const LetterMesh m = extrude_letter(o, 0.06);
    // closed and consistently oriented: every directed edge once, its reverse once
    std::map<std::pair<int, int>, int> edges;
    for (const auto& t : m.triangles) {
      for (int k = 0; k < 3; ++k) ++edges[{t[static_cast<std::size_t>(k)], t[static_cast<std::size_t>((k + 1) % 3)]}];
    }
    for (const auto& [e, count] : edges) {
      EXPECT_EQ(count, 1) << c << " edge " << e.first << "-" << e.second;
      EXPECT_EQ(edges.count({e.second, e.first}), 1u) << c << " open edge " << e.first << "-" << e.second;
    }
    // volume = cap area × depth; mass properties from the mesh
    double area = 0.0;
    for (const auto& contour : o.contours) area += signed_area(contour);
    EXPECT_GT(area, 0.0) << c;
    const BodyInertia in = inertia_from_mesh(m.vertices, m.triangles, 1000.0);
    EXPECT_NEAR(in.mass, 1000.0 * area * 0.06, 1e-9 * in.mass) << c;
    EXPECT_LT(std::abs(in.com.z()), 1e-9) << c;  // symmetric about the mid plane
    EXPECT_LT(in.com.head<2>().norm(), 0.15) << c;
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(in.inertia_com);
    const Vec3 I = eig.eigenvalues();
    EXPECT_GT(I.minCoeff(), 0.0) << c;
    EXPECT_LE(I.maxCoeff(), I.sum() - I.maxCoeff() + 1e-12) << c;  // triangle inequality
    // a flat plate: the moment about the depth axis is the largest, ≈ the sum of the in-plane two
    EXPECT_NEAR(in.inertia_com(2, 2), in.inertia_com(0, 0) + in.inertia_com(1, 1), 0.1 * in.inertia_com(2, 2)) << c;
  }
}

TEST(LetterMesh, OutlineFramesHaveTheOutwardNormalAsX) {
  const LetterOutline o = letter_outline('S', font(), 0.3);
  const auto& contour = o.contours[static_cast<std::size_t>(o.outer)];
  const std::vector<SE3> frames = outline_frames(contour, 72);
  ASSERT_EQ(frames.size(), 72u);
  for (const SE3& F : frames) {
    EXPECT_LT((F.R.transpose() * F.R - Mat3::Identity()).norm(), 1e-12);
    EXPECT_NEAR(F.R.determinant(), 1.0, 1e-12);
    EXPECT_LT(polygon_distance(F.p.head<2>(), contour), 1e-12);  // on the outline
    EXPECT_EQ(F.R.col(2), Vec3::UnitZ());
  }
  // the normal points out: the curve through the frames, pushed 1 cm along x, leaves the letter
  const SplineCurveJoint curve = outline_curve(frames, "around");
  EXPECT_LT(curve_outline_error(curve, contour, false), 6e-3);
  const double area_out = std::abs(signed_area(contour));
  std::vector<Vec2> pushed;
  for (const SE3& F : frames) pushed.push_back((F.p + 0.01 * F.R.col(0)).head<2>());
  EXPECT_GT(std::abs(signed_area(pushed)), area_out);
}

TEST(LetterMesh, GeneratedSceneReadsBackAsAScene) {
  std::vector<LetterOutline> letters;
  for (const char c : std::string("JOI")) letters.push_back(letter_outline(QChar(c), font(), 0.3));
  LetterChainOptions options;
  for (const bool both : {false, true}) {
    options.both_surfaces = both;
    std::vector<double> errors;
    nlohmann::ordered_json doc = letters_scene(letters, {"J", "O", "I"}, {"", "", ""}, options, &errors);
    ASSERT_EQ(errors.size(), 2u);
    // inline meshes instead of files, so the test needs no files
    for (std::size_t i = 0; i < 3; ++i) {
      const LetterMesh m = extrude_letter(letters[i], options.depth);
      nlohmann::ordered_json v = nlohmann::ordered_json::array(), t = nlohmann::ordered_json::array();
      for (const Vec3& p : m.vertices) v.push_back({p.x(), p.y(), p.z()});
      for (const auto& tri : m.triangles) t.push_back({tri[0], tri[1], tri[2]});
      doc["bodies"][i]["mesh"] = {{"vertices", v}, {"triangles", t}, {"density", options.density}};
    }
    const scene::Scene s = scene::read_scene_json(nlohmann::json::parse(doc.dump()), "letters.json");
    EXPECT_EQ(s.model.nq(), both ? 6 : 4);  // depth, around (and around_own) per child
    EXPECT_EQ(s.model.num_bodies(), 3);
  }
  EXPECT_THROW(letters_scene({letters[0]}, {"J"}, {""}, options), std::invalid_argument);
}

}  // namespace
}  // namespace js::ui
