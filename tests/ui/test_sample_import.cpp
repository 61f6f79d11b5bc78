// samples from files into a document joint (ui/joint/sample_import.hpp) and the marker clusters an opened model
// suggests (ui/app/sample_import_dialog.hpp): csv with q, json, markers from leg39's swing with leg39's MarkerSet.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>
#include <iostream>
#include <numbers>

#include "core/interop/trc_file.hpp"
#include "core/joints/joint.hpp"
#include "ui/app/sample_import_dialog.hpp"
#include "ui/document/document.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/joint/sample_import.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using namespace js::ui;
using js::kPi;

using js::ui::test::kModels;

using js::ui::test::write_text;

// two bodies and a spline curve joint between them, no samples
void two_bodies(Document& doc, JointId& joint) {
  DocumentData d;
  Body a, b;
  a.id = d.next_id++;
  a.name = QStringLiteral("femur");
  b.id = d.next_id++;
  b.name = QStringLiteral("tibia");
  d.bodies = {a, b};
  Joint j;
  j.id = d.next_id++;
  j.name = QStringLiteral("knee");
  j.parent = a.id;
  j.child = b.id;
  j.q = Eigen::VectorXd::Zero(1);
  d.joints = {j};
  joint = j.id;
  doc.reset(std::move(d), {});
}

TEST(SampleImport, CsvWithQReplacesTheSamplesInOneStep) {
  QTemporaryDir dir;
  const QString csv = dir.filePath(QStringLiteral("s.csv"));
  write_text(csv, "q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n"
                  "0.0,1,0,0,0,1,0,0,0,1,0,-0.4,0\n"
                  "0.5,1,0,0,0,0.8775825618903728,-0.479425538604203,0,0.479425538604203,0.8775825618903728,0,-0.4,0.01\n"
                  "1.0,1,0,0,0,0.5403023058681398,-0.8414709848078965,0,0.8414709848078965,0.5403023058681398,0,-0.39,0.02\n");
  JointId id = 0;
  Document doc;
  two_bodies(doc, id);
  const auto r = import_sample_file(doc, id, csv);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  EXPECT_TRUE(r.value.contains(QLatin1String("3 sample(s)"))) << r.value.toStdString();
  const Joint& j = *doc.data().joint(id);
  ASSERT_EQ(j.samples.size(), 3u);
  EXPECT_DOUBLE_EQ(j.samples[1].q[0], 0.5);
  EXPECT_DOUBLE_EQ(j.samples[2].parent_T_child.p.y(), -0.39);
  EXPECT_LT(j.samples[0].marker_rms, 0.0);
  EXPECT_EQ(doc.undo_stack()->count(), 1);
  // exported and imported again: the same samples (17 significant digits)
  const QString out = dir.filePath(QStringLiteral("out.json"));
  ASSERT_EQ(export_samples(doc.data(), id, out), QString());
  const Joint first = *doc.data().joint(id);
  ASSERT_TRUE(import_sample_file(doc, id, out).ok());
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(doc.data().joint(id)->samples[k].q, first.samples[k].q);
    EXPECT_TRUE(doc.data().joint(id)->samples[k].parent_T_child.is_approx(first.samples[k].parent_T_child, 0.0));
  }
  EXPECT_NE(export_samples(doc.data(), id, QStringLiteral("/no/such/folder/s.csv")), QString());
  doc.undo_stack()->undo();
  doc.undo_stack()->undo();
  EXPECT_TRUE(doc.data().joint(id)->samples.empty());
}

TEST(SampleImport, BadFilesAreRefusedWithTheirPlace) {
  QTemporaryDir dir;
  const QString csv = dir.filePath(QStringLiteral("bad.csv"));
  write_text(csv, "q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n0,1,0,0,0,1,0,0,0,1,0,0,zero\n");
  JointId id = 0;
  Document doc;
  two_bodies(doc, id);
  const auto r = import_sample_file(doc, id, csv);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.error.contains(QLatin1String("bad.csv"))) << r.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->count(), 0);
  // 2-dof samples into a 1-dof joint
  const QString two = dir.filePath(QStringLiteral("two.csv"));
  write_text(two, "q0,q1,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n0,0,1,0,0,0,1,0,0,0,1,0,0,0\n1,0,1,0,0,0,1,0,0,0,1,0,0,0.1\n");
  const auto r2 = import_sample_file(doc, id, two);
  EXPECT_FALSE(r2.ok());
  EXPECT_TRUE(r2.error.contains(QLatin1String("knee has 1 coordinate(s), the samples 2"))) << r2.error.toStdString();
  // markers: fewer than 3 per cluster
  const QString trc = kModels + QStringLiteral("/leg39_swing.trc");
  if (!QFile::exists(trc)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  MarkerImport m;
  m.trc = trc;
  m.parent = {QStringLiteral("R.Thigh.Upper"), QStringLiteral("R.Thigh.Front")};
  m.child = {QStringLiteral("R.Shank.Upper"), QStringLiteral("R.Shank.Front"), QStringLiteral("R.Shank.Rear")};
  const auto r3 = import_marker_samples(doc, id, m);
  EXPECT_FALSE(r3.ok());
  EXPECT_TRUE(r3.error.contains(QLatin1String("3"))) << r3.error.toStdString();
}

