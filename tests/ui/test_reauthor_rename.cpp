// a coordinate renamed in a re-authored opensim joint (ui/joint/coordinate_edit.hpp, ui/document/osim_names.hpp):
// a replaced knee is written back under its new name (the replacement's CustomJoint, the coupler that follows it);
// the original it replaced follows the name, so Restore Original shows no stale one; a knee seen through its
// flexion alone (a restricted joint) renames its inner coordinate too and is saved with the name; the sampling
// dialog holds a renamed coordinate at the file's default.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "core/interop/osim_model.hpp"
#include "core/joints/restricted_joint.hpp"
#include "ui/document/document.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/osim_names.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/export/osim_save.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/joint/reauthor.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using js::ui::test::kModels;

// the document of a shared model and the id of its joint `element` (0 when the data is absent)
js::ui::JointId open_shared_model(js::ui::Document& doc, const char* file, const char* element) {
  js::ui::OsimLoad load = js::ui::load_osim(kModels + QLatin1Char('/') + QLatin1String(file), {});
  if (!load.data) return 0;
  doc.reset(std::move(*load.data), {});
  for (const js::ui::Joint& j : doc.data().joints)
    if (j.osim_joint == QLatin1String(element)) return j.id;
  return 0;
}

js::ui::OpResult<bool> rename_in_editor(js::ui::Document& doc, js::ui::JointId id, int i, const char* name) {
  js::ui::CoordinateEdit e = js::ui::coordinate_edit_of(*doc.data().joint(id), i);
  e.name = QString::fromLatin1(name);
  return js::ui::edit_coordinate(doc, id, i, e);
}

const js::interop::OsimModelJoint* saved_joint(const js::interop::OsimModel& m, const std::string& name) {
  for (const js::interop::OsimModelJoint& j : m.joints)
    if (j.name == name) return &j;
  return nullptr;
}

TEST(ReauthorRename, AReplacedKneeIsSavedUnderItsNewName) {
  if (!QFile::exists(kModels + QStringLiteral("/leg6dof9musc.osim"))) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  js::ui::Document doc;
  const js::ui::JointId id = open_shared_model(doc, "leg6dof9musc.osim", "knee_r");
  ASSERT_NE(id, 0);
  const auto file_model = doc.data().joint(id)->model;
  ASSERT_TRUE(js::ui::sample_joint(doc, id, 25).ok());
  const js::ui::FitOutcome outcome = js::ui::run_fit(*doc.data().joint(id), doc.data().fit);
  ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
  ASSERT_TRUE(js::ui::set_candidate(doc, id, outcome.model, js::ui::fit_record(outcome.report), QStringLiteral("Fit")).ok());
  ASSERT_TRUE(js::ui::replace_with_candidate(doc, id).ok());
  const auto r = rename_in_editor(doc, id, 0, "knee_flexion_r");
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  const js::ui::Joint& j = *doc.data().joint(id);
  EXPECT_EQ(j.model->coordinates()[0].name, "knee_flexion_r");
  EXPECT_EQ(j.original->coordinates()[0].name, "knee_flexion_r");
  EXPECT_EQ(file_model->coordinates()[0].name, "knee_angle_r");  // models are immutable: clones were renamed
  // the original is still the file's motion under the new name
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, -0.9);
  EXPECT_TRUE(js::ui::joint_transform(*j.original, q).is_approx(js::ui::joint_transform(*file_model, q), 0.0));

  QTemporaryDir dir;
  const QString saved = dir.filePath(QStringLiteral("replaced.osim"));
  const js::ui::OsimSaveResult s = js::ui::save_osim_document(doc.data(), saved, true);
  ASSERT_TRUE(s.ok()) << s.error.toStdString();
  EXPECT_EQ(s.replaced, 1);
  EXPECT_EQ(s.renamed, 1);
  EXPECT_TRUE(s.summary.contains(QLatin1String("points of knee_flexion_r in ["))) << s.summary.toStdString();
  const js::interop::OsimModel m = js::interop::read_osim_model(saved.toStdString());
  const js::interop::OsimModelJoint* knee = saved_joint(m, "knee_r");
  ASSERT_TRUE(knee && knee->joint);
  EXPECT_EQ(knee->type, "CustomJoint");
  EXPECT_EQ(knee->coordinates, std::vector<std::string>{"knee_flexion_r"});
  ASSERT_EQ(m.couplers.size(), 1u);
  EXPECT_EQ(m.couplers[0].independents, std::vector<std::string>{"knee_flexion_r"});
  EXPECT_LT(m.find_coordinate("knee_angle_r"), 0);

  // restored, the original shows the new name; the replacement, now the candidate, too
  ASSERT_TRUE(js::ui::restore_original(doc, id).ok());
  EXPECT_EQ(js::ui::coordinate_name(*doc.data().joint(id), 0), QStringLiteral("knee_flexion_r"));
  EXPECT_EQ(doc.data().joint(id)->candidate->coordinates()[0].name, "knee_flexion_r");
}

