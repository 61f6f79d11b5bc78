#include "ui/panels/timeline_panel.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSlider>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <set>

#include "ui/document/coordinate_units.hpp"
#include "ui/document/timeline.hpp"
#include "ui/export/gltf_save.hpp"
#include "ui/joint/timeline_player.hpp"
#include "ui/panels/timeline_key_drag.hpp"

namespace js::ui {
namespace {

constexpr int kScrubSteps = 1000;
constexpr int kPlotPoints = 240;

const Joint* timeline_joint(const Document& doc) {
  const Selection& s = doc.selection();
  if (s.joint) return doc.data().joint(s.joint);
  return doc.data().joint_of_child(s.body);
}

// the name of the unit the joint's timeline shows its values in (timeline_unit_factor)
QString timeline_unit(const Joint& j) {
  if (j.timeline.mode == TimelineMode::arc_length) return QObject::tr("s");
  const CoordinateUnit u = coordinate_unit(j, j.timeline.coordinate);
  return u == CoordinateUnit::degrees ? QObject::tr("deg") : unit_suffix(u).trimmed();
}

void round_axis(QValueAxis* axis, double lo, double hi) {
  if (!(hi - lo > 1e-12)) {
    lo -= 0.5;
    hi += 0.5;
  }
  const double pad = 0.05 * (hi - lo);
  axis->setRange(lo - pad, hi + pad);
}

QChart* timeline_chart(const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->setMargins(QMargins(2, 2, 2, 2));
  return chart;
}

QLineSeries* timeline_line(QChart* chart, const QString& name, const QColor& colour, QValueAxis* x, QValueAxis* y) {
  auto* s = new QLineSeries;
  s->setName(name);
  s->setPen(QPen(colour, 2));
  chart->addSeries(s);
  s->attachAxis(x);
  s->attachAxis(y);
  return s;
}

}  // namespace

TimelinePanel::TimelinePanel(Document& doc, MeshLibrary* meshes, QWidget* parent)
    : QWidget(parent), doc_(doc), meshes_(meshes), player_(new TimelinePlayer(doc, this)) {
  auto* layout = new QVBoxLayout(this);
  title_ = new QLabel;
  title_->setWordWrap(true);
  layout->addWidget(title_);

  auto* modes = new QHBoxLayout;
  mode_ = new QComboBox;
  mode_->setToolTip(tr("What the keys give: a coordinate's q, or the arc length along a 1-dof joint's path"));
  continuity_ = new QComboBox;
  continuity_->addItems({tr("C2 (q̈ continuous)"), tr("C1")});
  continuity_->setToolTip(tr("C2: velocity and acceleration continuous at every key; C1: the paper's timing curve, "
                             "acceleration jumps at the keys"));
  modes->addWidget(mode_, 1);
  modes->addWidget(continuity_);
  layout->addLayout(modes);

  table_ = new QTableWidget(0, 2);
  table_->setObjectName(QStringLiteral("timeline_keys"));
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  // a few rows high: the scrubber and the plots below are what the animator looks at
  table_->setMinimumHeight(110);
  table_->setMaximumHeight(150);
  layout->addWidget(table_);

  auto* buttons = new QHBoxLayout;
  add_ = new QPushButton(tr("Add Key"));
  add_->setToolTip(tr("A key at the scrubber's time with the joint's current pose"));
  delete_ = new QPushButton(tr("Delete"));
  delete_->setToolTip(tr("Delete the selected keys"));
  export_ = new QPushButton(tr("Export glTF…"));
  export_->setToolTip(tr("Every keyed joint's motion as a glTF animation, 30 frames per second"));
  buttons->addWidget(add_);
  buttons->addWidget(delete_);
  buttons->addStretch();
  buttons->addWidget(export_);
  layout->addLayout(buttons);

  // the value over time with its keys, then its rate and acceleration, each with the scrubber's time as a line
  value_chart_ = timeline_chart(tr("Timing curve"));
  value_x_ = new QValueAxis;
  value_y_ = new QValueAxis;
  value_x_->setTitleText(tr("t (s)"));
  value_chart_->addAxis(value_x_, Qt::AlignBottom);
  value_chart_->addAxis(value_y_, Qt::AlignLeft);
  value_line_ = timeline_line(value_chart_, tr("value"), QColor(40, 90, 200), value_x_, value_y_);
  value_cursor_ = timeline_line(value_chart_, tr("now"), QColor(200, 60, 40), value_x_, value_y_);
  key_dots_ = new QScatterSeries;
  key_dots_->setName(tr("keys"));
  key_dots_->setMarkerSize(9);
  value_chart_->addSeries(key_dots_);
  key_dots_->attachAxis(value_x_);
  key_dots_->attachAxis(value_y_);
  rate_chart_ = timeline_chart(tr("Rate and acceleration"));
  rate_x_ = new QValueAxis;
  rate_y_ = new QValueAxis;
  accel_y_ = new QValueAxis;
  rate_x_->setTitleText(tr("t (s)"));
  rate_chart_->addAxis(rate_x_, Qt::AlignBottom);
  rate_chart_->addAxis(rate_y_, Qt::AlignLeft);
  rate_chart_->addAxis(accel_y_, Qt::AlignRight);
  rate_line_ = timeline_line(rate_chart_, tr("rate"), QColor(30, 150, 80), rate_x_, rate_y_);
  accel_line_ = timeline_line(rate_chart_, tr("acceleration"), QColor(180, 120, 20), rate_x_, accel_y_);
  rate_cursor_ = timeline_line(rate_chart_, tr("now"), QColor(200, 60, 40), rate_x_, rate_y_);
  auto* scrub = new QHBoxLayout;
  play_ = new QPushButton(tr("Play"));
  play_->setCheckable(true);
  play_->setToolTip(tr("Play every keyed joint's motion, looping (shown, not an edit: no undo step)"));
  scrubber_ = new QSlider(Qt::Horizontal);
  scrubber_->setRange(0, kScrubSteps);
  scrubber_->setToolTip(tr("Scrub: every keyed joint at q(t) (shown, not an edit: no undo step)"));
  time_ = new QDoubleSpinBox;
  time_->setDecimals(3);
  time_->setSingleStep(1.0 / 30.0);
  time_->setSuffix(tr(" s"));
  time_->setToolTip(tr("The time shown, and where Add Key puts its key"));
  scrub->addWidget(play_);
  scrub->addWidget(scrubber_, 1);
  scrub->addWidget(time_);
  layout->addLayout(scrub);
  for (QChart* c : {value_chart_, rate_chart_}) {
    auto* view = new QChartView(c);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(230);  // room for the axes' tick labels in a narrow dock
    layout->addWidget(view);
    if (c == value_chart_) value_view_ = view;
  }
  // the keys' markers can be dragged: a preview while the button is down, one undo step on release
  key_drag_ = new TimelineKeyDrag(doc_, value_view_, key_dots_, this);
  connect(key_drag_, &TimelineKeyDrag::preview, this, [this](const Joint* j) {
    plot(j, false);
    emit player_->time_changed(player_->time());  // the rate plot's time line spans its new axis
  });
  connect(key_drag_, &TimelineKeyDrag::cancelled, this, [this] {
    plot(doc_.data().joint(joint_), true);
    emit player_->time_changed(player_->time());
  });
  connect(key_drag_, &TimelineKeyDrag::status_message, this, &TimelinePanel::status_message);

  layout->addStretch();

  connect(add_, &QPushButton::clicked, this, [this] {
    const Joint* j = doc_.data().joint(joint_);
    if (!j) return;
    const auto value = timeline_value_now(*j);
    const auto r = value.ok() ? add_timeline_key(doc_, joint_, player_->time(), value.value) : OpResult<int>{0, value.error};
    if (!r.ok()) emit status_message(r.error);
  });
  connect(delete_, &QPushButton::clicked, this, [this] {
    std::vector<int> rows;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows()) rows.push_back(i.row());
    const auto r = remove_timeline_keys(doc_, joint_, rows);
    if (!r.ok()) emit status_message(r.error);
  });
  connect(export_, &QPushButton::clicked, this, &TimelinePanel::export_dialog);
  connect(mode_, &QComboBox::activated, this, [this](int index) {
    const Joint* j = doc_.data().joint(joint_);
    if (!j || syncing_) return;
    const int dof = joint_q_size(*j);
    const auto r = index < dof ? set_timeline_mode(doc_, joint_, TimelineMode::q, index)
                               : set_timeline_mode(doc_, joint_, TimelineMode::arc_length);
    if (!r.ok()) emit status_message(r.error);
    rebuild();
  });
  connect(continuity_, &QComboBox::activated, this, [this](int index) {
    if (syncing_) return;
    const auto r = set_timeline_continuity(doc_, joint_, index == 1 ? TimingContinuity::c1 : TimingContinuity::c2);
    if (!r.ok()) emit status_message(r.error);
  });
  connect(table_, &QTableWidget::cellChanged, this, &TimelinePanel::key_edited);
  connect(scrubber_, &QSlider::valueChanged, this, [this](int v) {
    if (!syncing_) show_time(player_->scrub_end() * v / kScrubSteps);
  });
  connect(time_, &QDoubleSpinBox::valueChanged, this, [this](double t) {
    if (!syncing_) show_time(t);
  });
  connect(play_, &QPushButton::toggled, this, [this](bool on) { on ? player_->play() : player_->pause(); });
  connect(player_, &TimelinePlayer::playing_changed, this, [this](bool on) {
    const QSignalBlocker block(play_);
    play_->setChecked(on);
    play_->setText(on ? tr("Pause") : tr("Play"));
  });
  connect(player_, &TimelinePlayer::time_changed, this, [this](double t) {
    syncing_ = true;
    const double d = player_->scrub_end();
    time_->setRange(0.0, d);
    time_->setValue(t);
    scrubber_->setValue(static_cast<int>(std::lround(t / d * kScrubSteps)));
    syncing_ = false;
    for (QLineSeries* cursor : {value_cursor_, rate_cursor_}) {
      QValueAxis* y = cursor == value_cursor_ ? value_y_ : rate_y_;
      cursor->replace(QList<QPointF>{{t, y->min()}, {t, y->max()}});
    }
  });
  connect(player_, &TimelinePlayer::status_message, this, &TimelinePanel::status_message);
  connect(&doc_, &Document::changed, this, [this] {
    // a frame the player shows changes only q: keys, mode and plots stay
    if (!player_->showing_frame()) rebuild();
  });
  connect(&doc_, &Document::selection_changed, this, &TimelinePanel::rebuild);
  rebuild();
}

