// re-authoring an opensim joint in the document (ui/joint/reauthor.hpp, ui/export/osim_save.hpp), without a window:
// sample the model's knee, fit a candidate, compare, replace in one undo step, save the model, re-open the saved
// file with the project's own reader and find the fitted knee there, the rest of the file unchanged byte for byte.
#include <gtest/gtest.h>

#include <QFile>
#include <QFileInfo>
#include <QDir>
#include <QTemporaryDir>
#include <iostream>
#include <numbers>

#include "core/joints/joint_difference.hpp"
#include "ui/document/document.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/osim_couplers.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/export/osim_save.hpp"
#include "ui/joint/fit_job.hpp"
#include "core/joints/lower_pairs.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/joint/reauthor.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using namespace js::ui;
using js::kPi;

using js::ui::test::kModels;
constexpr double kDeg = kPi / 180.0;

JointId joint_named(const Document& doc, const char* osim_name) {
  for (const Joint& j : doc.data().joints)
    if (j.osim_joint == QLatin1String(osim_name)) return j.id;
  return 0;
}

// the joint element `<Type name="name">…</Type>` in text: [begin, end)
std::pair<std::size_t, std::size_t> element(const std::string& text, const std::string& name) {
  const std::size_t name_at = text.find(" name=\"" + name + "\"");
  if (name_at == std::string::npos) return {std::string::npos, std::string::npos};
  const std::size_t begin = text.rfind('<', name_at);
  const std::string type = text.substr(begin + 1, name_at - begin - 1);
  const std::size_t close = text.find("</" + type + ">", name_at);
  return {begin, close + type.size() + 3};
}

