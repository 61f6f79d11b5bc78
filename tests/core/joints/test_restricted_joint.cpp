// the restricted joint (a joint through some of its coordinates, the rest fixed or coupled): S and ∇S against
// finite differences through the shared harness, G against the inner joint at the mapped coordinates, the joint
// file round trip, and the maps it refuses.
#include <gtest/gtest.h>

#include "core/io/joint_file.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/restricted_joint.hpp"
#include "tests/core/joints/restricted_cases.hpp"

namespace js::test {
namespace {

INSTANTIATE_TEST_SUITE_P(Restricted, JointHarnessTest, ::testing::ValuesIn(restricted_cases()), joint_case_name);

TEST(RestrictedJoint, TransformIsTheInnerJointAtTheMappedCoordinates) {
  for (const JointCase& c : restricted_cases()) {
    const std::unique_ptr<JointModel> joint = c.make();
    const auto& r = dynamic_cast<const RestrictedJoint&>(*joint);
    std::mt19937 rng(11);
    const QSampler sample = c.sampler(*joint);
    for (int k = 0; k < 20; ++k) {
      const JointVector p = sample(rng);
      JointVector q;
      r.inner_q(p, q);
      // the free coordinates pass through unchanged
      for (int i = 0; i < r.inner().dof(); ++i) {
        if (const int f = r.free_index_of(i); f >= 0) {
          EXPECT_EQ(q[i], p[f]) << c.name;
        }
      }
      JointData d(joint->dof()), in(r.inner().dof());
      joint->evaluate(p, d);
      r.inner().evaluate(q, in);
      EXPECT_TRUE(d.G.is_approx(in.G, 1e-14)) << c.name << " sample " << k;
    }
  }
}

TEST(RestrictedJoint, CoordinatesAreTheFreeOnesOfTheInnerJoint) {
  const std::unique_ptr<JointModel> joint = restricted_cases()[1].make();  // FreeThroughTwo: (c, a)
  ASSERT_EQ(joint->dof(), 2);
  EXPECT_EQ(joint->coordinates()[0].name, "c");
  EXPECT_EQ(joint->coordinates()[1].name, "a");
  EXPECT_EQ(joint->coordinates()[0].min, -2.0);
  const auto& r = dynamic_cast<const RestrictedJoint&>(*joint);
  EXPECT_EQ(r.free_index_of(2), 0);
  EXPECT_EQ(r.free_index_of(0), 1);
  EXPECT_EQ(r.free_index_of(3), -1);  // coupled
  EXPECT_EQ(r.free_index_of(1), -1);  // held
}

TEST(RestrictedJoint, JointFileRoundTripEvaluatesTheSame) {
  for (const JointCase& c : restricted_cases()) {
    const std::unique_ptr<JointModel> joint = c.make();
    const std::string text = io::joint_to_text(*joint);
    const std::unique_ptr<JointModel> back = io::read_joint_text(text, "restricted.json");
    ASSERT_EQ(back->kind(), JointKind::Restricted);
    ASSERT_EQ(back->dof(), joint->dof());
    EXPECT_EQ(io::joint_to_text(*back), text) << c.name;
    std::mt19937 rng(3);
    for (int k = 0; k < 5; ++k) {
      const JointVector p = c.sampler(*joint)(rng);
      JointData a(joint->dof()), b(joint->dof());
      joint->evaluate(p, a);
      back->evaluate(p, b);
      EXPECT_TRUE(a.G.is_approx(b.G, 0.0)) << c.name;
      EXPECT_EQ((a.dS - b.dS).cwiseAbs().maxCoeff(), 0.0) << c.name;
    }
  }
}

TEST(RestrictedJoint, RefusesMapsThatDoNotSetEachCoordinateOnce) {
  auto make = [](std::vector<RestrictedCoordinate> map) {
    return RestrictedJoint(std::make_unique<SphericalJoint>("zyx"), std::move(map));
  };
  RestrictedCoordinate f0;
  f0.kind = RestrictedCoordinate::Kind::Free;
  RestrictedCoordinate h1;
  h1.target = 1;
  RestrictedCoordinate h2;
  h2.target = 2;
  EXPECT_NO_THROW(make({f0, h1, h2}));
  EXPECT_THROW(make({f0, h1}), std::invalid_argument);          // too few entries
  EXPECT_THROW(make({f0, h1, h1}), std::invalid_argument);      // one set twice
  RestrictedCoordinate h0 = h1;
  h0.target = 0;
  EXPECT_THROW(make({h0, h1, h2}), std::invalid_argument);      // nothing free
  RestrictedCoordinate c2;
  c2.kind = RestrictedCoordinate::Kind::Coupled;
  c2.target = 2;
  c2.function = AxisFunction::linear(1.0, 0.0);
  c2.inputs = {1};
  EXPECT_NO_THROW(make({f0, h1, c2}));
  EXPECT_THROW(make({f0, c2, h1}), std::invalid_argument);      // input used before it is set
  c2.inputs = {0, 1};
  EXPECT_THROW(make({f0, h1, c2}), std::invalid_argument);      // two inputs to a one-input function
  RestrictedCoordinate f1 = f0;
  f1.target = 1;
  f1.free_index = 0;
  EXPECT_THROW(make({f0, f1, h2}), std::invalid_argument);      // free indices not 0, 1, …
  EXPECT_THROW(RestrictedJoint(nullptr, {}), std::invalid_argument);
}

TEST(RestrictedJoint, JointFileNamesTheBadEntry) {
  const std::unique_ptr<JointModel> joint = restricted_cases()[0].make();
  nlohmann::ordered_json doc = io::joint_to_json(*joint);
  doc["map"][1]["of"] = {2};  // tib_tx from tib_ty, which is set after it
  try {
    io::read_joint_json(doc, "bad.json");
    FAIL() << "read a map whose input is set later";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("bad.json"), std::string::npos) << what;
    EXPECT_NE(what.find("/map"), std::string::npos) << what;
    EXPECT_NE(what.find("not set by an entry before it"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace js::test
