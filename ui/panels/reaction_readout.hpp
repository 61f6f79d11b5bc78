// the playback dock's reaction line (issue 17): while a simulation run exists, the reaction wrench of the
// selected body's joint at the frame shown (DynamicsPlayer::reaction: the constraint part, in the joint's C
// frame), as force and moment magnitudes in N and N·m with the six components below. hidden without a run;
// a hint when the selection is not a simulated body. a view only: nothing here enters the document.
#pragma once

#include <QLabel>

#include "ui/document/document.hpp"

namespace js::ui {

class DynamicsPlayer;

class ReactionReadout : public QLabel {
  Q_OBJECT
 public:
  ReactionReadout(Document& doc, DynamicsPlayer& player, QWidget* parent = nullptr);
  // the text for the current selection and run state (called on every shown frame and selection change)
  void refresh();

 private:
  Document& doc_;
  DynamicsPlayer& player_;
};

}  // namespace js::ui