void TimelinePanel::rebuild() {
  syncing_ = true;
  const Joint* j = timeline_joint(doc_);
  joint_ = j ? j->id : 0;
  key_drag_->set_joint(joint_);
  for (QWidget* w : std::initializer_list<QWidget*>{mode_, continuity_, table_, add_, delete_}) w->setEnabled(j != nullptr);
  export_->setEnabled(timeline_duration(doc_.data()) > 0.0 ||
                      std::any_of(doc_.data().joints.begin(), doc_.data().joints.end(),
                                  [](const Joint& x) { return !x.timeline.keys.empty(); }));
  mode_->clear();
  table_->setRowCount(0);
  if (!j) {
    title_->setText(tr("Select a joint to key its motion."));
  } else {
    const JointTimeline& tl = j->timeline;
    const int dof = joint_q_size(*j);
    title_->setText(j->model ? tr("<b>%1</b>: %2 key(s)").arg(j->name.toHtmlEscaped()).arg(tl.keys.size())
                             : tr("<b>%1</b> has no joint model yet: fit it or load a joint file to play its keys")
                                   .arg(j->name.toHtmlEscaped()));
    for (int i = 0; i < dof; ++i) mode_->addItem(tr("q: %1").arg(coordinate_name(*j, i)));
    if (j->model && dof == 1) mode_->addItem(tr("arc length"));
    mode_->setCurrentIndex(tl.mode == TimelineMode::arc_length ? dof : tl.coordinate);
    continuity_->setCurrentIndex(tl.continuity == TimingContinuity::c1 ? 1 : 0);
    const double f = timeline_unit_factor(*j);
    table_->setHorizontalHeaderLabels({tr("t (s)"), tl.mode == TimelineMode::arc_length
                                                        ? tr("arc length s")
                                                        : tr("%1 (%2)").arg(coordinate_name(*j, tl.coordinate), timeline_unit(*j))});
    table_->setRowCount(static_cast<int>(tl.keys.size()));
    for (std::size_t r = 0; r < tl.keys.size(); ++r) {
      table_->setItem(static_cast<int>(r), 0, new QTableWidgetItem(QString::number(tl.keys[r].t, 'g', 6)));
      table_->setItem(static_cast<int>(r), 1, new QTableWidgetItem(QString::number(tl.keys[r].value * f, 'g', 6)));
    }
  }
  syncing_ = false;
  plot(j, true);
  emit player_->time_changed(player_->time());
}

