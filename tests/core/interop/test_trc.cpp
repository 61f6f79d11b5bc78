// .trc and .mot reading, cluster poses and motion-capture samples; the two shared marker files (skipped when
// ../shared/data is absent).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <filesystem>
#include <random>
#include <sstream>

#include "core/interop/euler.hpp"
#include "core/interop/trc_samples.hpp"
#include "tests/support/test_files.hpp"

namespace js::interop {
namespace {

namespace fs = std::filesystem;

using js::test::shared_models;

const std::vector<Vec3> kParent = {{0.0, 0.0, 0.0}, {0.1, 0.0, 0.0}, {0.0, 0.12, 0.0}, {0.02, 0.03, 0.09}};
const std::vector<Vec3> kChild = {{0.0, -0.3, 0.0}, {0.08, -0.35, 0.02}, {0.0, -0.4, 0.07}};

// the child turns about z by 0.1 rad per frame about the point (0, -0.2, 0) while the parent moves rigidly
SE3 child_motion(int f) {
  const SE3 about{axis_rotation(2, 0.1 * f), Vec3::Zero()};
  return SE3{Mat3::Identity(), Vec3(0, -0.2, 0)} * about * SE3{Mat3::Identity(), Vec3(0, 0.2, 0)};
}
SE3 parent_motion(int f) { return SE3{compose_body_fixed({0, 1, 2}, Vec3(0.02 * f, -0.01 * f, 0.03 * f)), Vec3(0.01 * f, 0.5, -0.002 * f)}; }

// a .trc in mm of 6 frames; frame 4 lacks marker C2
std::string make_trc() {
  std::ostringstream s;
  s << "PathFileType\t4\t(X/Y/Z)\tsynthetic.trc\n"
    << "DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames\n"
    << "100\t100\t6\t7\tmm\t100\t1\t6\n"
    << "Frame#\tTime\tP1\t\t\tP2\t\t\tP3\t\t\tP4\t\t\tC1\t\t\tC2\t\t\tC3\t\t\n"
    << "\t\tX1\tY1\tZ1\tX2\tY2\tZ2\tX3\tY3\tZ3\tX4\tY4\tZ4\tX5\tY5\tZ5\tX6\tY6\tZ6\tX7\tY7\tZ7\n\n";
  char buf[64];
  for (int f = 0; f < 6; ++f) {
    s << f + 1 << "\t" << f * 0.01;
    const SE3 P = parent_motion(f), C = P * child_motion(f);
    for (const Vec3& p : kParent) {
      const Vec3 x = P.R * p + P.p;
      for (int c = 0; c < 3; ++c) s << "\t" << (std::snprintf(buf, sizeof buf, "%.9f", x[c] * 1e3), buf);
    }
    for (std::size_t m = 0; m < kChild.size(); ++m) {
      const Vec3 x = C.R * kChild[m] + C.p;
      for (int c = 0; c < 3; ++c) s << "\t" << (f == 4 && m == 1 ? std::string() : (std::snprintf(buf, sizeof buf, "%.9f", x[c] * 1e3), std::string(buf)));
    }
    s << "\n";
  }
  return s.str();
}

TEST(Trc, ReadsHeaderUnitsAndMissingMarkers) {
  const TrcData d = read_trc_text(make_trc(), "synthetic.trc");
  EXPECT_EQ(d.frames(), 6);
  EXPECT_EQ(d.markers.size(), 7u);
  EXPECT_EQ(d.units, "mm");
  EXPECT_DOUBLE_EQ(d.data_rate, 100.0);
  EXPECT_FALSE(d.present(4, 5));
  EXPECT_TRUE(d.present(4, 4));
  EXPECT_NEAR(d.position(0, 1).x(), 0.1, 1e-12);  // metres
  EXPECT_EQ(d.lines[0], 7);
  EXPECT_TRUE(d.notes.empty());
}

TEST(Trc, ClusterPoseIsExactWithoutNoiseAndNeverAReflection) {
  const SE3 T{compose_body_fixed({2, 0, 1}, Vec3(0.7, -0.4, 2.0)), Vec3(0.3, -0.2, 1.0)};
  std::vector<Vec3> b;
  for (const Vec3& a : kParent) b.push_back(T.R * a + T.p);
  double rms = 1.0;
  const SE3 fit = fit_cluster_pose(kParent, b, &rms);
  EXPECT_LE((fit.R - T.R).norm(), 1e-12);
  EXPECT_LE((fit.p - T.p).norm(), 1e-12);
  EXPECT_LE(rms, 1e-12);
  // mirrored, noisy, nearly planar points: the best orthogonal map is a reflection; ours stays a rotation
  std::vector<Vec3> a{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0.001}}, m;
  std::mt19937 rng(3);
  std::normal_distribution<double> noise(0.0, 0.01);
  for (const Vec3& p : a) m.push_back(Vec3(p.x(), p.y(), -p.z()) + Vec3(noise(rng), noise(rng), noise(rng)));
  const SE3 r = fit_cluster_pose(a, m);
  EXPECT_NEAR(r.R.determinant(), 1.0, 1e-12);
  EXPECT_LE((r.R.transpose() * r.R - Mat3::Identity()).norm(), 1e-12);
}

TEST(Trc, SamplesAreTheChildRelativeToTheParent) {
  const TrcData d = read_trc_text(make_trc(), "synthetic.trc");
  TrcSampleOptions o;
  o.parent_markers = {"P1", "P2", "P3", "P4"};
  o.child_markers = {"C1", "C2", "C3"};
  const TrcSampleResult r = trc_samples(d, o);
  EXPECT_EQ(r.samples.size(), 5);
  EXPECT_EQ(r.skipped_missing, 1);
  EXPECT_EQ(r.reference_frame, 0);
  EXPECT_FALSE(r.samples.has_q);
  // reference = frame 0 lab positions about each cluster's centroid: the sample at frame f is
  // (I, −c_parent) · P_0 · child_motion(f) · P_0⁻¹ · (I, c_child)
  const SE3 P0 = parent_motion(0);
  Vec3 cp = Vec3::Zero(), cc = Vec3::Zero();
  for (int m = 0; m < 4; ++m) cp += d.position(0, m) / 4.0;
  for (int m = 4; m < 7; ++m) cc += d.position(0, m) / 3.0;
  for (std::size_t k = 0; k < r.frames.size(); ++k) {
    const int f = r.frames[k] - 1;
    const SE3 expect = SE3{Mat3::Identity(), -cp} * P0 * child_motion(f) * P0.inverse() * SE3{Mat3::Identity(), cc};
    EXPECT_LE((r.samples.samples[k].parent_T_child.R - expect.R).norm(), 1e-8) << f;
    EXPECT_LE((r.samples.samples[k].parent_T_child.p - expect.p).norm(), 1e-8) << f;
    EXPECT_LE(r.parent_rms[k], 1e-8);
    EXPECT_LE(r.child_rms[k], 1e-8);
  }
  // with a .mot, q is the interpolated column, degrees scaled
  const MotData mot = read_mot_text("name\nversion=1\ninDegrees=yes\nendheader\ntime\tknee\n0\t0\n0.02\t20\n0.03\t30\n", "k.mot");
  EXPECT_TRUE(mot.in_degrees);
  o.mot = &mot;
  o.mot_column = mot.find_column("knee");
  o.q_scale = kPi / 180.0;
  const TrcSampleResult q = trc_samples(d, o);
  EXPECT_TRUE(q.samples.has_q);
  EXPECT_EQ(q.samples.size(), 4);  // frames at 0 … 0.03 s lie in the .mot's span; 0.04 misses a marker; 0.05 is past it
  EXPECT_EQ(q.skipped_outside_mot, 1);
  EXPECT_EQ(q.skipped_outside_mot + q.skipped_missing + q.samples.size(), 6);
  EXPECT_NEAR(q.samples.samples[1].q[0], 10.0 * o.q_scale, 1e-12);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Trc, BadInputIsOneClearMessage) {
  const TrcData d = read_trc_text(make_trc(), "synthetic.trc");
  const auto run = [&](std::vector<std::string> p, std::vector<std::string> c) {
    return error_of([&] {
      TrcSampleOptions o;
      o.parent_markers = std::move(p);
      o.child_markers = std::move(c);
      trc_samples(d, o);
    });
  };
  EXPECT_NE(run({"P1", "P2"}, {"C1", "C2", "C3"}).find("parent cluster has 2 marker(s); a pose needs at least 3"), std::string::npos);
  EXPECT_NE(run({"P1", "P2", "PX"}, {"C1", "C2", "C3"}).find("no marker 'PX'"), std::string::npos);
  EXPECT_NE(run({"P1", "P2", "C1"}, {"C1", "C2", "C3"}).find("in both clusters"), std::string::npos);
  // a marker missing in every frame
  std::string text = make_trc();
  TrcData gone = d;
  for (int f = 0; f < gone.frames(); ++f) gone.positions[static_cast<std::size_t>(f) * 7 + 6] = Vec3::Constant(std::nan(""));
  EXPECT_NE(error_of([&] {
              TrcSampleOptions o;
              o.parent_markers = {"P1", "P2", "P3"};
              o.child_markers = {"C1", "C2", "C3"};
              trc_samples(gone, o);
            }).find("marker 'C3' (child cluster) is missing in every frame"),
            std::string::npos);
  // collinear markers
  TrcData line = d;
  for (int f = 0; f < line.frames(); ++f) {
    for (int m = 4; m < 7; ++m) line.positions[static_cast<std::size_t>(f) * 7 + static_cast<std::size_t>(m)] = Vec3(0.1 * m, 0.2 * m, 0.0);
  }
  EXPECT_NE(error_of([&] {
              TrcSampleOptions o;
              o.parent_markers = {"P1", "P2", "P3"};
              o.child_markers = {"C1", "C2", "C3"};
              trc_samples(line, o);
            }).find("markers C1, C2, C3 are collinear"),
            std::string::npos);
  // malformed files name the line
  std::string bad = make_trc();
  {
    // line 8 (the second frame): P1's y becomes 1x0
    std::size_t at = 0;
    for (int l = 1; l < 8; ++l) at = bad.find('\n', at) + 1;
    for (int t = 0; t < 3; ++t) at = bad.find('\t', at) + 1;
    bad.replace(at, bad.find('\t', at) - at, "1x0");
  }
  EXPECT_NE(error_of([&] { read_trc_text(bad, "bad.trc"); }).find("bad.trc:8: marker 'P1' Y: '1x0' is not a number"), std::string::npos)
      << error_of([&] { read_trc_text(bad, "bad.trc"); });
  std::string units = make_trc();
  units.replace(units.find("\tmm\t"), 4, "\tin\t");
  EXPECT_NE(error_of([&] { read_trc_text(units, "u.trc"); }).find("u.trc:3: units 'in'"), std::string::npos);
  EXPECT_NE(error_of([&] { read_trc_text("hello\n", "x.trc"); }).find("x.trc:1:"), std::string::npos);
  EXPECT_NE(error_of([&] { read_mot_text("endheader\ntime\tknee\n0\t1\n0.1\n", "m.mot"); }).find("m.mot:4: 1 numbers for 2 columns"), std::string::npos);
  EXPECT_NE(error_of([&] { read_mot_text("time\tknee\n0\t1\n", "m.mot"); }).find("no 'endheader'"), std::string::npos);
  EXPECT_NE(error_of([&] { read_trc("/no/such/file.trc"); }).find("/no/such/file.trc: cannot open"), std::string::npos);
}

// found by fuzzing (tests/fuzz/regressions/trc): counts and frame numbers beyond an int were cast to int
// (undefined behaviour), and a device or fifo named as a .trc was read forever
TEST(Trc, CountsBeyondAnIntAndDevicesAreRefused) {
  std::string frames = make_trc();
  frames.replace(frames.find("100\t100\t6\t"), 10, "100\t100\t1e10\t");
  EXPECT_NE(error_of([&] { read_trc_text(frames, "f.trc"); }).find("f.trc:3: NumFrames '1e10' is not a whole number from 0 to 2147483647"),
            std::string::npos)
      << error_of([&] { read_trc_text(frames, "f.trc"); });
  std::string half = make_trc();
  half.replace(half.find("\t6\t7\t"), 5, "\t6\t7.5\t");
  EXPECT_NE(error_of([&] { read_trc_text(half, "h.trc"); }).find("h.trc:3: NumMarkers '7.5' is not a whole number"), std::string::npos);
  std::string frame = make_trc();
  frame.replace(frame.rfind("\n6\t"), 3, "\n-9e99\t");
  EXPECT_NE(error_of([&] { read_trc_text(frame, "n.trc"); }).find("n.trc:12: frame number '-9e99' is beyond"), std::string::npos)
      << error_of([&] { read_trc_text(frame, "n.trc"); });
  EXPECT_NE(error_of([&] { read_trc("/dev/zero"); }).find("/dev/zero: cannot read a character device, only regular files"),
            std::string::npos);
  EXPECT_NE(error_of([&] { read_mot("/dev/zero"); }).find("/dev/zero: cannot read a character device"), std::string::npos);
}

// found by fuzzing (tests/fuzz/regressions/trc/vertical-tab-line.trc): a data line of only a vertical tab or a
// form feed split into no fields and its frame number was read from an empty vector
TEST(Trc, LinesOfOtherWhiteSpaceAreBlank) {
  const TrcData d = read_trc_text(make_trc() + "\v\n\f \r\n", "ws.trc");
  EXPECT_EQ(d.frames(), 6);
}

// 100,000 marker names on line 4 read in linear time (the duplicate check was quadratic: minutes)
TEST(Trc, ManyMarkerNamesAreReadInLinearTime) {
  constexpr int kMarkers = 100000;
  std::string text = "PathFileType\t4\t(X/Y/Z)\tmany.trc\nUnits\nmm\nFrame#\tTime";
  for (int m = 0; m < kMarkers; ++m) text += "\tM" + std::to_string(m) + "\t\t";
  text += "\n\n\n1\t0\t1\t2\t3\n";
  const TrcData d = read_trc_text(text, "many.trc");
  ASSERT_EQ(d.markers.size(), static_cast<std::size_t>(kMarkers));
  EXPECT_TRUE(d.present(0, 0));
  EXPECT_FALSE(d.present(0, kMarkers - 1));
  text.replace(text.find("\tM99999\t"), 8, "\tM12345");
  EXPECT_NE(error_of([&] { read_trc_text(text, "many.trc"); }).find("many.trc:4: marker 'M12345' named twice"), std::string::npos);
}

TEST(Trc, SharedMarkerFiles) {
  const fs::path leg = shared_models() / "leg39_swing.trc", walk = shared_models() / "rajagopal_motion_capture_walk.trc";
  if (!fs::exists(leg)) GTEST_SKIP() << "no shared OpenSim data at " << shared_models() << " (tests that need it skip)";
  const TrcData a = read_trc(leg.string());
  EXPECT_EQ(a.frames(), 28);
  EXPECT_EQ(a.markers.size(), 41u);
  TrcSampleOptions o;
  o.parent_markers = {"R.Thigh.Upper", "R.Thigh.Front", "R.Thigh.Rear"};
  o.child_markers = {"R.Shank.Upper", "R.Shank.Front", "R.Shank.Rear"};
  const TrcSampleResult r = trc_samples(a, o);
  EXPECT_EQ(r.samples.size() + r.skipped_missing, 28);
  for (double e : r.child_rms) EXPECT_LE(e, 0.01);  // a three-marker cluster fits almost exactly
  const TrcData b = read_trc(walk.string());
  EXPECT_EQ(b.frames(), 238);
  o.parent_markers = {"R.TH1", "R.TH2", "R.TH3"};
  o.child_markers = {"R.SH1", "R.SH2", "R.SH3", "R.SH4"};
  const TrcSampleResult w = trc_samples(b, o);
  EXPECT_EQ(w.samples.size() + w.skipped_missing, 238);
  EXPECT_GT(w.samples.size(), 100);
  for (double e : w.child_rms) EXPECT_LE(e, 0.02);
}

}  // namespace
}  // namespace js::interop
