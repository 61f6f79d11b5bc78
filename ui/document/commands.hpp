// the undo command: one shape for every edit, as Tiled's ChangeValue. a command keeps a before and an after copy
// of what it touches (the whole data, a body, a joint with its samples, a joint with its child, several of
// those, the fit or the simulation settings) and applies one or the other; the copies are small except for
// structural edits, which swap the whole data.
// commands of one kind created with the same non-zero merge key collapse into one step (one gizmo drag = one
// undo); a merged step that ends where it started marks itself obsolete and leaves the stack.
#pragma once

#include <QString>
#include <QUndoCommand>
#include <utility>
#include <vector>

#include "ui/document/document.hpp"

namespace js::ui {

// QUndoCommand::id of each kind of command that merges (QUndoStack merges only equal ids)
enum class MergeId : int {
  none = -1,  // structural edits never merge
  body = 1,
  joint,
  fit,
  joint_motion,
  joints_motion,
  simulation,
};

// a joint together with its child body: a q slider move or a new joint model (fit, joint file) that carries
// the child to G(q), applied in one change notification
struct JointMotion {
  Joint joint;
  Body child;
};

// several joints with their child bodies (an ik drag): parallel lists, entry i of before and after is one joint.
// merging keeps every joint any step moved: the first before of each joint, the last after.
struct JointMotions {
  std::vector<JointMotion> motions;
};

template <class State>
class SwapCommand final : public QUndoCommand {
 public:
  SwapCommand(Document* doc, State before, State after, const QString& text, int merge_key = 0);
  void undo() override;
  void redo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

 private:
  Document* doc_;
  State before_, after_;
  int merge_key_;
};

// every state the document swaps; defined in commands.cpp
extern template class SwapCommand<DocumentData>;
extern template class SwapCommand<Body>;
extern template class SwapCommand<Joint>;
extern template class SwapCommand<JointMotion>;
extern template class SwapCommand<JointMotions>;
extern template class SwapCommand<FitSettings>;
extern template class SwapCommand<SimulationSettings>;

// pushes one swap onto the document's undo stack (redoing it)
template <class State>
void push_swap(Document& doc, State before, State after, const QString& text, int merge_key = 0) {
  doc.undo_stack()->push(new SwapCommand<State>(&doc, std::move(before), std::move(after), text, merge_key));
}

}  // namespace js::ui
