// every class of malformed joint file throws io::FileError whose message names the file, the json path
// and the problem. each test starts from a valid document and breaks one thing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/io/joint_file.hpp"
#include "tests/core/io/io_test_joints.hpp"

namespace js::test {
namespace {

using nlohmann::json;

// a valid knee-like spline curve document (8 frames, cubic, clamped on [0, 2.1]).
json curve_doc() { return json::parse(io::joint_to_text(*make_spline_curve(false))); }
json surface_doc() { return json::parse(io::joint_to_text(*make_spline_surface())); }
json revolute_doc() { return json::parse(io::joint_to_text(RevoluteJoint(Vec3::UnitX()))); }

// the FileError thrown by reading doc (fails the test if none is thrown).
io::FileError error_of(const json& doc, const std::string& source = "knee.json") {
  try {
    io::read_joint_json(doc, source);
  } catch (const io::FileError& e) {
    return e;
  }
  ADD_FAILURE() << "no io::FileError for " << doc.dump();
  return io::FileError(io::ErrorKind::Io, "", "", "");
}

io::FileError text_error_of(const std::string& text) {
  try {
    io::read_joint_text(text, "knee.json");
  } catch (const io::FileError& e) {
    return e;
  }
  ADD_FAILURE() << "no io::FileError for " << text;
  return io::FileError(io::ErrorKind::Io, "", "", "");
}

#define EXPECT_FILE_ERROR(err, expected_kind, expected_message)                   \
  do {                                                                            \
    const io::FileError& e_ = (err);                                              \
    EXPECT_EQ(io::error_kind_name(e_.kind()), io::error_kind_name(expected_kind)); \
    EXPECT_EQ(std::string(e_.what()), std::string(expected_message));             \
  } while (0)

TEST(JointFileErrors, Syntax) {
  const std::string text = "{\n  \"format\": \"jointsmith.joint\",\n  \"version\": 1,,\n}\n";
  const io::FileError e = text_error_of(text);
  EXPECT_EQ(e.kind(), io::ErrorKind::Syntax);
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.column(), 16);
  EXPECT_EQ(std::string(e.what()),
            "knee.json:3:16: invalid JSON: syntax error while parsing object key - unexpected ','; "
            "expected string literal");
  // truncated file: the position is the end of the text
  const io::FileError end = text_error_of("{\n  \"format\": \"jointsmith.joint\"");
  EXPECT_EQ(end.line(), 2);
  EXPECT_EQ(end.column(), 31);
  EXPECT_NE(std::string(end.what()).find("knee.json:2:31: invalid JSON: "), std::string::npos) << end.what();
}

TEST(JointFileErrors, MissingField) {
  json doc = curve_doc();
  doc.erase("knots");
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::MissingField, "knee.json: /: missing field \"knots\"");
  doc = curve_doc();
  doc["control_frames"][2].erase("translation");
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::MissingField,
                    "knee.json: /control_frames/2: missing field \"translation\"");
  doc = curve_doc();
  doc.erase("version");
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::MissingField, "knee.json: /: missing field \"version\"");
  doc = curve_doc();
  doc["coordinates"][0].erase("name");
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::MissingField, "knee.json: /coordinates/0: missing field \"name\"");
}

TEST(JointFileErrors, WrongType) {
  json doc = curve_doc();
  doc["order"] = "4";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::WrongType, "knee.json: /order: expected an integer, got string");
  doc = curve_doc();
  doc["order"] = 4.5;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::WrongType, "knee.json: /order: expected an integer, got number");
  doc = curve_doc();
  doc["closed"] = 1;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::WrongType, "knee.json: /closed: expected true or false, got number");
  doc = curve_doc();
  doc["control_frames"][1]["rotation"] = json::object();
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::WrongType,
                    "knee.json: /control_frames/1/rotation: expected an array, got object");
  doc = curve_doc();
  doc["control_frames"][1]["translation"][2] = "0.5";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::WrongType,
                    "knee.json: /control_frames/1/translation/2: expected a number, got string");
  EXPECT_FILE_ERROR(error_of(json::array()), io::ErrorKind::WrongType, "knee.json: /: expected an object, got array");
}

