// the playback dock: the active joint's q sliders (joint_sliders.hpp).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

namespace js::ui {

class JointSliders;

class PlaybackPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlaybackPanel(Document& doc, QWidget* parent = nullptr);
  JointSliders* sliders() { return sliders_; }

 signals:
  void status_message(const QString& text);

 private:
  Document& doc_;
  JointSliders* sliders_;
};

}  // namespace js::ui
