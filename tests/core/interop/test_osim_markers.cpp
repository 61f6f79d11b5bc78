// an OpenSim model's MarkerSet: markers by body (4.x socket_parent_frame, 3.x <body>, offset frames followed),
// bad markers reported one by one, clusters picked from a .trc by body, and the model's marker locations as
// references giving body-to-body samples. the shared models and marker files when present.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

#include "core/interop/euler.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_markers.hpp"
#include "core/interop/trc_samples.hpp"
#include "tests/support/test_files.hpp"

namespace js::interop {
namespace {

namespace fs = std::filesystem;

using js::test::shared_models;

// bodies a and b; b's markers B2 sits on an offset frame of a joint; one marker has a bad location, one names a
// frame that does not exist, one sits in <defaults> (not a marker of the model)
const char* kModel = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="m">
<defaults><Marker name="template"><socket_parent_frame>/ground</socket_parent_frame><location>0 0 0</location></Marker></defaults>
<Ground name="ground" />
<BodySet name="bodyset"><objects>
<Body name="a"><mass>1</mass></Body>
<Body name="b"><mass>1</mass></Body>
</objects></BodySet>
<JointSet name="jointset"><objects>
<CustomJoint name="j">
<frames>
<PhysicalOffsetFrame name="b_offset"><socket_parent>/bodyset/b</socket_parent><translation>0.1 0 0</translation><orientation>0 0 1.5707963267948966</orientation></PhysicalOffsetFrame>
</frames>
</CustomJoint>
</objects></JointSet>
<MarkerSet name="markerset"><objects>
<Marker name="A1"><socket_parent_frame>/bodyset/a</socket_parent_frame><location>0 0 0</location><fixed>true</fixed></Marker>
<Marker name="A.2"><socket_parent_frame>/bodyset/a</socket_parent_frame><location>0.1 0 0</location></Marker>
<Marker name="A3"><socket_parent_frame>/bodyset/a</socket_parent_frame><location>0 0.12 0</location></Marker>
<Marker name="A4"><socket_parent_frame>/bodyset/a</socket_parent_frame><location>0.02 0.03 0.09</location></Marker>
<Marker name="B1"><socket_parent_frame>/bodyset/b</socket_parent_frame><location>0 -0.3 0</location></Marker>
<Marker name="B2"><socket_parent_frame>/jointset/j/b_offset</socket_parent_frame><location>0.01 0.02 0.03</location></Marker>
<Marker name="B3"><body>b</body><location>0 -0.4 0.07</location></Marker>
<Marker name="Bad"><socket_parent_frame>/bodyset/b</socket_parent_frame><location>0 nan 0</location></Marker>
<Marker name="Lost"><socket_parent_frame>/bodyset/c</socket_parent_frame><location>0 0 0</location></Marker>
</objects></MarkerSet>
</Model>
</OpenSimDocument>
)";

TEST(OsimMarkers, ReadsMarkersByBodyAndFollowsOffsetFrames) {
  const OsimMarkerSet set = read_osim_markers_text(kModel, "m.osim");
  ASSERT_EQ(set.markers.size(), 8u);  // Bad left out; Lost kept without a body; the template is not a marker
  EXPECT_EQ(set.markers[0].name, "A1");
  EXPECT_TRUE(set.markers[0].fixed);
  EXPECT_EQ(set.markers[0].line, 18);
  const std::vector<const OsimMarker*> b = set.on_body("b");
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[1]->name, "B2");
  EXPECT_EQ(b[1]->frame, "/jointset/j/b_offset");
  // (0.1, 0, 0) + R_z(90°)·(0.01, 0.02, 0.03) = (0.08, 0.01, 0.03)
  EXPECT_NEAR((b[1]->location_in_body - Vec3(0.08, 0.01, 0.03)).norm(), 0.0, 1e-12);
  EXPECT_EQ(b[2]->name, "B3") << "OpenSim 3 <body>";
  EXPECT_EQ(set.bodies(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(find_osim_marker(set, "B2"), b[1]);
  EXPECT_EQ(find_osim_marker(set, "a2")->name, "A.2") << "letter case and punctuation";
  EXPECT_EQ(find_osim_marker(set, "C9"), nullptr);
  ASSERT_EQ(set.problems.size(), 2u);
  EXPECT_NE(set.problems[0].find("m.osim:25: <location>: 'nan' is not a finite number (marker left out)"), std::string::npos) << set.problems[0];
  EXPECT_NE(set.problems[1].find("m.osim:26: <Marker name='Lost'>: frame '/bodyset/c' is neither a body"), std::string::npos) << set.problems[1];
  EXPECT_THROW(read_osim_markers_text("<OpenSimDocument><Model>", "broken.osim"), OsimError);
  EXPECT_THROW(read_osim_markers("/no/such/model.osim"), OsimError);
  EXPECT_TRUE(read_osim_markers_text("<OpenSimDocument><Model/></OpenSimDocument>", "empty.osim").markers.empty());
}

// a .trc of 5 frames (mm) of the model's markers, bodies a and b moving; names as given
std::string make_trc(const std::vector<std::string>& names, const OsimMarkerSet& set, SE3 (*world_T)(int, const std::string&)) {
  std::ostringstream s;
  s << "PathFileType\t4\t(X/Y/Z)\tm.trc\nDataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames\n"
    << "100\t100\t5\t" << names.size() << "\tmm\t100\t1\t5\nFrame#\tTime";
  for (const std::string& n : names) s << "\t" << n << "\t\t";
  s << "\n\t";
  for (std::size_t k = 0; k < names.size(); ++k) s << "\tX" << k + 1 << "\tY" << k + 1 << "\tZ" << k + 1;
  s << "\n\n";
  char buf[64];
  for (int f = 0; f < 5; ++f) {
    s << f + 1 << "\t" << f * 0.01;
    for (const OsimMarker& m : set.markers) {
      if (m.body.empty()) continue;
      const Vec3 x = world_T(f, m.body).act(m.location_in_body);
      for (int c = 0; c < 3; ++c) s << "\t" << (std::snprintf(buf, sizeof buf, "%.9f", x[c] * 1e3), buf);
    }
    s << "\n";
  }
  return s.str();
}

// b turns about a's z by 0.1 rad per frame about (0, -0.2, 0); a moves rigidly
SE3 a_T_b(int f) {
  return SE3{Mat3::Identity(), Vec3(0, -0.2, 0)} * SE3{axis_rotation(2, 0.1 * f), Vec3::Zero()} * SE3{Mat3::Identity(), Vec3(0, 0.2, 0)};
}

SE3 world_T_body(int f, const std::string& body) {
  const SE3 a{compose_body_fixed({0, 1, 2}, Vec3(0.02 * f, -0.01 * f, 0.03 * f)), Vec3(0.01 * f, 0.5, -0.002 * f)};
  return body == "a" ? a : a * a_T_b(f);
}

TEST(OsimMarkers, ClusterReferencesFromTheModelAreOnOneBody) {
  const OsimMarkerSet set = read_osim_markers_text(kModel, "m.osim");
  const MarkerReferences r = marker_references(set, {"B2", "b3", "B1"});
  EXPECT_EQ(r.body, "b");
  ASSERT_EQ(r.locations.size(), 3u);
  EXPECT_NEAR((r.locations[0] - Vec3(0.08, 0.01, 0.03)).norm(), 0.0, 1e-12) << "in the body, in the order asked";
  try {
    marker_references(set, {"B2", "A1"});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "m.osim: markers 'B2' and 'A1' are on different bodies (b, a)");
  }
  try {
    marker_references(set, {"B2", "C9"});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "m.osim: marker 'C9' is not in the model's MarkerSet");
  }
}

