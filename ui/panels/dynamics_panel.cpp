#include "ui/panels/dynamics_panel.hpp"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalBlocker>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/export/scene_import.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/panels/reaction_readout.hpp"

namespace js::ui {
namespace {

constexpr int kMaxPoints = 4000;  // per series; older points scroll off

QLineSeries* make_series(const QString& name) {
  auto* s = new QLineSeries;
  s->setName(name);
  return s;
}

}  // namespace

DynamicsPanel::DynamicsPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  player_ = new DynamicsPlayer(doc, this);
  play_ = new QPushButton(tr("Simulate"));
  play_->setCheckable(true);
  play_->setToolTip(tr("Run the dynamics in real time: the bodies swing along their joints under gravity, "
                       "damping and the joint limits. Unchecking pauses; each run until a pause is one undo step"));
  step_ = new QPushButton(tr("Step"));
  step_->setToolTip(tr("Pause and advance the simulation by 1/60 s (one undo step)"));
  reset_ = new QPushButton(tr("Reset"));
  reset_->setToolTip(tr("Stop and put every joint back where it was before the simulation started"));

  dt_ = new QDoubleSpinBox;
  dt_->setDecimals(5);
  dt_->setRange(1e-5, 0.5);
  dt_->setSingleStep(5e-4);
  dt_->setSuffix(tr(" s"));
  dt_->setValue(player_->settings().dt);
  dt_->setToolTip(tr("Integrator time step; each display frame is simulated in steps of this size"));
  integrator_ = new QComboBox;
  integrator_->setObjectName(QStringLiteral("integrator"));
  integrator_->addItems(dynamics_integrators());
  integrator_->setCurrentText(integrator_text(player_->settings().integrator));
  integrator_->setToolTip(tr("euler: explicit (the paper's §7, gains energy); symplectic: semi-implicit euler "
                             "(energy oscillates but stays bounded); rk4: classical fourth order (most accurate); "
                             "implicit_euler: linearly implicit, for large steps on stiff springs (damps); "
                             "implicit_midpoint: symplectic with newton iterations, for large steps that keep the "
                             "energy. every one holds closed loops, couplers and rolling contacts"));
  solver_ = new QComboBox;
  solver_->setObjectName(QStringLiteral("solver"));
  solver_->addItems({tr("reduced (every joint)"), tr("maximal (hinges and balls)")});
  solver_->setToolTip(tr("reduced: the articulated-body simulator in the joints' own coordinates, every joint kind. "
                         "maximal: Hakenberg's skeleton, each body with its own pose, joints as constraint forces "
                         "(hinges and ball joints only; its own semi-implicit step, so the integrator is not used)"));
  gravity_ = new QCheckBox(tr("Gravity"));
  gravity_->setChecked(player_->settings().gravity);
  gravity_->setToolTip(tr("The scene's gravity (9.81 m/s² along −y, the viewport's down, for a project)"));
  follow_ = new QCheckBox(tr("Keyed joints follow the timeline"));
  follow_->setObjectName(QStringLiteral("follow_timeline"));
  follow_->setToolTip(tr("Joints with keys in the Timeline dock are driven along their keyed q(t) while every other "
                         "joint is simulated (the reduced solver only); unchecked, every joint is simulated. "
                         "Enabled when some joint has keys"));
  projection_ = new QCheckBox(tr("Hold the energy (for large steps)"));
  projection_->setObjectName(QStringLiteral("energy_projection"));
  projection_->setToolTip(tr("After every step, scale the joint rates so that the energy follows its balance (damping, "
                             "motors and impacts take energy out, nothing else puts it in; on a spinning frame, the "
                             "energy in that frame). Lets large steps play without gaining energy; the motion is no "
                             "more accurate than the step (the reduced solver only)"));
  damping_ = new QDoubleSpinBox;
  damping_->setDecimals(3);
  damping_->setRange(0.0, 100.0);
  damping_->setSingleStep(0.01);
  damping_->setValue(player_->settings().damping);
  damping_->setToolTip(tr("Viscous damping on every joint coordinate (N·m·s/rad); 0 conserves energy"));

