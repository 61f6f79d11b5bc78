// the fit dock's baselines: the active joint's samples under its spline, the best fixed hinge and the best
// ball joint (core/fit/baseline.hpp), side by side — rms and max distance of the child origin (mm) and
// angle (degrees), each max with the q of its sample — and one sentence saying what the spline buys
// ("a hinge is off by 3.4 mm at q = 0.100; the spline by 1.4 mm"). recomputed only when the samples change.
#pragma once

#include <QWidget>
#include <optional>

#include "core/fit/baseline.hpp"
#include "ui/document/document_data.hpp"

class QLabel;
class QTableWidget;

namespace js::ui {

class BaselineTable : public QWidget {
  Q_OBJECT
 public:
  explicit BaselineTable(QWidget* parent = nullptr);

  // the joint whose samples and model the table shows (null, no samples or no model: the table empties)
  void set_joint(const Joint* joint, double length_scale);

  // rows spline, hinge, ball; columns rms mm, max mm, rms degrees, max degrees
  QTableWidget* table() const { return table_; }
  QLabel* summary() const { return summary_; }
  const std::optional<fit::HingeFit>& hinge() const { return hinge_; }
  const std::optional<fit::BallFit>& ball() const { return ball_; }

 private:
  void clear();

  QTableWidget* table_;
  QLabel* summary_;
  std::optional<fit::HingeFit> hinge_;
  std::optional<fit::BallFit> ball_;
  std::size_t key_ = 0;  // hash of the samples and length scale the baselines were fitted to
};

}  // namespace js::ui
