#include "ui/export/osim_couplers.hpp"

#include <QStringList>
#include <map>
#include <set>

#include "core/io/axis_function_json.hpp"
#include "core/joints/restricted_joint.hpp"
#include "ui/export/osim_import.hpp"

namespace js::ui {

namespace {

// a joint's coordinates as the model read them: a restricted joint's (one seen through some of its coordinates)
// are its inner joint's, which the couplers index
Eigen::VectorXd coupler_coordinates(const Joint& j, const Eigen::VectorXd& q) {
  if (const auto* r = dynamic_cast<const RestrictedJoint*>(j.model.get()); r && q.size() == r->dof()) {
    JointVector all;
    r->inner_q(q, all);
    return all;
  }
  return q;
}

// back to the joint's own q: a restricted joint takes its free coordinates (it sets the others itself)
Eigen::VectorXd joint_coordinates(const Joint& j, const Eigen::VectorXd& all, const Eigen::VectorXd& q) {
  const auto* r = dynamic_cast<const RestrictedJoint*>(j.model.get());
  if (!r || q.size() != r->dof()) return all;
  Eigen::VectorXd out = q;
  for (int k = 0; k < all.size(); ++k)
    if (const int f = r->free_index_of(k); f >= 0) out[f] = all[k];
  return out;
}

}  // namespace

std::vector<std::pair<JointId, Eigen::VectorXd>> osim_coupled_motion(const DocumentData& d, JointId moved, const Eigen::VectorXd& q) {
  std::vector<std::pair<JointId, Eigen::VectorXd>> out;
  if (!d.osim || d.osim->coupler_list.empty()) return out;
  const Joint* mj = d.joint(moved);
  if (!mj) return out;
  // the current q of every osim joint by element name (as the model read it), the moved one at its new q
  std::map<QString, std::pair<const Joint*, Eigen::VectorXd>> qs;
  for (const Joint& j : d.joints)
    if (!j.osim_joint.isEmpty()) qs[j.osim_joint] = {&j, coupler_coordinates(j, j.id == moved ? q : j.q)};
  std::set<QString> changed{mj->osim_joint};
  // joints a coupler wrote; the moved joint is one of them when a coupler drives one of its own coordinates
  // from another (leg39's knee: the tibia's translations follow knee_angle inside the same CustomJoint)
  std::set<QString> written;
  for (const OsimDocumentCoupler& c : d.osim->coupler_list) {
    bool touched = false;
    double x[kMaxAxisFunctionInputs];
    for (std::size_t i = 0; i < c.independents.size() && i < kMaxAxisFunctionInputs; ++i) {
      const auto it = qs.find(c.independents[i].first);
      if (it == qs.end() || c.independents[i].second >= it->second.second.size()) return {};
      x[i] = it->second.second[c.independents[i].second];
      touched = touched || changed.count(c.independents[i].first);
    }
    const auto dep = qs.find(c.dependent_joint);
    if (!touched || dep == qs.end() || c.dependent_index >= dep->second.second.size()) continue;
    double f = 0.0;
    c.function.evaluate(x, f, nullptr, nullptr);
    dep->second.second[c.dependent_index] = c.scale * f;
    changed.insert(c.dependent_joint);
    written.insert(c.dependent_joint);
  }
  for (const QString& name : written) {
    const auto& [joint, all] = qs[name];
    out.emplace_back(joint->id, joint_coordinates(*joint, all, joint->id == moved ? q : joint->q));
  }
  return out;
}

namespace {

// "body.coordinate" of coordinate `index` of the joint whose opensim element is `joint` (as the model read it); empty
// when gone, or inside a restricted joint that sets it itself
std::string scene_coordinate(const DocumentData& d, const QHash<BodyId, QString>& names, const QString& joint, int index) {
  for (const Joint& j : d.joints) {
    if (j.osim_joint != joint || !j.model) continue;
    if (const auto* r = dynamic_cast<const RestrictedJoint*>(j.model.get())) index = r->free_index_of(index);
    if (index < 0 || index >= j.model->dof() || !names.contains(j.child)) continue;
    return names.value(j.child).toStdString() + "." + j.model->coordinates()[static_cast<std::size_t>(index)].name;
  }
  return {};
}

}  // namespace

nlohmann::json osim_couplers_json(const DocumentData& d, const QHash<BodyId, QString>& scene_names, QStringList* dropped) {
  nlohmann::json out = nlohmann::json::array();
  if (!d.osim) return out;
  for (const OsimDocumentCoupler& c : d.osim->coupler_list) {
    const std::string dependent = scene_coordinate(d, scene_names, c.dependent_joint, c.dependent_index);
    nlohmann::json independents = nlohmann::json::array();
    bool whole = !dependent.empty();
    for (const auto& [joint, index] : c.independents) {
      const std::string name = scene_coordinate(d, scene_names, joint, index);
      whole = whole && !name.empty();
      independents.push_back(name);
    }
    if (!whole) {
      if (dropped) *dropped << c.name;
      continue;
    }
    out.push_back({{"name", c.name.toStdString()}, {"coordinate", dependent}, {"independents", independents},
                   {"function", io::axis_function_to_json(c.function)}, {"scale", c.scale}});
  }
  return out;
}

}  // namespace js::ui
