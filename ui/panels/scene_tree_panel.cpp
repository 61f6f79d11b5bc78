#include "ui/panels/scene_tree_panel.hpp"

#include <QHeaderView>
#include <QVBoxLayout>
#include <functional>

namespace js::ui {
namespace {
constexpr int kKindRole = Qt::UserRole;
constexpr int kIdRole = Qt::UserRole + 1;
enum ItemKind { body_item = 1, joint_item = 2 };
}  // namespace

SceneTreePanel::SceneTreePanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  tree_ = new QTreeWidget(this);
  tree_->setHeaderLabels({tr("Name"), tr("Kind")});
  // names are read whole (a long joint name scrolls sideways rather than being cut), the kind takes the rest
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->header()->setStretchLastSection(true);
  tree_->setToolTip(tr("Bodies (nested under their parent bodies) and joints; click to select"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(tree_);
  connect(&doc_, &Document::changed, this, &SceneTreePanel::rebuild);
  connect(&doc_, &Document::selection_changed, this, &SceneTreePanel::sync_selection_from_document);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, &SceneTreePanel::on_tree_selection);
  rebuild();
}

void SceneTreePanel::rebuild() {
  syncing_ = true;
  tree_->clear();
  const DocumentData& d = doc_.data();
  auto* bodies = new QTreeWidgetItem(tree_, {tr("Bodies")});
  auto* joints = new QTreeWidgetItem(tree_, {tr("Joints")});
  // bodies: roots first, each child under its parent
  std::function<void(QTreeWidgetItem*, const Body&)> add_body = [&](QTreeWidgetItem* under, const Body& b) {
    const Joint* j = d.joint_of_child(b.id);
    auto* item = new QTreeWidgetItem(under, {b.name, j ? tr("via %1").arg(j->name) : tr("root")});
    item->setData(0, kKindRole, body_item);
    item->setData(0, kIdRole, b.id);
    item->setToolTip(0, b.mesh_path.isEmpty() ? tr("no mesh") : b.mesh_path);
    for (const Joint& cj : d.joints)
      if (cj.parent == b.id)
        if (const Body* c = d.body(cj.child)) add_body(item, *c);
  };
  for (const Body& b : d.bodies)
    if (!d.joint_of_child(b.id)) add_body(bodies, b);
  for (const Joint& j : d.joints) {
    const Body* p = d.body(j.parent);
    const Body* c = d.body(j.child);
    auto* item = new QTreeWidgetItem(joints, {j.name, joint_kind_text(j.kind)});
    item->setData(0, kKindRole, joint_item);
    item->setData(0, kIdRole, j.id);
    item->setToolTip(0, tr("%1 → %2, %n sample(s)", nullptr, static_cast<int>(j.samples.size()))
                            .arg(p ? p->name : QStringLiteral("?"), c ? c->name : QStringLiteral("?")));
  }
  tree_->expandAll();
  syncing_ = false;
  sync_selection_from_document();
}

void SceneTreePanel::sync_selection_from_document() {
  syncing_ = true;
  const Selection& s = doc_.selection();
  tree_->clearSelection();
  for (QTreeWidgetItemIterator it(tree_); *it; ++it) {
    const int kind = (*it)->data(0, kKindRole).toInt();
    const int id = (*it)->data(0, kIdRole).toInt();
    if ((kind == body_item && s.body && id == s.body) || (kind == joint_item && !s.body && s.joint && id == s.joint))
      (*it)->setSelected(true);
  }
  syncing_ = false;
}

void SceneTreePanel::on_tree_selection() {
  if (syncing_) return;
  Selection s;
  const auto items = tree_->selectedItems();
  if (!items.isEmpty()) {
    const int kind = items.front()->data(0, kKindRole).toInt();
    const int id = items.front()->data(0, kIdRole).toInt();
    if (kind == body_item) {
      s.body = id;
      if (const Joint* j = doc_.data().joint_of_child(id)) s.joint = j->id;
    } else if (kind == joint_item) {
      s.joint = id;
    }
  }
  doc_.set_selection(s);
}

}  // namespace js::ui
