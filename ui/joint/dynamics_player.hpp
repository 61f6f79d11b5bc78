// dynamics playback: the document as a core multibody (the scene export, ui/export) run by the core
// simulator (core/dynamics/simulator.hpp) in real time. each display frame advances the simulation by the
// wall time since the last one in fixed steps of dt and writes q into the joints and their child poses
// directly (no undo step per frame). pausing records the run as one undo step; reset returns the joints
// and poses to exactly where they were when the run was built (without an undo step when the run was
// never recorded). any other edit of the document drops the run, so the next play starts from it at rest.
// the scene's closed loops ("loops", kept from an opened scene file) are solved by the core's loop solver
// with the scene's compliance, damping and stabilization, exactly as jointsmith-cli simulate runs them.
// the joint reactions of the state shown are asked for on demand (reaction), as simulate --reactions has them.
// with the maximal solver (SimulationSettings::maximal_solver) the run steps hakenberg's skeleton of the same
// scene instead (core/scene/maximal_run.hpp, as jointsmith-cli simulate --solver maximal): hinges and ball
// joints only, refused with the core's reason otherwise; it has no reactions.
// with SimulationSettings::follow_timeline (the default), every joint with timeline keys (ui/document/timeline.hpp)
// is driven: its keyed coordinate is prescribed along the dock's q(t), q̇, q̈ (the run's t is the timeline's) while
// the other coordinates are simulated, as a scene's "motion" or keyed "drive" in jointsmith-cli simulate. keys that
// cannot be played, a coordinate the scene drives already, and the maximal solver with keys are refused with a message.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <memory>

#include "core/dynamics/forces.hpp"
#include "core/dynamics/loop_solver.hpp"
#include "core/dynamics/reaction_wrench.hpp"
#include "ui/document/document.hpp"

namespace js::ui {

struct DynamicsRun;  // the core scene, simulator and state (dynamics_player.cpp)

// integrators offered, in menu order: core kIntegrators ("euler" … "implicit_midpoint", integrator_name)
QStringList dynamics_integrators();

// the settings live in the document (saved with it, undoable): SimulationSettings in document_data.hpp
using DynamicsSettings = SimulationSettings;

class DynamicsPlayer : public QObject {
  Q_OBJECT
 public:
  explicit DynamicsPlayer(Document& doc, QObject* parent = nullptr);
  ~DynamicsPlayer() override;

  // the document's simulation settings
  const DynamicsSettings& settings() const { return doc_.data().simulation; }
  // an undoable document edit (equal non-zero merge keys merge) that takes effect at the next step, keeping
  // the run; false with a message for a bad dt, integrator or damping
  bool set_settings(const DynamicsSettings& s, int merge_key = 0);

  bool playing() const { return timer_.isActive(); }
  // simulated time of the run (s); 0 without a run
  double time() const;

  // starts the real-time timer (building the run from the document when there is none)
  bool play();
  // stops the timer and records the run since the last pause as one undo step
  void pause();
  // advances the run by `seconds` of simulated time in steps of dt (at least one) and shows the result;
  // builds the run when there is none. false with a message when the scene cannot be built or blew up.
  bool advance(double seconds);
  // pauses, advances by kFrame and records that as one undo step
  bool step();
  // pause, then the joints and child poses of the document as they were when the run was built
  void reset();
  // the document as its undo stack has it: the frames shown since the last pause are a view, so the run's
  // joints, child poses and moving root are taken from the last recorded state (what autosave writes)
  DocumentData document_at_rest() const;
  // true while the player writes a frame (or puts an unrecorded run back): a document change then is a view,
  // not an edit (autosave ignores it)
  bool showing_frame() const { return showing_; }

  // whether a run exists (built by play, step or advance; dropped by reset and by edits)
  bool has_run() const { return run_ != nullptr; }
  // whether the run (built on demand) has closed loops; false without a run
  bool has_loops() const;
  // the largest loop position and velocity errors at the run's state (zeros without loops or a run;
  // runs a kinematics sweep in the simulator)
  LoopErrors loop_errors();

  // the wrench the joint above document body `body` carries at the run's state, the frame shown (its forward
  // dynamics there; core/dynamics/reaction_wrench.hpp: C frame, N·m and N). false without a run or when the
  // body is not one of the run's (a frame, or a body left out of the scene), and with the maximal solver
  bool reaction(BodyId body, JointReaction& out);

  static constexpr double kFrame = 1.0 / 60.0;  // s of simulated time per Step

 signals:
  void playing_changed(bool on);
  void status_message(const QString& text);
  // one point of the energy plot: t (s), kinetic and potential energy (J)
  void energy(double t, double kinetic, double potential);
  // after each advance of a run with loops: the largest loop errors ‖δ‖ (m, rad) and ‖δ̇‖ at t (s)
  void loop_error(double t, double position, double velocity);
  // the run was dropped or reset: the energy plot starts again
  void run_cleared();

 private:
  bool build();
  // the run's simulator with the settings' options; false (and a status message) when it refuses them
  bool make_simulator(DynamicsRun& run);
  // why the scene cannot take the energy projection with settings s ("" when it can)
  QString projection_refusal(const DynamicsSettings& s) const;
  // energies and momenta of the run's state, from whichever solver steps it
  MechanicalState measure() const;
  void drop_run();
  void tick();
  void show_state();
  void emit_loop_error();
  // pushes one undo step moving the run's joints and child poses from `from` to `to`
  void record(const DocumentData& from, const DocumentData& to, const QString& text);

  Document& doc_;
  std::unique_ptr<DynamicsRun> run_;
  QTimer timer_;
  QElapsedTimer clock_;
  double lag_ = 0.0;        // wall time not yet simulated (s)
  bool writing_ = false;    // our own document changes: keep the run
  bool recorded_ = false;   // some part of the run is on the undo stack
  bool showing_ = false;    // writing a frame, not an undo step
};

}  // namespace js::ui