QString read_all(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// open → sample → fit → compare → replace → save → re-open: the knee the saved model's CustomJoint describes, evaluated
// by OpenSim's rules, is the fitted joint within 0.01 mm / 0.01°, and the file is unchanged outside the knee's element
void round_trip(const char* model_file, const char* knee) {
  const QString path = kModels + QLatin1Char('/') + QLatin1String(model_file);
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, knee);
  ASSERT_NE(id, 0) << knee;
  const Joint original = *doc.data().joint(id);
  ASSERT_EQ(original.model->dof(), 1);
  EXPECT_TRUE(fits_a_candidate(original));

  // 1. sample: 25 poses over the knee's range, one undo step
  const auto sampled = sample_joint(doc, id, 25);
  ASSERT_TRUE(sampled.ok()) << sampled.error.toStdString();
  EXPECT_EQ(sampled.value, 25);
  const Joint& s = *doc.data().joint(id);
  ASSERT_EQ(s.samples.size(), 25u);
  const js::Coordinate& c = original.model->coordinates()[0];
  EXPECT_DOUBLE_EQ(s.samples.front().q[0], c.min);
  EXPECT_DOUBLE_EQ(s.samples.back().q[0], c.max);
  EXPECT_TRUE(s.samples[7].parent_T_child.is_approx(joint_transform(*original.model, s.samples[7].q), 1e-15));

  // 2. fit: a candidate named like the coordinate; the model stays the file's
  FitSettings fit = doc.data().fit;
  fit.frames = 12;
  fit.auto_smoothing = false;
  fit.smoothing = 0.0;
  const FitOutcome outcome = run_fit(*doc.data().joint(id), fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  EXPECT_EQ(outcome.model->coordinates()[0].name, c.name);
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  EXPECT_EQ(doc.data().joint(id)->model, original.model);
  const auto before = comparison_difference(*doc.data().joint(id));
  ASSERT_TRUE(before);
  EXPECT_EQ(before->points, 201);
  // a cubic spline of 12 frames follows the knee to a fraction of a millimetre between the samples too
  EXPECT_LT(before->max_position_m, 1e-3) << comparison_text(*doc.data().joint(id), *before).toStdString();
  EXPECT_GT(before->max_position_m, 0.0);

  // 3. replace: one undo step; the original kept and compared, undo brings the candidate back
  const int steps = doc.undo_stack()->count();
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  const Joint& r = *doc.data().joint(id);
  EXPECT_EQ(r.model, outcome.model);
  EXPECT_EQ(r.original, original.model);
  EXPECT_EQ(r.candidate, nullptr);
  EXPECT_EQ(r.kind, js::JointKind::SplineCurve);
  const auto after = comparison_difference(r);
  ASSERT_TRUE(after);
  EXPECT_DOUBLE_EQ(after->max_position_m, before->max_position_m);
  EXPECT_EQ(replaced_osim_joints(doc.data()), QStringList{QString::fromLatin1(knee)});
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(id)->candidate, outcome.model);
  EXPECT_EQ(doc.data().joint(id)->model, original.model);
  doc.undo_stack()->redo();

  // 4. save: the whole model, meshes copied beside it so the text outside the knee is the file's, byte for byte
  QTemporaryDir dir;
  const QString saved = dir.filePath(QStringLiteral("reauthored.osim"));
  const OsimSaveResult result = save_osim_document(doc.data(), saved, true);
  ASSERT_TRUE(result.ok()) << result.error.toStdString();
  EXPECT_EQ(result.replaced, 1);
  EXPECT_TRUE(result.summary.contains(QLatin1String("mm"))) << result.summary.toStdString();
  const std::string old_text = doc.data().osim->text;
  const std::string new_text = read_all(saved).toStdString();
  const auto [ob, oe] = element(old_text, knee);
  const auto [nb, ne] = element(new_text, knee);
  ASSERT_NE(ob, std::string::npos);
  ASSERT_NE(nb, std::string::npos);
  EXPECT_EQ(new_text.substr(0, nb), old_text.substr(0, ob));
  EXPECT_EQ(new_text.substr(ne), old_text.substr(oe));
  EXPECT_EQ(new_text.substr(nb, 13), "<CustomJoint ");
  std::cout << comparison_text(*doc.data().joint(id), *after).toStdString() << "\n" << result.summary.toStdString() << "\n";

  // 5. re-open the saved model with the project's own reader: its knee is the fitted joint
  OsimLoad back = load_osim(saved, {});
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const Joint* reread = nullptr;
  for (const Joint& j : back.data->joints)
    if (j.osim_joint == QLatin1String(knee)) reread = &j;
  ASSERT_TRUE(reread);
  EXPECT_TRUE(back.missing_meshes.isEmpty()) << back.missing_meshes.join(QLatin1Char('\n')).toStdString();
  js::JointVector lo(1), hi(1);
  lo[0] = c.min;
  hi[0] = c.max;
  const js::JointDifference d = js::joint_difference(*reread->model, *outcome.model, lo, hi, 401);
  EXPECT_LT(d.max_position_m, 1e-5) << "mm " << d.max_position_m * 1e3;
  EXPECT_LT(d.max_angle_rad, 0.01 * kDeg) << "deg " << d.max_angle_rad / kDeg;
  std::cout << "re-read against fitted: " << d.max_position_m * 1e3 << " mm, " << d.max_angle_rad / kDeg << " deg\n";
  const js::Coordinate& rc = reread->model->coordinates()[0];
  EXPECT_EQ(rc.name, c.name);
  EXPECT_DOUBLE_EQ(rc.min, c.min);
  EXPECT_DOUBLE_EQ(rc.max, c.max);
}

TEST(Reauthor, Leg6dof9muscKneeRoundTrip) { round_trip("leg6dof9musc.osim", "knee_r"); }
TEST(Reauthor, Rajagopal2016WalkerKneeRoundTrip) { round_trip("Rajagopal2016.osim", "walker_knee_r"); }

