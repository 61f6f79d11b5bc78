// the fit dock: the fit settings (undoable) and the Fit button, disabled until core/fit is wired.
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QSpinBox;
class QDoubleSpinBox;
class QCheckBox;
class QComboBox;
class QPushButton;
class QProgressBar;

namespace js::ui {

class FitPanel : public QWidget {
  Q_OBJECT
 public:
  explicit FitPanel(Document& doc, QWidget* parent = nullptr);
  QPushButton* fit_button() { return fit_; }
  QSpinBox* frames() { return frames_; }

 signals:
  void status_message(const QString& text);

 private:
  void refresh();
  void commit(QWidget* source);

  Document& doc_;
  QSpinBox* frames_;
  QSpinBox* order_;
  QCheckBox* closed_;
  QCheckBox* auto_smoothing_;
  QDoubleSpinBox* smoothing_;
  QComboBox* method_;
  QDoubleSpinBox* length_scale_;
  QPushButton* fit_;
  QPushButton* stop_;
  QProgressBar* progress_;
  bool refreshing_ = false;
  QWidget* last_source_ = nullptr;
  int merge_key_ = 0;
};

}  // namespace js::ui
