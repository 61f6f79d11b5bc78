// sample files: round trips of both formats, column handling, and one test per error class that asserts
// the message names file, line and column.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "core/fit/sample_io.hpp"

namespace js::fit {
namespace {

const char* kHeader = "q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n";

// the error thrown by reading `text` as csv named "s.csv".
SampleError csv_error(const std::string& text, const SampleReadOptions& options = {}) {
  std::istringstream in(text);
  try {
    read_samples_csv(in, "s.csv", options);
  } catch (const SampleError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return SampleError(SampleErrorKind::Io, "", 0, 0, "none");
}

SampleSet csv(const std::string& text, const SampleReadOptions& options = {}) {
  std::istringstream in(text);
  return read_samples_csv(in, "s.csv", options);
}

TEST(Samples, CsvAnyColumnOrderExtraColumnsComments) {
  const std::string text =
      "# knee capture\n"
      "note,pz,py,px,R22,R21,R20,R12,R11,R10,R02,R01,R00,q,weight\n"
      "\n"
      "a,0.3,0.2,0.1,1,0,0,0,1,0,0,0,1,0.5,2\n"
      "  # a comment between rows\n"
      "b,0.6,0.5,0.4,1,0,0,0,0,-1,0,1,0,0.75,1\n";
  const SampleSet set = csv(text);
  ASSERT_EQ(set.size(), 2);
  EXPECT_TRUE(set.has_q);
  EXPECT_EQ(set.dof, 1);
  EXPECT_EQ(set.samples[0].line, 4);
  EXPECT_DOUBLE_EQ(set.samples[0].q[0], 0.5);
  EXPECT_DOUBLE_EQ(set.samples[0].weight, 2.0);
  EXPECT_TRUE(set.samples[0].parent_T_child.p.isApprox(Vec3(0.1, 0.2, 0.3)));
  // row-major: R01 = 1, R10 = −1 (a rotation about z by −90°)
  EXPECT_DOUBLE_EQ(set.samples[1].parent_T_child.R(0, 1), 1.0);
  EXPECT_DOUBLE_EQ(set.samples[1].parent_T_child.R(1, 0), -1.0);
}

TEST(Samples, CsvWithoutQAndWithNDof) {
  SampleSet a = csv("R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n1,0,0,0,1,0,0,0,1,0,0,0\n");
  EXPECT_FALSE(a.has_q);
  EXPECT_EQ(a.samples[0].q.size(), 0);
  SampleSet b = csv("q1,q0,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n2,1,1,0,0,0,1,0,0,0,1,0,0,0\n");
  EXPECT_EQ(b.dof, 2);
  EXPECT_DOUBLE_EQ(b.samples[0].q[0], 1.0);
  EXPECT_DOUBLE_EQ(b.samples[0].q[1], 2.0);
}

// n samples with q and twist components uniform in [-1, 1], drawn from the calling test's own generator
SampleSet random_set(int n, int dof, bool has_q, std::mt19937& rng) {
  SampleSet set;
  set.dof = dof;
  set.has_q = has_q;
  set.source = "<memory>";
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < n; ++k) {
    Sample s;
    if (has_q) s.q = JointVector::NullaryExpr(dof, [&] { return u(rng); });
    s.parent_T_child = se3_exp(Twist::NullaryExpr([&] { return u(rng); }));
    s.weight = k == 1 ? 0.25 : 1.0;
    set.samples.push_back(s);
  }
  return set;
}

void expect_same(const SampleSet& a, const SampleSet& b) {
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a.dof, b.dof);
  EXPECT_EQ(a.has_q, b.has_q);
  for (int k = 0; k < a.size(); ++k) {
    const auto& x = a.samples[static_cast<std::size_t>(k)];
    const auto& y = b.samples[static_cast<std::size_t>(k)];
    EXPECT_TRUE(x.parent_T_child.is_approx(y.parent_T_child, 0.0));  // bit-exact
    if (a.has_q) {
      EXPECT_EQ(x.q, y.q);
    }
    EXPECT_EQ(x.weight, y.weight);
  }
}

TEST(Samples, CsvAndJsonRoundTripsAreLossless) {
  std::mt19937 rng(3);
  for (int dof : {1, 2}) {
    for (bool has_q : {true, false}) {
      if (!has_q && dof > 1) continue;  // without q a set is 1-dof (natural parameterization)
      const SampleSet set = random_set(5, dof, has_q, rng);
      std::stringstream c;
      write_samples_csv(set, c);
      expect_same(set, read_samples_csv(c, "c", {}));
      std::stringstream j;
      write_samples_json(set, j);
      SampleSet back = read_samples_json(j, "j", {});
      expect_same(set, back);
    }
  }
}

TEST(Samples, JsonNestedRotationAndScalarQ) {
  std::istringstream in(R"({"samples": [{"q": 0.5, "R": [[1,0,0],[0,1,0],[0,0,1]], "p": [1,2,3]}]})");
  const SampleSet set = read_samples_json(in, "j.json");
  EXPECT_DOUBLE_EQ(set.samples[0].q[0], 0.5);
  EXPECT_DOUBLE_EQ(set.samples[0].parent_T_child.p.z(), 3.0);
}

// --- one test per error class, each asserting the message

TEST(SampleErrors, NotOrthonormalNamesLineAndColumn) {
  const SampleError e = csv_error(std::string(kHeader) + "0,1,0,0,0,1,0,0,0,1,0,0,0\n0.1,1.001,0,0,0,1,0,0,0,1,0,0,0\n");
  EXPECT_EQ(e.kind(), SampleErrorKind::NotOrthonormal);
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.column(), 2);
  EXPECT_NE(std::string(e.what()).find("s.csv:3:2: rotation R00..R22 is not orthonormal"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("re-orthonormalize"), std::string::npos);
}

TEST(SampleErrors, ReorthonormalizeOnlyWhenAsked) {
  SampleReadOptions options;
  options.reorthonormalize = true;
  const SampleSet set = csv(std::string(kHeader) + "0,1.001,0.002,0,0,1,0,0,0,1,0,0,0\n", options);
  EXPECT_LT(so3_orthonormality_error(set.samples[0].parent_T_child.R), 1e-12);
  // a reflection is never repaired
  const SampleError e = csv_error(std::string(kHeader) + "0,-1,0,0,0,1,0,0,0,1,0,0,0\n", options);
  EXPECT_EQ(e.kind(), SampleErrorKind::NotOrthonormal);
  EXPECT_NE(std::string(e.what()).find("reflection"), std::string::npos) << e.what();
}

TEST(SampleErrors, NanAndInfInPose) {
  const SampleError e = csv_error(std::string(kHeader) + "0,1,0,0,0,1,0,0,0,1,0,nan,0\n");
  EXPECT_EQ(e.kind(), SampleErrorKind::NonFinite);
  EXPECT_STREQ(e.what(), "s.csv:2:12: non-finite py");
  const SampleError f = csv_error(std::string(kHeader) + "0,1,0,0,0,inf,0,0,0,1,0,0,0\n");
  EXPECT_STREQ(f.what(), "s.csv:2:6: non-finite R11");
}

TEST(SampleErrors, MissingColumn) {
  const SampleError e = csv_error("# samples\nq,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,pz\n");
  EXPECT_EQ(e.kind(), SampleErrorKind::MissingColumn);
  EXPECT_STREQ(e.what(), "s.csv:2: missing column 'py' in the header");
  const SampleError g = csv_error("q0,q2,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n");
  EXPECT_STREQ(g.what(), "s.csv:1: missing column 'q1' (have 'q2')");
}

TEST(SampleErrors, NonFiniteQ) {
  const SampleError e = csv_error(std::string(kHeader) + "NaN,1,0,0,0,1,0,0,0,1,0,0,0\n");
  EXPECT_EQ(e.kind(), SampleErrorKind::NonFiniteQ);
  EXPECT_NE(std::string(e.what()).find("s.csv:2:1: non-finite q"), std::string::npos) << e.what();
}

TEST(SampleErrors, SyntaxShortRowAndBadNumber) {
  const SampleError e = csv_error(std::string(kHeader) + "0,1,0,0,0,1,0,0,0,1,0,0\n");
  EXPECT_EQ(e.kind(), SampleErrorKind::Syntax);
  EXPECT_STREQ(e.what(), "s.csv:2:12: row has 12 fields, the header names 13");
  const SampleError f = csv_error(std::string(kHeader) + "0,1,0,0,0,1,0,0,0,1,0,0,0.1.2\n");
  EXPECT_STREQ(f.what(), "s.csv:2:13: column 'pz': '0.1.2' is not a number");
}

TEST(SampleErrors, BadWeight) {
  const SampleError e =
      csv_error("q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz,weight\n0,1,0,0,0,1,0,0,0,1,0,0,0,-1\n");
  EXPECT_EQ(e.kind(), SampleErrorKind::BadWeight);
  EXPECT_STREQ(e.what(), "s.csv:2:14: weight -1 must be positive");
}

TEST(SampleErrors, TooFewSamples) {
  const SampleSet set = csv(std::string(kHeader) + "0,1,0,0,0,1,0,0,0,1,0,0,0\n");
  try {
    require_samples(set, 4, "a cubic fit with 4 control frames");
    FAIL();
  } catch (const SampleError& e) {
    EXPECT_EQ(e.kind(), SampleErrorKind::TooFewSamples);
    EXPECT_STREQ(e.what(), "s.csv:2: 1 samples, but a cubic fit with 4 control frames needs at least 4");
  }
}

// json errors (json pointers): test_sample_json_errors.cpp

TEST(SampleErrors, IoNamesFile) {
  try {
    read_samples("/nonexistent/x.csv");
    FAIL();
  } catch (const SampleError& e) {
    EXPECT_EQ(e.kind(), SampleErrorKind::Io);
    EXPECT_STREQ(e.what(), "/nonexistent/x.csv: cannot open: No such file or directory");
  }
}

}  // namespace
}  // namespace js::fit
