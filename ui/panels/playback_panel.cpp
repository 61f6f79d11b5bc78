#include "ui/panels/playback_panel.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QVBoxLayout>
#include <algorithm>

namespace js::ui {

PlaybackPanel::PlaybackPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  title_ = new QLabel;
  title_->setWordWrap(true);
  sliders_ = new QVBoxLayout;
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(title_);
  layout->addLayout(sliders_);
  layout->addStretch();
  connect(&doc_, &Document::changed, this, &PlaybackPanel::rebuild);
  connect(&doc_, &Document::selection_changed, this, &PlaybackPanel::rebuild);
  rebuild();
}

void PlaybackPanel::rebuild() {
  const Selection& s = doc_.selection();
  const Joint* j = doc_.data().joint(s.joint);
  if (!j) j = doc_.data().joint_of_child(s.body);
  const JointId id = j ? j->id : 0;
  const int dof = j ? joint_dof(j->kind) : 0;
  if (id == shown_joint_ && dof == shown_dof_) return;
  shown_joint_ = id;
  shown_dof_ = dof;
  while (QLayoutItem* item = sliders_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  title_->setText(j ? tr("%1: q sliders move the child along the fitted joint once core/joints is wired.").arg(j->name)
                    : tr("Select a joint to drive it."));
  // the range spans the captured q values so the sliders are ready when G(q) arrives
  for (int i = 0; i < dof; ++i) {
    double lo = 0.0, hi = 1.0;
    for (const Sample& smp : j->samples) {
      lo = std::min(lo, smp.q[i]);
      hi = std::max(hi, smp.q[i]);
    }
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto* slider = new QSlider(Qt::Horizontal);
    slider->setRange(0, 1000);
    slider->setEnabled(false);
    slider->setToolTip(tr("q%1 from %2 to %3; moves the child once core/joints is wired").arg(i).arg(lo).arg(hi));
    h->addWidget(new QLabel(tr("q%1").arg(i)));
    h->addWidget(slider, 1);
    sliders_->addWidget(row);
  }
}

}  // namespace js::ui
