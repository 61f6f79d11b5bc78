#include "ui/document/commands.hpp"

#include <algorithm>
#include <utility>

#include "ui/document/data_compare.hpp"

namespace js::ui {
namespace {

// per state: how it is applied, which merge id its commands carry, whether two afters edit the same thing
// (and so may merge), how a later step folds into an earlier one, and whether before and after are the same

void swap_apply(Document& doc, const DocumentData& d, bool) { doc.apply_data(d); }
void swap_apply(Document& doc, const Body& b, bool) { doc.apply_body(b); }
void swap_apply(Document& doc, const Joint& j, bool) { doc.apply_joint(j); }
void swap_apply(Document& doc, const JointMotion& m, bool) { doc.apply_joint_and_body(m.joint, m.child); }
void swap_apply(Document& doc, const FitSettings& f, bool) { doc.apply_fit(f); }
void swap_apply(Document& doc, const SimulationSettings& s, bool) { doc.apply_simulation(s); }
// an undo puts the joints back in the reverse of the order a redo moved them
void swap_apply(Document& doc, const JointMotions& ms, bool undoing) {
  if (undoing) {
    for (auto it = ms.motions.rbegin(); it != ms.motions.rend(); ++it) doc.apply_joint_and_body(it->joint, it->child);
  } else {
    for (const JointMotion& m : ms.motions) doc.apply_joint_and_body(m.joint, m.child);
  }
}

constexpr MergeId swap_merge_id(const DocumentData*) { return MergeId::none; }
constexpr MergeId swap_merge_id(const Body*) { return MergeId::body; }
constexpr MergeId swap_merge_id(const Joint*) { return MergeId::joint; }
constexpr MergeId swap_merge_id(const JointMotion*) { return MergeId::joint_motion; }
constexpr MergeId swap_merge_id(const JointMotions*) { return MergeId::joints_motion; }
constexpr MergeId swap_merge_id(const FitSettings*) { return MergeId::fit; }
constexpr MergeId swap_merge_id(const SimulationSettings*) { return MergeId::simulation; }

bool swap_same_target(const DocumentData&, const DocumentData&) { return false; }
bool swap_same_target(const Body& a, const Body& b) { return a.id == b.id; }
bool swap_same_target(const Joint& a, const Joint& b) { return a.id == b.id; }
bool swap_same_target(const JointMotion& a, const JointMotion& b) { return a.joint.id == b.joint.id; }
bool swap_same_target(const JointMotions&, const JointMotions&) { return true; }
bool swap_same_target(const FitSettings&, const FitSettings&) { return true; }
bool swap_same_target(const SimulationSettings&, const SimulationSettings&) { return true; }

// the later step's after replaces ours; several joints keep the first before of each joint, the last after
template <class State>
void swap_fold(State&, State& after, const State&, const State& later_after) {
  after = later_after;
}
void swap_fold(JointMotions& before, JointMotions& after, const JointMotions& later_before,
               const JointMotions& later_after) {
  for (std::size_t i = 0; i < later_after.motions.size(); ++i) {
    const JointMotion& m = later_after.motions[i];
    auto it = std::find_if(after.motions.begin(), after.motions.end(),
                           [&m](const JointMotion& k) { return k.joint.id == m.joint.id; });
    if (it != after.motions.end()) {
      *it = m;
    } else {
      before.motions.push_back(later_before.motions[i]);
      after.motions.push_back(m);
    }
  }
}

bool swap_unchanged(const DocumentData&, const DocumentData&) { return false; }
bool swap_unchanged(const Body& a, const Body& b) { return same_body(a, b); }
bool swap_unchanged(const Joint& a, const Joint& b) { return same_joint(a, b); }
bool swap_unchanged(const JointMotion& a, const JointMotion& b) {
  return same_joint(a.joint, b.joint) && same_body(a.child, b.child);
}
bool swap_unchanged(const JointMotions& a, const JointMotions& b) {
  return std::equal(a.motions.begin(), a.motions.end(), b.motions.begin(), b.motions.end(),
                    [](const JointMotion& x, const JointMotion& y) { return swap_unchanged(x, y); });
}
bool swap_unchanged(const FitSettings& a, const FitSettings& b) { return a == b; }
bool swap_unchanged(const SimulationSettings& a, const SimulationSettings& b) { return a == b; }

}  // namespace

template <class State>
SwapCommand<State>::SwapCommand(Document* doc, State before, State after, const QString& text, int merge_key)
    : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)), merge_key_(merge_key) {}

template <class State>
void SwapCommand<State>::undo() {
  swap_apply(*doc_, before_, true);
}

template <class State>
void SwapCommand<State>::redo() {
  swap_apply(*doc_, after_, false);
}

template <class State>
int SwapCommand<State>::id() const {
  return merge_key_ ? static_cast<int>(swap_merge_id(static_cast<const State*>(nullptr))) : -1;
}

template <class State>
bool SwapCommand<State>::mergeWith(const QUndoCommand* other) {
  // equal ids mean equal State (one id per state)
  const auto* o = static_cast<const SwapCommand<State>*>(other);
  if (o->merge_key_ != merge_key_ || !swap_same_target(after_, o->after_)) return false;
  swap_fold(before_, after_, o->before_, o->after_);
  // the stack drops an obsolete step without undoing it: the document already is at before
  setObsolete(swap_unchanged(before_, after_));
  return true;
}

template class SwapCommand<DocumentData>;
template class SwapCommand<Body>;
template class SwapCommand<Joint>;
template class SwapCommand<JointMotion>;
template class SwapCommand<JointMotions>;
template class SwapCommand<FitSettings>;
template class SwapCommand<SimulationSettings>;

}  // namespace js::ui
