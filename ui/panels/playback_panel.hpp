// the playback dock: the active joint's q sliders (joint_sliders.hpp) and Play along a timing profile
// (q_player.hpp), then the dynamics controls and energy plot (dynamics_panel.hpp).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QAction;
class QPushButton;
class QVBoxLayout;

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
  // ends Play and Simulate, recording what they played as their undo steps. played frames are a view, not
  // an edit: the document is modified once a run is recorded, so the window calls this before it saves,
  // opens or closes (and the unsaved-changes prompt then sees the run)
  void stop_all();
  // the document without the frames a running simulation shows (DynamicsPlayer::document_at_rest)
  DocumentData document_at_rest() const;
  // a simulation frame is being shown (DynamicsPlayer::showing_frame)
  bool showing_frame() const;
  // a button for the window's ik mode action, below the sliders
  void set_ik_action(QAction* action);

 signals:
  void status_message(const QString& text);

 private:
  Document& doc_;
  JointSliders* sliders_;
  QPlayer* player_;
  QPushButton* play_;
  DynamicsPanel* dynamics_;
  QVBoxLayout* layout_;
};

}  // namespace js::ui