  loop_ = new QLabel;
  loop_->setToolTip(tr("The scene's closed loops: the largest closure error ‖δ‖ (m, or rad for rotation rows) and "
                       "its rate ‖dδ/dt‖ over the loops, at the simulated state. Hard loops are pulled back by the "
                       "scene's Baumgarte stabilization, compliant ones stretch under load"));
  loop_->hide();
  reaction_ = new ReactionReadout(doc, *player_);

  auto* chart = new QChart;
  chart->setTitle(tr("Energy"));
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignBottom);
  kinetic_ = make_series(tr("kinetic"));
  potential_ = make_series(tr("potential − start"));
  total_ = make_series(tr("total"));
  time_axis_ = new QValueAxis;
  time_axis_->setTitleText(tr("t (s)"));
  time_axis_->setLabelFormat(QStringLiteral("%.3g"));
  time_axis_->setTickCount(5);
  energy_axis_ = new QValueAxis;
  energy_axis_->setTitleText(tr("J"));
  energy_axis_->setLabelFormat(QStringLiteral("%.3g"));
  energy_axis_->setTickCount(5);
  chart->addAxis(time_axis_, Qt::AlignBottom);
  chart->addAxis(energy_axis_, Qt::AlignLeft);
  for (QLineSeries* s : {kinetic_, potential_, total_}) {
    chart->addSeries(s);
    s->attachAxis(time_axis_);
    s->attachAxis(energy_axis_);
  }
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(220);
  view->setToolTip(tr("Kinetic energy, potential energy (gravity) measured from the start of the run, and their "
                      "total; the total stays flat without damping or limit impacts when the integrator is accurate"));
  clear_plot();

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(play_);
  buttons->addWidget(step_);
  buttons->addWidget(reset_);
  auto* form = new QFormLayout;
  form->addRow(tr("dt"), dt_);
  form->addRow(tr("Solver"), solver_);
  form->addRow(tr("Integrator"), integrator_);
  form->addRow(tr("Damping"), damping_);
  form->addRow(gravity_);
  form->addRow(projection_);
  form->addRow(follow_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(buttons);
  layout->addLayout(form);
  layout->addWidget(loop_);
  layout->addWidget(reaction_);
  layout->addWidget(view);

  connect(play_, &QPushButton::toggled, this, [this](bool on) {
    if (!on) return player_->pause();
    if (!player_->play()) play_->setChecked(false);
  });
  connect(step_, &QPushButton::clicked, player_, &DynamicsPlayer::step);
  connect(reset_, &QPushButton::clicked, player_, &DynamicsPlayer::reset);
  connect(player_, &DynamicsPlayer::playing_changed, play_, &QPushButton::setChecked);
  connect(player_, &DynamicsPlayer::status_message, this, &DynamicsPanel::status_message);
  connect(player_, &DynamicsPlayer::energy, this, &DynamicsPanel::add_energy);
  connect(player_, &DynamicsPlayer::run_cleared, this, &DynamicsPanel::clear_plot);
  connect(player_, &DynamicsPlayer::loop_error, this, &DynamicsPanel::show_loop_error);
  connect(dt_, &QDoubleSpinBox::valueChanged, this, [this] { apply_settings(dt_); });
  connect(damping_, &QDoubleSpinBox::valueChanged, this, [this] { apply_settings(damping_); });
  connect(integrator_, &QComboBox::currentTextChanged, this, [this] { apply_settings(integrator_); });
  connect(solver_, &QComboBox::currentIndexChanged, this, [this] { apply_settings(solver_); });
  connect(gravity_, &QCheckBox::toggled, this, [this] { apply_settings(gravity_); });
  connect(follow_, &QCheckBox::toggled, this, [this] { apply_settings(follow_); });
  connect(projection_, &QCheckBox::toggled, this, [this] { apply_settings(projection_); });
  // the settings are the document's: an opened project or scene, New, a demo or an undo shows its own
  connect(&doc, &Document::changed, this, &DynamicsPanel::refresh_settings);
  refresh_settings();
}