void TimelinePanel::plot(const Joint* j, bool rescale) {
  value_line_->clear();
  rate_line_->clear();
  accel_line_->clear();
  key_dots_->clear();
  // a drag's preview keeps the value plot's axes, so the key stays under the mouse; the rate plot follows
  const double end = rescale ? player_->duration() : value_x_->max();
  value_x_->setRange(0.0, end);
  rate_x_->setRange(0.0, end);
  std::optional<TimelineCurve> curve;
  if (j && !j->timeline.keys.empty()) {
    QString why;
    curve = TimelineCurve::make(*j, &why);
    if (!curve) emit status_message(why);
  }
  if (!curve) return;
  const double f = timeline_unit_factor(*j);
  const QString unit = timeline_unit(*j);
  value_y_->setTitleText(unit);
  rate_y_->setTitleText(tr("%1/s").arg(unit));
  accel_y_->setTitleText(tr("%1/s²").arg(unit));
  QList<QPointF> value, rate, accel;
  double v_lo = 1e300, v_hi = -1e300, r_lo = 0, r_hi = 0, a_lo = 0, a_hi = 0;
  for (int i = 0; i <= kPlotPoints; ++i) {
    const double t = end * i / kPlotPoints;
    const TimelinePoint p = curve->at(t);
    value << QPointF(t, p.value * f);
    rate << QPointF(t, p.rate * f);
    accel << QPointF(t, p.acceleration * f);
    v_lo = std::min(v_lo, p.value * f), v_hi = std::max(v_hi, p.value * f);
    r_lo = std::min(r_lo, p.rate * f), r_hi = std::max(r_hi, p.rate * f);
    a_lo = std::min(a_lo, p.acceleration * f), a_hi = std::max(a_hi, p.acceleration * f);
  }
  if (rescale) round_axis(value_y_, v_lo, v_hi);
  round_axis(rate_y_, r_lo, r_hi);
  round_axis(accel_y_, a_lo, a_hi);
  value_line_->replace(value);
  rate_line_->replace(rate);
  accel_line_->replace(accel);
  for (const TimelineKey& k : j->timeline.keys) key_dots_->append(k.t, k.value * f);
}