TEST(OsimMarkers, ClustersByBodyFromATrcAndBodyFramesFromTheModel) {
  const OsimMarkerSet set = read_osim_markers_text(kModel, "m.osim");
  // the lab wrote "A2" for the model's "A.2" and "b1" for "B1"
  const TrcData trc = read_trc_text(make_trc({"A1", "A2", "A3", "A4", "b1", "B2", "B3"}, set, world_T_body), "m.trc");
  const std::vector<TrcMarkerMatch> a = trc_markers_on_body(set, trc, "a");
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(a[1].trc_name, "A2");
  EXPECT_EQ(a[1].marker->name, "A.2");
  const std::vector<TrcMarkerMatch> b = trc_markers_on_body(set, trc, "b");
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].trc_name, "b1");

  // the model's locations as references: each sample is b's pose in a
  TrcSampleOptions o;
  for (const TrcMarkerMatch& m : a) {
    o.parent_markers.push_back(m.trc_name);
    o.parent_reference.push_back(m.marker->location_in_body);
  }
  for (const TrcMarkerMatch& m : b) {
    o.child_markers.push_back(m.trc_name);
    o.child_reference.push_back(m.marker->location_in_body);
  }
  const TrcSampleResult r = trc_samples(trc, o);
  ASSERT_EQ(r.samples.size(), 5u);
  for (int f = 0; f < 5; ++f) {
    const SE3& got = r.samples.samples[static_cast<std::size_t>(f)].parent_T_child;
    EXPECT_LT((got.p - a_T_b(f).p).norm(), 1e-8) << f;
    EXPECT_LT((got.R - a_T_b(f).R).norm(), 1e-8) << f;
  }

  // too few: the message lists the body's markers and what the .trc has
  const TrcData few = read_trc_text(make_trc({"A1", "A2", "A3", "A4", "X1", "X2", "B3"}, set, world_T_body), "few.trc");
  try {
    trc_markers_on_body(set, few, "b");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "m.osim: body 'b' has 3 marker(s) in the model (B1, B2, B3); few.trc has 1 of them (B3); not in the .trc: B1, B2; "
                           "a cluster needs at least 3 (name them with --parent-markers / --child-markers)");
  }
  try {
    trc_markers_on_body(set, few, "femur");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "m.osim: no marker of the MarkerSet is on body 'femur' (bodies with markers: a, b)");
  }
}

