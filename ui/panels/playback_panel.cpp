#include "ui/panels/playback_panel.hpp"

#include <QVBoxLayout>

#include "ui/panels/joint_sliders.hpp"

namespace js::ui {

PlaybackPanel::PlaybackPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  sliders_ = new JointSliders(doc_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(sliders_);
  layout->addStretch();
  connect(sliders_, &JointSliders::status_message, this, &PlaybackPanel::status_message);
}

}  // namespace js::ui