TEST(JointFileErrors, WrongArrayLength) {
  json doc = curve_doc();
  doc["control_frames"][0]["translation"] = {1.0, 2.0};
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /control_frames/0/translation: expected 3 numbers [x, y, z], got 2");
  doc = curve_doc();
  doc["control_frames"][0]["rotation"][1] = {1.0, 0.0};
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /control_frames/0/rotation/1: expected 3 numbers in a rotation row, got 2");
}

TEST(JointFileErrors, NonFinite) {
  // json has no NaN: tools write null or strings instead
  json doc = curve_doc();
  doc["control_frames"][1]["translation"][0] = nullptr;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::NonFinite,
                    "knee.json: /control_frames/1/translation/0: expected a number, got null (NaN/Inf are not allowed)");
  doc = curve_doc();
  doc["knots"][5] = "nan";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::NonFinite,
                    "knee.json: /knots/5: expected a number, got the string \"nan\" (NaN/Inf are not allowed)");
  doc = curve_doc();
  doc["coordinates"][0]["max"] = "-Infinity";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::NonFinite,
                    "knee.json: /coordinates/0/max: expected a number, got the string \"-Infinity\" (NaN/Inf are not allowed)");
  // a document built in memory can hold a real NaN
  doc = curve_doc();
  doc["control_frames"][0]["translation"][1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::NonFinite,
                    "knee.json: /control_frames/0/translation/1: expected a finite number, got NaN");
}

TEST(JointFileErrors, NonFiniteOverflowInText) {
  std::string text = revolute_doc().dump(2);
  const auto at = text.find("\"axis\": [");
  ASSERT_NE(at, std::string::npos);
  text.insert(at + 9, "1e999, ");
  text.replace(text.find(']', at), 0, "");
  const io::FileError e = text_error_of(text);
  EXPECT_EQ(e.kind(), io::ErrorKind::NonFinite);
  EXPECT_GT(e.line(), 1);
  EXPECT_NE(std::string(e.what()).find("number overflow parsing '1e999' (NaN/Inf are not allowed)"), std::string::npos)
      << e.what();
}

TEST(JointFileErrors, NonFiniteOnWrite) {
  RevoluteJoint r(Vec3::UnitZ());
  r.set_offsets(SE3::translation(Vec3(0.0, std::numeric_limits<double>::infinity(), 0.0)), SE3::identity());
  try {
    io::write_joint_file(r, "/tmp/never-written.json");
    FAIL() << "expected io::FileError";
  } catch (const io::FileError& e) {
    EXPECT_FILE_ERROR(e, io::ErrorKind::NonFinite,
                      "/tmp/never-written.json: /offsets/parent_T_joint/translation/1: cannot write Inf: json has no "
                      "non-finite numbers");
  }
}

TEST(JointFileErrors, RotationNotOrthonormal) {
  json doc = curve_doc();
  doc["control_frames"][3]["rotation"] = {{1.0, 0.0023, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::NotOrthonormal,
                    "knee.json: /control_frames/3/rotation: not orthonormal (error 2.3e-3 > tolerance 1e-6)");
  // a reflection has orthonormal rows but det −1
  doc = curve_doc();
  doc["offsets"]["moving_T_child"]["rotation"] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, -1.0}};
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::NotOrthonormal,
                    "knee.json: /offsets/moving_T_child/rotation: not orthonormal (error 2 > tolerance 1e-6): a "
                    "reflection (det < 0)");
}

TEST(JointFileErrors, RotationWithinToleranceIsKeptAsWritten) {
  json doc = curve_doc();
  const double r01 = doc["control_frames"][3]["rotation"][0][1].get<double>() + 1e-8;
  doc["control_frames"][3]["rotation"][0][1] = r01;
  const auto model = io::read_joint_json(doc, "knee.json");
  const auto& frames = dynamic_cast<const SplineCurveJoint&>(*model).control_frames();
  EXPECT_EQ(bits(frames[3].R(0, 1)), bits(r01));
}

