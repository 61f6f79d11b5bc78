#include "ui/panels/motion_curves_dialog.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/joint/fit_job.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {

namespace {

constexpr double kCurveDeg = 180.0 / kPi;
// the three components in the colours of the viewport's axes (x red, y green, z blue), darkened for print
const QColor kColour[3] = {QColor(200, 50, 40), QColor(40, 150, 60), QColor(40, 90, 200)};

// combo entries: 0 grood–suntay from the motion, 1–6 grood–suntay (flexion, long), 7–12 body-fixed orders
struct ConventionChoice {
  bool auto_axes;
  interop::AngleConvention convention;
};

std::vector<ConventionChoice> convention_choices() {
  std::vector<ConventionChoice> out;
  out.push_back({true, {}});
  for (int f = 0; f < 3; ++f)
    for (int l = 0; l < 3; ++l)
      if (l != f) {
        interop::AngleConvention c;
        c.flexion_axis = f;
        c.long_axis = l;
        out.push_back({false, c});
      }
  for (const interop::AxisOrder& o : interop::tait_bryan_orders()) {
    interop::AngleConvention c;
    c.grood_suntay = false;
    c.order = o;
    out.push_back({false, c});
  }
  return out;
}

const Joint* curves_joint(const Document& doc) {
  const Selection& s = doc.selection();
  const Joint* j = doc.data().joint(s.joint);
  return j ? j : doc.data().joint_of_child(s.body);
}

// a round step (1, 2 or 5 × 10^k) for about `ticks` intervals over [lo, hi]
double curve_round_step(double span, int ticks) {
  const double raw = std::max(span, 1e-9) / ticks;
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw) return m * decade;
  return 10.0 * decade;
}

// round ticks over [lo, hi]; snap: the range widened to whole ticks (values), else exactly [lo, hi] (q). the
// anchor sits a hair above 0 so that a tick accumulated to −1e-17 prints as 0, not −0.0
void curve_round_range(QValueAxis* axis, double lo, double hi, int ticks, bool snap) {
  if (!(hi > lo)) {
    lo -= 1.0;
    hi += 1.0;
  }
  const double step = curve_round_step(hi - lo, ticks);
  axis->setTickAnchor(step * 1e-7);
  axis->setTickInterval(step);
  if (snap) {
    lo = step * std::floor(lo / step + 1e-9);
    hi = step * std::ceil(hi / step - 1e-9);
  }
  axis->setRange(lo, hi + step * 1e-6);
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
}

}  // namespace

MotionCurvesDialog::MotionCurvesDialog(Document& doc, QWidget* parent) : QDialog(parent), doc_(doc) {
  setWindowTitle(tr("Motion Curves"));
  setObjectName(QStringLiteral("motion_curves"));
  convention_ = new QComboBox;
  for (const ConventionChoice& c : convention_choices()) {
    convention_->addItem(c.auto_axes ? tr("Grood–Suntay, axes from the motion")
                                     : QString::fromStdString(c.convention.name()));
  }
  convention_->setToolTip(tr("Grood–Suntay: flexion about the parent's medio-lateral axis, ab/adduction about the "
                             "floating axis (perpendicular to both), internal rotation about the child's long axis "
                             "(docs/app.md). Body-fixed: three rotations, each about the frame the previous left"));
  coordinate_ = new QComboBox;
  coordinate_->setToolTip(tr("The coordinate along the horizontal axis; the others stay at their slider values"));
  auto* csv = new QPushButton(tr("Export CSV…"));
  csv->setToolTip(tr("Save the curves and the samples: q, three angles (degrees), three translations (mm), the speed "
                     "‖S‖ and its derivative ‖∂S/∂q‖"));
  auto* png = new QPushButton(tr("Export PNG…"));
  png->setToolTip(tr("Save the plots as one image"));
  auto* form = new QFormLayout;
  form->addRow(tr("Angles"), convention_);
  form->addRow(tr("Against"), coordinate_);
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(csv);
  buttons->addWidget(png);

  angles_ = make_plot(tr("degrees"));
  translations_ = make_plot(tr("mm (parent frame)"));
  speed_ = make_plot(tr("per rad of q"));
  // two curves, no dots: the speed and its derivative
  speed_.chart->legend()->markers(speed_.line[2]).first()->setVisible(false);
  angles_view_ = new QChartView(angles_.chart);
  translations_view_ = new QChartView(translations_.chart);
  speed_view_ = new QChartView(speed_.chart);
  plots_ = new QWidget;
  auto* plots = new QVBoxLayout(plots_);
  plots->setContentsMargins(0, 0, 0, 0);
  for (QChartView* v : {angles_view_, translations_view_, speed_view_}) {
    v->setRenderHint(QPainter::Antialiasing);
    v->setMinimumHeight(v == speed_view_ ? 190 : 230);
    plots->addWidget(v, v == speed_view_ ? 3 : 4);
  }
  note_ = new QLabel;
  note_->setWordWrap(true);
  note_->setObjectName(QStringLiteral("motion_curves_note"));

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(plots_, 1);
  layout->addWidget(note_);
  layout->addLayout(buttons);
  resize(760, 900);

  connect(convention_, &QComboBox::currentIndexChanged, this, &MotionCurvesDialog::refresh);
  connect(coordinate_, &QComboBox::currentIndexChanged, this, &MotionCurvesDialog::refresh);
  // a hidden dialog does not follow edits (a simulation changes q every frame); showing it catches up
  connect(&doc_, &Document::changed, this, [this] {
    if (isVisible()) refresh();
  });
  connect(&doc_, &Document::selection_changed, this, [this] {
    if (isVisible()) refresh();
  });
  connect(csv, &QPushButton::clicked, this, [this] { choose_file(false); });
  connect(png, &QPushButton::clicked, this, [this] { choose_file(true); });
  refresh();
}

