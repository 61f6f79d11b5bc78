// the dynamics half of the playback dock: play / pause, step, reset, dt, integrator, gravity and damping
// for the DynamicsPlayer (ui/joint/dynamics_player.hpp), whether keyed joints follow the timeline, and a Qt Charts plot of kinetic, potential (from
// the run's start) and total energy against simulated time. with closed loops, a line under the settings
// gives the largest loop closure error of the run's state; during a run, another gives the selected body's
// joint reaction (reaction_readout.hpp).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QDoubleSpinBox;
class QLineSeries;
class QPushButton;
class QValueAxis;

namespace js::ui {

class DynamicsPlayer;
class ReactionReadout;

class DynamicsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DynamicsPanel(Document& doc, QWidget* parent = nullptr);

  DynamicsPlayer* player() { return player_; }
  QPushButton* play_button() { return play_; }
  QPushButton* step_button() { return step_; }
  QPushButton* reset_button() { return reset_; }
  QLineSeries* total_series() { return total_; }
  QLabel* loop_label() { return loop_; }
  // the selected body's joint reaction at the frame shown (reaction_readout.hpp)
  ReactionReadout* reaction_readout() { return reaction_; }
  QDoubleSpinBox* dt_box() { return dt_; }
  // "Keyed joints follow the timeline" (SimulationSettings::follow_timeline); enabled when some joint has keys
  QCheckBox* follow_timeline_box() { return follow_; }
  // "Hold the energy" (SimulationSettings::energy_projection); disabled with the maximal solver
  QCheckBox* energy_projection_box() { return projection_; }

 signals:
  void status_message(const QString& text);

 private:
  // the one field the user changed (source) into the document's settings; the others stay exact
  void apply_settings(QWidget* source);
  // the fields from the document (open, new, demo, undo)
  void refresh_settings();
  void add_energy(double t, double kinetic, double potential);
  void clear_plot();
  void show_loop_error(double t, double position, double velocity);

  DynamicsPlayer* player_;
  QPushButton* play_;
  QPushButton* step_;
  QPushButton* reset_;
  QDoubleSpinBox* dt_;
  QComboBox* integrator_;
  QComboBox* solver_;
  QCheckBox* gravity_;
  QCheckBox* follow_;
  QCheckBox* projection_;
  QDoubleSpinBox* damping_;
  QLabel* loop_;  // loop closure error; hidden without loops
  ReactionReadout* reaction_;  // hidden without a run
  QLineSeries* kinetic_;
  QLineSeries* potential_;
  QLineSeries* total_;
  QValueAxis* time_axis_;
  QValueAxis* energy_axis_;
  double e_lo_ = 0.0, e_hi_ = 0.0;  // energy range plotted so far (J)
  Document& doc_;
  QWidget* last_source_ = nullptr;
  int merge_key_ = 0;
  double potential0_ = 0.0;         // potential energy at the first point of the run (J)
};

}  // namespace js::ui
