#include "ui/joint/dynamics_player.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "core/dynamics/simulator.hpp"
#include "core/io/file_error.hpp"
#include "core/scene/maximal_run.hpp"
#include "ui/document/commands.hpp"
#include "ui/document/operations.hpp"
#include "ui/joint/document_multibody.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"

namespace js::ui {

struct DynamicsRun {
  DocumentMultibody mb;          // the core scene and where each joint's coordinates sit in q
  Vec3 gravity = Vec3::Zero();  // the scene's gravity, used when the gravity switch is on
  // references mb.scene.model, .forces and .loops (the scene's closed loops, as jointsmith-cli simulate
  // runs them): the run never moves
  std::unique_ptr<Simulator> sim;
  SimulationState state;
  std::unique_ptr<ReactionData> reactions;  // sized for mb.scene.model when the run is built
  // with the maximal solver: hakenberg's skeleton of mb.scene, stepped instead of sim; its q and q̇ are copied
  // into state after every advance, so showing, recording and the energy plot are the reduced run's
  std::unique_ptr<scene::MaximalRun> maximal;
  bool follow_timeline = false;  // SimulationSettings::follow_timeline when the run was built
  bool energy_projection = false;  // SimulationSettings::energy_projection of the simulator
  int keyed = 0;                  // joints following their timeline keys (prescribed in mb.scene.model)
  DocumentData start;  // the document when the run was built (reset)
  DocumentData last;   // the document at the last recorded pause (the next undo step's before)
};

namespace {

// runs are cut short rather than freezing the ui when the machine cannot keep up
constexpr int kMaxStepsPerAdvance = 2000;

// every joint of d with timeline keys drives its keyed coordinate of mb's model along the dock's q(t), q̇, q̈
// (TimelineCurve, ui/document/timeline.hpp), the run's t being the timeline's. how many were prescribed in *count;
// an error names the joint whose keys cannot be played or whose coordinate the scene drives already
QString prescribe_timeline(const DocumentData& d, DocumentMultibody& mb, int* count) {
  *count = 0;
  MultibodyModel& model = mb.scene.model;
  for (const DocumentMultibody::Link& link : mb.links) {
    const Joint* j = d.joint(link.joint);
    if (!j || j->timeline.keys.empty()) continue;
    QString why;
    auto curve = TimelineCurve::make(*j, &why);
    if (!curve) return QObject::tr("Cannot follow the timeline: %1").arg(why);
    const auto local = static_cast<std::size_t>(curve->coordinate());
    const int k = local < link.coordinates.size() ? link.coordinates[local] : -1;
    if (k < 0) return QObject::tr("Cannot follow the timeline: %1's keyed coordinate is not in the multibody").arg(j->name);
    bool coupled = false;
    for (const CoordinateCoupler& c : mb.scene.loops.couplers()) coupled = coupled || c.dependent == k;
    if (model.is_prescribed(k) || coupled)
      return QObject::tr("Cannot follow the timeline: the scene drives %1's keyed coordinate already (a drive, motion "
                         "or coupler); delete its keys or uncheck \"Keyed joints follow the timeline\"")
          .arg(j->name);
    model.prescribe(k, [c = *curve](double t) {
      const TimelinePoint p = c.at(t);
      return PrescribedSample{p.q, p.qd, p.qdd, p.degenerate};
    });
    ++*count;
  }
  return {};
}

}  // namespace

QStringList dynamics_integrators() {
  QStringList names;
  for (Integrator i : kIntegrators) names << QString::fromLatin1(integrator_name(i));
  return names;
}

DynamicsPlayer::DynamicsPlayer(Document& doc, QObject* parent) : QObject(parent), doc_(doc) {
  timer_.setInterval(16);
  connect(&timer_, &QTimer::timeout, this, &DynamicsPlayer::tick);
  connect(&doc_, &Document::changed, this, [this] {
    if (writing_ || !run_) return;
    // an edit, undo or new project: the run no longer matches the document
    if (playing()) {
      timer_.stop();
      emit playing_changed(false);
    }
    drop_run();
  });
}

DynamicsPlayer::~DynamicsPlayer() = default;

QString DynamicsPlayer::projection_refusal(const DynamicsSettings& s) const {
  // on the run's scene, or on the document's (with its keyed joints prescribed) when no run is built
  DocumentMultibody built;
  const DocumentMultibody* mb = run_ ? &run_->mb : nullptr;
  if (!mb) {
    if (!build_document_multibody(doc_.data(), built).isEmpty()) return {};  // play will say why
    int keyed = 0;
    if (s.follow_timeline && !prescribe_timeline(doc_.data(), built, &keyed).isEmpty()) return {};
    mb = &built;
  }
  const Simulator sim(mb->scene.model, mb->scene.forces,
                      SimulatorOptions{.loops = &mb->scene.loops, .energy_projection = true});
  const std::string why = sim.unsupported(s.integrator);
  return why.empty() ? QString() : tr("Cannot hold the energy: %1").arg(QString::fromStdString(why));
}

bool DynamicsPlayer::set_settings(const DynamicsSettings& s, int merge_key) {
  // a projection the scene refuses is not committed (the dock's box goes back)
  if (s.energy_projection && !s.maximal_solver && !settings().energy_projection) {
    if (const QString why = projection_refusal(s); !why.isEmpty()) {
      emit status_message(why);
      return false;
    }
  }
  // the run goes on with the new settings: this edit is ours
  writing_ = true;
  const auto r = set_simulation_settings(doc_, s, merge_key);
  writing_ = false;
  if (!r.ok()) {
    emit status_message(r.error);
    return false;
  }
  if (run_ && (run_->maximal || settings().maximal_solver || run_->follow_timeline != settings().follow_timeline)) {
    // the skeleton is built from the scene with its gravity and damping, and the keyed joints are prescribed in the
    // model: a new run starts from here at rest
    if (playing()) {
      timer_.stop();
      emit playing_changed(false);
    }
    drop_run();
    emit status_message(tr("Solver settings changed: the next run starts from the pose shown"));
  } else if (run_) {
    run_->mb.scene.model.gravity = settings().gravity ? run_->gravity : Vec3::Zero();
    run_->mb.scene.forces.joint_damping = settings().damping;
    // the projection is the simulator's option and its balance copies the forces and gravity when it is
    // built: a new simulator goes on from the state shown (its budget starts there)
    if ((run_->energy_projection || settings().energy_projection) && !make_simulator(*run_)) {
      if (playing()) {
        timer_.stop();
        emit playing_changed(false);
      }
      drop_run();
    }
  }
  return true;
}

double DynamicsPlayer::time() const { return run_ ? run_->state.t : 0.0; }

bool DynamicsPlayer::build() {
  auto run = std::make_unique<DynamicsRun>();
  if (const QString error = build_document_multibody(doc_.data(), run->mb); !error.isEmpty()) {
    emit status_message(error);
    return false;
  }
  scene::Scene& sc = run->mb.scene;
  run->gravity = sc.model.gravity;
  sc.model.gravity = settings().gravity ? run->gravity : Vec3::Zero();
  sc.forces.joint_damping = settings().damping;
  run->follow_timeline = settings().follow_timeline;
  if (run->follow_timeline) {
    // keyed joints follow q(t), prescribed before the simulator takes the model
    if (const QString error = prescribe_timeline(doc_.data(), run->mb, &run->keyed); !error.isEmpty()) {
      emit status_message(error);
      return false;
    }
    if (run->keyed > 0 && settings().maximal_solver) {
      emit status_message(tr("The maximal solver cannot drive keyed joints: choose the reduced solver, or uncheck "
                             "\"Keyed joints follow the timeline\" to simulate them"));
      return false;
    }
  }
  if (!make_simulator(*run)) return false;
  run->state = sc.initial;
  run->sim->apply_prescribed(run->state);
  if (settings().maximal_solver) {
    // the skeleton takes hinges and ball joints only: anything else is refused with the core's reason
    try {
      run->maximal = std::make_unique<scene::MaximalRun>(sc, std::string("the maximal solver"), sc.settings.stabilization);
    } catch (const io::FileError& e) {
      emit status_message(tr("The maximal solver cannot run this scene: %1. Choose the reduced solver")
                              .arg(QString::fromStdString(e.problem())));
      return false;
    }
  }
  run->reactions = std::make_unique<ReactionData>(sc.model);
  run->start = doc_.data();
  run->last = doc_.data();
  run_ = std::move(run);
  recorded_ = false;
  emit run_cleared();
  const MechanicalState m = measure();
  emit energy(0.0, m.kinetic, m.potential);
  emit_loop_error();
  return true;
}

bool DynamicsPlayer::make_simulator(DynamicsRun& run) {
  const scene::Scene& sc = run.mb.scene;
  SimulatorOptions options;
  options.loops = &sc.loops;
  options.energy_projection = settings().energy_projection;
  auto sim = std::make_unique<Simulator>(sc.model, sc.forces, options);
  if (const std::string why = sim->unsupported(settings().integrator); !why.empty() && !settings().maximal_solver) {
    emit status_message(tr("Cannot simulate: %1").arg(QString::fromStdString(why)));
    return false;
  }
  run.sim = std::move(sim);
  run.energy_projection = options.energy_projection;
  return true;
}

MechanicalState DynamicsPlayer::measure() const {
  return run_->maximal ? run_->maximal->measure() : run_->sim->measure(run_->state);
}

void DynamicsPlayer::drop_run() {
  run_.reset();
  recorded_ = false;
  emit run_cleared();
}

bool DynamicsPlayer::play() {
  if (playing()) return true;
  if (!run_ && !build()) return false;
  lag_ = 0.0;
  clock_.start();
  timer_.start();
  emit playing_changed(true);
  QString text = run_->maximal ? tr("Simulating with the maximal-coordinate skeleton (Hakenberg), dt = %1 s").arg(settings().dt)
                               : tr("Simulating with %1, dt = %2 s").arg(integrator_text(settings().integrator)).arg(settings().dt);
  if (has_loops() && !run_->mb.scene.loops.loops().empty())
    text += tr(", %n closed loop(s)", nullptr, run_->mb.scene.loops.num_loops());
  if (const auto n = static_cast<int>(run_->mb.scene.loops.couplers().size()); n > 0)
    text += tr(", %n coupled coordinate(s)", nullptr, n);
  if (const auto n = static_cast<int>(run_->mb.scene.loops.rolling().size()); n > 0)
    text += tr(", %n rolling contact(s)", nullptr, n);
  if (run_->keyed > 0) text += tr(", %n joint(s) following the timeline", nullptr, run_->keyed);
  emit status_message(text);
  return true;
}

void DynamicsPlayer::pause() {
  if (!playing()) return;
  timer_.stop();
  emit playing_changed(false);
  if (run_) {
    const DocumentData now = doc_.data();
    record(run_->last, now, tr("Simulate"));
    run_->last = now;
    recorded_ = true;
  }
}

bool DynamicsPlayer::step() {
  if (playing()) pause();
  if (!advance(kFrame)) return false;
  const DocumentData now = doc_.data();
  record(run_->last, now, tr("Simulation step"));
  run_->last = now;
  recorded_ = true;
  return true;
}

void DynamicsPlayer::tick() {
  lag_ += static_cast<double>(clock_.restart()) * 1e-3;
  if (lag_ < settings().dt) return;
  const double seconds = std::floor(lag_ / settings().dt) * settings().dt;
  lag_ = std::min(lag_ - seconds, settings().dt);
  if (!advance(seconds)) pause();
}

bool DynamicsPlayer::advance(double seconds) {
  if (!run_ && !build()) return false;
  const Integrator integrator = settings().integrator;
  const int steps = std::clamp(static_cast<int>(std::lround(seconds / settings().dt)), 1, kMaxStepsPerAdvance);
  try {
    if (run_->maximal) {
      for (int i = 0; i < steps; ++i) {
        run_->maximal->step(settings().dt);
        run_->maximal->convert();  // q is tracked step by step (hinge angles stay continuous across ±π)
      }
      run_->state.t = run_->maximal->t();
      run_->state.q = run_->maximal->q();
      run_->state.qd = run_->maximal->qd();
    } else {
      for (int i = 0; i < steps; ++i) run_->sim->step(run_->state, settings().dt, integrator);
    }
  } catch (const std::exception& e) {
    // redundant hard loop rows (core/dynamics/loop_solver.hpp): the core's message names the loops
    emit status_message(tr("Cannot simulate: %1").arg(QString::fromUtf8(e.what())));
    show_state();
    return false;
  }
  if (!run_->state.q.allFinite() || !run_->state.qd.allFinite()) {
    emit status_message(run_->maximal ? tr("The simulation blew up at t = %1 s: try a smaller dt").arg(run_->state.t)
                                      : tr("The simulation blew up at t = %1 s: try a smaller dt or rk4").arg(run_->state.t));
    return false;
  }
  show_state();
  const MechanicalState m = measure();
  emit energy(run_->state.t, m.kinetic, m.potential);
  emit_loop_error();
  return true;
}

bool DynamicsPlayer::reaction(BodyId body, JointReaction& out) {
  // the skeleton's joint forces are in its own (world, per joint vector) terms: not offered
  if (!run_ || run_->maximal) return false;
  const int index = run_->mb.scene_body(body);
  if (index < 0) return false;
  joint_reactions(*run_->sim, run_->state, *run_->reactions);
  out = run_->reactions->joints[static_cast<std::size_t>(index)];
  return true;
}

bool DynamicsPlayer::has_loops() const { return run_ && !run_->mb.scene.loops.empty(); }

LoopErrors DynamicsPlayer::loop_errors() {
  if (!has_loops()) return {};
  return run_->sim->loop_errors(run_->state);
}

void DynamicsPlayer::emit_loop_error() {
  if (!has_loops()) return;
  const LoopErrors e = loop_errors();
  emit loop_error(run_->state.t, e.position, e.velocity);
}

void DynamicsPlayer::show_state() {
  writing_ = true;
  showing_ = true;
  for (const JointPose& p : joint_poses(doc_.data(), run_->mb, run_->state.q)) doc_.apply_joint_and_body(p.joint, p.child);
  const Body* frame = doc_.data().body(run_->mb.root_frame);
  if (frame && !run_->mb.scene.model.root_is_fixed()) {
    Body moved = *frame;
    moved.pose = run_->mb.scene.model.root_state(run_->state.t).world_T_root;
    doc_.apply_body(moved);
  }
  writing_ = false;
  showing_ = false;
}

void DynamicsPlayer::record(const DocumentData& from, const DocumentData& to, const QString& text) {
  writing_ = true;
  doc_.undo_stack()->beginMacro(text);
  for (const DocumentMultibody::Link& link : run_->mb.links) {
    const Joint* jb = from.joint(link.joint);
    const Joint* ja = to.joint(link.joint);
    const Body* cb = jb ? from.body(jb->child) : nullptr;
    const Body* ca = ja ? to.body(ja->child) : nullptr;
    if (cb && ca) push_swap(doc_, JointMotion{*jb, *cb}, JointMotion{*ja, *ca}, text);
  }
  const Body* fb = from.body(run_->mb.root_frame);
  const Body* fa = to.body(run_->mb.root_frame);
  if (fb && fa && !(fb->pose.R == fa->pose.R && fb->pose.p == fa->pose.p))
    push_swap(doc_, *fb, *fa, text);
  doc_.undo_stack()->endMacro();
  writing_ = false;
}

DocumentData DynamicsPlayer::document_at_rest() const {
  DocumentData d = doc_.data();
  if (!run_) return d;
  for (const DocumentMultibody::Link& link : run_->mb.links) {
    const Joint* j = run_->last.joint(link.joint);
    Joint* dj = d.joint(link.joint);
    if (!j || !dj) continue;
    *dj = *j;
    const Body* child = run_->last.body(j->child);
    if (Body* dc = d.body(j->child); child && dc) *dc = *child;
  }
  const Body* frame = run_->last.body(run_->mb.root_frame);
  if (Body* df = d.body(run_->mb.root_frame); frame && df) *df = *frame;
  return d;
}

void DynamicsPlayer::reset() {
  if (!run_) return;
  if (playing()) {
    timer_.stop();
    emit playing_changed(false);
  }
  if (recorded_) {
    // the undo stack holds a recorded pause: going back to the start is an undo step of its own
    const DocumentData now = doc_.data();
    record(now, run_->start, tr("Reset simulation"));
  } else {
    // nothing of the run is on the undo stack: put the joints back as they were
    writing_ = true;
    showing_ = true;
    for (const DocumentMultibody::Link& link : run_->mb.links) {
      const Joint* j = run_->start.joint(link.joint);
      const Body* child = j ? run_->start.body(j->child) : nullptr;
      if (child) doc_.apply_joint_and_body(*j, *child);
    }
    if (const Body* frame = run_->start.body(run_->mb.root_frame)) doc_.apply_body(*frame);
    writing_ = false;
    showing_ = false;
  }
  drop_run();
  emit status_message(tr("Simulation reset"));
}

}  // namespace js::ui
