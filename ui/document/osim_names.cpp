#include "ui/document/osim_names.hpp"

#include <exception>
#include <map>

#include "core/joints/restricted_joint.hpp"
#include "ui/document/osim_source.hpp"

namespace js::ui {

std::vector<int> osim_file_indices(const Joint& j, int file_count) {
  const int dof = j.model ? j.model->dof() : 0;
  std::vector<int> out(static_cast<std::size_t>(dof), -1);
  // a replacement keeps the original's coordinates in order (Replace in Model needs the same dof)
  const JointModel* reference = j.original ? j.original.get() : j.model.get();
  if (!reference || reference->dof() != dof) return out;
  if (const auto* r = dynamic_cast<const RestrictedJoint*>(reference)) {
    if (r->inner().dof() != file_count) return out;
    for (int k = 0; k < file_count; ++k)
      if (const int f = r->free_index_of(k); f >= 0 && f < dof) out[static_cast<std::size_t>(f)] = k;
  } else if (dof == file_count) {
    for (int i = 0; i < dof; ++i) out[static_cast<std::size_t>(i)] = i;
  }
  return out;
}

std::vector<OsimDocumentName> osim_document_names(const DocumentData& d) {
  std::vector<OsimDocumentName> out;
  if (!d.osim || d.osim->text.empty()) return out;
  std::vector<interop::OsimCoordinateName> file;
  try {
    file = interop::osim_coordinate_names(d.osim->text, d.osim->path.toStdString());
  } catch (const std::exception&) {
    return out;
  }
  std::map<std::string, int> count;
  for (const interop::OsimCoordinateName& c : file) ++count[c.joint];
  std::map<QString, const Joint*> by_element;
  for (const Joint& j : d.joints)
    if (!j.osim_joint.isEmpty()) by_element[j.osim_joint] = &j;
  std::map<std::string, int> seen;
  std::map<const Joint*, std::vector<int>> indices;
  for (const interop::OsimCoordinateName& c : file) {
    const int k = seen[c.joint]++;
    OsimDocumentName n{QString::fromStdString(c.joint), c.name, c.name};
    const auto it = by_element.find(n.joint);
    if (it != by_element.end()) {
      const Joint& j = *it->second;
      n.id = j.id;
      auto at = indices.find(&j);
      if (at == indices.end()) at = indices.emplace(&j, osim_file_indices(j, count[c.joint])).first;
      for (std::size_t i = 0; i < at->second.size(); ++i)
        if (at->second[i] == k) n.index = static_cast<int>(i);
      if (n.index >= 0) {
        const auto i = static_cast<std::size_t>(n.index);
        if (i < j.user_coordinates.size() && !j.user_coordinates[i].name.empty()) n.name = j.user_coordinates[i].name;
      } else if (const auto* r = dynamic_cast<const RestrictedJoint*>(j.original ? j.original.get() : j.model.get());
                 r && r->inner().dof() == count[c.joint]) {
        // held or coupled by a restricted joint: named as its inner joint names it (renamed before it was restricted)
        n.name = r->inner().coordinates()[static_cast<std::size_t>(k)].name;
      }
    }
    out.push_back(std::move(n));
  }
  return out;
}

std::vector<interop::OsimCoordinateRename> osim_renames(const std::vector<OsimDocumentName>& names) {
  std::vector<interop::OsimCoordinateRename> out;
  for (const OsimDocumentName& n : names)
    if (n.name != n.file_name) out.push_back({n.file_name, n.name});
  return out;
}

}  // namespace js::ui
