// the undo commands. each keeps a before and an after copy of what it touches and applies one or the
// other; the copies are small (a body, a joint with its samples, or the whole data for structural edits).
// commands created with the same non-zero merge key collapse into one step (one gizmo drag = one undo).
#pragma once

#include <QUndoCommand>

#include "ui/document/document.hpp"

namespace js::ui {

// structural edits (add/remove bodies or joints): swaps the whole data.
class ReplaceDataCommand : public QUndoCommand {
 public:
  ReplaceDataCommand(Document* doc, DocumentData before, DocumentData after, const QString& text);
  void undo() override { doc_->apply_data(before_); }
  void redo() override { doc_->apply_data(after_); }

 private:
  Document* doc_;
  DocumentData before_, after_;
};

// one body's fields (pose, name, colour, units, mass ...).
class EditBodyCommand : public QUndoCommand {
 public:
  EditBodyCommand(Document* doc, Body before, Body after, const QString& text, int merge_key = 0);
  void undo() override { doc_->apply_body(before_); }
  void redo() override { doc_->apply_body(after_); }
  int id() const override { return merge_key_ ? 1 : -1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  Body before_, after_;
  int merge_key_;
};

// one joint's fields and samples (capture, delete, reorder, edit q, kind, name).
class EditJointCommand : public QUndoCommand {
 public:
  EditJointCommand(Document* doc, Joint before, Joint after, const QString& text, int merge_key = 0);
  void undo() override { doc_->apply_joint(before_); }
  void redo() override { doc_->apply_joint(after_); }
  int id() const override { return merge_key_ ? 2 : -1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  Joint before_, after_;
  int merge_key_;
};

// a joint together with its child body: a q slider move or a new joint model (fit, joint file) that carries
// the child to G(q). one slider drag (equal merge keys) is one undo step.
class JointMotionCommand : public QUndoCommand {
 public:
  JointMotionCommand(Document* doc, Joint joint_before, Joint joint_after, Body child_before, Body child_after,
                     const QString& text, int merge_key = 0);
  void undo() override;
  void redo() override;
  int id() const override { return merge_key_ ? 4 : -1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  Joint joint_before_, joint_after_;
  Body child_before_, child_after_;
  int merge_key_;
};

// several joints with their child bodies (an ik drag). commands with equal merge keys collapse into one
// step over every joint any of them moved: the first before of each joint, the last after.
class JointsMotionCommand : public QUndoCommand {
 public:
  struct Motion {
    Joint joint_before, joint_after;
    Body child_before, child_after;
  };
  JointsMotionCommand(Document* doc, std::vector<Motion> motions, const QString& text, int merge_key = 0);
  void undo() override;
  void redo() override;
  int id() const override { return merge_key_ ? 5 : -1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  std::vector<Motion> motions_;
  int merge_key_;
};

class EditFitCommand : public QUndoCommand {
 public:
  EditFitCommand(Document* doc, FitSettings before, FitSettings after, int merge_key = 0);
  void undo() override { doc_->apply_fit(before_); }
  void redo() override { doc_->apply_fit(after_); }
  int id() const override { return merge_key_ ? 3 : -1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  FitSettings before_, after_;
  int merge_key_;
};

// the simulation settings (dt, integrator, gravity, damping); one spin box scrub is one step.
class EditSimulationCommand : public QUndoCommand {
 public:
  EditSimulationCommand(Document* doc, SimulationSettings before, SimulationSettings after, int merge_key = 0);
  void undo() override { doc_->apply_simulation(before_); }
  void redo() override { doc_->apply_simulation(after_); }
  int id() const override { return merge_key_ ? 6 : -1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  SimulationSettings before_, after_;
  int merge_key_;
};

}  // namespace js::ui
