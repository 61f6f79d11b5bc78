#include "ui/joint/ik_drag.hpp"

#include <QObject>

#include "ui/document/commands.hpp"

namespace js::ui {

IkDrag::IkDrag() = default;
IkDrag::~IkDrag() = default;

bool IkDrag::begin(Document& doc, BodyId body, const Vec3& grab, QString& error) {
  end();
  const DocumentData& d = doc.data();
  const Body* b = d.body(body);
  if (!b) {
    error = QObject::tr("No body to drag");
    return false;
  }
  if (!d.joint_of_child(body)) {
    error = QObject::tr("%1 hangs from no joint: IK moves bodies on joint chains").arg(b->name);
    return false;
  }
  auto mb = std::make_unique<DocumentMultibody>();
  if (const QString e = build_document_multibody(d, *mb); !e.isEmpty()) {
    error = e;
    return false;
  }
  scene_body_ = mb->scene_body(body);
  if (scene_body_ < 0) {
    error = QObject::tr("%1 is not part of the multibody").arg(b->name);
    return false;
  }
  mb_ = std::move(mb);
  solver_ = std::make_unique<IkSolver>(mb_->scene.model);
  body_ = body;
  point_ = d.world_T_body(body).inverse().act(grab);
  target_ = grab;
  q_ = mb_->q_of(d);
  merge_key_ = doc.next_merge_key();
  return true;
}

IkReport IkDrag::move_to(Document& doc, const Vec3& target) {
  target_ = target;
  IkTarget t;
  t.body = scene_body_;
  t.point = point_;
  t.goal = IkGoal::Position;
  t.position = target;
  IkOptions options;
  // a drag asks for many small solves: a few iterations each keep the view live, the next move continues
  options.max_iterations = 30;
  options.tolerance = 1e-6;
  // the scene's closed loops (an opened four-bar) stay closed: every solve ends on δ = 0 (core/ik)
  if (!mb_->scene.loops.empty()) options.loops = &mb_->scene.loops;
  IkReport report = solver_->solve({t}, q_, options);
  q_ = report.q;
  const DocumentData& d = doc.data();
  JointMotions before, after;
  for (JointPose& p : joint_poses(d, *mb_, q_)) {
    const Joint* was = d.joint(p.joint.id);
    before.motions.push_back({*was, *d.body(was->child)});
    after.motions.push_back({std::move(p.joint), std::move(p.child)});
  }
  if (!after.motions.empty()) push_swap(doc, std::move(before), std::move(after), QObject::tr("IK drag"), merge_key_);
  return report;
}

Vec3 IkDrag::grabbed_point(const DocumentData& d) const { return d.world_T_body(body_).act(point_); }

void IkDrag::end() {
  solver_.reset();
  mb_.reset();
  body_ = 0;
  scene_body_ = -1;
}

}  // namespace js::ui
