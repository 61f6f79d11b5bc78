// the example joints shipped in resources/joints: each reads, is in the writer's canonical form (reading
// and writing again gives the same document, apart from the free-text description), and the spline
// examples satisfy the paper's requirements (c² across knots, S ≠ 0 over the range).
#include <gtest/gtest.h>

#include <filesystem>

#include "core/io/joint_file.hpp"
#include "core/io/json_text.hpp"
#include "core/joints/spline_checks.hpp"
#include "core/joints/spline_curve_joint.hpp"

namespace js::test {
namespace {

std::string example(const std::string& name) { return std::string(JS_SOURCE_DIR) + "/resources/joints/" + name; }

TEST(ExampleFiles, EveryShippedFileReadsAndIsCanonical) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(JS_SOURCE_DIR) + "/resources/joints")) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().filename().string());
    ++count;
    const std::string text = io::read_text_file(entry.path().string());
    const auto model = io::read_joint_text(text, entry.path().filename().string());
    nlohmann::ordered_json original = nlohmann::ordered_json::parse(text);
    original.erase("description");
    // same keys in the same order with the same values (doubles compared exactly)
    EXPECT_EQ(io::joint_to_json(*model).dump(), original.dump());
  }
  EXPECT_GE(count, 4);
}

// every ```json block of docs/joint-file.md is a valid joint file.
TEST(ExampleFiles, DocumentationExamplesRead) {
  const std::string doc = io::read_text_file(std::string(JS_SOURCE_DIR) + "/docs/joint-file.md");
  int blocks = 0;
  for (std::size_t at = doc.find("```json\n"); at != std::string::npos; at = doc.find("```json\n", at + 1)) {
    const std::size_t start = at + 8;
    const std::size_t end = doc.find("```", start);
    ASSERT_NE(end, std::string::npos);
    ++blocks;
    EXPECT_NO_THROW(io::read_joint_text(doc.substr(start, end - start), "docs/joint-file.md"));
  }
  EXPECT_GE(blocks, 1);
}

TEST(ExampleFiles, KneeCoversTheReadmeCoordinates) {
  const auto knee = io::read_joint_file(example("knee.json"));
  ASSERT_EQ(knee->kind(), JointKind::SplineCurve);
  ASSERT_EQ(knee->dof(), 1);
  EXPECT_LE(knee->coordinates()[0].min, 0.0);
  EXPECT_GE(knee->coordinates()[0].max, 2.0);
  const auto& curve = dynamic_cast<const SplineCurveJoint&>(*knee);
  EXPECT_EQ(curve.order(), 4);
  EXPECT_EQ(curve.control_frames().size(), 8u);

  // rolling and sliding: between full extension and 1.5 rad the tibia moves 10–25 mm posteriorly
  // (−y in the femur frame) and turns a little about its own long axis
  JointData a(1), b(1);
  knee->evaluate(Eigen::VectorXd::Constant(1, 0.0), a);
  knee->evaluate(Eigen::VectorXd::Constant(1, 1.5), b);
  const double posterior = -(b.G.p.y() - a.G.p.y()) - 0.02 * std::sin(1.5);  // minus pure rotation about the condyle
  EXPECT_GT(posterior, 0.010);
  EXPECT_LT(posterior, 0.025);
  const Vec3 w = so3_log(a.G.R.transpose() * b.G.R);
  EXPECT_NEAR(-w.x(), 1.5, 0.05);               // flexion about the lateral axis
  EXPECT_GT(std::abs(w.z()) + std::abs(w.y()), 0.05);  // some axial rotation
}

TEST(ExampleFiles, SplineExamplesMeetThePaperRequirements) {
  for (const char* name : {"knee.json", "scapulothoracic.json"}) {
    SCOPED_TRACE(name);
    const auto model = io::read_joint_file(example(name));
    const JacobianNormReport norms = check_jacobian_norm(*model, 60);
    EXPECT_GT(norms.min_norm, 1e-3);
  }
  const auto knee = io::read_joint_file(example("knee.json"));
  const auto& curve = dynamic_cast<const SplineCurveJoint&>(*knee);
  const ContinuityReport c2 =
      check_c2_across_knots(*knee, curve.knots().knots(), 0, Eigen::VectorXd::Zero(1));
  EXPECT_TRUE(c2.c2) << "hessian jump " << c2.max_jump_hessian << " at " << c2.worst_knot;
}

}  // namespace
}  // namespace js::test