TEST(JointFileErrors, KnotsNotNonDecreasing) {
  json doc = curve_doc();
  doc["knots"][5] = 0.3;
  doc["knots"][4] = 0.5;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::BadKnots, "knee.json: /knots/5: knots not non-decreasing (0.3 after 0.5)");
  // the knot vector's own checks (here: an interior knot repeated `order` times) are bad knots too
  doc = curve_doc();
  for (int i = 4; i < 8; ++i) doc["knots"][i] = 1.0;
  const io::FileError e = error_of(doc);
  EXPECT_EQ(e.kind(), io::ErrorKind::BadKnots);
  EXPECT_EQ(e.path(), "/knots");
  EXPECT_EQ(std::string(e.what()).rfind("knee.json: /knots: ", 0), 0u) << e.what();
}

TEST(JointFileErrors, ControlFrameCountInconsistentWithKnotsAndOrder) {
  json doc = curve_doc();
  doc["control_frames"].erase(7);
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /control_frames: 7 control frames do not match 12 knots of order 4 (an open curve "
                    "with n frames has n + k knots: 7 frames need 11)");
  doc = curve_doc();
  doc["closed"] = true;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /control_frames: 8 control frames do not match 12 knots of order 4 (a closed curve "
                    "with n frames has n + 2k - 1 knots: 8 frames need 15)");
}

TEST(JointFileErrors, OtherCountMismatches) {
  json doc = curve_doc();
  doc["dof"] = 2;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /dof: dof 2 does not match the spline_curve joint, which has 1");
  doc = curve_doc();
  doc["coordinates"].push_back(doc["coordinates"][0]);
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /coordinates: expected 1 coordinates (one per dof), got 2");
  doc = surface_doc();
  doc["coefficients"][4].erase(0);
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /coefficients/4: expected 20 coefficients (the product of the control counts of the "
                    "knot vectors), got 19");
}

TEST(JointFileErrors, InvalidValue) {
  json doc = curve_doc();
  doc["order"] = 1;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::InvalidValue, "knee.json: /order: order 1 out of range (2 to 8)");
  doc = curve_doc();
  doc["coordinates"][0]["min"] = 3.0;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::InvalidValue, "knee.json: /coordinates/0: min 3.0 > max 2.1");
  doc = revolute_doc();
  doc["axis"] = {0.0, 0.0, 0.0};
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::InvalidValue, "knee.json: /axis: must be a non-zero vector");
  doc = json::parse(io::joint_to_text(EllipticJoint(0.05, 0.03)));
  doc["b"] = -0.03;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::InvalidValue, "knee.json: /b: must be > 0, got -0.03");
  doc = json::parse(io::joint_to_text(SphericalJoint("zyx")));
  doc["order"] = "xxy";
  const io::FileError e = error_of(doc);
  EXPECT_EQ(e.kind(), io::ErrorKind::InvalidValue);
  EXPECT_EQ(e.path(), "/order");
}

TEST(JointFileErrors, OutOfRangePolicyThatDoesNotFit) {
  json doc = curve_doc();
  doc["out_of_range"] = "mirror";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::InvalidValue,
                    "knee.json: /out_of_range: unknown out_of_range \"mirror\" (known: extrapolate, clamp, wrap)");
  doc["out_of_range"] = "wrap";  // an open knee curve does not come back to where it started
  io::FileError e = error_of(doc);
  EXPECT_EQ(e.kind(), io::ErrorKind::InvalidValue);
  EXPECT_EQ(e.path(), "/out_of_range");
  EXPECT_NE(std::string(e.what()).find("ends do not meet"), std::string::npos) << e.what();
  doc = json::parse(io::joint_to_text(*make_spline_curve(true)));
  doc["out_of_range"] = "extrapolate";
  e = error_of(doc);
  EXPECT_NE(std::string(e.what()).find("no ends to extrapolate from"), std::string::npos) << e.what();
  doc = revolute_doc();
  doc["out_of_range"] = "clamp";  // unbounded
  EXPECT_NE(std::string(error_of(doc).what()).find("no coordinate has a bound"), std::string::npos);
  doc["out_of_range"] = 3;
  EXPECT_EQ(error_of(doc).kind(), io::ErrorKind::WrongType);
}