// the range and default a user gives a replaced joint in the Coordinates editor are the ones the saved model has
// (they used to be the file's: the replacement wrote its own range and the coordinates' pass skipped replaced joints)
TEST(Reauthor, EditedRangeAndDefaultOfAReplacedKneeAreSaved) {
  const QString path = kModels + QStringLiteral("/leg6dof9musc.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, "knee_r");
  ASSERT_NE(id, 0);
  ASSERT_TRUE(sample_joint(doc, id, 25).ok());
  const FitOutcome outcome = run_fit(*doc.data().joint(id), doc.data().fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());

  // narrow the knee to [−100°, −10°] and put its default at −45°, as the editor does
  CoordinateEdit e = coordinate_edit_of(*doc.data().joint(id), 0);
  const js::Coordinate file = doc.data().joint(id)->original->coordinates()[0];
  ASSERT_LT(file.min, -100 * kDeg);
  e.min = -100 * kDeg;
  e.max = -10 * kDeg;
  e.default_value = -45 * kDeg;
  const auto edited = edit_coordinate(doc, id, 0, e);
  ASSERT_TRUE(edited.ok()) << edited.error.toStdString();

  QTemporaryDir dir;
  const QString saved = dir.filePath(QStringLiteral("narrowed.osim"));
  const OsimSaveResult result = save_osim_document(doc.data(), saved, false);
  ASSERT_TRUE(result.ok()) << result.error.toStdString();
  EXPECT_TRUE(result.summary.contains(QLatin1String("is now"))) << result.summary.toStdString();
  OsimLoad back = load_osim(saved, {});
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const Joint* reread = nullptr;
  for (const Joint& j : back.data->joints)
    if (j.osim_joint == QLatin1String("knee_r")) reread = &j;
  ASSERT_TRUE(reread && reread->model);
  const js::Coordinate& rc = reread->model->coordinates()[0];
  EXPECT_NEAR(rc.min, -100 * kDeg, 1e-9);
  EXPECT_NEAR(rc.max, -10 * kDeg, 1e-9);
  ASSERT_EQ(reread->default_q.size(), 1);
  EXPECT_NEAR(reread->default_q[0], -45 * kDeg, 1e-9);
}

// a wrist on a universal joint (two coordinates): an 9 × 9 grid, a spline surface candidate, replaced and saved as
// MultivariatePolynomialFunctions; the saved joint re-read is the fitted one within the save's own fidelity report
TEST(Reauthor, TwoCoordinateJointThroughPolynomials) {
  const QByteArray model =
      "<?xml version=\"1.0\"?>\n<OpenSimDocument Version=\"40000\"><Model name=\"arm\"><Ground name=\"ground\"/>\n"
      "<BodySet><objects><Body name=\"hand\"><mass>0.5</mass><mass_center>0 -0.08 0</mass_center>"
      "<inertia>0.001 0.0005 0.001 0 0 0</inertia></Body></objects></BodySet>\n"
      "<JointSet><objects><UniversalJoint name=\"wrist\"><socket_parent_frame>ground_offset</socket_parent_frame>"
      "<socket_child_frame>hand_offset</socket_child_frame><coordinates>"
      "<Coordinate name=\"flexion\"><default_value>0</default_value><range>-0.6 0.6</range></Coordinate>"
      "<Coordinate name=\"deviation\"><default_value>0</default_value><range>-0.3 0.4</range></Coordinate></coordinates>"
      "<frames><PhysicalOffsetFrame name=\"ground_offset\"><socket_parent>/ground</socket_parent>"
      "<translation>0 1 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>"
      "<PhysicalOffsetFrame name=\"hand_offset\"><socket_parent>/bodyset/hand</socket_parent>"
      "<translation>0 0.02 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame></frames>"
      "</UniversalJoint></objects></JointSet>\n</Model></OpenSimDocument>\n";
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("arm.osim"));
  {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(model);
  }
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, "wrist");
  ASSERT_NE(id, 0);
  ASSERT_EQ(doc.data().joint(id)->model->dof(), 2);
  // review: a grid over a coupler-driven coordinate repeats poses; refused with the coupler's name
  {
    DocumentData coupled = doc.data();
    auto source = std::make_shared<OsimDocumentSource>(*coupled.osim);
    OsimDocumentCoupler c;
    c.name = QStringLiteral("deviation_follows_flexion");
    c.dependent_joint = QStringLiteral("wrist");
    c.dependent_index = 1;
    c.independents = {{QStringLiteral("wrist"), 0}};
    source->coupler_list.push_back(c);
    coupled.osim = source;
    const QString problem = sampling_problem(*coupled.joint(id), &coupled);
    EXPECT_TRUE(problem.contains(QLatin1String("deviation_follows_flexion"))) << problem.toStdString();
    EXPECT_TRUE(sampling_problem(*doc.data().joint(id), &doc.data()).isEmpty());
  }
  const auto sampled = sample_joint(doc, id, 9, 9);
  ASSERT_TRUE(sampled.ok()) << sampled.error.toStdString();
  EXPECT_EQ(sampled.value, 81);
  FitSettings fit = doc.data().fit;
  fit.frames = 6;
  const FitOutcome outcome = run_fit(*doc.data().joint(id), fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  EXPECT_EQ(js::ui::model_kind_name(*outcome.model), QStringLiteral("spline_surface"));
  EXPECT_EQ(outcome.model->coordinates()[1].name, "deviation");
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  const auto before = comparison_difference(*doc.data().joint(id));
  ASSERT_TRUE(before);
  EXPECT_EQ(before->points, 41 * 41);
  EXPECT_LT(before->max_angle_rad, 0.5 * kDeg) << comparison_text(*doc.data().joint(id), *before).toStdString();
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());
  const QString saved = dir.filePath(QStringLiteral("out/arm_spline.osim"));
  QDir().mkpath(dir.filePath(QStringLiteral("out")));
  const OsimSaveResult result = save_osim_document(doc.data(), saved, false);
  ASSERT_TRUE(result.ok()) << result.error.toStdString();
  std::cout << result.summary.toStdString() << "\n";
  EXPECT_TRUE(result.summary.contains(QLatin1String("MultivariatePolynomialFunction"))) << result.summary.toStdString();
  const QString text = read_all(saved);
  EXPECT_TRUE(text.contains(QLatin1String("<CustomJoint name=\"wrist\">")));
  OsimLoad back = load_osim(saved, {});
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const Joint* reread = nullptr;
  for (const Joint& j : back.data->joints)
    if (j.osim_joint == QLatin1String("wrist")) reread = &j;
  ASSERT_TRUE(reread && reread->model && reread->model->dof() == 2);
  js::JointVector lo(2), hi(2);
  lo << -0.6, -0.3;
  hi << 0.6, 0.4;
  const js::JointDifference d = js::joint_difference(*reread->model, *outcome.model, lo, hi, 31);
  // the save's default tolerances
  EXPECT_LT(d.max_position_m, 0.1e-3) << d.max_position_m * 1e3 << " mm";
  EXPECT_LT(d.max_angle_rad, 0.05 * kDeg) << d.max_angle_rad / kDeg << " deg";
}