void MotionCurvesDialog::showEvent(QShowEvent* event) {
  refresh();
  QDialog::showEvent(event);
}

MotionCurvesDialog::Plot MotionCurvesDialog::make_plot(const QString& y_title) {
  Plot p{};
  p.chart = new QChart;
  p.chart->setBackgroundRoundness(0);
  p.chart->setMargins(QMargins(4, 4, 4, 4));
  // below the plot: both plots keep the same width, so their q axes line up
  p.chart->legend()->setAlignment(Qt::AlignBottom);
  p.x = new QValueAxis;
  p.y = new QValueAxis;
  p.y->setTitleText(y_title);
  p.x->setTickType(QValueAxis::TicksDynamic);
  p.y->setTickType(QValueAxis::TicksDynamic);
  p.x->setMinorTickCount(0);
  p.y->setMinorTickCount(0);
  p.chart->addAxis(p.x, Qt::AlignBottom);
  p.chart->addAxis(p.y, Qt::AlignLeft);
  for (int c = 0; c < 3; ++c) {
    p.line[c] = new QLineSeries;
    QPen pen(kColour[c]);
    pen.setWidthF(2.0);
    p.line[c]->setPen(pen);
    p.dots[c] = new QScatterSeries;
    p.dots[c]->setColor(kColour[c]);
    p.dots[c]->setBorderColor(Qt::white);
    p.dots[c]->setMarkerSize(8.0);
    for (QXYSeries* s : {static_cast<QXYSeries*>(p.line[c]), static_cast<QXYSeries*>(p.dots[c])}) {
      p.chart->addSeries(s);
      s->attachAxis(p.x);
      s->attachAxis(p.y);
    }
  }
  // one legend entry per component: the dots share their curve's name and colour
  for (int c = 0; c < 3; ++c) p.chart->legend()->markers(p.dots[c]).first()->setVisible(false);
  return p;
}

