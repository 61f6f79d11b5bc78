// every reader of a user's file throws the one located-error type, io::FileError: caught as that type, each
// names the file and the place (line:column, json pointer or xml element) the problem is at. one test per
// reader; real OpenSim files from ../shared/data/opensim where a reader is meant for them (skipped when absent).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "core/fit/sample_io.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_markers.hpp"
#include "core/interop/osim_model.hpp"
#include "core/interop/trc_file.hpp"
#include "core/io/file_read.hpp"
#include "core/io/joint_file.hpp"
#include "core/mesh/vtk_mesh.hpp"
#include "core/scene/obj_mesh.hpp"
#include "core/scene/scene_file.hpp"

namespace js::io {
namespace {

namespace fs = std::filesystem;

const std::string kData = JS_SOURCE_DIR "/../shared/data/opensim";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// the FileError f throws; a test failure when it throws nothing or another type.
template <class F>
FileError error_of(F&& f) {
  try {
    f();
  } catch (const FileError& e) {
    return e;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an io::FileError: " << e.what();
    return FileError(ErrorKind::Io, Location{}, "wrong type");
  }
  ADD_FAILURE() << "no error";
  return FileError(ErrorKind::Io, Location{}, "none");
}

// text with the first `from` after `after` replaced by `to` (a test failure when absent).
std::string broken(std::string text, const std::string& after, const std::string& from, const std::string& to) {
  const auto at = text.find(from, text.find(after));
  if (after.empty() || text.find(after) == std::string::npos || at == std::string::npos) {
    ADD_FAILURE() << "'" << from << "' after '" << after << "' not in the text";
    return text;
  }
  return text.replace(at, from.size(), to);
}

// 1-based line of byte offset at
int line_of(const std::string& text, std::size_t at) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

TEST(LocatedErrors, JointFileNamesThePointer) {
  const std::string text = R"({"format": "jointsmith.joint", "version": 1, "kind": "revolute", "axis": [0, 0, "z"]})";
  const FileError e = error_of([&] { (void)read_joint_text(text, "hinge.json"); });
  EXPECT_EQ(e.kind(), ErrorKind::WrongType);
  EXPECT_EQ(e.source(), "hinge.json");
  EXPECT_TRUE(e.has_pointer());
  EXPECT_EQ(e.path(), "/axis/2");
  EXPECT_EQ(e.line(), 0);
  EXPECT_STREQ(e.what(), "hinge.json: /axis/2: expected a number, got string");
}

TEST(LocatedErrors, JsonSyntaxNamesLineAndColumn) {
  const FileError e = error_of([] { (void)read_joint_text("{\"format\": \"jointsmith.joint\",\n \"version\": }", "knee.json"); });
  EXPECT_EQ(e.kind(), ErrorKind::Syntax);
  EXPECT_EQ(e.line(), 2);
  EXPECT_GT(e.column(), 0);
  EXPECT_FALSE(e.has_pointer());
  EXPECT_EQ(std::string(e.what()).rfind("knee.json:2:", 0), 0u) << e.what();
}

TEST(LocatedErrors, SceneFileNamesThePointer) {
  const std::string text = R"({"format": "jointsmith.scene", "version": 1, "bodies": []})";
  const FileError e = error_of([&] { (void)scene::read_scene_text(text, "leg.json"); });
  EXPECT_EQ(e.kind(), ErrorKind::CountMismatch);
  EXPECT_EQ(e.path(), "/bodies");
  EXPECT_STREQ(e.what(), "leg.json: /bodies: a scene needs at least one body");
}

TEST(LocatedErrors, SampleCsvNamesLineAndColumn) {
  std::istringstream in("q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n0,1,0,0,0,1,0,0,0,1,0,zero,0\n");
  const FileError e = error_of([&] { (void)fit::read_samples_csv(in, "knee.csv"); });
  EXPECT_EQ(e.kind(), ErrorKind::Syntax);
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.column(), 12);
  EXPECT_STREQ(e.what(), "knee.csv:2:12: column 'py': 'zero' is not a number");
  // caught as the one type, it is still the sample error with its own kind
  try {
    std::istringstream again("q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n0,1,0,0,0,1,0,0,0,1,0,zero,0\n");
    (void)fit::read_samples_csv(again, "knee.csv");
  } catch (const FileError& base) {
    const auto* s = dynamic_cast<const fit::SampleError*>(&base);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->kind(), fit::SampleErrorKind::Syntax);
  }
}

