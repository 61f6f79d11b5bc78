// the playback dock: the active joint's q sliders (joint_sliders.hpp) and Play along a timing profile
// (q_player.hpp), then the dynamics controls and energy plot (dynamics_panel.hpp).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QPushButton;

namespace js::ui {

class DynamicsPanel;
class JointSliders;
class QPlayer;

class PlaybackPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlaybackPanel(Document& doc, QWidget* parent = nullptr);
  JointSliders* sliders() { return sliders_; }
  QPlayer* player() { return player_; }
  QPushButton* play_button() { return play_; }
  DynamicsPanel* dynamics() { return dynamics_; }

 signals:
  void status_message(const QString& text);

 private:
  Document& doc_;
  JointSliders* sliders_;
  QPlayer* player_;
  QPushButton* play_;
  DynamicsPanel* dynamics_;
};

}  // namespace js::ui