// leg39's knee_r has three coordinates: the flexion and two tibia translations that CoordinateCouplerConstraints set
// from it. sampling the flexion alone sees the knee through it (a restricted joint: couplers followed), fits, replaces
// and saves a model whose knee has the one coordinate and no couplers for the translations
TEST(Reauthor, Leg39KneeThroughItsFlexionAlone) {
  const QString path = kModels + QStringLiteral("/leg39.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, "knee_r");
  const JointId patella = joint_named(doc, "tib_pat_r");
  ASSERT_NE(id, 0);
  ASSERT_NE(patella, 0);
  const Joint file = *doc.data().joint(id);
  ASSERT_EQ(file.model->dof(), 3);
  // all three cannot be a spline joint; the translations are set by couplers
  EXPECT_TRUE(sampling_problem(file, &doc.data()).contains(QLatin1String("choose 1 or 2"))) << sampling_problem(file, &doc.data()).toStdString();
  const std::vector<SamplingCoordinate> cs = sampling_coordinates(file, &doc.data());
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_TRUE(cs[0].coupler.isEmpty());
  EXPECT_TRUE(cs[0].degrees);
  EXPECT_EQ(cs[1].coupler, QStringLiteral("knee_tx_r"));
  EXPECT_FALSE(cs[1].degrees);
  const QString coupled = sampling_problem(file, &doc.data(), {1});
  EXPECT_TRUE(coupled.contains(QLatin1String("knee_tx_r"))) << coupled.toStdString();
  // the patella follows the knee through its couplers, before and after the knee is seen through its flexion
  Eigen::VectorXd bent = file.q;
  bent[0] = -1.2;
  auto patella_at = [&](const Eigen::VectorXd& q) {
    for (const auto& [joint, value] : osim_coupled_motion(doc.data(), id, q))
      if (joint == patella) return value;
    return Eigen::VectorXd();
  };
  const Eigen::VectorXd patella_before = patella_at(bent);
  ASSERT_EQ(patella_before.size(), 3);

  // 1. sample the flexion: 31 poses, the translations following their couplers, one undo step
  const int steps = doc.undo_stack()->count();
  const auto sampled = sample_joint(doc, id, 31, 1, {0});
  ASSERT_TRUE(sampled.ok()) << sampled.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  const Joint& s = *doc.data().joint(id);
  EXPECT_EQ(s.kind, js::JointKind::Restricted);
  ASSERT_EQ(s.model->dof(), 1);
  EXPECT_EQ(s.model->coordinates()[0].name, "knee_angle_r");
  ASSERT_EQ(s.q.size(), 1);
  EXPECT_EQ(s.degrees, std::vector<bool>{true});
  // per-coordinate settings follow the chosen coordinate (a project of the joint must read back)
  ASSERT_EQ(s.default_q.size(), 1);
  EXPECT_EQ(s.default_q[0], file.default_q.size() == 3 ? file.default_q[0] : 0.0);
  ASSERT_EQ(s.samples.size(), 31u);
  for (std::size_t k = 0; k < s.samples.size(); k += 5) {
    // the file's knee at (flexion, the couplers' translations)
    Eigen::VectorXd full = file.q;
    full[0] = s.samples[k].q[0];
    const OsimDocumentCoupler* tx = nullptr;
    const OsimDocumentCoupler* ty = nullptr;
    for (const OsimDocumentCoupler& c : doc.data().osim->coupler_list) {
      if (c.name == QLatin1String("knee_tx_r")) tx = &c;
      if (c.name == QLatin1String("knee_ty_r")) ty = &c;
    }
    ASSERT_TRUE(tx && ty);
    double x = full[0], f = 0.0;
    tx->function.evaluate(&x, f, nullptr, nullptr);
    full[1] = tx->scale * f;
    ty->function.evaluate(&x, f, nullptr, nullptr);
    full[2] = ty->scale * f;
    EXPECT_TRUE(s.samples[k].parent_T_child.is_approx(joint_transform(*file.model, full), 1e-14)) << k;
  }
  const Eigen::VectorXd patella_after = patella_at((Eigen::VectorXd(1) << -1.2).finished());
  ASSERT_EQ(patella_after.size(), 3);
  EXPECT_LT((patella_after - patella_before).norm(), 1e-14);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(id)->model, file.model);
  EXPECT_EQ(doc.data().joint(id)->q.size(), 3);
  doc.undo_stack()->redo();
  // sampling all of the knee's coordinates again would bring the file's model back (it still refuses three)
  EXPECT_TRUE(sampling_problem(*doc.data().joint(id), &doc.data()).contains(QLatin1String("3 coordinates")));

  // 2. fit, compare, replace
  FitSettings fit = doc.data().fit;
  fit.frames = 16;
  fit.auto_smoothing = false;
  fit.smoothing = 0.0;
  const FitOutcome outcome = run_fit(*doc.data().joint(id), fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  EXPECT_EQ(outcome.model->coordinates()[0].name, "knee_angle_r");
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  const auto difference = comparison_difference(*doc.data().joint(id));
  ASSERT_TRUE(difference);
  EXPECT_LT(difference->max_position_m, 0.05e-3) << comparison_text(*doc.data().joint(id), *difference).toStdString();
  const auto restricted = doc.data().joint(id)->model;
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());
  EXPECT_EQ(doc.data().joint(id)->original, restricted);
  ASSERT_TRUE(comparison_difference(*doc.data().joint(id)));

  // 3. a project keeps the restricted original
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("leg39.jsproj"));
  ASSERT_TRUE(save_project(doc.data(), project).isEmpty());
  ProjectLoad reopened = load_project(project);
  ASSERT_TRUE(reopened.data) << reopened.error.toStdString();
  ASSERT_TRUE(reopened.data->joint(id)->original);
  EXPECT_EQ(reopened.data->joint(id)->original->kind(), js::JointKind::Restricted);

  // 4. save the model: the knee has one coordinate, the translations' couplers are gone, the rest reads back
  const QString saved = dir.filePath(QStringLiteral("leg39_spline_knee.osim"));
  const OsimSaveResult result = save_osim_document(doc.data(), saved, false);
  ASSERT_TRUE(result.ok()) << result.error.toStdString();
  std::cout << result.summary.toStdString() << "\n";
  EXPECT_TRUE(result.summary.contains(QLatin1String("CoordinateCouplerConstraint 'knee_tx_r' removed"))) << result.summary.toStdString();
  OsimLoad back = load_osim(saved, {});
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const Joint* reread = nullptr;
  for (const Joint& j : back.data->joints)
    if (j.osim_joint == QLatin1String("knee_r")) reread = &j;
  ASSERT_TRUE(reread && reread->model);
  ASSERT_EQ(reread->model->dof(), 1);
  EXPECT_EQ(back.data->osim->coupler_list.size(), doc.data().osim->coupler_list.size() - 2);
  const js::Coordinate& c = reread->model->coordinates()[0];
  js::JointVector lo(1), hi(1);
  lo[0] = c.min;
  hi[0] = c.max;
  const js::JointDifference d = js::joint_difference(*reread->model, *restricted, lo, hi, 401);
  EXPECT_LT(d.max_position_m, 0.06e-3) << d.max_position_m * 1e3 << " mm";
  EXPECT_LT(d.max_angle_rad, 0.05 * kDeg) << d.max_angle_rad / kDeg << " deg";
  std::cout << "leg39 knee saved against the file's knee with its couplers: " << d.max_position_m * 1e3 << " mm, "
            << d.max_angle_rad / kDeg << " deg\n";
}