// leg39's MarkerSet suggests the thigh and shank clusters of its swing trial (its knee has three coordinates, two
// coupled to the angle: the clusters are all this test asks of it)
TEST(SampleImport, Leg39SuggestsItsClusters) {
  const QString model = kModels + QStringLiteral("/leg39.osim");
  const QString trc = kModels + QStringLiteral("/leg39_swing.trc");
  if (!QFile::exists(model) || !QFile::exists(trc)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(model, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  const Joint* knee = nullptr;
  for (const Joint& j : load.data->joints)
    if (j.osim_joint == QLatin1String("knee_r")) knee = &j;
  ASSERT_TRUE(knee);
  const js::interop::TrcData data = js::interop::read_trc(trc.toStdString());
  EXPECT_EQ(model_markers_on(*load.data, knee->parent, data),
            (QStringList{QStringLiteral("R.Thigh.Upper"), QStringLiteral("R.Thigh.Front"), QStringLiteral("R.Thigh.Rear")}));
  EXPECT_EQ(model_markers_on(*load.data, knee->child, data),
            (QStringList{QStringLiteral("R.Shank.Upper"), QStringLiteral("R.Shank.Front"), QStringLiteral("R.Shank.Rear")}));
  // a body without markers suggests none
  DocumentData none = *load.data;
  none.osim = nullptr;
  EXPECT_TRUE(model_markers_on(none, knee->parent, data).isEmpty());
}

// Rajagopal2016 opened, its walking trial's markers on walker_knee_r: the clusters come from the model's MarkerSet
// where they match (RTH1 in the model is R.TH1 in the trial) and the user's otherwise, every frame with all markers is a sample with its cluster residual,
// kept in a project
TEST(SampleImport, RajagopalWalkMarkersWithTheModelsClusters) {
  const QString model = kModels + QStringLiteral("/Rajagopal2016.osim");
  const QString trc = kModels + QStringLiteral("/rajagopal_motion_capture_walk.trc");
  if (!QFile::exists(model) || !QFile::exists(trc)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(model, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const Joint* knee = nullptr;
  for (const Joint& j : doc.data().joints)
    if (j.osim_joint == QLatin1String("walker_knee_r")) knee = &j;
  ASSERT_TRUE(knee);
  ASSERT_EQ(knee->model->dof(), 1);
  const JointId id = knee->id;
  const js::interop::TrcData data = js::interop::read_trc(trc.toStdString());
  MarkerImport m;
  m.trc = trc;
  m.parent = model_markers_on(doc.data(), knee->parent, data);
  m.child = model_markers_on(doc.data(), knee->child, data);
  EXPECT_TRUE(m.parent.contains(QStringLiteral("R.TH1"))) << m.parent.join(QLatin1Char(',')).toStdString();
  // the model's tibia markers are RTB1..3, the trial's shank cluster R.SH1..4: no default, the user ticks them
  EXPECT_TRUE(m.child.isEmpty()) << m.child.join(QLatin1Char(',')).toStdString();
  m.child = {QStringLiteral("R.SH1"), QStringLiteral("R.SH2"), QStringLiteral("R.SH3"), QStringLiteral("R.SH4")};
  const auto r = import_marker_samples(doc, id, m);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  std::cout << "parent " << m.parent.join(QLatin1Char(',')).toStdString() << ", child " << m.child.join(QLatin1Char(',')).toStdString()
            << "\n" << r.value.toStdString() << "\n";
  const Joint& j = *doc.data().joint(id);
  EXPECT_TRUE(r.value.contains(QLatin1String("clusters' own frames"))) << r.value.toStdString();
  ASSERT_GT(j.samples.size(), 100u);
  for (const Sample& s : j.samples) {
    EXPECT_GE(s.marker_rms, 0.0);
    EXPECT_LT(s.marker_rms, 0.01);
  }
  // natural parameterization: q grows along the frames
  EXPECT_DOUBLE_EQ(j.samples.front().q[0], 0.0);
  EXPECT_GT(j.samples.back().q[0], j.samples[1].q[0]);
  EXPECT_EQ(doc.undo_stack()->count(), 1);
  // a project keeps the residuals
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("walk.jsproj"));
  ASSERT_TRUE(save_project(doc.data(), project).isEmpty());
  const ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_DOUBLE_EQ(back.data->joint(id)->samples[5].marker_rms, j.samples[5].marker_rms);
}

}  // namespace

#include "ui/document/joint_model.hpp"
#include "ui/panels/pose_format.hpp"

namespace {

// leg6dof9musc's knee with leg39's swing trial, whose six markers the model places on femur_r and tibia_r: the
// samples are the tibia's pose in the femur (the model's marker locations as references), so they lie near the
// model's own knee motion
TEST(SampleImport, MarkersOnTheModelsBonesGivePosesInTheBonesFrames) {
  const QString model = kModels + QStringLiteral("/leg6dof9musc.osim");
  const QString trc = kModels + QStringLiteral("/leg39_swing.trc");
  if (!QFile::exists(model) || !QFile::exists(trc)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(model, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const Joint* knee = nullptr;
  for (const Joint& j : doc.data().joints)
    if (j.osim_joint == QLatin1String("knee_r")) knee = &j;
  ASSERT_TRUE(knee);
  const JointId id = knee->id;
  const auto knee_model = knee->model;
  const js::interop::TrcData data = js::interop::read_trc(trc.toStdString());
  MarkerImport m;
  m.trc = trc;
  m.parent = model_markers_on(doc.data(), knee->parent, data);
  m.child = model_markers_on(doc.data(), knee->child, data);
  ASSERT_EQ(m.parent.size(), 3);
  ASSERT_EQ(m.child.size(), 3);
  const auto r = import_marker_samples(doc, id, m);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  EXPECT_TRUE(r.value.contains(QLatin1String("bones' frames"))) << r.value.toStdString();
  // each sample near the model knee's pose at some angle (the trial's subject is not the model's: centimetres)
  const js::Coordinate& c = knee_model->coordinates()[0];
  double worst = 0.0;
  for (const Sample& s : doc.data().joint(id)->samples) {
    double nearest = 1e9;
    for (int k = 0; k <= 200; ++k) {
      Eigen::VectorXd q(1);
      q[0] = c.min + (c.max - c.min) * k / 200.0;
      nearest = std::min(nearest, (joint_transform(*knee_model, q).p - s.parent_T_child.p).norm());
    }
    worst = std::max(worst, nearest);
  }
  std::cout << r.value.toStdString() << "\nfarthest sample from the model knee's path: " << worst * 1e3 << " mm\n";
  EXPECT_LT(worst, 0.05);
}

// the samples table and the Next q field: rotational coordinates of an opensim joint in degrees, both ways
TEST(PoseFormat, QInDegreesForRotationalCoordinates) {
  Eigen::VectorXd q(2);
  q << kPi / 3.0, 0.012;
  EXPECT_EQ(js::ui::q_text(q, {true, false}), QStringLiteral("60°, 0.012"));
  EXPECT_EQ(js::ui::q_text(q), QStringLiteral("1.0472, 0.012"));
  Eigen::VectorXd back;
  ASSERT_TRUE(js::ui::parse_q(QStringLiteral("60°, 0.012"), 2, back, {true, false}));
  EXPECT_NEAR(back[0], kPi / 3.0, 1e-15);
  EXPECT_DOUBLE_EQ(back[1], 0.012);
  ASSERT_TRUE(js::ui::parse_q(QStringLiteral("45 0"), 2, back, {true, false}));
  EXPECT_NEAR(back[0], kPi / 4.0, 1e-15);
  EXPECT_FALSE(js::ui::parse_q(QStringLiteral("45°°, 0"), 2, back, {true, false}));
  // review: a typed ° on a coordinate not shown in degrees was taken as radians
  ASSERT_TRUE(js::ui::parse_q(QStringLiteral("90°"), 1, back));
  EXPECT_NEAR(back[0], kPi / 2.0, 1e-15);
  EXPECT_FALSE(js::ui::parse_q(QStringLiteral("45"), 2, back, {true, false}));
}

}  // namespace