void TimelinePanel::show_time(double t) {
  player_->pause();
  player_->show_time(t);
}

void TimelinePanel::key_edited(int row, int column) {
  if (syncing_) return;
  const Joint* j = doc_.data().joint(joint_);
  if (!j || row < 0 || row >= static_cast<int>(j->timeline.keys.size())) return;
  bool ok = false;
  const double typed = table_->item(row, column)->text().toDouble(&ok);
  TimelineKey key = j->timeline.keys[static_cast<std::size_t>(row)];
  if (column == 0) {
    key.t = typed;
  } else {
    key.value = typed / timeline_unit_factor(*j);
  }
  const auto r = ok ? set_timeline_key(doc_, joint_, row, key) : OpResult<int>{0, tr("Not a number: %1").arg(table_->item(row, column)->text())};
  if (!r.ok()) {
    emit status_message(r.error);
    rebuild();
  }
}

QString TimelinePanel::export_gltf(const QString& path, double fps) {
  player_->pause();
  const GltfSaveResult r = save_timeline_gltf(player_->document_at_rest(doc_.data()), fps, path, meshes_);
  emit status_message(r.ok() ? tr("Wrote %1: %2").arg(path, r.summary) : r.error);
  return r.error;
}

void TimelinePanel::export_dialog() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Animation (glTF)"), QString(),
                                                    tr("glTF binary (*.glb)"));
  if (!path.isEmpty()) export_gltf(path.endsWith(QStringLiteral(".glb")) ? path : path + QStringLiteral(".glb"));
}

}  // namespace js::ui
