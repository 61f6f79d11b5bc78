// the json sample reader (on io::JsonCursor): every error names the file and the json pointer of the bad
// value ("s.json: /samples/1/R/4: …"), syntax errors the line and column; one test per error class.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/fit/sample_io.hpp"

namespace js::fit {
namespace {

// the SampleError thrown by reading text as "s.json" (a test failure when none is).
SampleError json_error(const std::string& text, const SampleReadOptions& options = {}) {
  std::istringstream in(text);
  try {
    read_samples_json(in, "s.json", options);
  } catch (const SampleError& e) {
    return e;
  }
  ADD_FAILURE() << "no SampleError for:\n" << text;
  return SampleError(SampleErrorKind::Io, "", 0, 0, "none");
}

// `samples` inside a document
std::string doc(const std::string& samples, const std::string& extra = "") {
  return R"({"format": "jointsmith-samples", "version": 1)" + extra + R"(, "samples": [)" + samples + "]}";
}

const char* kGood = R"({"q": [0.5], "R": [1,0,0, 0,1,0, 0,0,1], "p": [0, 0, 0]})";

TEST(SampleJsonErrors, NullQIsNonFiniteQAtItsPointer) {
  const SampleError e = json_error(doc(std::string(kGood) + R"(, {"q": [null], "R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_EQ(e.kind(), SampleErrorKind::NonFiniteQ);
  EXPECT_EQ(e.path(), "/samples/1/q/0");
  EXPECT_STREQ(e.what(), "s.json: /samples/1/q/0: expected a number, got null (NaN/Inf are not allowed)");
  const SampleError s = json_error(doc(R"({"q": "nan", "R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_EQ(s.kind(), SampleErrorKind::NonFiniteQ);
  EXPECT_STREQ(s.what(), "s.json: /samples/0/q: expected a number, got the string \"nan\" (NaN/Inf are not allowed)");
}

TEST(SampleJsonErrors, NullOrHugePoseValueIsNonFinite) {
  const SampleError e = json_error(doc(R"({"q": 0, "R": [[1,0,0],[0,1,0],[0,0,1]], "p": [0, null, 0]})"));
  EXPECT_EQ(e.kind(), SampleErrorKind::NonFinite);
  EXPECT_STREQ(e.what(), "s.json: /samples/0/p/1: expected a number, got null (NaN/Inf are not allowed)");
  const SampleError h = json_error(doc(R"({"q": 0, "R": [[1,0,0],[0,1,0],[0,0,1e300]], "p": [0, 0, 0]})"));
  EXPECT_EQ(h.kind(), SampleErrorKind::NonFinite);
  EXPECT_EQ(h.path(), "/samples/0/R/2/2");
}

TEST(SampleJsonErrors, WrongTypesAndShapesAreSyntaxAtTheValue) {
  const SampleError s = json_error(doc(R"({"q": 0, "R": [1,0,0, 0,"one",0, 0,0,1], "p": [0,0,0]})"));
  EXPECT_EQ(s.kind(), SampleErrorKind::Syntax);
  EXPECT_STREQ(s.what(), "s.json: /samples/0/R/4: expected a number, got string");
  const SampleError n = json_error(doc(R"({"q": 0, "R": [1,0,0, 0,1,0, 0,0], "p": [0,0,0]})"));
  EXPECT_STREQ(n.what(), "s.json: /samples/0/R: expected 9 numbers (row-major) or 3 rows of 3, got 8 elements");
  const SampleError row = json_error(doc(R"({"q": 0, "R": [[1,0,0],[0,1],[0,0,1]], "p": [0,0,0]})"));
  EXPECT_STREQ(row.what(), "s.json: /samples/0/R/1: expected 3 numbers in a rotation row, got 2");
  const SampleError p = json_error(doc(R"({"q": 0, "R": [1,0,0,0,1,0,0,0,1], "p": [0,0]})"));
  EXPECT_STREQ(p.what(), "s.json: /samples/0/p: expected 3 numbers [x, y, z], got 2");
  const SampleError obj = json_error(doc(std::string(kGood) + ", 7"));
  EXPECT_STREQ(obj.what(), "s.json: /samples/1: expected an object, got number");
  const SampleError q = json_error(doc(R"({"q": [], "R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_STREQ(q.what(), "s.json: /samples/0/q: expected a number or 1 to 6 numbers, got 0");
  const SampleError top = json_error(R"({"samples": {"q": 0}})");
  EXPECT_STREQ(top.what(), "s.json: /samples: expected an array, got object");
}

TEST(SampleJsonErrors, MissingFieldsAreMissingColumn) {
  const SampleError p = json_error(doc(R"({"R": [1,0,0,0,1,0,0,0,1]})"));
  EXPECT_EQ(p.kind(), SampleErrorKind::MissingColumn);
  EXPECT_STREQ(p.what(), "s.json: /samples/0: missing field \"p\"");
  const SampleError s = json_error(R"({"format": "jointsmith-samples"})");
  EXPECT_EQ(s.kind(), SampleErrorKind::MissingColumn);
  EXPECT_STREQ(s.what(), "s.json: /: missing field \"samples\"");
}

TEST(SampleJsonErrors, QInEverySampleOrNoneWithOneCount) {
  const SampleError some = json_error(doc(std::string(kGood) + R"(, {"R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_EQ(some.kind(), SampleErrorKind::MissingColumn);
  EXPECT_STREQ(some.what(), "s.json: /samples/1: no 'q' here but /samples/0 has one: give q in every sample or in none");
  const SampleError late = json_error(doc(R"({"R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0]}, )" + std::string(kGood)));
  EXPECT_STREQ(late.what(), "s.json: /samples/1/q: 'q' here but not in /samples/0: give q in every sample or in none");
  const SampleError count = json_error(doc(std::string(kGood) + R"(, {"q": [1, 2], "R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_EQ(count.kind(), SampleErrorKind::MissingColumn);
  EXPECT_STREQ(count.what(), "s.json: /samples/1/q: 2 values, but /samples/0/q has 1");
}

TEST(SampleJsonErrors, DeclaredDofIsChecked) {
  const SampleError range = json_error(doc(kGood, R"(, "dof": 7)"));
  EXPECT_EQ(range.kind(), SampleErrorKind::Syntax);
  EXPECT_STREQ(range.what(), "s.json: /dof: dof 7: expected 1 to 6 (n-dof fitting supports 1 to 3 coordinates)");
  const SampleError type = json_error(doc(kGood, R"(, "dof": 1.5)"));
  EXPECT_STREQ(type.what(), "s.json: /dof: expected an integer, got number");
  const SampleError mismatch = json_error(doc(kGood, R"(, "dof": 2)"));
  EXPECT_EQ(mismatch.kind(), SampleErrorKind::MissingColumn);
  EXPECT_STREQ(mismatch.what(), "s.json: /dof: dof 2 but the samples' q have 1 values");
}

// the checks every format shares, located at the field in json
TEST(SampleJsonErrors, WeightAndRotationChecksNameTheField) {
  const SampleError w = json_error(doc(R"({"q": 0, "R": [1,0,0,0,1,0,0,0,1], "p": [0,0,0], "weight": -1})"));
  EXPECT_EQ(w.kind(), SampleErrorKind::BadWeight);
  EXPECT_STREQ(w.what(), "s.json: /samples/0/weight: weight -1 must be positive");
  const SampleError r = json_error(doc(std::string(kGood) + R"(, {"q": 1, "R": [1,0.1,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_EQ(r.kind(), SampleErrorKind::NotOrthonormal);
  EXPECT_EQ(r.path(), "/samples/1/R");
  EXPECT_EQ(r.line(), 0);
  EXPECT_NE(std::string(r.what()).find("s.json: /samples/1/R: rotation R00..R22 is not orthonormal"), std::string::npos) << r.what();
  // re-orthonormalization still applies
  SampleReadOptions project;
  project.reorthonormalize = true;
  std::istringstream in(doc(R"({"q": 1, "R": [1,0.001,0,0,1,0,0,0,1], "p": [0,0,0]})"));
  EXPECT_LT(so3_orthonormality_error(read_samples_json(in, "s.json", project).samples[0].parent_T_child.R), 1e-12);
}

// syntax errors come from core's json reader, located by line and column (no pointer: there is no document)
TEST(SampleJsonErrors, SyntaxNamesLineAndColumn) {
  const SampleError e = json_error("{\"samples\": [\n  {\"q\": 1,, }]}");
  EXPECT_EQ(e.kind(), SampleErrorKind::Syntax);
  EXPECT_EQ(e.line(), 2);
  EXPECT_GT(e.column(), 0);
  EXPECT_FALSE(e.has_pointer());
  // the depth cap of core's reader (a stack overflow in nlohmann's parser otherwise)
  const SampleError deep = json_error("{\"samples\": " + std::string(10000, '[') + std::string(10000, ']') + "}");
  EXPECT_EQ(deep.kind(), SampleErrorKind::Syntax);
  EXPECT_NE(std::string(deep.what()).find("nested deeper than"), std::string::npos) << deep.what();
}

// found by fuzzing (tests/fuzz/regressions/samples_json/number-overflows-double.json): a number beyond a
// double escaped as nlohmann's out_of_range instead of a SampleError naming where it is
TEST(SampleJsonErrors, NumberBeyondADoubleNamesLineAndColumn) {
  const SampleError e = json_error("{\"samples\": [{\"q\": [0], \"R\": [1,0,0,0,1,0,0,0,1],\n  \"p\": [0, 0.8e308465346, 0]}]}");
  EXPECT_EQ(e.kind(), SampleErrorKind::NonFinite);
  EXPECT_NE(std::string(e.what()).find("s.json:2:12: number overflow parsing '0.8e308465346'"), std::string::npos) << e.what();
  const SampleError b = json_error("{\"samples\": [}");
  EXPECT_EQ(b.kind(), SampleErrorKind::Syntax);
  EXPECT_NE(std::string(b.what()).find("s.json:1:"), std::string::npos) << b.what();
}

// samples written by write_samples_json read back; json samples carry no line (reports name them by index)
TEST(SampleJsonErrors, ValidFilesStillRead) {
  std::istringstream in(doc(std::string(kGood) + R"(, {"q": 0.75, "R": [[1,0,0],[0,1,0],[0,0,1]], "p": [0.1, 0.2, 0.3], "weight": 2})",
                            R"(, "dof": 1)"));
  const SampleSet set = read_samples_json(in, "s.json");
  ASSERT_EQ(set.size(), 2);
  EXPECT_EQ(set.dof, 1);
  EXPECT_EQ(set.samples[1].line, 0);
  EXPECT_DOUBLE_EQ(set.samples[1].weight, 2.0);
  EXPECT_DOUBLE_EQ(set.samples[1].q[0], 0.75);
}

}  // namespace
}  // namespace js::fit
