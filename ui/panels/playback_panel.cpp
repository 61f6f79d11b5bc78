#include "ui/panels/playback_panel.hpp"

#include <QAction>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/joint/q_player.hpp"

#include "ui/joint/dynamics_player.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/joint_sliders.hpp"

namespace js::ui {

PlaybackPanel::PlaybackPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  sliders_ = new JointSliders(doc_);
  player_ = new QPlayer(doc_, this);
  play_ = new QPushButton(tr("Play"));
  play_->setCheckable(true);
  play_->setToolTip(tr("Sweep the first coordinate through its range and back (ease-in/ease-out); "
                       "one undo step"));
  auto* layout = layout_ = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(sliders_);
  layout->addWidget(play_);
  connect(play_, &QPushButton::toggled, this, [this](bool on) {
    if (!on) return player_->stop();
    if (!player_->play(sliders_->joint())) play_->setChecked(false);
  });
  connect(player_, &QPlayer::playing_changed, play_, &QPushButton::setChecked);
  connect(player_, &QPlayer::status_message, this, &PlaybackPanel::status_message);
  dynamics_ = new DynamicsPanel(doc_);
  layout->addWidget(dynamics_);
  connect(dynamics_, &DynamicsPanel::status_message, this, &PlaybackPanel::status_message);
  layout->addStretch();
  connect(sliders_, &JointSliders::status_message, this, &PlaybackPanel::status_message);
}

void PlaybackPanel::stop_all() {
  if (player_->playing()) player_->stop();
  if (dynamics_->player()->playing()) dynamics_->player()->pause();
}

DocumentData PlaybackPanel::document_at_rest() const { return dynamics_->player()->document_at_rest(); }

bool PlaybackPanel::showing_frame() const { return dynamics_->player()->showing_frame(); }

void PlaybackPanel::set_ik_action(QAction* action) {
  auto* button = new QToolButton;
  button->setDefaultAction(action);
  button->setToolButtonStyle(Qt::ToolButtonTextOnly);
  button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  // right after Play, above the dynamics controls
  layout_->insertWidget(layout_->indexOf(play_) + 1, button);
}

}  // namespace js::ui
