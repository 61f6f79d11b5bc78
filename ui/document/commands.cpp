#include "ui/document/commands.hpp"

#include <algorithm>

namespace js::ui {

ReplaceDataCommand::ReplaceDataCommand(Document* doc, DocumentData before, DocumentData after,
                                       const QString& text)
    : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)) {}

EditBodyCommand::EditBodyCommand(Document* doc, Body before, Body after, const QString& text, int merge_key)
    : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)), merge_key_(merge_key) {}

bool EditBodyCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const EditBodyCommand*>(other);
  if (o->merge_key_ != merge_key_ || o->after_.id != after_.id) return false;
  after_ = o->after_;
  return true;
}

EditJointCommand::EditJointCommand(Document* doc, Joint before, Joint after, const QString& text, int merge_key)
    : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)), merge_key_(merge_key) {}

bool EditJointCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const EditJointCommand*>(other);
  if (o->merge_key_ != merge_key_ || o->after_.id != after_.id) return false;
  after_ = o->after_;
  return true;
}

JointMotionCommand::JointMotionCommand(Document* doc, Joint joint_before, Joint joint_after, Body child_before,
                                       Body child_after, const QString& text, int merge_key)
    : QUndoCommand(text), doc_(doc), joint_before_(std::move(joint_before)), joint_after_(std::move(joint_after)),
      child_before_(std::move(child_before)), child_after_(std::move(child_after)), merge_key_(merge_key) {}

void JointMotionCommand::undo() {
  doc_->apply_joint_and_body(joint_before_, child_before_);
}

void JointMotionCommand::redo() {
  doc_->apply_joint_and_body(joint_after_, child_after_);
}

bool JointMotionCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const JointMotionCommand*>(other);
  if (o->merge_key_ != merge_key_ || o->joint_after_.id != joint_after_.id) return false;
  joint_after_ = o->joint_after_;
  child_after_ = o->child_after_;
  return true;
}

JointsMotionCommand::JointsMotionCommand(Document* doc, std::vector<Motion> motions, const QString& text,
                                         int merge_key)
    : QUndoCommand(text), doc_(doc), motions_(std::move(motions)), merge_key_(merge_key) {}

void JointsMotionCommand::undo() {
  for (auto it = motions_.rbegin(); it != motions_.rend(); ++it) doc_->apply_joint_and_body(it->joint_before, it->child_before);
}

void JointsMotionCommand::redo() {
  for (const Motion& m : motions_) doc_->apply_joint_and_body(m.joint_after, m.child_after);
}

bool JointsMotionCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const JointsMotionCommand*>(other);
  if (o->merge_key_ != merge_key_) return false;
  for (const Motion& m : o->motions_) {
    auto it = std::find_if(motions_.begin(), motions_.end(),
                           [&m](const Motion& k) { return k.joint_after.id == m.joint_after.id; });
    if (it == motions_.end()) {
      motions_.push_back(m);
    } else {
      it->joint_after = m.joint_after;
      it->child_after = m.child_after;
    }
  }
  return true;
}

EditFitCommand::EditFitCommand(Document* doc, FitSettings before, FitSettings after, int merge_key)
    : QUndoCommand(QObject::tr("Change fit settings")), doc_(doc), before_(before), after_(after),
      merge_key_(merge_key) {}

bool EditFitCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const EditFitCommand*>(other);
  if (o->merge_key_ != merge_key_) return false;
  after_ = o->after_;
  return true;
}

EditSimulationCommand::EditSimulationCommand(Document* doc, SimulationSettings before, SimulationSettings after,
                                             int merge_key)
    : QUndoCommand(QObject::tr("Change simulation settings")), doc_(doc), before_(std::move(before)),
      after_(std::move(after)), merge_key_(merge_key) {}

bool EditSimulationCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const EditSimulationCommand*>(other);
  if (o->merge_key_ != merge_key_) return false;
  after_ = o->after_;
  return true;
}

}  // namespace js::ui
