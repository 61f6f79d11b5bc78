#include "ui/panels/reauthor_box.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/joint/reauthor.hpp"

namespace js::ui {
namespace {

// the selected joint, else the parent joint of the selected body
const Joint* shown_joint(const Document& doc) {
  const Joint* j = doc.data().joint(doc.selection().joint);
  return j ? j : doc.data().joint_of_child(doc.selection().body);
}

}  // namespace

ReauthorBox::ReauthorBox(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  text_ = new QLabel;
  text_->setWordWrap(true);
  text_->setObjectName(QStringLiteral("reauthor_difference"));
  text_->setToolTip(tr("Largest distance between where the fitted spline joint and the model's joint put the child's "
                       "origin, and largest angle between them, over the coordinates' ranges (between samples too)"));
  replace_ = new QPushButton(tr("Replace in Model"));
  replace_->setToolTip(tr("Make the fitted spline joint this joint's model (one undo step; the original stays for "
                          "comparison, and File ▸ Save As OpenSim Model writes the replacement)"));
  restore_ = new QPushButton(tr("Restore Original"));
  restore_->setToolTip(tr("Give the joint back the model it had before Replace in Model"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(replace_);
  buttons->addWidget(restore_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(text_);
  layout->addLayout(buttons);
  connect(replace_, &QPushButton::clicked, this, [this] {
    const Joint* j = shown_joint(doc_);
    if (!j) return;
    const auto r = replace_with_candidate(doc_, j->id);
    emit status_message(r.ok() ? tr("Replaced the joint by the fitted spline joint") : r.error);
  });
  connect(restore_, &QPushButton::clicked, this, [this] {
    const Joint* j = shown_joint(doc_);
    if (!j) return;
    const QString name = j->name;
    const auto r = restore_original(doc_, j->id);
    emit status_message(r.ok() ? tr("Restored the original %1").arg(name) : r.error);
  });
  connect(&doc_, &Document::changed, this, &ReauthorBox::refresh);
  connect(&doc_, &Document::selection_changed, this, &ReauthorBox::refresh);
  refresh();
}

void ReauthorBox::refresh() {
  const Joint* j = shown_joint(doc_);
  const Comparison c = j ? joint_comparison(*j) : Comparison{};
  setVisible(c.fitted != nullptr);
  if (!c.fitted) return;
  const auto d = comparison_difference(*j);
  text_->setText(d ? comparison_text(*j, *d) : tr("The fitted joint and %1 cannot be compared (a coordinate has no bounded range)").arg(j->name));
  replace_->setVisible(!c.replaced);
  restore_->setVisible(c.replaced);
}

}  // namespace js::ui