TEST(OsimMarkers, SharedModelsAndTheirMarkerFiles) {
  const fs::path dir = shared_models();
  if (!fs::exists(dir / "leg39.osim")) GTEST_SKIP() << "no shared data at " << dir;
  const OsimMarkerSet leg = read_osim_markers((dir / "leg39.osim").string());
  EXPECT_TRUE(leg.problems.empty());
  EXPECT_EQ(leg.markers.size(), 12u);
  const TrcData swing = read_trc((dir / "leg39_swing.trc").string());
  std::vector<std::string> thigh, shank;
  for (const TrcMarkerMatch& m : trc_markers_on_body(leg, swing, "femur_r")) thigh.push_back(m.trc_name);
  for (const TrcMarkerMatch& m : trc_markers_on_body(leg, swing, "tibia_r")) shank.push_back(m.trc_name);
  EXPECT_EQ(thigh, (std::vector<std::string>{"R.Thigh.Upper", "R.Thigh.Front", "R.Thigh.Rear"}));
  EXPECT_EQ(shank, (std::vector<std::string>{"R.Shank.Upper", "R.Shank.Front", "R.Shank.Rear"}));

  // Rajagopal's model writes RTH1 where the walking trial writes R.TH1; its tibia markers (RTB1 …) are not in the trial
  const OsimMarkerSet raj = read_osim_markers((dir / "Rajagopal2016.osim").string());
  EXPECT_EQ(raj.markers.size(), 66u);
  EXPECT_EQ(raj.on_body("femur_r").size(), 6u);
  const TrcData walk = read_trc((dir / "rajagopal_motion_capture_walk.trc").string());
  std::vector<std::string> femur;
  for (const TrcMarkerMatch& m : trc_markers_on_body(raj, walk, "femur_r")) femur.push_back(m.trc_name + "=" + m.marker->name);
  EXPECT_EQ(femur, (std::vector<std::string>{"R.TH1=RTH1", "R.TH2=RTH2", "R.TH3=RTH3"}));
  EXPECT_THROW(trc_markers_on_body(raj, walk, "tibia_r"), std::invalid_argument);
}

}  // namespace
}  // namespace js::interop