void DynamicsPanel::refresh_settings() {
  const SimulationSettings& s = doc_.data().simulation;
  const QSignalBlocker b1(dt_), b2(damping_), b3(integrator_), b4(gravity_), b5(solver_), b6(follow_), b7(projection_);
  dt_->setValue(s.dt);
  integrator_->setCurrentText(integrator_text(s.integrator));
  solver_->setCurrentIndex(s.maximal_solver ? 1 : 0);
  integrator_->setEnabled(!s.maximal_solver);
  gravity_->setChecked(s.gravity);
  damping_->setValue(s.damping);
  follow_->setChecked(s.follow_timeline);
  projection_->setChecked(s.energy_projection);
  projection_->setEnabled(!s.maximal_solver);
  follow_->setEnabled(std::any_of(doc_.data().joints.begin(), doc_.data().joints.end(),
                                  [](const Joint& j) { return !j.timeline.keys.empty(); }));
}

void DynamicsPanel::apply_settings(QWidget* source) {
  // repeated steps of one field are one undo step
  if (source != last_source_) {
    last_source_ = source;
    merge_key_ = doc_.next_merge_key();
  }
  DynamicsSettings s = doc_.data().simulation;
  if (source == dt_) s.dt = dt_->value();
  if (source == integrator_) integrator_from_text(integrator_->currentText(), s.integrator);
  if (source == solver_) s.maximal_solver = solver_->currentIndex() == 1;
  if (source == gravity_) s.gravity = gravity_->isChecked();
  if (source == damping_) s.damping = damping_->value();
  if (source == follow_) s.follow_timeline = follow_->isChecked();
  if (source == projection_) s.energy_projection = projection_->isChecked();
  if (!player_->set_settings(s, merge_key_)) refresh_settings();
}

void DynamicsPanel::add_energy(double t, double kinetic, double potential) {
  // the gravity potential's zero is arbitrary (the world origin): plot it from the run's start
  if (total_->count() == 0) potential0_ = potential;
  potential -= potential0_;
  const double total = kinetic + potential;
  if (total_->count() == 0) e_lo_ = e_hi_ = total;
  e_lo_ = std::min({e_lo_, kinetic, potential, total});
  e_hi_ = std::max({e_hi_, kinetic, potential, total});
  for (auto [s, e] : {std::pair{kinetic_, kinetic}, std::pair{potential_, potential}, std::pair{total_, total}}) {
    if (s->count() >= kMaxPoints) s->removePoints(0, s->count() - kMaxPoints + 1);
    s->append(t, e);
  }
  time_axis_->setRange(total_->at(0).x(), std::max(t, total_->at(0).x() + 1.0));
  const double pad = std::max(0.05 * (e_hi_ - e_lo_), 1e-3);
  energy_axis_->setRange(e_lo_ - pad, e_hi_ + pad);
  energy_axis_->applyNiceNumbers();
}

void DynamicsPanel::show_loop_error(double t, double position, double velocity) {
  // closed loops, coordinate couplers and rolling contacts alike: the largest constraint error (m or rad) and its
  // rate (a rolling contact's slip velocity)
  loop_->setText(tr("Constraints (loops, couplers, rolling) at t = %1 s: error %2, rate or slip %3")
                     .arg(t, 0, 'f', 3)
                     .arg(position, 0, 'g', 2)
                     .arg(velocity, 0, 'g', 2));
  loop_->show();
}

void DynamicsPanel::clear_plot() {
  loop_->hide();
  for (QLineSeries* s : {kinetic_, potential_, total_}) s->clear();
  time_axis_->setRange(0.0, 1.0);
  energy_axis_->setRange(-1.0, 1.0);
}

}  // namespace js::ui