// a real two-coordinate joint: Rajagopal2016's wrist (radius_hand_r, a UniversalJoint), 11 × 11 over its ranges
TEST(Reauthor, Rajagopal2016WristTwoCoordinates) {
  const QString path = kModels + QStringLiteral("/Rajagopal2016.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, "radius_hand_r");
  ASSERT_NE(id, 0);
  const auto file_model = doc.data().joint(id)->model;
  ASSERT_EQ(file_model->dof(), 2);
  ASSERT_TRUE(sample_joint(doc, id, 11, 11).ok());
  FitSettings fit = doc.data().fit;
  fit.frames = 6;
  const FitOutcome outcome = run_fit(*doc.data().joint(id), fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  const auto before = comparison_difference(*doc.data().joint(id));
  ASSERT_TRUE(before);
  std::cout << comparison_text(*doc.data().joint(id), *before).toStdString() << "\n";
  EXPECT_LT(before->max_angle_rad, 1.0 * kDeg);
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());
  QTemporaryDir dir;
  const QString saved = dir.filePath(QStringLiteral("rajagopal_wrist.osim"));
  const OsimSaveResult result = save_osim_document(doc.data(), saved, true);
  ASSERT_TRUE(result.ok()) << result.error.toStdString();
  std::cout << result.summary.toStdString() << "\n";
  OsimLoad back = load_osim(saved, {});
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const Joint* reread = nullptr;
  for (const Joint& j : back.data->joints)
    if (j.osim_joint == QLatin1String("radius_hand_r")) reread = &j;
  ASSERT_TRUE(reread && reread->model && reread->model->dof() == 2);
  js::JointVector lo(2), hi(2);
  for (int i = 0; i < 2; ++i) {
    lo[i] = file_model->coordinates()[static_cast<std::size_t>(i)].min;
    hi[i] = file_model->coordinates()[static_cast<std::size_t>(i)].max;
  }
  const js::JointDifference d = js::joint_difference(*reread->model, *outcome.model, lo, hi, 31);
  EXPECT_LT(d.max_position_m, 0.1e-3) << d.max_position_m * 1e3 << " mm";
  EXPECT_LT(d.max_angle_rad, 0.05 * kDeg) << d.max_angle_rad / kDeg << " deg";
}

TEST(Reauthor, RestoreOriginalAndProjectsKeepBoth) {
  const QString path = kModels + QStringLiteral("/leg6dof9musc.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data);
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, "knee_r");
  const auto file_model = doc.data().joint(id)->model;
  ASSERT_TRUE(sample_joint(doc, id, 15).ok());
  const FitOutcome outcome = run_fit(*doc.data().joint(id), doc.data().fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());
  // a project keeps the replacement and the original
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("knee.jsproj"));
  ASSERT_TRUE(save_project(doc.data(), project).isEmpty());
  ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const Joint* j = back.data->joint(id);
  ASSERT_TRUE(j && j->original && j->model);
  EXPECT_EQ(j->kind, js::JointKind::SplineCurve);
  EXPECT_EQ(replaced_osim_joints(*back.data), QStringList{QStringLiteral("knee_r")});
  // restore: the file's model again, the fitted one its candidate; Save As .osim then has nothing to write
  ASSERT_TRUE(restore_original(doc, id).ok());
  EXPECT_EQ(doc.data().joint(id)->model, file_model);
  EXPECT_EQ(doc.data().joint(id)->candidate, outcome.model);
  EXPECT_EQ(doc.data().joint(id)->original, nullptr);
  const OsimSaveResult none = save_osim_document(doc.data(), dir.filePath(QStringLiteral("x.osim")), false);
  EXPECT_FALSE(none.ok());
  EXPECT_TRUE(none.error.contains(QLatin1String("No joint of leg6dof9musc.osim has been replaced"))) << none.error.toStdString();
  EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("x.osim"))));
}