TEST(JointFileErrors, UnsupportedVersionOrFormat) {
  json doc = curve_doc();
  doc["version"] = 2;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::UnsupportedVersion,
                    "knee.json: /version: unsupported version 2 (this build reads version 1)");
  doc = curve_doc();
  doc["format"] = "jointsmith-samples";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::UnsupportedVersion,
                    "knee.json: /format: not a joint file (format \"jointsmith-samples\", expected \"jointsmith.joint\")");
}

TEST(JointFileErrors, UnknownKind) {
  json doc = curve_doc();
  doc["kind"] = "hinge";
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::UnknownKind,
                    "knee.json: /kind: unknown joint kind \"hinge\" (known: fixed, revolute, prismatic, helical, "
                    "cylindrical, universal, planar, spherical, elliptic, spline_curve, spline_surface, series, custom_axes, "
                    "ellipsoid, restricted)");
}

TEST(JointFileErrors, SeriesParts) {
  // a part's error is located inside the series document
  json doc = json::parse(io::joint_to_text(SeriesJoint(std::make_unique<RevoluteJoint>(), make_spline_curve(false))));
  doc["joints"][1]["knots"][2] = -5.0;
  EXPECT_EQ(error_of(doc).kind(), io::ErrorKind::BadKnots);
  EXPECT_EQ(std::string(error_of(doc).what()).rfind("knee.json: /joints/1/knots/2: knots not non-decreasing", 0), 0u)
      << error_of(doc).what();
  doc = json::parse(io::joint_to_text(SeriesJoint(std::make_unique<RevoluteJoint>(), std::make_unique<RevoluteJoint>())));
  doc["joints"].push_back(doc["joints"][0]);
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /joints: expected 2 joints (the first and the second joint of the series), got 3");
  doc["joints"].erase(2);
  doc["joints"][0]["kind"] = "hinge";
  EXPECT_EQ(error_of(doc).kind(), io::ErrorKind::UnknownKind);
  doc["joints"][0] = json::parse(io::joint_to_text(SphericalJoint("xyz")));
  doc["joints"][1] = json::parse(io::joint_to_text(
      SeriesJoint(std::make_unique<SphericalJoint>("xyz"), std::make_unique<SphericalJoint>("zyx"))));
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::CountMismatch,
                    "knee.json: /joints: 3 + 6 coordinates exceed the largest joint dof 6");
}

TEST(JointFileErrors, UnknownField) {
  json doc = curve_doc();
  doc["contol_frames"] = doc["control_frames"];
  const io::FileError e = error_of(doc);
  EXPECT_EQ(e.kind(), io::ErrorKind::UnknownField);
  EXPECT_EQ(std::string(e.what()).rfind("knee.json: /contol_frames: unknown field for a spline_curve joint (expected "
                                        "one of: format, version, kind, description, dof, coordinates, offsets, out_of_range, order, "
                                        "closed, knots, control_frames)",
                                        0),
            0u)
      << e.what();
  doc = curve_doc();
  doc["offsets"]["parent_T_joint"]["scale"] = 2.0;
  EXPECT_FILE_ERROR(error_of(doc), io::ErrorKind::UnknownField,
                    "knee.json: /offsets/parent_T_joint/scale: unknown field (expected one of: rotation, translation)");
}

TEST(JointFileErrors, MissingFile) {
  try {
    io::read_joint_file("/nonexistent/knee.json");
    FAIL() << "expected io::FileError";
  } catch (const io::FileError& e) {
    EXPECT_FILE_ERROR(e, io::ErrorKind::Io, "/nonexistent/knee.json: cannot open: No such file or directory");
  }
}

TEST(JointFileErrors, FileErrorIsARuntimeError) {
  json doc = curve_doc();
  doc["version"] = 7;
  EXPECT_THROW(io::read_joint_json(doc, "knee.json"), std::runtime_error);
}

}  // namespace
}  // namespace js::test
