// ik mode: a point grabbed on a body is dragged to a world target and the joints above it follow (core/ik:
// damped least squares on the joints' S, eq. 13, spline joints included, ranges respected). the document's
// multibody (document_multibody.hpp) is built once per drag; each move solves from the previous move's q,
// so the chain follows continuously. every move of one drag merges into one undo step over all the joints
// it moved (a SwapCommand<JointMotions>, commands.hpp). the scene's closed loops ("loops", kept from an opened
// scene file) are passed to the solver, so a drag never opens them (to 1e-12 per move) — a target the loop forbids is
// followed as closely as the mechanism allows. no widgets: the viewport feeds it rays, tests feed it points.
#pragma once

#include <QString>
#include <memory>

#include "core/ik/ik.hpp"
#include "ui/document/document.hpp"
#include "ui/joint/document_multibody.hpp"

namespace js::ui {

class IkDrag {
 public:
  IkDrag();
  ~IkDrag();

  // grabs `body` at the world point `grab`. false with a message when the body hangs from no joint or the
  // document has no multibody (a spline joint not fitted yet).
  bool begin(Document& doc, BodyId body, const Vec3& grab, QString& error);
  bool active() const { return static_cast<bool>(solver_); }
  // moves the grabbed point toward `target` (world, m): one ik solve, then the moved joints as one undo step
  // merged with this drag's earlier moves. returns the solver's report (residual, reached or not).
  IkReport move_to(Document& doc, const Vec3& target);
  void end();

  BodyId body() const { return body_; }
  const Vec3& target() const { return target_; }
  // the grabbed point where the joints put it now (world)
  Vec3 grabbed_point(const DocumentData& d) const;

 private:
  std::unique_ptr<DocumentMultibody> mb_;  // the solver references mb_->scene.model
  std::unique_ptr<IkSolver> solver_;
  BodyId body_ = 0;
  int scene_body_ = -1;
  Vec3 point_ = Vec3::Zero();   // the grabbed point in the body frame
  Vec3 target_ = Vec3::Zero();
  Eigen::VectorXd q_;           // the multibody's q after the last move
  int merge_key_ = 0;
};

}  // namespace js::ui
