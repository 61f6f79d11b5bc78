// Joint ▸ Motion Curves: the active joint's motion as six curves against one coordinate, like OpenSim's
// function view — three angles in a chosen sequence (grood–suntay for a knee, or a plain euler sequence) and
// the child origin's three coordinates in the parent frame (mm), with the samples as dots over the curves.
// a joint of several coordinates is swept along the chosen one at the others' current slider values (the
// plots say so). a third plot shows the speed ‖S‖ along that coordinate and its rate of change ‖∂S/∂q‖ in the
// fit's metric (paper §5: the joint stalls where the speed nears 0). the curves follow the selection and
// every edit; Export CSV… and Export PNG… save them.
// the computation is core/interop/motion_curves.hpp.
#pragma once

#include <QDialog>

#include "core/interop/motion_curves.hpp"
#include "ui/document/document.hpp"

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace js::ui {

class MotionCurvesDialog : public QDialog {
  Q_OBJECT
 public:
  explicit MotionCurvesDialog(Document& doc, QWidget* parent = nullptr);

  // the angle convention: grood–suntay with axes from the motion, the six grood–suntay axis choices, the
  // six body-fixed sequences
  QComboBox* convention_box() const { return convention_; }
  QComboBox* coordinate_box() const { return coordinate_; }
  QChartView* angles_view() const { return angles_view_; }
  QChartView* translations_view() const { return translations_view_; }
  QChartView* speed_view() const { return speed_view_; }
  QLabel* note() const { return note_; }
  const interop::MotionCurves& curves() const { return curves_; }
  const interop::AngleConvention& convention() const { return used_; }
  JointId joint() const { return joint_; }

  // write the curves and samples (csv) or both plots (png); return "" or why not (names the file)
  QString export_csv(const QString& path) const;
  QString export_png(const QString& path) const;

 public slots:
  void refresh();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  struct Plot {
    QChart* chart;
    QValueAxis* x;
    QValueAxis* y;
    QLineSeries* line[3];
    QScatterSeries* dots[3];
  };
  Plot make_plot(const QString& y_title);
  void fill(Plot& plot, const std::array<std::vector<double>, 3>& values,
            const std::array<std::vector<double>, 3>& dots, double scale, const std::array<QString, 3>& names,
            double q_scale);
  void fill_speed(double q_scale);
  void choose_file(bool png);

  Document& doc_;
  QComboBox* convention_;
  QComboBox* coordinate_;
  QChartView* angles_view_;
  QChartView* translations_view_;
  QChartView* speed_view_;
  QWidget* plots_;
  QLabel* note_;
  Plot angles_{};
  Plot translations_{};
  Plot speed_{};
  interop::MotionCurves curves_;
  interop::AngleConvention used_;
  JointId joint_ = 0;
  QString coordinate_name_;
  bool coordinate_degrees_ = false;
};

}  // namespace js::ui