TEST(ReauthorRename, AKneeSeenThroughItsFlexionRenamesItsInnerCoordinate) {
  if (!QFile::exists(kModels + QStringLiteral("/leg39.osim"))) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  js::ui::Document doc;
  const js::ui::JointId id = open_shared_model(doc, "leg39.osim", "knee_r");
  ASSERT_NE(id, 0);
  const std::vector<js::ui::SamplingCoordinate> before = js::ui::sampling_coordinates(*doc.data().joint(id), &doc.data());
  ASSERT_EQ(before.size(), 3u);
  ASSERT_TRUE(js::ui::sample_joint(doc, id, 5, 1, {0}).ok());
  ASSERT_TRUE(dynamic_cast<const js::RestrictedJoint*>(doc.data().joint(id)->model.get()));
  const auto r = rename_in_editor(doc, id, 0, "knee_flexion_r");
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  const auto* restricted = dynamic_cast<const js::RestrictedJoint*>(doc.data().joint(id)->model.get());
  ASSERT_TRUE(restricted);
  EXPECT_EQ(restricted->coordinates()[0].name, "knee_flexion_r");
  EXPECT_EQ(restricted->inner().coordinates()[0].name, "knee_flexion_r");
  // the sampling dialog lists the new name, with the held values and couplers as before
  const std::vector<js::ui::SamplingCoordinate> after = js::ui::sampling_coordinates(*doc.data().joint(id), &doc.data());
  ASSERT_EQ(after.size(), 3u);
  EXPECT_EQ(after[0].coordinate.name, "knee_flexion_r");
  EXPECT_TRUE(after[0].degrees);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(after[k].held, before[k].held) << k;
    EXPECT_EQ(after[k].coupler, before[k].coupler) << k;
  }
  // the document's names of the file's coordinates: the flexion renamed, the held translations as in the file
  int renamed = 0;
  for (const js::ui::OsimDocumentName& n : js::ui::osim_document_names(doc.data()))
    if (n.id == id) {
      if (n.file_name == "knee_angle_r") {
        EXPECT_EQ(n.name, "knee_flexion_r");
        EXPECT_EQ(n.index, 0);
        ++renamed;
      } else {
        EXPECT_EQ(n.name, n.file_name);
        EXPECT_EQ(n.index, -1);
      }
    }
  EXPECT_EQ(renamed, 1);
  // saved with the new name; the couplers that follow the flexion (the tibia's translations, the patella's) with it
  QTemporaryDir dir;
  const QString saved = dir.filePath(QStringLiteral("leg39.osim"));
  const js::ui::OsimSaveResult s = js::ui::save_osim_document(doc.data(), saved, true);
  ASSERT_TRUE(s.ok()) << s.error.toStdString();
  EXPECT_EQ(s.renamed, 1);
  const js::interop::OsimModel m = js::interop::read_osim_model(saved.toStdString());
  const js::interop::OsimModelJoint* knee = saved_joint(m, "knee_r");
  ASSERT_TRUE(knee);
  EXPECT_EQ(knee->coordinates.at(0), "knee_flexion_r");
  int following = 0;
  for (const js::interop::OsimCoupler& c : m.couplers)
    following += c.independents == std::vector<std::string>{"knee_flexion_r"};
  EXPECT_EQ(following, 5);
}

// regression: the sampling dialog found a coordinate's default in the file by its name, so a renamed one was held at
// 0 instead (leg6dof9musc's pelvis height, 1.06 m, would have dropped the pelvis to the ground)
TEST(ReauthorRename, ARenamedCoordinateIsHeldAtItsFileDefault) {
  if (!QFile::exists(kModels + QStringLiteral("/leg6dof9musc.osim"))) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  js::ui::Document doc;
  const js::ui::JointId id = open_shared_model(doc, "leg6dof9musc.osim", "ground_pelvis");
  ASSERT_NE(id, 0);
  ASSERT_EQ(doc.data().joint(id)->model->coordinates()[2].name, "pelvis_ty");
  ASSERT_TRUE(rename_in_editor(doc, id, 2, "pelvis_height").ok());
  const std::vector<js::ui::SamplingCoordinate> cs = js::ui::sampling_coordinates(*doc.data().joint(id), &doc.data());
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs[2].coordinate.name, "pelvis_height");
  EXPECT_DOUBLE_EQ(cs[2].held, 1.06004667);
  EXPECT_DOUBLE_EQ(cs[1].held, 0.057685489999999999);
}

}  // namespace
