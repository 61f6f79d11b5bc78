// the playback dock: one q slider per dof of the active joint. the child follows the slider once
// core/joints provides G(q); until then the sliders are shown disabled and say so.
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QVBoxLayout;
class QLabel;

namespace js::ui {

class PlaybackPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlaybackPanel(Document& doc, QWidget* parent = nullptr);

 private:
  void rebuild();

  Document& doc_;
  QLabel* title_;
  QVBoxLayout* sliders_;
  JointId shown_joint_ = -1;
  int shown_dof_ = -1;
};

}  // namespace js::ui