TEST(LocatedErrors, SampleJsonNamesThePointer) {
  std::istringstream in(R"({"samples": [{"q": 0, "R": [1,0,0, 0,1,0, 0,0,1], "p": [0,0,0]},
                                         {"q": 1, "R": [1,0,0, 0,"one",0, 0,0,1], "p": [0,0,0]}]})");
  const FileError e = error_of([&] { (void)fit::read_samples_json(in, "samples.json"); });
  EXPECT_EQ(e.kind(), ErrorKind::Syntax);
  EXPECT_EQ(e.path(), "/samples/1/R/4");
  EXPECT_STREQ(e.what(), "samples.json: /samples/1/R/4: expected a number, got string");
}

// a real model (leg6dof9musc) with one knee axis broken: the line of that <axis> and the element
TEST(LocatedErrors, OsimJointNamesLineAndElement) {
  const std::string path = kData + "/leg6dof9musc.osim";
  if (!fs::exists(path)) GTEST_SKIP() << path << " absent (shared OpenSim data)";
  const std::string good = slurp(path);
  const std::string text = broken(good, "<CustomJoint name=\"knee_r\">", "<axis>0 0 1</axis>", "<axis>0 0 one</axis>");
  const int line = line_of(text, text.find("<axis>0 0 one</axis>"));
  const FileError e = error_of([&] { (void)interop::read_osim_joint_text(text, "leg6dof9musc.osim", "knee_r"); });
  EXPECT_EQ(e.kind(), ErrorKind::WrongType);
  EXPECT_EQ(e.line(), line);
  EXPECT_EQ(e.element(), "<axis>");
  EXPECT_FALSE(e.has_pointer());
  EXPECT_EQ(std::string(e.what()), "leg6dof9musc.osim:" + std::to_string(line) + ": <axis>: 'one' is not a finite number");
}

TEST(LocatedErrors, OsimModelAndMarkersNameTheLine) {
  const std::string path = kData + "/leg39.osim";
  if (!fs::exists(path)) GTEST_SKIP() << path << " absent (shared OpenSim data)";
  // cut inside the JointSet: malformed xml, located by tinyxml2's line
  std::string text = slurp(path);
  text = text.substr(0, text.find("</JointSet>"));
  const FileError model = error_of([&] { (void)interop::read_osim_model_text(text, "leg39.osim"); });
  EXPECT_EQ(model.kind(), ErrorKind::Syntax);
  EXPECT_GT(model.line(), 0);
  EXPECT_EQ(std::string(model.what()).rfind("leg39.osim:" + std::to_string(model.line()) + ": ", 0), 0u) << model.what();
  const FileError markers = error_of([&] { (void)interop::read_osim_markers_text(text, "leg39.osim"); });
  EXPECT_EQ(markers.kind(), ErrorKind::Syntax);
  EXPECT_GT(markers.line(), 0);
}

// a real marker file (leg39_swing.trc) with one coordinate of frame 3 broken
TEST(LocatedErrors, TrcNamesTheLine) {
  const std::string path = kData + "/leg39_swing.trc";
  if (!fs::exists(path)) GTEST_SKIP() << path << " absent (shared OpenSim data)";
  const std::string good = slurp(path);
  const std::size_t frame3 = good.find("\n3\t") + 1;
  std::string text = good;
  const std::size_t x = text.find('\t', text.find('\t', frame3) + 1) + 1;  // R.ASIS X of frame 3
  text.replace(x, text.find('\t', x) - x, "12,5");
  const FileError e = error_of([&] { (void)interop::read_trc_text(text, "leg39_swing.trc"); });
  EXPECT_EQ(e.kind(), ErrorKind::WrongType);
  EXPECT_EQ(e.line(), line_of(text, frame3));
  EXPECT_EQ(e.column(), 0);
  EXPECT_STREQ(e.what(), ("leg39_swing.trc:" + std::to_string(e.line()) + ": marker 'R.ASIS' X: '12,5' is not a number").c_str());
}

