// the fit dock's re-authoring part: for a joint with a fitted candidate or a replaced model (ui/joint/reauthor.hpp),
// the largest difference between the fitted joint and the model's over the range, and Replace in Model / Restore
// Original. hidden for joints that are neither.
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QLabel;
class QPushButton;

namespace js::ui {

class ReauthorBox : public QWidget {
  Q_OBJECT
 public:
  explicit ReauthorBox(Document& doc, QWidget* parent = nullptr);
  QLabel* difference_label() { return text_; }
  QPushButton* replace_button() { return replace_; }
  QPushButton* restore_button() { return restore_; }

 signals:
  void status_message(const QString& text);

 private:
  void refresh();

  Document& doc_;
  QLabel* text_;
  QPushButton* replace_;
  QPushButton* restore_;
};

}  // namespace js::ui