void MotionCurvesDialog::fill(Plot& p, const std::array<std::vector<double>, 3>& values,
                              const std::array<std::vector<double>, 3>& dots, double scale,
                              const std::array<QString, 3>& names, double q_scale) {
  double lo = 1e300, hi = -1e300;
  for (int c = 0; c < 3; ++c) {
    QList<QPointF> line, pts;
    for (std::size_t i = 0; i < curves_.q.size(); ++i) {
      const double v = values[static_cast<std::size_t>(c)][i] * scale;
      line.append(QPointF(curves_.q[i] * q_scale, v));
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    for (std::size_t i = 0; i < curves_.sample_q.size(); ++i) {
      const double v = dots[static_cast<std::size_t>(c)][i] * scale;
      pts.append(QPointF(curves_.sample_q[i] * q_scale, v));
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    p.line[c]->replace(line);
    p.line[c]->setName(names[static_cast<std::size_t>(c)]);
    p.dots[c]->replace(pts);
  }
  if (curves_.q.empty()) {
    p.x->setRange(0.0, 1.0);
    p.y->setRange(0.0, 1.0);
    return;
  }
  curve_round_range(p.y, lo, hi, 8, true);
  double qlo = curves_.q.front() * q_scale, qhi = curves_.q.back() * q_scale;
  for (double q : curves_.sample_q) {
    qlo = std::min(qlo, q * q_scale);
    qhi = std::max(qhi, q * q_scale);
  }
  curve_round_range(p.x, qlo, qhi, 8, false);
}

void MotionCurvesDialog::fill_speed(double q_scale) {
  // the speed is per radian (or per unit of a translational q) whatever unit the axis shows q in
  QList<QPointF> speed, bend;
  double hi = 0.0;
  for (std::size_t i = 0; i < curves_.q.size(); ++i) {
    speed.append(QPointF(curves_.q[i] * q_scale, curves_.speed[i]));
    bend.append(QPointF(curves_.q[i] * q_scale, curves_.bend[i]));
    hi = std::max({hi, curves_.speed[i], curves_.bend[i]});
  }
  speed_.line[0]->replace(speed);
  speed_.line[0]->setName(tr("speed ‖S‖"));
  speed_.line[1]->replace(bend);
  speed_.line[1]->setName(tr("its change ‖∂S/∂q‖"));
  speed_.line[2]->clear();
  for (int c = 0; c < 3; ++c) speed_.dots[c]->clear();
  curve_round_range(speed_.y, 0.0, hi, 6, true);
  speed_.x->setRange(angles_.x->min(), angles_.x->max());
  speed_.x->setTickAnchor(angles_.x->tickAnchor());
  speed_.x->setTickInterval(angles_.x->tickInterval());
  speed_.x->setLabelFormat(angles_.x->labelFormat());
}

void MotionCurvesDialog::refresh() {
  const Joint* j = curves_joint(doc_);
  curves_ = interop::MotionCurves{};
  joint_ = j ? j->id : 0;
  const int dof = j && j->model ? j->model->dof() : 0;
  // the coordinate list follows the joint (kept when the names are the same)
  QStringList names;
  for (int i = 0; i < dof; ++i) names << QString::fromStdString(j->model->coordinates()[static_cast<std::size_t>(i)].name);
  QStringList current;
  for (int i = 0; i < coordinate_->count(); ++i) current << coordinate_->itemText(i);
  if (names != current) {
    const QSignalBlocker block(coordinate_);
    coordinate_->clear();
    coordinate_->addItems(names);
  }
  coordinate_->setEnabled(dof > 1);
  QString note;
  if (dof == 0 || j->q.size() != dof) {
    note = j ? tr("%1 has no joint model yet: fit it or load a joint file.").arg(j->name)
             : tr("Select a joint (or its child body) to see its motion.");
  } else {
    const int c = std::max(0, coordinate_->currentIndex());
    JointVector at(dof);
    for (int i = 0; i < dof; ++i) at[i] = j->q[i];
    const ConventionChoice choice = convention_choices()[static_cast<std::size_t>(std::max(0, convention_->currentIndex()))];
    used_ = choice.auto_axes ? interop::guess_grood_suntay(*j->model, c, at) : choice.convention;
    // a joint of several coordinates: the samples within 2% of each other coordinate's range are drawn
    double tolerance = 1e-9;
    for (int i = 0; i < dof; ++i) {
      if (i == c) continue;
      double lo = 0.0, hi = 0.0;
      coordinate_range(*j, i, lo, hi);
      tolerance = std::max(tolerance, 0.02 * (hi - lo));
    }
    const fit::SampleSet samples = joint_sample_set(*j);
    // the range the q slider offers (the model's, else around the samples), so the plot and the slider agree
    double q_lo = 0.0, q_hi = 0.0;
    coordinate_range(*j, c, q_lo, q_hi);
    const double length_scale = doc_.data().fit.length_scale;
    curves_ = interop::motion_curves(*j->model, c, at, used_, &samples, 201, tolerance,
                                     q_hi > q_lo ? std::optional(std::pair{q_lo, q_hi}) : std::nullopt,
                                     length_scale > 0.0 ? length_scale : 1.0);
    auto deg = [&](int i) { return static_cast<std::size_t>(i) < j->degrees.size() && j->degrees[static_cast<std::size_t>(i)]; };
    coordinate_name_ = names[c];
    coordinate_degrees_ = deg(c);
    const double q_scale = coordinate_degrees_ ? kCurveDeg : 1.0;
    const QString x_title = coordinate_name_ + (coordinate_degrees_ ? tr(" (degrees)") : QString());
    const auto an = used_.angle_names();
    fill(angles_, curves_.angle, curves_.sample_angle, kCurveDeg,
         {QString::fromStdString(an[0]), QString::fromStdString(an[1]), QString::fromStdString(an[2])}, q_scale);
    fill(translations_, curves_.translation, curves_.sample_translation, 1e3, {tr("x"), tr("y"), tr("z")}, q_scale);
    fill_speed(q_scale);
    angles_.x->setTitleText(x_title);
    translations_.x->setTitleText(x_title);
    speed_.x->setTitleText(x_title);
    speed_.y->setTitleText(coordinate_degrees_ ? tr("per rad of q") : tr("per unit of q"));
    QString at_text;
    for (int i = 0; i < dof; ++i) {
      if (i == c) continue;
      at_text += (at_text.isEmpty() ? QString() : QStringLiteral(", ")) + names[i] + QStringLiteral(" = ") +
                 (deg(i) ? QStringLiteral("%1°").arg(at[i] * kCurveDeg, 0, 'f', 1) : QString::number(at[i], 'g', 4));
    }
    const QString where = at_text.isEmpty() ? QString() : tr(" at %1 (the current value)").arg(at_text);
    angles_.chart->setTitle(tr("%1: angles, %2%3").arg(j->name, QString::fromStdString(used_.name()), where));
    translations_.chart->setTitle(tr("%1: child origin in the parent frame%2").arg(j->name, where));
    const auto slowest = std::min_element(curves_.speed.begin(), curves_.speed.end());
    const double slow_q = curves_.q[static_cast<std::size_t>(slowest - curves_.speed.begin())] * q_scale;
    speed_.chart->setTitle(tr("%1: speed along %2, translations over ℓ = %3 mm; slowest %4 at %5%6")
                               .arg(j->name, coordinate_name_)
                               .arg(curves_.length_scale * 1e3, 0, 'g', 3)
                               .arg(*slowest, 0, 'g', 3)
                               .arg(slow_q, 0, 'f', coordinate_degrees_ ? 1 : 3)
                               .arg(coordinate_degrees_ ? QStringLiteral("°") : QString()));
    note = tr("%1 samples drawn as dots").arg(curves_.sample_q.size());
    if (!at_text.isEmpty()) note += tr(" (those within 2% of the range of %1)").arg(at_text);
    note += tr("; angles right-handed about the +axes of the joint frames.");
    if (choice.auto_axes) {
      note += tr(" Flexion axis %1 chosen from the motion, long axis %2.")
                  .arg(QChar('x' + used_.flexion_axis)).arg(QChar('x' + used_.long_axis));
    }
  }
  if (curves_.q.empty()) {
    for (Plot* p : {&angles_, &translations_, &speed_}) {
      for (int c = 0; c < 3; ++c) {
        p->line[c]->clear();
        p->dots[c]->clear();
      }
      p->chart->setTitle(QString());
    }
  }
  note_->setText(note);
}

QString MotionCurvesDialog::export_csv(const QString& path) const {
  if (curves_.q.empty()) return tr("No curves to export: select a joint with a model.");
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return tr("%1: cannot write (%2)").arg(path, f.errorString());
  const std::string text = interop::motion_curves_csv(curves_, used_, coordinate_name_.toStdString(), coordinate_degrees_);
  f.write(text.data(), static_cast<qint64>(text.size()));
  if (!f.commit()) return tr("%1: cannot write (%2)").arg(path, f.errorString());
  return {};
}

QString MotionCurvesDialog::export_png(const QString& path) const {
  if (curves_.q.empty()) return tr("No curves to export: select a joint with a model.");
  if (!plots_->grab().save(path, "PNG")) return tr("%1: cannot write the image").arg(path);
  return {};
}

void MotionCurvesDialog::choose_file(bool png) {
  const QString path = QFileDialog::getSaveFileName(this, png ? tr("Export plots as PNG") : tr("Export curves as CSV"),
                                                    QString(), png ? tr("PNG images (*.png)") : tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  const QString error = png ? export_png(path) : export_csv(path);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Export"), error);
}

}  // namespace js::ui