TEST(LocatedErrors, MotNamesTheLine) {
  const std::string text = "knee\nversion=1\ninDegrees=yes\nendheader\ntime\tknee_angle\n0\t10\n0.01\tten\n";
  const FileError e = error_of([&] { (void)interop::read_mot_text(text, "walk.mot"); });
  EXPECT_EQ(e.line(), 7);
  EXPECT_STREQ(e.what(), "walk.mot:7: column 'knee_angle': 'ten' is not a number");
}

// a real bone (femur_r.vtp) with a point coordinate broken: the element path, no line
TEST(LocatedErrors, VtkXmlNamesTheElement) {
  const std::string path = kData + "/Geometry/femur_r.vtp";
  if (!fs::exists(path)) GTEST_SKIP() << path << " absent (shared OpenSim data)";
  const std::string good = slurp(path);
  const std::size_t data = good.find('>', good.find("<DataArray", good.find("<Points>"))) + 1;
  std::string text = good;
  const std::size_t first = text.find_first_not_of(" \t\r\n", data);
  text.replace(first, text.find_first_of(" \t\r\n", first) - first, "x1");
  const FileError e = error_of([&] { (void)mesh::read_vtk_mesh_bytes(text, "femur_r.vtp"); });
  EXPECT_EQ(e.element(), "<Piece 0>/<Points>/<DataArray>");
  EXPECT_FALSE(e.has_pointer());
  EXPECT_EQ(std::string(e.what()).rfind("femur_r.vtp: <Piece 0>/<Points>/<DataArray>: ", 0), 0u) << e.what();
}

TEST(LocatedErrors, VtkLegacyAndObjNameTheLine) {
  const std::string vtk = "# vtk DataFile Version 3.0\nbone\nASCII\nDATASET POLYDATA\nPOINTS 3 float\n0 0 0 1 0 0 0 x 0\n";
  const FileError e = error_of([&] { (void)mesh::read_vtk_mesh_bytes(vtk, "bone.vtk"); });
  EXPECT_EQ(e.line(), 5);
  EXPECT_EQ(std::string(e.what()).rfind("bone.vtk:5:", 0), 0u) << e.what();

  const fs::path obj = fs::temp_directory_path() / ("js_located_" + std::to_string(::getpid()) + ".obj");
  std::ofstream(obj) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n";
  const FileError o = error_of([&] { (void)scene::read_obj_mesh(obj.string()); });
  fs::remove(obj);
  EXPECT_EQ(o.source(), obj.string());
  EXPECT_EQ(o.line(), 4);
  EXPECT_NE(std::string(o.what()).find("names no vertex"), std::string::npos) << o.what();
}

TEST(LocatedErrors, UnreadableFileNamesTheFileOnly) {
  const FileError e = error_of([] { (void)read_file_bytes("/nonexistent/knee.trc"); });
  EXPECT_EQ(e.kind(), ErrorKind::Io);
  EXPECT_EQ(e.line(), 0);
  EXPECT_FALSE(e.has_pointer());
  EXPECT_STREQ(e.what(), "/nonexistent/knee.trc: cannot open: No such file or directory");
  const FileError t = error_of([] { (void)interop::read_trc("/nonexistent/knee.trc"); });
  EXPECT_STREQ(t.what(), e.what());
}

// the parts of a location in what(), each left out when absent
TEST(LocatedErrors, OneFormat) {
  EXPECT_STREQ(FileError(ErrorKind::InvalidValue, Location{.source = "a.json", .pointer = ""}, "bad").what(), "a.json: /: bad");
  EXPECT_STREQ(FileError(ErrorKind::InvalidValue, Location{.source = "a.csv", .line = 3, .column = 2}, "bad").what(), "a.csv:3:2: bad");
  EXPECT_STREQ(FileError(ErrorKind::InvalidValue, Location{.source = "a.osim", .line = 4, .element = "<axis>"}, "bad").what(),
               "a.osim:4: <axis>: bad");
  EXPECT_STREQ(FileError(ErrorKind::Io, Location{}, "bad").what(), "<memory>: bad");
  EXPECT_STREQ(FileError(ErrorKind::Io, "a.json", "/x", "cannot open").what(), "a.json: cannot open");
}

}  // namespace
}  // namespace js::io
