// the timeline dock: the active joint's timing keys (Joint::timeline, ui/document/timeline.hpp) in a table — time in
// s, value in the coordinate's unit (coordinate_units.hpp) or the arc length — with Add Key (at the scrubber's time
// and the joint's pose), Delete, the mode (q or arc length, which coordinate) and continuity (c2, c1); plots of the
// value and of its rate and acceleration (QtCharts); a time scrubber and Play/Pause that pose every keyed joint at
// q(t) (TimelinePlayer: a view, no undo step); Export glTF… writes the keyed motion as an animation (gltf_save.hpp).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QChart;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QSlider;
class QTableWidget;
class QValueAxis;

namespace js::ui {

class MeshLibrary;
class TimelineKeyDrag;
class TimelinePlayer;

class TimelinePanel : public QWidget {
  Q_OBJECT
 public:
  // meshes: the view's library for the export (null: a fresh one)
  explicit TimelinePanel(Document& doc, MeshLibrary* meshes = nullptr, QWidget* parent = nullptr);

  TimelinePlayer* player() { return player_; }
  QTableWidget* table() { return table_; }
  QPushButton* add_button() { return add_; }
  QPushButton* delete_button() { return delete_; }
  QPushButton* play_button() { return play_; }
  QPushButton* export_button() { return export_; }
  QComboBox* mode_box() { return mode_; }
  QComboBox* continuity_box() { return continuity_; }
  QSlider* scrubber() { return scrubber_; }
  QDoubleSpinBox* time_box() { return time_; }
  // the plotted value, rate and acceleration of the shown joint (empty without a curve)
  QLineSeries* value_series() { return value_line_; }
  QLineSeries* rate_series() { return rate_line_; }
  QLineSeries* acceleration_series() { return accel_line_; }
  // the value plot, whose key markers (key_series) can be dragged (TimelineKeyDrag)
  QChartView* value_view() { return value_view_; }
  QScatterSeries* key_series() { return key_dots_; }
  TimelineKeyDrag* key_drag() { return key_drag_; }
  // the joint shown (the active joint); 0 for none
  JointId joint() const { return joint_; }
  // writes the keyed motion at fps frames per second to path; an empty string, else the message (names the path)
  QString export_gltf(const QString& path, double fps = 30.0);
  // asks for a .glb path, then export_gltf (the dock's Export glTF… and File ▸ Export ▸ Timeline Animation)
  void export_dialog();

 signals:
  void status_message(const QString& text);

 private:
  void rebuild();
  // plots joint j's timeline (null: none); rescale false keeps the axes, for a drag's preview
  void plot(const Joint* j, bool rescale);
  void show_time(double t);
  void key_edited(int row, int column);

  Document& doc_;
  MeshLibrary* meshes_;
  TimelinePlayer* player_;
  QLabel* title_;
  QComboBox* mode_;
  QComboBox* continuity_;
  QTableWidget* table_;
  QPushButton* add_;
  QPushButton* delete_;
  QPushButton* export_;
  QChart* value_chart_;
  QChart* rate_chart_;
  QValueAxis *value_x_, *value_y_, *rate_x_, *rate_y_, *accel_y_;
  QLineSeries *value_line_, *rate_line_, *accel_line_, *value_cursor_, *rate_cursor_;
  QScatterSeries* key_dots_;
  QChartView* value_view_ = nullptr;
  TimelineKeyDrag* key_drag_ = nullptr;
  QSlider* scrubber_;
  QDoubleSpinBox* time_;
  QPushButton* play_;
  JointId joint_ = 0;
  bool syncing_ = false;
};

}  // namespace js::ui