// regression: a joint file loaded into an opensim joint (or a kind change) replaced its model without keeping the
// original, so Save As .osim silently left that joint as the file had it
TEST(Reauthor, AJointFileOrAKindChangeKeepsTheOriginal) {
  const QString path = kModels + QStringLiteral("/leg6dof9musc.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data);
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId knee = joint_named(doc, "knee_r");
  const auto file_model = doc.data().joint(knee)->model;
  auto hinge = std::make_shared<js::RevoluteJoint>();
  hinge->coordinates()[0].name = "knee_angle_r";
  hinge->coordinates()[0].min = -2.0944;
  hinge->coordinates()[0].max = 0.17453293;
  ASSERT_TRUE(set_joint_model(doc, knee, hinge, QStringLiteral("Load joint file")).ok());
  EXPECT_EQ(doc.data().joint(knee)->original, file_model);
  EXPECT_EQ(replaced_osim_joints(doc.data()), QStringList{QStringLiteral("knee_r")});
  QTemporaryDir dir;
  const OsimSaveResult saved = save_osim_document(doc.data(), dir.filePath(QStringLiteral("hinge.osim")), false);
  EXPECT_TRUE(saved.ok()) << saved.error.toStdString();
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->original, nullptr);
  // a replacement of another dof restores to the original's size (q and samples), without a candidate
  ASSERT_TRUE(sample_joint(doc, knee, 5).ok());
  ASSERT_TRUE(set_joint_model(doc, knee, std::make_shared<js::UniversalJoint>(), QStringLiteral("Load joint file")).ok());
  ASSERT_EQ(doc.data().joint(knee)->samples.front().q.size(), 2);
  ASSERT_TRUE(restore_original(doc, knee).ok());
  EXPECT_EQ(doc.data().joint(knee)->model, file_model);
  EXPECT_EQ(doc.data().joint(knee)->q.size(), 1);
  EXPECT_EQ(doc.data().joint(knee)->samples.front().q.size(), 1);
  EXPECT_EQ(doc.data().joint(knee)->candidate, nullptr);
  EXPECT_TRUE(comparison_difference(*doc.data().joint(knee)) == std::nullopt);
  // a kind change likewise
  const JointId ankle = joint_named(doc, "ankle_r");
  ASSERT_TRUE(set_joint_kind(doc, ankle, js::JointKind::Revolute).ok());
  EXPECT_TRUE(doc.data().joint(ankle)->original);
  EXPECT_TRUE(replaced_osim_joints(doc.data()).contains(QStringLiteral("ankle_r")));
  // review: a kind change of another dof left a project that would not open again (its original has 3 dof),
  // and the new kind's q kept the file's degree flags
  const JointId pelvis = joint_named(doc, "ground_pelvis");
  ASSERT_TRUE(set_joint_kind(doc, pelvis, js::JointKind::Prismatic).ok());
  EXPECT_EQ(doc.data().joint(pelvis)->original->dof(), 3);
  EXPECT_TRUE(doc.data().joint(pelvis)->degrees.empty());
  EXPECT_TRUE(doc.data().joint(ankle)->degrees.empty());
  QTemporaryDir pdir;
  const QString project = pdir.filePath(QStringLiteral("kinds.jsproj"));
  ASSERT_TRUE(save_project(doc.data(), project).isEmpty());
  const ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_EQ(back.data->joint(pelvis)->original->dof(), 3);
  // samples replaced: the candidate of the old samples goes with them
  ASSERT_TRUE(sample_joint(doc, knee, 25).ok());
  const FitOutcome outcome = run_fit(*doc.data().joint(knee), doc.data().fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  ASSERT_TRUE(set_candidate(doc, knee, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  ASSERT_TRUE(sample_joint(doc, knee, 7).ok());
  EXPECT_EQ(doc.data().joint(knee)->candidate, nullptr);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->candidate, outcome.model);
}

TEST(Reauthor, RefusesWhatCannotBeSampledOrSaved) {
  const QString path = kModels + QStringLiteral("/leg6dof9musc.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data);
  Document doc;
  doc.reset(std::move(*load.data), {});
  // the pelvis has three coordinates: a spline joint has one or two
  const JointId hip = joint_named(doc, "ground_pelvis");
  ASSERT_NE(hip, 0);
  const auto r = sample_joint(doc, hip, 10);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.error.contains(QLatin1String("3 coordinates"))) << r.error.toStdString();
  // too few values, nothing to replace, nothing to restore
  const JointId knee = joint_named(doc, "knee_r");
  EXPECT_FALSE(sample_joint(doc, knee, 1).ok());
  EXPECT_TRUE(replace_with_candidate(doc, knee).error.contains(QLatin1String("no fitted candidate")));
  EXPECT_FALSE(restore_original(doc, knee).ok());
  // a document not opened from a model has no model to save
  DocumentData empty;
  const OsimSaveResult s = save_osim_document(empty, QStringLiteral("/tmp/never.osim"), false);
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(s.error.contains(QLatin1String("not opened from an OpenSim model")));
}

// a failed save leaves the file that was there intact (the model's save is atomic)
TEST(Reauthor, FailedSaveLeavesTheOldFile) {
  const QString path = kModels + QStringLiteral("/leg6dof9musc.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  OsimLoad load = load_osim(path, {});
  ASSERT_TRUE(load.data);
  Document doc;
  doc.reset(std::move(*load.data), {});
  const JointId id = joint_named(doc, "knee_r");
  ASSERT_TRUE(sample_joint(doc, id, 15).ok());
  const FitOutcome outcome = run_fit(*doc.data().joint(id), doc.data().fit);
  ASSERT_TRUE(outcome.ok());
  ASSERT_TRUE(set_candidate(doc, id, outcome.model, fit_record(outcome.report), QStringLiteral("Fit")).ok());
  ASSERT_TRUE(replace_with_candidate(doc, id).ok());
  // the osim element name no longer in the text: the replacement fails, the old file stays
  DocumentData broken = doc.data();
  for (Joint& j : broken.joints)
    if (j.id == id) j.osim_joint = QStringLiteral("no_such_knee");
  QTemporaryDir dir;
  const QString target = dir.filePath(QStringLiteral("old.osim"));
  QFile f(target);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("old contents");
  f.close();
  const OsimSaveResult s = save_osim_document(broken, target, false);
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(s.error.contains(QLatin1String("no_such_knee"))) << s.error.toStdString();
  EXPECT_EQ(read_all(target), QStringLiteral("old contents"));
}

}  // namespace
